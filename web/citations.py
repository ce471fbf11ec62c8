"""Citations a translation kept from an older numbering: where a translated rule cites another rule
than its English rule does.

A translator who keeps a rule's text from an older edition keeps its citations' numbers too: ko
2021-11-19 702.114a cites 603.3 where en 2021-11-19 cites 604.3, ja 2026-01-16 726.6 cites 727 for
728. The link goes where the number says, and a judge who follows it reads another rule. A rule page
of a translation says so: the English rule it is joined to (``kb.store.history.english_rule``) cites
rules that, put in the translation's numbering through the same alignment
(``web.identity.translated_number``), the translated rule does not; when as many of its own
citations are not among them, they are the same citations written with stale numbers, paired in
order. On the corpus (whole, 2026-11-29): 10 rules of ko 2021-11-19, 8 of ja 2026-01-16, 5 of zh
2024-04-12, each read right.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kb.model import Edition, Rule
from kb.store import history
from web import state
from web.identity import translated_number

MAX_RULES_CHECKED = 61
"""A page checks its first rules only (a section's page shows hundreds)."""


@dataclass(frozen=True)
class StaleCitation:
    """In translated rule ``number``: ``cited`` (as printed), where its English rule (``english``,
    an edition id) cites ``meant`` there, which is ``here`` in the translation (its ``href``)."""

    number: str
    cited: str
    english: str
    meant: str
    here: str
    href: str


def stale_citations(edition: Edition, rules: Sequence[Rule]) -> list[StaleCitation]:
    """The citations of ``rules`` (of the translation ``edition``, a page's first
    ``MAX_RULES_CHECKED``) that cite another rule than their English rule does, page order; empty
    for an English edition."""
    if edition.lang == "en":
        return []
    out: list[StaleCitation] = []
    for rule in rules[:MAX_RULES_CHECKED]:
        cited = _targets(rule)
        if cited:
            out += _stale(edition, rule.number, cited)
    return out


def _targets(rule: Rule) -> list[str]:
    """The rules ``rule`` cites, in order, each once."""
    return list(dict.fromkeys(target for reference in rule.references for target in reference.targets))


def _stale(edition: Edition, number: str, cited: list[str]) -> list[StaleCitation]:
    store, urls = state.store(), state.urls()
    seq = store.query("SELECT seq FROM rules WHERE edition = ? AND number = ? ORDER BY seq LIMIT 1", (edition.id, number))
    found = history.english_rule(store, edition.id, seq[0][0]) if seq else None
    if found is None:
        return []
    english = store.edition(found[0])
    english_rules = store.rules_numbered(english.id, found[2])
    meant = [(n, translated_number(english, n, edition) or n) for n in _targets(english_rules[0])]
    here = {translated for _, translated in meant}
    stale = [n for n in cited if n not in here]
    missing = [(n, translated) for n, translated in meant if translated not in cited]
    if not stale or len(stale) != len(missing):
        return []
    return [StaleCitation(number, old, english.id, n, translated, urls.rule(edition.lang, translated, edition))
            for old, (n, translated) in zip(stale, missing)]
