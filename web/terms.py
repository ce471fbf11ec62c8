"""A term in the other languages, linked, for glossary and rule pages (``kb.store.terms``).

Each language's term links its glossary entry in that language's newest edition when there is one
(a Japanese headword ``トランプル（とらんぷる）／Trample`` is the entry of ``トランプル``), else the
rule it names in that language's newest edition (by the stored alignment, whatever its number
there: never the same number of another edition), else nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.model import LANGUAGES, Edition
from kb.store import history
from kb.store.terms import Term, fold, split_headword
from web import state


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
                shown.append(TermLink(other, found.term, _href(other, found)))
        if shown:
            return shown
    return []


def _href(lang: str, term: Term) -> str | None:
    store, urls = state.store(), state.urls()
    if lang not in store.languages():
        return None
    newest = store.find_edition(lang)
    headword = glossary_headwords(newest).get(fold(term.term))
    if headword is not None:
        return urls.glossary(lang, headword)
    number = _number_in(newest, term) if term.number else None
    return urls.rule(lang, number) if number else None


def _number_in(newest: Edition, term: Term) -> str | None:
    """The number in ``newest`` of the rule ``term`` names (its ``number`` of its ``edition``): by
    the stored alignment when that is another edition (ko 2021-11-19 701.34, manifest, is en
    2026-01-16 701.40; en 701.34 is proliferate), None when it joins the rule to none there."""
    store = state.store()
    if term.edition == newest.id:
        return term.number if term.number in state.numbers_of(newest) else None
    return history.everywhere(store, term.edition, term.number).get(newest.id)


def glossary_headwords(edition: Edition) -> dict[str, str]:
    """``{folded term: headword as printed}`` of ``edition``'s glossary (a Japanese headword under
    its term without reading and English), read once per build."""
    cache = state.cache("glossary_headwords")
    if edition.id not in cache:
        cache[edition.id] = {fold(split_headword(e.term)[0]): e.term for e in state.store().glossary(edition.id)}
    return cache[edition.id]
