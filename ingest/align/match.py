"""Aligning two editions of one language: each rule of the old edition matched to its rule in the
new edition, one to one, or left unmatched (removed); new rules left unmatched are created.

The passes, each only among the rules still unmatched:

1. **Identical text** (``masked`` key) printed once in each edition: a match whatever the numbers.
2. **Structure**, parents first: an unmatched rule whose parent is matched is expected where its
   nearest matched sibling's offset puts it under the parent's match (a renumbering wave shifts a
   run of siblings by the same amount: Ward inserted at 702.21 moves Banding to 702.22 and every
   later keyword one down). It matches the rule there when the texts are similar enough.
   Then the children still unmatched under two matched parents are paired best first when similar
   (a reordered run: the 2009-07-11 edition re-sorted the keywords of 502 into 702), unless a
   sibling of either or a rule under either is nearly the other's text (``RIVAL_SCORE``: the
   subheading 419.9 became the rule 615, which the umbrella heading 419 is also like). A child
   split among the new children continues in the piece that holds its opening (``_opening_piece``).
3. **Same number** and similar text.

   Passes 2 and 3 pair by place only when no unmatched sibling of either rule (or, for a subrule,
   no unmatched rule under its three-digit rule) is clearly more like the other (``_contested``):
   a subrule inserted mid-list sits where the old one it displaced is expected (5 points more
   suffice for a rule opening as the other does, for ``OPENING`` characters, when the pair does
   not: ``_opening_rival``); nor when the
   rules under either of them went under, or came from, another rule still unmatched
   (``_Families``: a dropped step's number taken by the step after it). Pass 2 and its
   pairing of children do not pair a rule when a rule still unmatched anywhere has nearly its
   text, or its partner's (``NEAR_SCORE``: 2009-07-11 moved 510.1 to 110.6, where the offset
   expected 214.5).
4. **Similar text** (rapidfuzz ratio) among the rest, best pairs first, one to one: a lower score
   suffices where the rule's three-digit rule sent its matched rules (2009-07-11 moved 419 to
   613), then within its section, then anywhere; short texts need the highest score so stock
   sentences ("Trample is a static ability.") never pair with a stranger.
5. **Grown text**: a rule whose text the new edition kept and added to (2009-07-11 310.2c, 248
   characters, is 510.1c, 1,056: a ratio of 32) is the rule that holds most of its word triples,
   under its three-digit rule or where that one's rules went, when each is the other's best.
6. **Renamed parents**: an unmatched rule whose matched children went, most of them, to the
   children of one unmatched rule is that rule (903 "EDH" is 903 "Commander" from 2011-02-04; 415
   "Targeted Spells and Abilities" is 113 "Targets" from 2009-07-11), innermost first.
7. **Mutual best**: a rule still unmatched and the unmatched rule most like it, each the other's
   best, when similar enough where the old rule's rules went or in its section (a reworded rule:
   2009-07-11 200.10, counters, is 120.1); passes 2 and 2b then run again for their children.
8. **Kept opening**: a rule still unmatched whose text opens as an unmatched rule's text does, for
   at least ``OPENING`` characters, when neither opens as any other: a rule cut short or split,
   its opening kept and the rest moved to new subrules (2009-07-11 cut 418.5a, the layer system,
   to 612.1 and its layers to 612.1a-f; 217.1c, a new object, to 400.7 and its exceptions to
   400.7a-g); the other way, a rule whose text grew after its opening.
   Passes 7 and 8 (then 2b and 2) run again while they pair (``WEAK_ROUNDS``).
9. **Kept words**: a rule still unmatched and an unmatched rule under where its parent or its
   three-digit rule went, each the other's best there, when the texts share their words and
   their opening sentence though rewritten (2009-07-11 cut 504.2, face-down objects, to 707.2),
   unless the new text drops what the old one "is called" (mana burn, 2009-07-11: removed).
10. **Rewritten in place**: a rule still unmatched and the unmatched rule of its number under its
   parent's match, between the same matched siblings, each the other's best there, when their
   words agree enough (``REWRITTEN_WORDS``), though the texts do not (2019-05-03 117.9b:
   "Alternative costs are always optional." became "generally optional" and a second sentence;
   2017-09-29 306.4, the planeswalker uniqueness rule, became its history). Same proviso as 9.
   A subrule under a parent matched to another number pairs with the subrule of its letter there
   when their opening sentences are alike too (``PLACED_WORDS``: 2009-07-11 made deathtouch,
   502.63a, a static ability at 702.2a).

In pass 4 a rule going where its matched siblings went gains a few points of order
(``HOME_BONUS``), and a rule opening with the same sentence a few more (``OPENING_BONUS``:
2009-07-11 split 419.1a into 613.1a, its opening, and 613.1b, a point nearer the whole); in pass 2b two titles do not pair when their rules went elsewhere.

A number reused for another rule (702.21 Banding -> Ward) is not a match: passes 2 and 3 demand
similar texts. A text copied to a second place is not a move: matches are one to one, so the copy
is created.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from ingest.align import normalise
from kb import numbers

NEAR_SCORE = 90.0
"""Least ratio of a rule elsewhere that stops passes 2 and 2b pairing by place (``_Families.nearer_elsewhere``)."""
NEAR_LENGTH = 80
"""Least length of the texts ``_Families.nearer_elsewhere`` looks at (stock sentences are alike)."""
NEAR_LOOKED = 4
"""How many of the nearest texts ``_Families.nearer_elsewhere`` reads (the others may be matched)."""
STRUCTURE_SCORE = 50.0
"""Least ratio (0-100) of two texts found where the siblings' offset expects them (pass 2)."""
SIBLING_SCORE = 55.0
"""Least ratio of two children of matched parents (pass 2b; short texts need ``SECTION_SCORE``)."""
PIECE_SCORE = 80.0
"""Least ``partial_ratio`` of a shorter text within an old rule's for ``_opening_piece`` to read it as a piece."""
PIECE_SHARE = 0.6
"""Most length of a piece, as a share of the old rule's text (``_opening_piece``)."""
SAME_NUMBER_SCORE = 60.0
"""Least ratio for two rules of the same number (pass 3)."""
CONTESTED_MARGIN = 10.0
CONTESTED_CLOSER = 2.0
"""How much more like one of the rules an unmatched sibling must be to stop passes 2 and 3
pairing them by place (``_contested``): ``CONTESTED_MARGIN`` points more, or near identical at
most 1/``CONTESTED_CLOSER`` of the pair's distance from 100 (zh 2024-02-02 put the disguise
variant of 701.34c, a ratio of 94 to it, where the offset expected the old one, now 701.34c with
two characters changed, 98). On the corpus that one pair is all it changes (at 4 it stays)."""
RIVAL_SCORE = 85.0
"""Least ratio of a rival that stops pass 2b pairing two children (``_contested`` with this floor):
a sibling of either rule, or a rule under either, nearly the other's text (2009-07-11 made the
subheading 419.9 the rule 615, and 419.9b 615.2: 419, the umbrella heading, is not 615, nor 419.9
615.2)."""
RELATED_SCORE = 70.0
"""Least ratio for a rule going where its three-digit rule's matched rules went (pass 4)."""
RELATED_SHARE = 0.2
"""Share of a three-digit rule's matched rules that must have gone to a new three-digit rule."""
HOME_BONUS = 5.0
"""Points a pair of pass 4 gains in the order (not in the least score) when the new rule is under
the rule its old siblings went under: 2010-06-18 renamed 809 Teams to 811 Alternating Teams and
added 808 Team vs. Team, whose 808.3 is a shade nearer 809.2 than 811.2 is (the team's name)."""
SECTION_SCORE = 75.0
"""Least ratio for two rules of the same section (pass 4)."""
ANYWHERE_SCORE = 85.0
"""Least ratio for two rules of different sections (pass 4)."""
SHORT = 40
"""Texts shorter than this (characters) need ``ANYWHERE_SCORE`` even within a section."""
GROWN_SHARE = 0.6
"""Least share of an old text's word triples a new text must hold to be that text grown (pass 5)."""
GROWN_LENGTH = 1.2
"""An old text longer than this many times the new one was cut, not grown: left to passes 1-4."""
FOLLOWED_SHARE = 0.5
"""Share of a rule's matched children (at least two) that must have gone under one new rule for
the rule to follow them there (pass 6)."""
MUTUAL_SCORE = 65.0
"""Least ratio for two rules left unmatched that are each other's best (pass 7), where the old
rule's three-digit rule sent its rules or within a section; elsewhere ``SECTION_SCORE``."""
MUTUAL_WORDS_SCORE = 60.0
"""Or this ratio when their words agree (``WORDS_AGREE``)."""
WORDS_AGREE = 80.0
"""Least rapidfuzz ``token_set_ratio`` of two texts whose words agree (pass 7): a rule reworded
keeps its words (2009-07-11 409.1a, announcing a spell, is 601.2a at a ratio of 59 and 91 on
words), a stranger shares a stock sentence (901.11, Planar Magic's winning and losing, and the
new 903.12, EDH's, are 60 and 66)."""
OPENING = 50
"""Characters (of ``masked``) two texts must open with alike for pass 8 (``_kept_opening``). On the
corpus, 21 pairs at 50, all right (15 at 70); at 40 a stock opening pairs a stranger ("If an
Aura, Equipment, or Fortification ..." 502.15j, phasing, with 612.6d, timestamps)."""
WEAK_ROUNDS = 4
"""Rounds of passes 7 and 8 at most, each with passes 2b and 2 after it: one round's pairs can show
where an old rule's rules went, which lowers the ratio the next needs (2009-07-11 408.1d, casting an
instant, and 115.1a are each other's best at 74, too little between sections until round one sent
408.1f and 408.1h to 115; 408.1b, priority, is 115.5 at 62 with its words). On the corpus those two
pairs are all that rounds after the first add."""
FAMILY_SCORE = 45.0
"""Least ratio for pass 9 (``_kept_words``): a rule rewritten where its parent went, its words kept."""
FAMILY_WORDS = 80.0
"""Least ``token_set_ratio`` of the two texts in pass 9."""
SENTENCE_SCORE = 65.0
SENTENCE_WORDS = 90.0
"""Least ratio, or ``token_set_ratio``, of the two texts' opening sentences in pass 9: a rule
continues where its opening went; a sentence split out of it opens otherwise (2009-07-11 cut 308.1,
declaring attackers, into 508.1-508.4: 508.4 holds its words, not its opening)."""
SENTENCE_END = re.compile(r"(?<=[.!?])\s|(?<=。)")
NAMED = re.compile(r"\bis called (?:the )?\W?(\w[\w -]{1,40}?)\W?[.,;]")
"""What an English key (lower-cased) says a thing "is called" ("this is called mana burn.")."""
REWRITTEN_WORDS = 60.0
"""Least ``token_set_ratio`` of a rule and the rule of its number it was rewritten as (pass 10). On
the English corpus 26 pairs at 60, three of them doubtful (2015-11-13 107.4c and 711.1a, colorless
mana and double-faced cards; 2004-10-01 215, a title become "This section is now empty"); at 50 ten
more, most of them strangers
(2020-09-25 700.8: cards of a set, then the party)."""
OPENING_MARGIN = 5.0
"""How much more like one of two rules paired by place an unmatched rule near them must be, when
it opens as that one does (``OPENING`` characters) and the other does not, to stop the pair
(``_opening_rival``; ``CONTESTED_MARGIN`` otherwise)."""
OPENING_BONUS = 5.0
SAME_OPENING = 95.0
"""Pass 4 orders a pair whose texts open with the same sentence (ratio >= ``SAME_OPENING``)
``OPENING_BONUS`` points higher, never in the least score: a rule split in two continues where
its opening went."""
PLACED_WORDS = 50.0
"""Least ``token_set_ratio`` in pass 10 of a subrule and the subrule of its letter under its
parent's match, numbered otherwise, whose opening sentences are also alike (``_opens_alike``).
On the English corpus two pairs, both right: 2009-07-11 502.63a -> 702.2a and 502.68a -> 702.13a,
"Deathtouch (Lifelink) is a triggered ability." and its trigger became "... is a static ability."
(words 87 and 54); none more at 40."""
MIN_TRIPLES = 4
"""Fewest word triples a text needs to be measured for growth (a title alone is not)."""


