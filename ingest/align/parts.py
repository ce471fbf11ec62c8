"""Rules whose text another rule took whole: merges and splits between two consecutive editions.

Matches are one to one (``ingest.align.match``), so a rule merged into another is ``removed`` and
a rule split out of another is ``created``. Here, after the matches:

- a removed rule is **merged** into the rule of the new edition that holds its text: 713.12 of
  2022-11-18 (choosing the name of a meld card) became the second sentence of 712.19 in 2023-04-14;
- a created rule is **split** from the rule of the old edition that held its text: 2009-07-11
  cut 212.9d (planeswalkers) into 306.5a, 306.9 and 306.10.

A rule whose match kept its text whole (``unchanged`` or ``moved``) gave none: a created rule
holding its words copied them (2009-10-01 wrote 903.2, an EDH game, in the words of 901.2, a
Planar Magic game, which stayed as it was).

A rule split so that its number keeps part of its text continues there (``kept_numbers``): the
matches had followed the longer part (2018-10-05 kept the opening of 107.3h, "Normally, all
instances of X ... have the same value", as 107.3h, and moved the exception after it to 107.3i).

"Holds its text" is measured on word triples of the ``similar`` keys: the other rule holds at least
``PART_SHARE`` of the rule's distinctive triples and has more triples than it. A triple is
distinctive when at most ``STOCK`` rules of the two editions hold it: "players may cast spells and
activate abilities" closed every step of 2016-08-26 and is no sign that 511.2 went into 514.3a.
A rule no rule holds so is looked for again by its words without the punctuation beside them
(``Triples.loose``: 2009-07-11 112.2, the second sentence of 402.1 after its semicolon became a
period; 2017-09-29 112.10c, the last sentence of 112.10; 2017-09-29 810.7d merged into 2018-07-13
805.10d): the punctuation alone, tried first, keeps the parts it finds (without it, 713.12 of
2022-11-18 and four other parts are lost to triples stock once their punctuation goes).
On the corpus: 10 English merges and 111 English and 10 Korean splits. At ``PART_SHARE`` 0.8 there
were 8, 77 and 10, which an earlier audit found right (one more was a misprint the parser kept
inside the rule before it: 2008-10-01 prints 306.3b as ``306.b``); of the 36 more, the 25 read one
by one are right but one: 2011-05-01 713.3 (Restarting the Game) is called split from the subgame
rule 713.3 of 2011-04-01, whose words it was written in (714.3 kept them).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from typing import NamedTuple

from ingest.align.match import MIN_TRIPLES, AlignedRule, Match, change_of

PART_SHARE = 0.65
"""Least share of a rule's distinctive word triples the rule holding its text must hold. At 0.8,
36 parts were missed, nearly all right when read (2009-07-11 602.3b, forked from 409.2b with
601.3b; 2008-10-01 212.4k, carved out of 212.4j and reworded; 2017-04-28 108.2a and 108.2b out of
108.2)."""
KEPT_SHARE = 0.8
"""Least share for a number to keep part of its rule's text (``kept_numbers``), which changes the
rule's identity: at 0.65, 2011-05-01's new 713.3 (Restarting the Game, "Because each player draws
seven cards when the new game begins") took the identity of the subgame rule 713.3, whose words it
shares, from 714.3."""
STOCK = 3
"""A triple held by more rules than this, in the old and new editions together, is a stock phrase."""

Grams = dict[int, frozenset[tuple[str, str, str]]]
"""Rules' word triples by seq."""


class Part(NamedTuple):
    """A merge or split: ``kind`` (``merged``/``split``), the rule of the old edition (``old``, a seq)
    and of the new one (``new``), and the ``share`` of the part's distinctive triples the whole holds."""

    kind: str
    old: int
    new: int
    share: float


class Triples(dict[int, frozenset[tuple[str, str, str]]]):
    """A rule's word triples by its seq (``Grams``), and ``loose``: the same without the
    punctuation beside the words, which ``parts`` reads where the triples find no rule;
    ``by_key``: both by the key they were read from, for the next edition's ``triples_of``."""

    def __init__(self, grams: Grams | None = None, loose: Grams | None = None,
                 by_key: dict[str, tuple[frozenset, frozenset]] | None = None) -> None:
        super().__init__(grams or {})
        self.loose: Grams = loose or {}
        self.by_key = by_key or {}


_WORD = re.compile(r"[^\s.,;:()\"“”]+")
"""A word of a key without the punctuation beside it: "they're on; they" (2009-05-01 402.1) and
"they're on. They" (2009-07-11 112.2) are the same words."""


def triples_of(rules: Sequence[AlignedRule], before: Triples | None = None) -> Triples:
    """The word triples of each rule's ``key`` (``AlignedRule.key``), by seq, and their ``loose``
    ones; those of a key ``before`` (the previous edition's) read too are taken from it (most
    rules of an edition are the previous one's, word for word)."""
    known = before.by_key if before is not None else {}
    grams: Grams = {}
    loose: Grams = {}
    by_key: dict[str, tuple[frozenset, frozenset]] = {}
    for rule in rules:
        both = by_key.get(rule.key) or known.get(rule.key)
        if both is None:
            both = (_grams(rule.key.split()), _grams(_WORD.findall(rule.key)))
        grams[rule.seq], loose[rule.seq] = by_key[rule.key] = both
    return Triples(grams, loose, by_key)


def _grams(words: list[str]) -> frozenset[tuple[str, str, str]]:
    return frozenset(zip(words, words[1:], words[2:]))


def kept_numbers(old_rules: Sequence[AlignedRule], new_rules: Sequence[AlignedRule], old: Triples, new: Triples,
                 matches: Sequence[Match], found: Sequence[Part] | None = None) -> list[Match]:
    """``matches`` (old edition's order) with each old rule that a created rule of its number was
    split from (``parts``, held at ``KEPT_SHARE``; ``found`` when already computed for ``matches``)
    matched to that rule instead; the rule it was matched to is then created. ``old``/``new`` are
    ``triples_of`` the rules. On the corpus: 5 English rules and 1 Korean."""
    old_by, new_by = {r.seq: r for r in old_rules}, {r.seq: r for r in new_rules}
    kept = {part.old: part.new for part in (parts(old, new, matches) if found is None else found)
            if part.kind == "split" and part.share >= KEPT_SHARE and old_by[part.old].number == new_by[part.new].number}
    if not kept:
        return list(matches)
    out = {m.old: m for m in matches}
    for o, n in kept.items():
        out[o] = Match(o, n, *change_of(old_by[o], new_by[n]))
    return [out[o] for o in sorted(out)]


def parts(old: Triples, new: Triples, matches: Sequence[Match]) -> list[Part]:
    """``[Part(kind, old seq, new seq, share)]``: ``merged`` for each unmatched rule ``o`` of the old
    edition whose text rule ``n`` of the new edition holds, ``split`` for each unmatched
    rule ``n`` of the new edition whose text rule ``o`` of the old one held and lost (its match
    is not ``unchanged`` or ``moved``; module docstring); ``old`` and ``new`` are ``triples_of``
    each edition's rules. A rule no rule holds by its triples is looked for by its ``loose`` ones
    (2009-07-11 112.2, the second sentence of 2009-05-01 402.1 after a semicolon became a period:
    held by 9 of its 12 distinctive triples, 12 of 12 loose)."""
    matched_old, matched_new = {m.old for m in matches}, {m.new for m in matches}
    removed = [seq for seq in old if seq not in matched_old]
    created = [seq for seq in new if seq not in matched_new]
    finders = [_Finder(old, new, removed, created)]
    if old.loose and new.loose:
        finders.append(_Finder(old.loose, new.loose, removed, created))
    out = []
    for seq in removed:
        found = next((h for finder in finders if (h := finder.holding(seq, old=True)) is not None), None)
        if found is not None:
            out.append(Part("merged", seq, *found))
    whole = {m.old for m in matches if m.change in ("unchanged", "moved")}
    for seq in created:
        found = next((h for finder in finders if (h := finder.holding(seq, old=False)) is not None), None)
        if found is not None and found[0] not in whole:
            out.append(Part("split", found[0], seq, found[1]))
    return out


class _Finder:
    """The rules holding the triples of the removed and created rules, in each edition."""

    def __init__(self, old: Grams, new: Grams, removed: list[int], created: list[int]) -> None:
        wanted = frozenset().union(*(old[seq] for seq in removed), *(new[seq] for seq in created))
        self.old, self.new = old, new
        self.old_index, self.new_index = _index(old, wanted), _index(new, wanted)

    def holding(self, seq: int, old: bool) -> tuple[int, float] | None:
        """The rule of the other edition holding the text of rule ``seq`` and its share (``_holder``)."""
        if old:
            return _holder(self.old[seq], self.new_index, self.old_index, self.new)
        return _holder(self.new[seq], self.old_index, self.new_index, self.old)


def _index(rules: Grams, wanted: frozenset) -> dict[tuple[str, str, str], list[int]]:
    """The rules holding each ``wanted`` triple."""
    index: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for seq, grams in rules.items():
        for gram in grams & wanted:
            index[gram].append(seq)
    return index


def _holder(grams: frozenset, other: dict, own: dict, other_rules: Grams) -> tuple[int, float] | None:
    """The rule of the other edition holding the largest share (at least ``PART_SHARE``) of the
    distinctive triples in ``grams``, when it has more triples, and that share; None when none
    does or fewer than ``MIN_TRIPLES`` are distinctive."""
    distinctive = [g for g in grams if len(other.get(g, ())) + len(own.get(g, ())) <= STOCK]
    if len(distinctive) < MIN_TRIPLES:
        return None
    held: dict[int, int] = defaultdict(int)
    for gram in distinctive:
        for seq in other.get(gram, ()):
            held[seq] += 1
    best = max(((count, -seq) for seq, count in held.items() if len(other_rules[seq]) > len(grams)), default=None)
    if best is None or best[0] < PART_SHARE * len(distinctive):
        return None
    return -best[1], best[0] / len(distinctive)
