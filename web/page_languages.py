"""The page a reader is on, in the KB's other languages, for the pages every language has as
they are: a language's contents, its glossary and the changes of its newest edition; a contents
or glossary page pinned to an edition offers each language's edition of its day. A rule page has
its own switcher (a rule may be numbered otherwise in another language); a page of two chosen
editions has no one page to offer in another language."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import request

from kb.model import Edition
from kb.store import history
from web import state
from web.i18n import LANGUAGE_NAMES
from web.identity import english_of_its_day, of_its_day


@dataclass(frozen=True)
class LanguagePage:
    """One language of ``page_languages``: ``href`` None for the language of the page."""

    lang: str
    name: str
    href: str | None


def _pages() -> dict[str, Callable[[str, Edition | None], str]]:
    urls = state.urls()
    return {"entry.contents": urls.contents, "glossary.index": lambda lang, edition: urls.glossary(lang, None, edition),
            "history.changes": lambda lang, _edition: urls.changes(lang)}


def page_languages(edition: Edition | None = None) -> list[LanguagePage]:
    """The page of the request in each language of the KB (KB order), or empty when the page is
    not one every language has as it is (``_pages``) or names two editions (``/changes/OLD...NEW``).
    Pinned (``?edition=``; ``edition`` the page's, None on an error page: empty), each language's
    edition of its day (``web.identity.of_its_day``: /en/cr?edition=2017-08-25 offers the
    contents of ko 2017-07-08); empty for an edition with no English edition of its day."""
    values = request.view_args or {}
    page = _pages().get(request.endpoint or "")
    if page is None or "lang" not in values or values.get("span", "...") != "...":
        return []
    store = state.store()
    langs = store.languages()
    if request.endpoint == "history.changes":  # a language of one dated edition has no changes page
        langs = [lang for lang in langs if lang == values["lang"] or len(history.chain(store, lang)) > 1]
    days: dict[str, Edition | None] = {lang: None for lang in langs}
    if request.args.get("edition"):
        english = english_of_its_day(edition) if edition is not None else None
        if english is None:
            return []
        days = {lang: of_its_day(store.editions(lang), english) for lang in langs}
    return [LanguagePage(lang, LANGUAGE_NAMES.get(lang, lang),
                         None if lang == values["lang"] else page(lang, days[lang])) for lang in langs]