@dataclass(frozen=True)
class AlignedRule:
    """What alignment knows of one printed rule: ``seq`` (document order), ``number``,
    ``parent`` (number or None), ``section`` (one digit), ``plain``, ``masked`` and ``similar``
    keys (``ingest.align.normalise``)."""

    seq: int
    number: str
    parent: str | None
    section: str
    plain: str
    masked: str
    similar: str = ""
    """The key texts are compared on for similarity (``normalise.similar``; ``masked`` when empty)."""

    @property
    def key(self) -> str:
        return self.similar or self.masked


@dataclass(frozen=True)
class Match:
    """One rule of the old edition (``old`` seq) matched to one of the new (``new`` seq)."""

    old: int
    new: int
    change: str
    refs_only: bool = False


def change_of(old: AlignedRule, new: AlignedRule) -> tuple[str, bool]:
    """``(change, refs_only)``: ``unchanged``/``edited``/``moved``/``moved+edited``; an edit that
    only renumbered the references the text names counts as unchanged with ``refs_only`` True,
    one of spacing or trademark signs alone (``normalise.tidy``) as unchanged."""
    moved = old.number != new.number
    edited = old.masked != new.masked and normalise.tidy(old.masked) != normalise.tidy(new.masked)
    refs_only = not edited and old.plain != new.plain and normalise.tidy(old.plain) != normalise.tidy(new.plain)
    change = ("moved+edited" if edited else "moved") if moved else ("edited" if edited else "unchanged")
    return change, refs_only


