"""The page a reader is on, in the KB's other languages, for the pages every language has as
they are: a language's contents, its glossary and the changes of its newest edition. A rule page
has its own switcher (a rule may be numbered otherwise in another language); a page of an older
edition or of two chosen editions has no one page to offer in another language."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import request

from kb.store import history
from web import state
from web.i18n import LANGUAGE_NAMES


@dataclass(frozen=True)
class LanguagePage:
    """One language of ``page_languages``: ``href`` None for the language of the page."""

    lang: str
    name: str
    href: str | None


def _pages() -> dict[str, Callable[[str], str]]:
    urls = state.urls()
    return {"entry.contents": urls.contents, "glossary.index": urls.glossary, "history.changes": urls.changes}


def page_languages() -> list[LanguagePage]:
    """The page of the request in each language of the KB (KB order), or empty when the page is
    not one every language has as it is (``_pages``), or is pinned to an edition (``?edition=``,
    ``/changes/OLD...NEW``)."""
    values = request.view_args or {}
    page = _pages().get(request.endpoint or "")
    if page is None or "lang" not in values or request.args.get("edition") or values.get("span", "...") != "...":
        return []
    langs = state.store().languages()
    if request.endpoint == "history.changes":  # a language of one dated edition has no changes page
        langs = [lang for lang in langs if lang == values["lang"] or len(history.chain(state.store(), lang)) > 1]
    return [LanguagePage(lang, LANGUAGE_NAMES.get(lang, lang), None if lang == values["lang"] else page(lang))
            for lang in langs]
