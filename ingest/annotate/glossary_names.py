"""Which rules a glossary entry names: ``Mulligan ... See rule 103.5.`` names 103.5, so a query
``mulligan`` finds that rule first (the search index gives glossary names the weight of a title)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from kb.model import GlossaryEntry
from search.analysis import name_key


def glossary_names(
    glossary: Iterable[GlossaryEntry], titles: Mapping[str, str], lang: str
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Which rules each glossary term names, and which it only mentions: ``(names, mentions)``,
    both mapping a rule number to glossary terms.

    A term names the cited rules whose title is that term (``Haste ... See rule 702.10 and rule
    302.6`` names 702.10 "Haste" and mentions 302.6); when no cited rule has that title it names
    them all (``Maximum Hand Size ... See rule 402.2 and 514.1``). ``titles`` maps numbers to
    titles; entries that cite nothing are left out.
    """
    names: dict[str, list[str]] = {}
    mentions: dict[str, list[str]] = {}
    for entry in glossary:
        targets = _targets(entry)
        key = name_key(entry.term, lang)
        titled = [t for t in targets if t in titles and name_key(titles[t], lang) == key]
        for target in targets:
            chosen = names if not titled or target in titled else mentions
            chosen.setdefault(target, []).append(entry.term)
    return names, mentions


def _targets(entry: GlossaryEntry) -> Sequence[str]:
    return list(dict.fromkeys(t for ref in entry.references for t in ref.targets))