@dataclass(frozen=True)
class Known:
    """What is known of two editions' rules before aligning them (a translation's, through the
    English rules they translate: ``ingest.align.stage.through_english``): ``seeds`` (old seq ->
    new seq, one to one) are matches; ``removed`` old rules and ``created`` new ones are in no
    match that the passes after the seeds would make."""

    seeds: Mapping[int, int] = field(default_factory=dict)
    removed: frozenset[int] = frozenset()
    created: frozenset[int] = frozenset()


def align_rules(old: Sequence[AlignedRule], new: Sequence[AlignedRule], known: Known | None = None) -> list[Match]:
    """Match the rules of ``old`` to those of ``new`` (both in document order); returns the
    matches in the old edition's order. Rules of ``old`` absent from the result are removed,
    rules of ``new`` absent from it are created. ``known`` seeds are taken where both rules are
    still unmatched after passes 1-6, before the weaker passes 7 and 8, whose matches of a rule
    ``known`` says was removed or created are then dropped."""
    pairs: dict[int, int] = {}  # old seq -> new seq
    taken: set[int] = set()
    matched: dict[int, int] = {}  # new seq -> old seq
    old_by, new_by = {r.seq: r for r in old}, {r.seq: r for r in new}

    def pair(o: int, n: int) -> None:
        pairs[o] = n
        taken.add(n)
        matched[n] = o

    _identical(old, new, pair)
    families = _Families(old, new, pairs, taken, matched)
    for _ in range(2):
        _structure(old, new, pairs, taken, pair, families)
    _same_number(old, new, pairs, taken, pair, families)
    for _ in range(2):
        _siblings(old, new, pairs, taken, pair, families)
        _structure(old, new, pairs, taken, pair, families)
    _similar(old, new, pairs, taken, pair)
    _siblings(old, new, pairs, taken, pair, families)
    _structure(old, new, pairs, taken, pair, families)
    _grown(old, new, pairs, taken, pair)
    _followed(old, new, pairs, taken, pair)
    known = known or Known()
    seeded = [pair(o, n) for o, n in known.seeds.items()
              if o in old_by and n in new_by and o not in pairs and n not in taken]
    settled = set(pairs)
    again = bool(seeded)
    for _ in range(WEAK_ROUNDS):
        found = _mutual(old, new, pairs, taken, pair) | _kept_opening(old, new, pairs, taken, pair)
        if again or found:
            _siblings(old, new, pairs, taken, pair, families)
            _structure(old, new, pairs, taken, pair, families)
        if not found:
            break
        again = False
    for weak_pass in (_kept_words, _rewritten):
        if weak_pass(old, new, pairs, taken, pair):
            _siblings(old, new, pairs, taken, pair, families)
            _structure(old, new, pairs, taken, pair, families)
    for o in [o for o in pairs if o not in settled and (o in known.removed or pairs[o] in known.created)]:
        del pairs[o]
    matches = []
    for o in sorted(pairs):
        change, refs_only = change_of(old_by[o], new_by[pairs[o]])
        matches.append(Match(o, pairs[o], change, refs_only))
    return matches


def _identical(old, new, pair) -> None:
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, -1, -1])
    for side, rules in ((0, old), (1, new)):
        for r in rules:
            entry = counts[r.masked]
            entry[side] += 1
            entry[side + 2] = r.seq
    for once_old, once_new, o, n in counts.values():
        if once_old == 1 and once_new == 1:
            pair(o, n)


def _structure(old, new, pairs, taken, pair, families) -> None:
    """Pass 2: unmatched children of matched parents, at the offset of their nearest matched sibling."""
    old_children, new_children = _children(old), _children(new)
    old_seq_of = {r.number: r.seq for r in reversed(old)}
    new_by_seq = {r.seq: r for r in new}
    new_seq_of = {r.number: r.seq for r in reversed(new)}
    for parent, kids in old_children.items():
        parent_seq = old_seq_of.get(parent)
        if parent_seq is None or parent_seq not in pairs:
            continue
        target = new_children.get(new_by_seq[pairs[parent_seq]].number, [])
        if not target:
            continue
        index_of = {r.seq: i for i, r in enumerate(target)}
        for i, kid in enumerate(kids):
            if kid.seq in pairs:
                continue
            j = _expected_index(kids, i, pairs, index_of)
            if j is None:
                same = new_seq_of.get(kid.number)
                j = index_of.get(same) if same is not None else None
            if j is None or not 0 <= j < len(target):
                continue
            candidate = target[j]
            if candidate.seq in taken:
                continue
            score = fuzz.ratio(kid.key, candidate.key)
            new_near = families.new_near(candidate, target)
            if (score >= STRUCTURE_SCORE and not _contested(kid, candidate, score, families.old_near(kid, kids),
                                                             new_near, pairs, taken)
                    and not families.elsewhere(kid, candidate) and not _held_elsewhere(kid, candidate, new_near, taken)
                    and not families.nearer_elsewhere(kid, candidate, score)):
                pair(kid.seq, candidate.seq)


