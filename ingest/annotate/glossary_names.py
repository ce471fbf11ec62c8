"""Which rules a glossary entry names: ``Mulligan ... See rule 103.5.`` names 103.5, so a query
``mulligan`` finds that rule first (the search index gives glossary names the weight of a title)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from kb.model import GlossaryEntry
from kb.store.terms import split_headword
from search.analysis import name_key


def glossary_names(
    glossary: Iterable[GlossaryEntry], titles: Mapping[str, str], lang: str
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Which rules each glossary term names, and which it only mentions: ``(names, mentions)``,
    both mapping a rule number to glossary terms.

    A term names the cited rules whose title is that term (``Haste ... See rule 702.10 and rule
    302.6`` names 702.10 "Haste" and mentions 302.6); when no cited rule has that title it names
    them all (``Maximum Hand Size ... See rule 402.2 and 514.1``). A Japanese headword is that
    title by its term or its English term (``装備（そうび）／Equip ... rule 301、rule 702.6`` names
    702.6 装備 and mentions 301). ``titles`` maps numbers to titles; entries that cite nothing are
    left out.
    """
    names: dict[str, list[str]] = {}
    mentions: dict[str, list[str]] = {}
    for entry in glossary:
        targets = _targets(entry)
        keys = _term_keys(entry.term, lang)
        titled = [t for t in targets if t in titles and name_key(titles[t], lang) in keys]
        for target in targets:
            chosen = names if not titled or target in titled else mentions
            chosen.setdefault(target, []).append(entry.term)
    return names, mentions


def _term_keys(headword: str, lang: str) -> set[str]:
    """The name keys a glossary headword may match a title by: the whole headword, and a
    Japanese headword's term and English term (``kb.store.terms.split_headword``)."""
    term, _, english = split_headword(headword)
    return {name_key(text, lang) for text in (headword, term, english) if text}


def _targets(entry: GlossaryEntry) -> Sequence[str]:
    return list(dict.fromkeys(t for ref in entry.references for t in ref.targets))
