"""Look-ups shared by the views: the app's store, URLs and searcher, and request arguments resolved
to KB objects or an HTTP error (404 for an unknown language, edition or rule)."""

from __future__ import annotations

from typing import Any

from flask import current_app

from kb import numbers
from kb.errors import AmbiguousEdition, EditionNotFound
from kb.model import Edition
from kb.store.read import Store
from web.errors import abort_with
from collections.abc import Callable, Sequence

from markupsafe import Markup

from kb.model import Reference
from web.labels import EditionLabels
from web.render import LinkFor, LinkTarget, render_text
from web.urls import Urls


def store() -> Store:
    """The app's store."""
    return current_app.extensions["crkb.store"]


def urls() -> Urls:
    """The app's URL helper."""
    return current_app.extensions["crkb.urls"]


def labels() -> EditionLabels:
    """The app's edition names (``web.labels``)."""
    return current_app.extensions["crkb.labels"]


def searcher() -> Any:
    """The app's ``search.searcher.Searcher``; 503 when the KB has no index (or an outdated one: the
    message asks for a rebuild)."""
    found = current_app.extensions.get("crkb.searcher")
    if found is None:
        default = "Search is unavailable: this knowledge base has no search index."
        abort_with(503, current_app.extensions.get("crkb.search_unavailable", default))
    return found


def language(lang: str) -> str:
    """``lang`` when the KB has editions in it; 404 otherwise."""
    if lang not in store().languages():
        known = ", ".join(store().languages())
        abort_with(404, f"No language {lang[:20]!r} here (languages: {known}).", [("Home", urls().home())])
    return lang


def edition(lang: str, wanted: str | None) -> Edition:
    """The edition of ``lang`` that ``wanted`` names (None: the newest). 404 when there is none.
    Raises ``AmbiguousEdition`` for a date naming several editions (the view answers 300)."""
    try:
        return store().find_edition(lang, wanted)
    except AmbiguousEdition:
        raise
    except EditionNotFound:
        choices = [(labels().name(e), urls().rule(lang, "1", e, pinned=True)) for e in store().editions(lang)[:20]]
        abort_with(404, f"No {lang} edition {str(wanted)[:40]!r}. Editions:", choices)
    raise AssertionError("unreachable")


def rule_number(text: str) -> tuple[str, bool]:
    """The canonical number for ``text`` and whether ``text`` was already canonical; 404 when
    ``text`` is no rule number at all."""
    number = numbers.parse_number(text)
    if number is None:
        abort_with(404, f"{text[:80]!r} is not a rule number (rule numbers look like 702.19b).")
    return number, number == text


def link_for(edition: Edition) -> LinkFor:
    """A ``LinkFor`` for references inside ``edition``: a link when the edition holds the rule
    (pinned to ``edition`` when it is not the newest); for a translation that omits the rule, a
    link to the English edition of the same effective date when that holds it; else None.
    Memoised per call."""
    cache: dict[str, LinkTarget | None] = {}
    the_store, the_urls = store(), urls()
    fallback = _same_day_english(edition)

    def link(number: str) -> LinkTarget | None:
        if number not in cache:
            cache[number] = None
            if not numbers.is_canonical(number):
                return None
            for holder in (edition, fallback):
                if holder is not None and the_store.has_rule(holder.id, number):
                    cache[number] = LinkTarget(
                        the_urls.rule(holder.lang, number, holder), the_urls.api_preview(holder.lang, number, holder),
                        None if holder is edition else holder.lang,
                    )
                    break
        return cache[number]

    return link


def _same_day_english(edition: Edition) -> Edition | None:
    if edition.lang == "en" or edition.effective_date is None:
        return None
    same_day = [e for e in store().editions("en") if e.effective_date == edition.effective_date]
    return same_day[0] if same_day else None


Linker = Callable[[str, Sequence[Reference]], Markup]
"""Turns a text of an edition and its references into linked, escaped HTML (for templates)."""


def linker(edition: Edition) -> Linker:
    """A ``Linker`` for texts of ``edition`` (one link cache per call)."""
    link = link_for(edition)
    return lambda text, references: render_text(text, references, link)