def _held_elsewhere(old_rule, new_rule, new_near, taken) -> bool:
    """Whether an unmatched rule near ``new_rule`` holds ``old_rule``'s text grown (at least
    ``GROWN_SHARE`` of its word triples) and ``new_rule`` does not: 2017-04-28 put a new 201.3a
    where the offset expects the old one, whose text grew into 201.3b (pass 5 then pairs it)."""
    grams = _triples(old_rule.key)
    if len(grams) < MIN_TRIPLES or len(grams & _triples(new_rule.key)) >= GROWN_SHARE * len(grams):
        return False
    return any(len(grams & _triples(r.key)) >= GROWN_SHARE * len(grams) and len(old_rule.key) <= GROWN_LENGTH * len(r.key)
               for r in new_near if r.seq not in taken and r is not new_rule)


def _contested(old_rule, new_rule, score, old_near, new_near, pairs, taken, floor: float = 0.0) -> bool:
    """Whether an unmatched rule near either rule (``old_near``/``new_near``: its siblings and the
    rules under its three-digit rule) is clearly more like the other one (``CONTESTED_MARGIN``
    more, or near identical much closer: ``CONTESTED_CLOSER``): a subrule inserted mid-list
    (2018-07-13 put the Saga action at 703.4e) is where the offset or the number expects the old
    703.4e, now 703.4f word for word; 2005-08-01 moved the concession rule 102.7 to 102.3a, and
    the offset expected it at 102.5, another rule. The pair is left to the best-first passes. A
    rival must also reach ``floor`` (pass 2b: ``RIVAL_SCORE``)."""
    if old_rule.masked[:OPENING] != new_rule.masked[:OPENING] and _opening_rival(
            old_rule, new_rule, max(score + OPENING_MARGIN, floor), old_near, new_near, pairs, taken):
        return True
    needed = max(min(score + CONTESTED_MARGIN, 100 - (100 - score) / CONTESTED_CLOSER), floor)
    if needed > 100:
        return False
    rivals = [r.key for r in new_near if r.seq not in taken and r is not new_rule]
    if rivals and process.extractOne(old_rule.key, rivals, scorer=fuzz.ratio, score_cutoff=needed):
        return True
    rivals = [r.key for r in old_near if r.seq not in pairs and r is not old_rule]
    return bool(rivals) and process.extractOne(new_rule.key, rivals, scorer=fuzz.ratio, score_cutoff=needed) is not None


def _opening_rival(old_rule, new_rule, needed, old_near, new_near, pairs, taken) -> bool:
    """Whether an unmatched rule near either rule opens as the other does (its first ``OPENING``
    characters) and is at least ``needed`` like it: 2014-09-25 put a new 303.4i ("If an effect
    attempts to put an Aura onto the battlefield") where the old 303.4i ("... to attach an Aura
    on the battlefield to an object"), now 303.4j, stood."""
    for rule, near, used, other in ((old_rule, new_near, taken, new_rule), (new_rule, old_near, pairs, old_rule)):
        for rival in near:
            if (rival.seq not in used and rival is not other and rival.masked[:OPENING] == rule.masked[:OPENING]
                    and len(rule.masked) >= OPENING and fuzz.ratio(rule.key, rival.key) >= needed):
                return True
    return False


def _expected_index(kids, i, pairs, index_of) -> int | None:
    """Where the nearest matched sibling (before first, then after) puts child ``i``."""
    for step in (-1, 1):
        k = i + step
        while 0 <= k < len(kids):
            matched = pairs.get(kids[k].seq)
            if matched is not None and matched in index_of:
                return index_of[matched] + (i - k)
            k += step
    return None


def _children(rules) -> dict[str | None, list[AlignedRule]]:
    out: dict[str | None, list[AlignedRule]] = defaultdict(list)
    for r in rules:
        out[r.parent].append(r)
    return out


def _trees(rules) -> dict[str, list[AlignedRule]]:
    """``{three-digit rule: the rules under it}`` (subrules only: "702" maps to 702.1, 702.1a, ...)."""
    out: dict[str, list[AlignedRule]] = defaultdict(list)
    for r in rules:
        if "." in r.number:
            out[_three_digit(r.number)].append(r)
    return out


def _three_digit(number: str) -> str:
    return number.split(".")[0]


def _related_rules(old, new, pairs) -> dict[str, set[str]]:
    """``{old three-digit rule: new three-digit rules}`` where at least ``RELATED_SHARE`` of its
    matched rules went (a wave moves whole rules: 2009-07-11 sent 419 to 613 and 212 to 303)."""
    new_number = {r.seq: r.number for r in new}
    went: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in old:
        if r.seq in pairs:
            went[_three_digit(r.number)][_three_digit(new_number[pairs[r.seq]])] += 1
    out: dict[str, set[str]] = {}
    for source, targets in went.items():
        total = sum(targets.values())
        out[source] = {t for t, n in targets.items() if n >= 2 and n / total >= RELATED_SHARE}
    return out


