"""What a translator's text does that its English rule of the same number does not, read when a
translation is joined to English (``ingest.align.links.join_translation``): a list of subrules one
or two rules off the English one, paired by the lengths of its texts (``realigned_lists``), and a
text printed again under another number (``copied_texts``).
"""

from __future__ import annotations

import itertools
import math
import sqlite3
import statistics
from collections import defaultdict

from rapidfuzz import fuzz

from ingest.align import normalise

LIST_GAIN = 0.3
"""How much closer (summed ``|log(ratio / the list's median ratio)|`` of text lengths) a list of
subrules must be to its English list paired another way than by letter for ``realigned_lists``
to pair it so."""


def realigned_lists(translated: dict[str, tuple], english: dict[str, tuple], lengths: dict[str, int],
                    english_lengths: dict[str, int]) -> dict[str, str | None]:
    """``{translated number: the English number it translates, None for none}`` for the lists of
    subrules (without subrules of their own) that hold one or two more rules than their English
    list, or fewer, when the lengths of their texts pair them another way than their letters do,
    clearly (``LIST_GAIN``): the Japanese 2026-01-16 translation still holds the damage-assignment
    order rule the English dropped as 805.10f, so its 805.10g is the English 805.10f.
    ``translated`` and ``english`` are ``ingest.align.links.structure``'s (``{number: (seq,
    references, subrule count, English title)}`` in document order); lengths in characters."""
    out: dict[str, str | None] = {}
    english_lists = _lists(english)
    for parent, own in _lists(translated).items():
        theirs = english_lists.get(parent)
        if (not theirs or not 0 < abs(len(own) - len(theirs)) <= 2
                or any(translated[n][2] or not lengths.get(n) for n in own)
                or any(english[n][2] or not english_lengths.get(n) for n in theirs)):
            continue
        ratio = {(t, e): lengths[t] / english_lengths[e] for t in own for e in theirs}
        found = _best_pairing(own, theirs, ratio)
        if found is not None:
            out.update(found)
    return out


def _lists(rules: dict[str, tuple]) -> dict[str, list[str]]:
    """``{parent number: its subrules' numbers in order}``."""
    out: dict[str, list[str]] = defaultdict(list)
    for number in rules:
        if "." in number and number[-1].isalpha():
            out[number[:-1]].append(number)
    return out


def _best_pairing(own: list[str], theirs: list[str], ratio: dict[tuple[str, str], float]
                  ) -> dict[str, str | None] | None:
    """The order-keeping pairing of two lists (leaving out the longer one's extra rules) whose
    length ratios agree best, when it is not the pairing by letter and agrees ``LIST_GAIN`` better."""
    flipped = len(own) < len(theirs)
    longer, shorter = (theirs, own) if flipped else (own, theirs)
    extra = len(longer) - len(shorter)
    printed = set(shorter)
    by_letter = frozenset(i for i, number in enumerate(longer) if number not in printed)
    if len(by_letter) != extra:
        return None

    def kept(skipped: frozenset[int]) -> list[tuple[str, str]]:
        rest = [number for i, number in enumerate(longer) if i not in skipped]
        return [(b, a) if flipped else (a, b) for a, b in zip(rest, shorter)]  # (translated, English)

    middle = statistics.median(ratio[pair] for pair in kept(by_letter))  # the list's usual ratio

    def cost(skipped: frozenset[int]) -> float:
        return sum(abs(math.log(ratio[pair] / middle)) for pair in kept(skipped))

    letter_cost = cost(by_letter)
    best = min((frozenset(s) for s in itertools.combinations(range(len(longer)), extra)), key=cost)
    if best == by_letter or letter_cost - cost(best) < LIST_GAIN:
        return None
    found: dict[str, str | None] = dict(kept(best))
    if not flipped:
        found.update({longer[i]: None for i in best})
    return found


COPIED_LENGTH = 30
"""Least length (characters) of a text whose second printing under another number is a translator's
copy-and-paste slip (``copied_texts``); titles repeat ("일반", "General") and are not slips."""
COPIED_APART = 50
"""Greatest ratio (rapidfuzz, 0-100) of the two English rules whose translations read the same for
the second to be a slip: "Third, the active player gets priority" and "Fourth, ..." may well be
translated alike (zh 507.2 and 508.2); crew's 702.121b and fabricate's 702.122b (a ratio of 33) may not."""


def copied_texts(db: sqlite3.Connection, edition: str, english: str) -> set[int]:
    """The seqs of a translation's rules whose text repeats, word for word, an earlier rule of
    another number whose English rule (in ``english``) is another text (``COPIED_APART``): a
    translator's slip (ko 2016-07-22 and 2017-01-20 print 608.2k's text again as 608.3; ko 2017-01-20 to 2021-11-19
    print crew's 702.121b again as fabricate's 702.122b). Such a rule is no translation of its
    English namesake, and is left unjoined."""
    english_text = dict(db.execute("SELECT number, text FROM rules WHERE edition = ? ORDER BY seq DESC", (english,)))
    first: dict[str, str] = {}
    out: set[int] = set()
    for seq, number, text in db.execute("SELECT seq, number, text FROM rules WHERE edition = ? ORDER BY seq",
                                        (edition,)):
        key = normalise.plain(None, text or "")
        if len(key) < COPIED_LENGTH:
            continue
        earlier = first.setdefault(key, number)
        if earlier != number and _apart(english_text.get(earlier), english_text.get(number)):
            out.add(seq)
    return out


def _apart(text: str | None, other: str | None) -> bool:
    """Whether two English texts are two rules, not one worded twice (``COPIED_APART``)."""
    return fuzz.ratio(text or "", other or "") < COPIED_APART
