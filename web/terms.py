"""A term in the other languages, linked, for glossary and rule pages (``kb.store.terms``).

Each language's term links its glossary entry in that language's newest edition when there is one
(a Japanese headword ``トランプル（とらんぷる）／Trample`` is the entry of ``トランプル``), else the
rule it names in that language's newest edition, else nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.model import LANGUAGES, Edition, GlossaryEntry
from kb.scripts import script_language
from kb.store.coverage import english_stand_in
from kb.store.terms import english_singular, fold, split_headword
from search.analysis import simplified
from web import state

GLOSSED_CHARS = 60
"""A query longer than this names no glossary entry (typed terms are short; the longest headwords,
"Remove from the Game, Removed, …", are lists of obsolete terms)."""


@dataclass(frozen=True)
class TermLink:
    """``term`` of ``lang`` and where it leads (None: nowhere to go)."""

    lang: str
    term: str
    href: str | None


def in_other_languages(term: str, lang: str) -> list[TermLink]:
    """The term ``term`` of ``lang`` in each other language the term dictionary knows, in
    ``kb.model.LANGUAGES`` order (the first concept that has any), each linked."""
    for _, terms in state.terms().lookup(split_headword(term)[0]):
        shown = []
        for other in LANGUAGES:
            found = next((t for t in terms if t.lang == other), None)
            if other != lang and found is not None:
                shown.append(TermLink(other, found.term, _href(other, found.term, found.number)))
        if shown:
            return shown
    return []


def _href(lang: str, term: str, number: str | None) -> str | None:
    store, urls = state.store(), state.urls()
    if lang not in store.languages():
        return None
    newest = store.find_edition(lang)
    headword = glossary_headwords(newest).get(fold(term))
    if headword is not None:
        return urls.glossary(lang, headword)
    if number and number in state.numbers_of(newest):
        return urls.rule(lang, number)
    return None


def glossary_headwords(edition: Edition) -> dict[str, str]:
    """``{folded term: headword as printed}`` of ``edition``'s glossary (a Japanese headword under
    its term without reading and English), read once per build."""
    cache = state.cache("glossary_headwords")
    if edition.id not in cache:
        cache[edition.id] = {fold(split_headword(e.term)[0]): e.term for e in state.store().glossary(edition.id)}
    return cache[edition.id]


def english_glossary(edition: Edition) -> tuple[Edition | None, dict[str, str]]:
    """For an edition whose source omits the glossary (Korean): the English edition shown instead
    (its English partner, else the newest English) and ``{English term: the term in the edition's
    language}`` where the term dictionary knows it; ``(None, {})`` when no English glossary is
    there. Read once per build."""
    cache = state.cache("english_glossary")
    if edition.id not in cache:
        cache[edition.id] = _english_glossary(edition)
    return cache[edition.id]


def _english_glossary(edition: Edition) -> tuple[Edition | None, dict[str, str]]:
    store = state.store()
    english = english_stand_in(store, edition) or (store.find_edition("en") if "en" in store.languages() else None)
    if english is None or not store.glossary(english.id):
        return None, {}
    dictionary = state.terms()
    native = {}
    for entry in store.glossary(english.id):
        found = dictionary.lookup(entry.term)
        term = dictionary.term_in(found[0][0], edition.lang) if found else None
        if term:
            native[entry.term] = term
    return english, native


_PARTS = re.compile(r"[（）()／/]")


def entry_named(edition: Edition, term: str) -> GlossaryEntry | None:
    """The entry of ``edition`` a part of whose term is ``term`` (case, width and, in Chinese,
    Traditional characters aside): a Japanese entry ``トランプル（とらんぷる）／Trample`` is named by
    トランプル, とらんぷる or Trample, a Chinese ``践踏`` by 踐踏; None when no entry is."""
    named = _entry_parts(edition)
    wanted = (fold(term), fold(simplified(term))) if edition.lang == "zh" else (fold(term),)
    headword = next((named[key] for key in wanted if key in named), None)
    return state.store().glossary_entry(edition.id, headword) if headword is not None else None


def _entry_parts(edition: Edition) -> dict[str, str]:
    """``{folded term or part of one: headword}`` of ``edition``'s glossary, the first entry
    winning, read once per build."""
    cache = state.cache("glossary_parts")
    if edition.id not in cache:
        named: dict[str, str] = {}
        for entry in state.store().glossary(edition.id):
            for part in (entry.term, *_PARTS.split(entry.term)):
                if part.strip():
                    named.setdefault(fold(part), entry.term)
        cache[edition.id] = named
    return cache[edition.id]


def entry_for(edition: Edition, text: str) -> tuple[Edition, GlossaryEntry] | None:
    """The glossary entry ``text`` names in ``edition`` and the edition that prints it: the
    entry of that term (``Legend Rule`` for ``legend rule`` or ``legend rules``) or of a part of
    it (``entry_named``); for an edition without a glossary (Korean), the English entry its
    glossary page shows, named in English or by its term in the edition's language (``전설 규칙``).
    None when ``text`` names no entry."""
    if _entry_parts(edition):
        found = entry_named(edition, text)
        if found is None and edition.lang == "en":
            found = entry_named(edition, english_singular(fold(text)))
        return (edition, found) if found is not None else None
    english, native = english_glossary(edition)
    if english is None:
        return None
    wanted = fold(text)
    headword = next((term for term, written in native.items() if fold(written) == wanted), None)
    found = entry_named(english, headword or text)
    return (english, found) if found is not None else None


def searched_entry(text: str, edition: Edition | None, lang: str | None,
                   first: Edition | None) -> tuple[Edition, GlossaryEntry] | None:
    """The glossary entry a search for ``text`` (as corrected) names and its edition
    (``entry_for``: ``legend rule``, ``トランプル``, Korean ``전설 규칙`` in the English glossary): in
    the ``edition`` searched, else the newest of ``lang``, else the edition of the first hit
    (``first``), else the newest of the query's script; None when it names none or is longer
    than a term (``GLOSSED_CHARS``)."""
    if len(text) > GLOSSED_CHARS:
        return None
    store = state.store()
    edition = edition or (store.find_edition(lang) if lang else first)
    if edition is None:
        written = script_language(text)
        edition = store.find_edition(written) if written in store.languages() else None
    return entry_for(edition, text) if edition is not None else None