def _siblings(old, new, pairs, taken, pair, families) -> None:
    """Pass 2b: unmatched children of a matched parent against the unmatched children of its
    match, best pairs first (a reordered run of keywords: 502.10a Banding -> 702.21a). Two short
    texts (a heading's title) do not pair when the rules under either went under (or came from)
    another rule still unmatched (``_Families.elsewhere``): 2010-06-18 renamed 809 Teams to 811
    Alternating Teams, whose rules are 809's, and added 808 Team vs. Team, nearer it by name."""
    old_children, new_children = _children(old), _children(new)
    old_seq_of = {r.number: r.seq for r in reversed(old)}
    new_by_seq = {r.seq: r for r in new}
    candidates = []
    for parent, kids in old_children.items():
        parent_seq = old_seq_of.get(parent)
        if parent_seq is None or parent_seq not in pairs:
            continue
        left = [k for k in kids if k.seq not in pairs]
        right = [k for k in new_children.get(new_by_seq[pairs[parent_seq]].number, []) if k.seq not in taken]
        if not left or not right:
            continue
        choices = [r.key for r in right]
        for o in left:
            found = process.extract(o.key, choices, scorer=fuzz.ratio, score_cutoff=SIBLING_SCORE, limit=None)
            opening = _opening_piece(o, right)
            if opening is not None:  # split: it continues in the piece that holds its opening
                found = [(None, max((score for _, score, _ in found), default=SIBLING_SCORE), opening)]
            for _, score, j in found:
                n = right[j]
                if _short(o, n) and score < SECTION_SCORE:
                    continue
                candidates.append((-score, abs(kids.index(o) - right.index(n)), o.seq, n.seq))
    candidates.sort()
    old_by, new_by = {r.seq: r for r in old}, {r.seq: r for r in new}
    for score, _, o, n in candidates:
        if o in pairs or n in taken:
            continue
        old_rule, new_rule = old_by[o], new_by[n]
        old_near = [*old_children[old_rule.parent], *_under(old_children, old_rule.number)]
        new_near = [*new_children[new_rule.parent], *_under(new_children, new_rule.number)]
        if (not _contested(old_rule, new_rule, -score, old_near, new_near, pairs, taken, RIVAL_SCORE)
                and not _held_elsewhere(old_rule, new_rule, new_near, taken)
                and not (_short(old_rule, new_rule) and families.elsewhere(old_rule, new_rule))
                and not families.nearer_elsewhere(old_rule, new_rule, -score)):
            pair(o, n)


def _opening_piece(old_rule: AlignedRule, rules: list[AlignedRule]) -> int | None:
    """When ``old_rule`` was split among ``rules`` (two or more of them each hold a piece of its
    text: ``PIECE_SCORE``, at most ``PIECE_SHARE`` of its length), the index of the piece that
    holds its opening (``_opens_alike``, the most alike opening sentence), else None: 2009-07-11
    split 304.1, the draw step's three actions, into 504.1-504.3; it continues as 504.1, the draw,
    though 504.2, the triggers, is the longest piece and the most like it."""
    pieces = [j for j, rule in enumerate(rules) if len(rule.key) <= PIECE_SHARE * len(old_rule.key)
              and fuzz.partial_ratio(rule.key, old_rule.key) >= PIECE_SCORE]
    if len(pieces) < 2:
        return None
    first = _first_sentence(old_rule.key)
    opening = [(fuzz.ratio(first, _first_sentence(rules[j].key)), -j) for j in pieces
               if _opens_alike(old_rule.key, rules[j].key)]
    return -max(opening)[1] if opening else None


def _short(old_rule: AlignedRule, new_rule: AlignedRule) -> bool:
    """Whether either text is shorter than ``SHORT`` (a title, a stock sentence)."""
    return min(len(old_rule.masked), len(new_rule.masked)) < SHORT


def _under(children: dict[str | None, list[AlignedRule]], number: str) -> list[AlignedRule]:
    """The rules under rule ``number`` (its children, theirs, ...), from ``_children``'s map."""
    found, queue = [], list(children.get(number, ()))
    while queue:
        rule = queue.pop()
        found.append(rule)
        queue.extend(children.get(rule.number, ()))
    return found


def _same_number(old, new, pairs, taken, pair, families) -> None:
    """Pass 3: a rule and the rule of its number, when similar and not ``_contested`` by their
    siblings (the children of their parents)."""
    free_new: dict[str, list[AlignedRule]] = defaultdict(list)
    for r in new:
        if r.seq not in taken:
            free_new[r.number].append(r)
    old_children, new_children = _children(old), _children(new)
    for r in old:
        if r.seq in pairs:
            continue
        for candidate in free_new.get(r.number, ()):
            if candidate.seq in taken:
                continue
            score = fuzz.ratio(r.key, candidate.key)
            new_near = families.new_near(candidate, new_children[candidate.parent])
            if score >= SAME_NUMBER_SCORE and not _contested(
                    r, candidate, score, families.old_near(r, old_children[r.parent]), new_near, pairs, taken
            ) and not families.elsewhere(r, candidate) and not _held_elsewhere(r, candidate, new_near, taken):
                pair(r.seq, candidate.seq)
                break


