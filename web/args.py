"""Request arguments resolved to KB objects, or an HTTP error: a language the KB has, an edition
(404 naming the editions there are; a date naming several raises ``AmbiguousEdition``, which
``web.errors`` answers 300 with the choices), a changes span's two editions, a rule number (404), and the search arguments the
search page and the API share. Messages are in the page's language (``gettext``; English under
``/api/``, whose locale is always English)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from flask_babel import gettext as _

from kb import numbers
from kb.errors import EditionNotFound
from kb.model import ALL_LANGUAGES, Edition, language_code
from kb.store import history
from kb.scripts import KANA, script_language
from web import state
from web.errors import abort_with, choice_url
from web.identity import in_force

@dataclass(frozen=True)
class SearchArgs:
    """``query`` stripped; ``lang`` a known language or None; ``edition`` resolved or None;
    ``literal``: search the words as typed, no spelling correction (``literal=1``)."""

    query: str
    lang: str | None
    edition: Edition | None
    literal: bool = False
    every_language: bool = False
    """``lang=all``: every language, each one's best hits side by side (``Searcher.find``)."""


def language(lang: str) -> str:
    """``lang`` when the KB has editions in it; 404 otherwise."""
    if lang not in state.store().languages():
        known = ", ".join(state.store().languages())
        abort_with(404, _("No language %(language)s here (languages: %(known)s).", language=repr(lang[:20]), known=known),
                   [(_("Home"), state.urls().home())])
    return lang


def edition(lang: str, wanted: str | None) -> Edition:
    """The edition of ``lang`` that ``wanted`` names (None: the newest), or for a date between
    editions the edition in force then (``web.identity.in_force``: 2021-11-20 is en 2021-11-19,
    as the rule pages send it there). 404 when there is none, its suggestions the same request
    of each edition; ``AmbiguousEdition`` for a date naming several."""
    try:
        return state.store().find_edition(lang, wanted)
    except EditionNotFound:
        found = in_force(lang, wanted) if wanted else None
        if found is not None:
            return found
        store, labels = state.store(), state.labels()
        choices = [(labels.name(e), choice_url(str(wanted), e.id)) for e in store.editions(lang)[:20]]
        abort_with(404, _("No %(language)s edition %(edition)s. Editions:", language=lang, edition=repr(str(wanted)[:40])),
                   choices)
    raise AssertionError("unreachable")


def span_editions(lang: str, raw_old: str, raw_new: str) -> tuple[Edition, Edition, list[str]]:
    """The editions the sides of a span name (``edition``: 404 for none, 300 for a date
    naming several; an empty ``raw_new`` is the newest, an empty ``raw_old`` the edition before
    ``new``) and the ids of the language's chain, oldest first; 404 when the chain holds fewer
    than two editions (the changes page, its form and the API's changes)."""
    store = state.store()
    ids = [e for e, _ in history.chain(store, lang)]
    if len(ids) < 2:
        abort_with(404, _("The %(language)s editions are not aligned (fewer than two dated editions).", language=lang))
    new = edition(lang, raw_new) if raw_new else store.edition(ids[-1])
    if raw_old:
        old = edition(lang, raw_old)
    else:
        position = ids.index(new.id) if new.id in ids else len(ids) - 1
        old = store.edition(ids[max(position - 1, 0)])
    return old, new, ids


def rule_number(text: str) -> tuple[str, bool]:
    """The canonical number for ``text`` (any form ``kb.numbers.parse_linked`` reads: a link's
    trailing comma, a range) and whether ``text`` was already canonical; 404 when ``text`` is no
    rule number at all."""
    number = numbers.parse_linked(text)
    if number is None:
        abort_with(404, _("%(text)s is not a rule number (rule numbers look like 702.19b).", text=repr(text[:80])))
    return number, number == text


def search_args(args: Mapping[str, str]) -> SearchArgs:
    """Read ``q``, ``lang`` and ``edition`` (an id, or a date with ``lang``: between two editions,
    the edition in force then, as ``edition`` reads it); 404 for an unknown
    language or edition, ``AmbiguousEdition`` for a date naming several editions. Without
    ``lang`` the language is guessed from the query's script (``query_language``); ``lang=all``
    searches every language (``every_language``: each one's best hits first); ``literal=1`` turns spelling correction off."""
    query = (args.get("q") or "").strip()
    literal = args.get("literal") in ("1", "true", "yes")
    lang = language_code(args.get("lang") or "") or None
    every = lang == ALL_LANGUAGES
    if every:
        lang = None
    elif lang is not None:
        language(lang)
    elif query and not args.get("edition"):
        lang = query_language(query, state.store().languages())
    wanted = args.get("edition") or None
    if wanted is None:
        return SearchArgs(query, lang, None, literal, every)
    try:
        found = state.store().find_edition(lang, wanted)
    except EditionNotFound:
        in_force_then = in_force(lang, wanted) if lang else None  # a date between editions, as rule pages read it
        if in_force_then is not None:
            return SearchArgs(query, lang, in_force_then, literal)
        if lang:
            abort_with(404, _("No edition %(edition)s in %(language)s.", edition=repr(wanted[:40]), language=lang))
        abort_with(404, _("No edition %(edition)s.", edition=repr(wanted[:40])))
    return SearchArgs(query, found.lang, found, literal)


def query_language(query: str, languages: list[str]) -> str | None:
    """The language a query's script suggests: Hangul -> ``ko``, kana -> ``ja``, CJK ideographs
    alone -> ``ja`` or ``zh``, whichever the KB holds (None, every language, when it holds both),
    anything else -> ``en``; None when the KB lacks that language."""
    candidates = script_languages(query, languages)
    return candidates[0] if len(candidates) == 1 else None


def script_languages(query: str, languages: list[str]) -> list[str]:
    """The languages of ``languages`` a query's script may be written in: CJK ideographs alone
    (``践踏``, ``警戒``) Japanese and Chinese, kana Japanese, Hangul Korean, else English."""
    guess = script_language(query)
    if guess == "ja" and not KANA.search(query):
        return [lang for lang in ("ja", "zh") if lang in languages]
    return [guess] if guess in languages else []
