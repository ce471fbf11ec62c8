"""Search request arguments checked once for the page and the API, and hits made ready to show."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from kb.errors import AmbiguousEdition, EditionNotFound
from kb.model import Edition
from kb.scripts import script_language
from web import state
from web.errors import abort_with

_MARK = re.compile(r"(</?mark>)")


@dataclass(frozen=True)
class SearchArgs:
    """``query`` stripped; ``lang`` a known language or None; ``edition`` resolved or None."""

    query: str
    lang: str | None
    edition: Edition | None


@dataclass(frozen=True)
class HitView:
    """A search hit as shown: where it links and its snippet as safe HTML."""

    number: str
    edition: Edition
    title: str | None
    snippet: Markup
    score: float
    href: str


ALL_LANGUAGES = "all"
"""The ``lang`` value that searches the newest edition of every language."""


def search_args(args: Mapping[str, str]) -> SearchArgs:
    """Read ``q``, ``lang`` and ``edition`` (an id, or a date with ``lang``); 404 for an unknown
    language or edition, 400 for a date naming several editions. Without ``lang`` the language is
    guessed from the query's script (``query_language``); ``lang=all`` searches every language."""
    query = (args.get("q") or "").strip()
    lang = args.get("lang") or None
    if lang == ALL_LANGUAGES:
        lang = None
    elif lang is not None:
        state.language(lang)
    elif query and not args.get("edition"):
        lang = query_language(query, state.store().languages())
    wanted = args.get("edition") or None
    if wanted is None:
        return SearchArgs(query, lang, None)
    try:
        edition = state.store().find_edition(lang, wanted)
    except AmbiguousEdition as several:
        abort_with(400, f"{wanted} names several editions ({', '.join(several.ids)}): give lang or an edition id.")
    except EditionNotFound:
        abort_with(404, f"No edition {wanted[:40]!r}{' in ' + lang if lang else ''}.")
    return SearchArgs(query, edition.lang, edition)


def hit_views(hits: Iterable[Any]) -> list[HitView]:
    """``search.searcher.Hit`` objects with their edition, page URL and a snippet that keeps only
    ``<mark>`` tags (anything else that looks like a tag is escaped again, whatever the index held)."""
    store, urls = state.store(), state.urls()
    views = []
    for hit in hits:
        edition = store.edition(hit.edition)
        views.append(
            HitView(hit.number, edition, hit.title, safe_snippet(hit.snippet), hit.score,
                    urls.rule(edition.lang, hit.number, edition))
        )
    return views


def safe_snippet(snippet: str) -> Markup:
    """An escaped snippet with ``<mark>`` highlights: ``<`` and ``>`` outside ``<mark>``/``</mark>``
    are escaped (entities such as ``&amp;`` are kept as the index wrote them)."""
    parts = _MARK.split(snippet or "")
    return Markup("".join(p if _MARK.fullmatch(p) else p.replace("<", "&lt;").replace(">", "&gt;") for p in parts))


def query_language(query: str, languages: list[str]) -> str | None:
    """The language a query's script suggests: Hangul -> ``ko``, kana or CJK ideographs -> ``ja``,
    anything else -> ``en``; None when the KB lacks that language."""
    guess = script_language(query)
    return guess if guess in languages else None