class _Families:
    """Where the matched children of each rule went, to tell passes 2 and 3 that a rule's own rules
    point elsewhere (2016-09-30 dropped the main phase's trigger step 505.4: the old 505.5 and its
    505.5a-b became 505.4 and 505.4a-b, and the old 505.4 is no longer the new one, whatever its number)."""

    def __init__(self, old, new, pairs, taken, matched) -> None:
        self.pairs, self.taken, self.matched = pairs, taken, matched  # kept up to date by the caller
        self.old_parent = {r.seq: r.parent for r in old}
        self.new_parent = {r.seq: r.parent for r in new}
        self.old_seq = {r.number: r.seq for r in reversed(old)}
        self.new_seq = {r.number: r.seq for r in reversed(new)}
        self.old_kids, self.new_kids = _children(old), _children(new)
        self.old_tree, self.new_tree = _trees(old), _trees(new)
        self.old_rules, self.new_rules = list(old), list(new)
        self.old_keys, self.new_keys = [r.key for r in old], [r.key for r in new]

    def nearer_elsewhere(self, old_rule: AlignedRule, new_rule: AlignedRule, score: float) -> bool:
        """Whether a rule still unmatched anywhere is nearly the text of one of the two
        (``NEAR_SCORE``, and ``CONTESTED_MARGIN`` above ``score``): 2009-07-11 moved 510.1, a
        permanent's status, to 110.6 with one category more, where the offset from 214 to 110
        expects 214.5."""
        needed = max(NEAR_SCORE, score + CONTESTED_MARGIN)
        if needed > 100 or min(len(old_rule.key), len(new_rule.key)) < NEAR_LENGTH:
            return False
        for key, rules, keys, used, other in ((old_rule.key, self.new_rules, self.new_keys, self.taken, new_rule),
                                             (new_rule.key, self.old_rules, self.old_keys, self.pairs, old_rule)):
            found = process.extract(key, keys, scorer=fuzz.ratio, score_cutoff=needed, limit=NEAR_LOOKED)
            if any(rules[j] is not other and rules[j].seq not in used for _, _, j in found):
                return True
        return False

    def old_near(self, rule: AlignedRule, siblings: list[AlignedRule]) -> list[AlignedRule]:
        """``siblings`` (of ``rule``, an old rule) and, for a subrule, the old rules under its three-digit rule."""
        return [*siblings, *self.old_tree.get(_three_digit(rule.number), ())] if "." in rule.number else siblings

    def new_near(self, rule: AlignedRule, siblings: list[AlignedRule]) -> list[AlignedRule]:
        """``siblings`` (of ``rule``, a new rule) and, for a subrule, the new rules under its three-digit rule."""
        return [*siblings, *self.new_tree.get(_three_digit(rule.number), ())] if "." in rule.number else siblings

    def elsewhere(self, old_rule: AlignedRule, new_rule: AlignedRule) -> bool:
        """Whether the matched children of either rule belong under another rule still unmatched
        (``_other_home``)."""
        pairs, matched = self.pairs, self.matched
        went = [self.new_parent[pairs[k.seq]] for k in self.old_kids.get(old_rule.number, ()) if k.seq in pairs]
        came = [self.old_parent[matched[k.seq]] for k in self.new_kids.get(new_rule.number, ()) if k.seq in matched]
        return (_other_home(went, new_rule.number, self.new_seq, self.taken)
                or _other_home(came, old_rule.number, self.old_seq, self.pairs))


def _other_home(parents: list[str | None], own: str, seq_of: dict[str, int], used) -> bool:
    """Whether two thirds of ``parents`` name one rule other than ``own``, not ``used`` yet, and
    none names ``own`` (2003-07-01 sent three of 214's matched rules to 212 and kept 214.1: 214
    stays 214)."""
    if not parents or own in parents:
        return False
    top = _two_thirds(parents)
    return top is not None and seq_of.get(top) not in used


def _two_thirds(parents: list[str | None]) -> str | None:
    """The rule at least two thirds of ``parents`` (not empty) name; None when none does (or they
    name no rule)."""
    top = max(set(parents), key=parents.count)
    return top if parents.count(top) * 3 >= 2 * len(parents) else None


def _similar(old, new, pairs, taken, pair) -> None:
    """Pass 4: best-first one-to-one pairing by text similarity among the unmatched rules; a rule
    going where its matched siblings went (``_siblings_went``) counts ``HOME_BONUS`` points more
    in the order, never in the least score."""
    left = [r for r in old if r.seq not in pairs]
    right = [r for r in new if r.seq not in taken]
    if not left or not right:
        return
    choices = [r.key for r in right]
    candidates = []
    n_old, n_new = max(len(old), 1), max(len(new), 1)
    related = _related_rules(old, new, pairs)
    home = _siblings_went(old, new, pairs)
    for o in left:
        near = related.get(_three_digit(o.number), ())
        for _, score, j in process.extract(o.key, choices, scorer=fuzz.ratio, score_cutoff=RELATED_SCORE,
                                           limit=None):
            n = right[j]
            if min(len(o.masked), len(n.masked)) < SHORT:
                needed = ANYWHERE_SCORE
            elif _three_digit(n.number) in near:
                needed = RELATED_SCORE
            elif o.section == n.section:
                needed = SECTION_SCORE
            else:
                needed = ANYWHERE_SCORE
            if score < needed:
                continue
            distance = abs(o.seq / n_old - n.seq / n_new)
            bonus = HOME_BONUS if o.parent is not None and home.get(o.parent) == n.parent else 0.0
            bonus += OPENING_BONUS if _same_opening(o.key, n.key) else 0.0
            candidates.append((-score - bonus, distance, o.seq, n.seq))
    candidates.sort()
    for _, _, o, n in candidates:
        if o not in pairs and n not in taken:
            pair(o, n)


def _same_opening(old_key: str, new_key: str) -> bool:
    """Whether the two texts open with the same sentence (``SAME_OPENING``, a ratio)."""
    return fuzz.ratio(_first_sentence(old_key), _first_sentence(new_key)) >= SAME_OPENING


def _siblings_went(old, new, pairs) -> dict[str, str]:
    """``{old parent number: the new parent}`` under which two thirds of its matched children (at
    least two of them) went."""
    new_parent = {r.seq: r.parent for r in new}
    went: dict[str, list[str | None]] = defaultdict(list)
    for r in old:
        if r.parent is not None and r.seq in pairs:
            went[r.parent].append(new_parent[pairs[r.seq]])
    out = {}
    for parent, parents in went.items():
        top = _two_thirds(parents) if len(parents) >= 2 else None  # two thirds of two or more: two or more
        if top is not None:
            out[parent] = top
    return out


def _grown(old, new, pairs, taken, pair) -> None:
    """Pass 5: an unmatched rule and the unmatched rule, under its three-digit rule or one its
    matched rules went to, that holds the largest share (at least ``GROWN_SHARE``) of its word
    triples, when each is the other's best (``GROWN_LENGTH``: a text cut short is no growth)."""
    left = [r for r in old if r.seq not in pairs]
    right = [r for r in new if r.seq not in taken]
    if not left or not right:
        return
    related = _related_rules(old, new, pairs)
    by_rule: dict[str, list[tuple[AlignedRule, set]]] = defaultdict(list)
    for r in right:
        by_rule[_three_digit(r.number)].append((r, _triples(r.key)))
    best_old: dict[int, tuple[float, int]] = {}
    best_new: dict[int, tuple[float, int]] = {}
    for o in left:
        grams = _triples(o.key)
        if len(grams) < MIN_TRIPLES:
            continue
        for rule in {_three_digit(o.number), *related.get(_three_digit(o.number), ())}:
            for n, held in by_rule.get(rule, ()):
                if len(held) < MIN_TRIPLES or len(o.key) > GROWN_LENGTH * len(n.key):
                    continue
                share = len(grams & held) / len(grams)
                if share >= GROWN_SHARE:
                    best_old[o.seq] = max(best_old.get(o.seq, (0.0, -1)), (share, n.seq))
                    best_new[n.seq] = max(best_new.get(n.seq, (0.0, -1)), (share, o.seq))
    for o, (_, n) in best_old.items():
        if best_new[n][1] == o:
            pair(o, n)


def _triples(text: str) -> set[tuple[str, str, str]]:
    words = text.split()
    return set(zip(words, words[1:], words[2:]))


def _followed(old, new, pairs, taken, pair) -> None:
    """Pass 6: an unmatched rule with matched children and the unmatched rule most of them
    (``FOLLOWED_SHARE``, at least two) went under: a heading renamed keeps its identity with its
    rules. Deepest rules first, so that a renamed subrule's parent can follow it in turn."""
    old_children = _children(old)
    new_parent = {r.seq: r.parent for r in new}
    new_seq_of = {r.number: r.seq for r in reversed(new)}
    for rule in sorted((r for r in old if r.seq not in pairs), key=lambda r: -r.number.count(".") - len(r.number)):
        went = [new_parent[pairs[kid.seq]] for kid in old_children.get(rule.number, ()) if kid.seq in pairs]
        if len(went) < 2:
            continue
        parent, count = max(((p, went.count(p)) for p in set(went) if p is not None), key=lambda x: x[1],
                            default=(None, 0))
        target = new_seq_of.get(parent) if parent is not None else None
        if count >= 2 and count >= FOLLOWED_SHARE * len(went) and target is not None and target not in taken:
            pair(rule.seq, target)


def _mutual(old, new, pairs, taken, pair) -> bool:
    """Pass 7: a rule left unmatched and the unmatched rule most like it, when each is the other's
    best and similar enough (``MUTUAL_SCORE``, or ``MUTUAL_WORDS_SCORE``, where the old rule's three-digit
    rule sent its rules or within its section; ``SECTION_SCORE`` elsewhere; short texts
    ``ANYWHERE_SCORE``): a rule reworded but kept (2009-07-11 rewrote 418.5i, switching power and
    toughness, as layer 7e, 612.3e; 2013-07-13 moved 700.4, indestructible, to 702.12b). True when
    it paired any."""
    left = [r for r in old if r.seq not in pairs]
    right = [r for r in new if r.seq not in taken]
    if not left or not right:
        return False
    left_keys, right_keys = [r.key for r in left], [r.key for r in right]
    best_of_old = [process.extractOne(r.key, right_keys, scorer=fuzz.ratio, score_cutoff=MUTUAL_WORDS_SCORE)
                   for r in left]
    related = _related_rules(old, new, pairs)
    parent_went = _parents_went(old, new, pairs)
    paired = False
    for o, best in zip(left, best_of_old):
        if best is None:
            continue
        _, score, j = best
        n = right[j]
        back = process.extractOne(n.key, left_keys, scorer=fuzz.ratio, score_cutoff=score - 0.5)  # float slack
        if back is None or left[back[2]] is not o:
            continue
        if score >= _mutual_needed(o, n, related, parent_went.get(o.parent)) and n.seq not in taken:
            pair(o.seq, n.seq)
            paired = True
    return paired


def _mutual_needed(old_rule: AlignedRule, new_rule: AlignedRule, related: dict[str, set[str]],
                   parent_went: str | None = None) -> float:
    """The least ratio pass 7 pairs two rules at (``_mutual``); ``parent_went``: the number of the
    rule the old rule's parent was matched to, whose three-digit rule counts as where its rules went
    for two texts that open alike (2009-07-11 217.1, zones, is 400.1: 217.1e, outside the game, is
    400.9 at a ratio of 74; 212.3d's opening stayed at 302.4, not at 302.4c, a ratio nearer)."""
    if min(len(old_rule.masked), len(new_rule.masked)) < SHORT:
        return ANYWHERE_SCORE
    went = set(related.get(_three_digit(old_rule.number), ()))
    if parent_went and _opens_alike(old_rule.key, new_rule.key):
        went.add(_three_digit(parent_went))
    if _three_digit(new_rule.number) not in went and old_rule.section != new_rule.section:
        return SECTION_SCORE
    words_agree = fuzz.token_set_ratio(old_rule.key, new_rule.key) >= WORDS_AGREE
    return MUTUAL_WORDS_SCORE if words_agree else MUTUAL_SCORE


def _parents_went(old, new, pairs) -> dict[str, str]:
    """``{old rule number: the number of the new rule it was matched to}`` for the old rules that
    are parents (have rules under them) and are matched."""
    new_number = {r.seq: r.number for r in new}
    parents = {r.parent for r in old if r.parent is not None}
    return {r.number: new_number[pairs[r.seq]] for r in old if r.number in parents and r.seq in pairs}


def _kept_opening(old, new, pairs, taken, pair) -> bool:
    """Pass 8: an unmatched rule and the unmatched rule whose text opens with the same ``OPENING``
    characters (``masked``), when each is the only one opening so for the other. True when it
    paired any."""
    def by_opening(rules) -> dict[str, list[AlignedRule]]:
        found: dict[str, list[AlignedRule]] = defaultdict(list)
        for rule in rules:
            if len(rule.masked) >= OPENING:
                found[rule.masked[:OPENING]].append(rule)
        return found

    left = by_opening(r for r in old if r.seq not in pairs)
    right = by_opening(r for r in new if r.seq not in taken)
    paired = False
    for opening, olds in left.items():
        news = right.get(opening, [])
        if len(olds) == 1 and len(news) == 1:
            pair(olds[0].seq, news[0].seq)
            paired = True
    return paired


def _kept_words(old, new, pairs, taken, pair) -> bool:
    """Pass 9: a rule still unmatched and an unmatched rule under where its parent or its
    three-digit rule went, when their words agree (``FAMILY_WORDS``) and their opening sentences
    (``SENTENCE_SCORE``) though the texts were rewritten (``FAMILY_SCORE``), each the other's best
    there (2009-07-11 rewrote 504.2, face-down objects, as 707.2, and 2007-02-01 cut 213.3, the
    term spell, at its number: ratios 50 and 47, words 98 and 94); never when the new text drops
    what the old one names (``_keeps_named``). True when it paired any."""
    new_number = {r.seq: r.number for r in new}
    old_seq = {r.number: r.seq for r in reversed(old)}
    # each with the rules it is under but its section (a three-digit rule's parent, the section, is no home)
    right = [(r, set(numbers.ancestors(r.number)[1:])) for r in new if r.seq not in taken and len(r.masked) >= SHORT]
    best_old: dict[int, tuple[float, float, int]] = {}
    best_new: dict[int, tuple[float, float, int]] = {}
    for o in old:
        if o.seq in pairs or len(o.masked) < SHORT:
            continue
        homes = {new_number[pairs[seq]] for seq in (old_seq.get(o.parent or ""), old_seq.get(_three_digit(o.number)))
                 if seq is not None and seq in pairs and seq != o.seq}
        for n, above in right:
            if homes.isdisjoint(above):
                continue
            score = fuzz.ratio(o.key, n.key)
            words = fuzz.token_set_ratio(o.key, n.key) if score >= FAMILY_SCORE else 0.0
            if words >= FAMILY_WORDS and _opens_alike(o.key, n.key) and _keeps_named(o.key, n.key):
                best_old[o.seq] = max(best_old.get(o.seq, (0.0, 0.0, -1)), (words, score, n.seq))
                best_new[n.seq] = max(best_new.get(n.seq, (0.0, 0.0, -1)), (words, score, o.seq))
    paired = False
    for o, (_, _, n) in best_old.items():
        if best_new[n][2] == o:
            pair(o, n)
            paired = True
    return paired


def _opens_alike(old_key: str, new_key: str) -> bool:
    """Whether the two texts' opening sentences are alike (``SENTENCE_SCORE``, ``SENTENCE_WORDS``)."""
    first_old, first_new = _first_sentence(old_key), _first_sentence(new_key)
    return (fuzz.ratio(first_old, first_new) >= SENTENCE_SCORE
            or fuzz.token_set_ratio(first_old, first_new) >= SENTENCE_WORDS)


def _first_sentence(key: str) -> str:
    """The opening sentence of a key text (up to ``SENTENCE_END``; the whole text when it has one)."""
    return SENTENCE_END.split(key, 1)[0]


def _keeps_named(old_key: str, new_key: str) -> bool:
    """Whether the new text still names what the old one calls something (``NAMED``): 2009-07-11
    kept 300.3's mana emptying as 500.4 and dropped what it called mana burn, the rule's subject
    (issue 9: mana burn is removed at 2009-07-11)."""
    return all(name in new_key for name in NAMED.findall(old_key))


def _rewritten(old, new, pairs, taken, pair) -> bool:
    """Pass 10: under each matched parent (or none on both sides), between two matched children
    (or an end) that keep their order, the unmatched old and new children; a pair of the same
    number there (of the same letter under a parent matched to another number, ``_place``, whose
    opening sentences are alike), each the other's best by words then ratio, is matched when its
    words agree (``REWRITTEN_WORDS``; ``PLACED_WORDS`` for a letter) and the new text keeps what
    the old one names (``_keeps_named``). True when it paired any."""
    new_children = _children(new)
    old_seq = {r.number: r.seq for r in reversed(old)}
    new_number = {r.seq: r.number for r in new}
    paired = False
    for parent, kids in _children(old).items():
        if parent is None:
            target = new_children.get(None, [])
        elif old_seq.get(parent) in pairs:
            target = new_children.get(new_number[pairs[old_seq[parent]]], [])
        else:
            continue
        for left, right in _gaps(kids, target, pairs, taken):
            paired |= _pair_rewritten(left, right, pair)
    return paired


def _gaps(kids, target, pairs, taken) -> list[tuple[list[AlignedRule], list[AlignedRule]]]:
    """The unmatched rules of ``kids`` (old) and ``target`` (new) between each two matched kids in
    order, both sides not empty; none when the matched kids changed their order."""
    index = {r.seq: i for i, r in enumerate(target)}
    anchors = [(i, index[pairs[kid.seq]]) for i, kid in enumerate(kids) if pairs.get(kid.seq) in index]
    if any(after[1] <= before[1] for before, after in zip(anchors, anchors[1:])):
        return []
    bounds = [(-1, -1), *anchors, (len(kids), len(target))]
    gaps = []
    for (old_from, new_from), (old_to, new_to) in zip(bounds, bounds[1:]):
        left = [r for r in kids[old_from + 1 : old_to] if r.seq not in pairs]
        right = [r for r in target[new_from + 1 : new_to] if r.seq not in taken]
        if left and right:
            gaps.append((left, right))
    return gaps


def _place(rule: AlignedRule) -> str:
    """A rule's number under its parent: the letters of a subrule (``a`` of 702.2a and of 502.63a),
    else the whole number."""
    rest = rule.number[len(rule.parent):] if rule.parent else ""
    return rest if rest.isalpha() else rule.number


def _pair_rewritten(left: list[AlignedRule], right: list[AlignedRule], pair) -> bool:
    """Pair the rules of one gap (``_gaps``) that pass 10 pairs; True when it paired any."""
    scores = {(o.seq, n.seq): (fuzz.token_set_ratio(o.key, n.key), fuzz.ratio(o.key, n.key))
              for o in left for n in right}
    paired = False
    for o in left:
        n = next((n for n in right if _place(n) == _place(o)), None)
        if n is None:
            continue
        score = scores[o.seq, n.seq]
        best = (score >= max(scores[o.seq, other.seq] for other in right)
                and score >= max(scores[other.seq, n.seq] for other in left))
        moved = n.number != o.number  # a letter under a moved parent
        if moved and not _opens_alike(o.key, n.key):
            continue
        if best and score[0] >= (PLACED_WORDS if moved else REWRITTEN_WORDS) and _keeps_named(o.key, n.key):
            pair(o.seq, n.seq)
            paired = True
    return paired
