"""Editions joined to another: translations to the English chain, copies to their language's chain.

- A **translation** edition (any language but English, in its language's chain or not) is joined
  to an English edition of the chain, checked and not assumed: its rules are compared with the
  English rules of the same number on what a translation keeps (the rule numbers the text names,
  the number of subrules, the English keyword a Korean heading carries) and the English edition of
  the same date or near it that agrees best is its partner; each rule that agrees is joined to its
  English rule (``counterparts``), a rule whose number the translator misprinted is left out.
- A **copy** (an undated edition, or a second edition of one date) is fingerprinted against every
  official edition of its language: the share of its rules whose text is identical; the best
  edition (several when they tie: a span) is its anchor and its rules are aligned to the anchor's
  (``ingest.align.match``) to be joined.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import statistics
from collections import defaultdict

from rapidfuzz import fuzz

from ingest.align import normalise
from ingest.align.match import AlignedRule, align_rules
from ingest.align.slips import copied_texts, realigned_lists

NEAR = 3
"""English editions either side of the same date that a translation is also checked against."""
MAX_DAYS = 366
"""The farthest an English edition's effective date may be from a translation's to be its partner.
Translations trail the English by weeks or months (ko 2017-01-20 translates en 2017-06-05's
rules); without its English edition in the KB, a translation has no partner: ko 2016-07-22 beside
en 2021-11-19 alone shared 54% of its numbers' structure, and paired 702.34 Madness with
2021's 702.34, Flashback."""
TIE = 0.005
"""Shares closer than this to the best are a tie (the undated copy's span)."""
LEAST_SHARE = 0.3
"""An undated copy matches an official edition only when at least this share of its rules is identical."""
UNDATED_SHARE = 0.8
"""An undated translation (no edition of its language to be a copy of) is joined to the English
edition its rules agree with best, of any date, only when at least this share of them agree: with
no date to keep it near, a translation beside the wrong English edition still agrees in part
(ko 2016-07-22 beside en 2021-11-19 alone: 54%)."""


def structure(db: sqlite3.Connection, edition: str) -> dict[str, tuple[int, tuple[str, ...], int, str]]:
    """``{number: (seq, references named, subrule count, English title)}`` of an edition's rules
    (the first of a number printed twice)."""
    rows = db.execute("SELECT seq, number, parent, title, title_en, text FROM rules WHERE edition = ? ORDER BY seq",
                      (edition,)).fetchall()
    kids: dict[str, int] = defaultdict(int)
    for _, _, parent, *_ in rows:
        if parent:
            kids[parent] += 1
    out: dict[str, tuple[int, tuple[str, ...], int, str]] = {}
    for seq, number, _, title, title_en, text in rows:
        if number not in out:
            english = (title_en or (title if _latin(title) else "") or "").strip().lower()
            out[number] = (seq, normalise.references(text or ""), kids[number], english)
    return out


def _latin(title: str | None) -> bool:
    return bool(title) and all(ord(c) < 0x250 for c in title)


def agrees(translated: tuple, english: tuple, strict: bool = True, counted: bool = True) -> bool:
    """Whether a translated rule keeps what its English rule of the same number holds: the same
    references (when either names one), the same number of subrules, and the same English title
    when the translation prints one. Not ``strict``, the references need only share a three-digit
    rule when both name some (translators drop or mistype a subrule letter: ko 2021-11-19 702.96a
    cites 601.2e where the English cites 601.2f), the subrule counts may differ by one (or 5% for a
    long list) and the English title may be misspelt ("manifast"); the English partner edition is
    chosen strictly, each rule's counterpart loosely. Not ``counted``, the subrule counts are not
    compared (an abridged translation leaves subrules out: ``abridged``)."""
    _, refs, kids, title = translated
    _, en_refs, en_kids, en_title = english
    if not counted:
        kids = en_kids
    if strict and (refs or en_refs) and sorted(refs) != sorted(en_refs):
        return False
    if not strict and refs and en_refs and not {r.split(".")[0] for r in refs} & {r.split(".")[0] for r in en_refs}:
        return False
    if strict:
        return kids == en_kids and (not title or not en_title or title == en_title)
    if title and en_title:  # a heading printing its English title: its subrules may be left out (ko 718 Subgames)
        return fuzz.ratio(title, en_title) >= 80
    return abs(kids - en_kids) <= max(1, en_kids // 20)


NEAR_REFERENCE = 3
"""How many three-digit rules a translation's reference may be off its English rule's (``stale``)."""
LENGTH_SPREAD = 1.8
"""How far (a factor either way) a translated text's length over its English rule's may be from
the edition's usual ratio for ``stale`` references to be a misprint and not another rule."""


def stale(translated: tuple, english: tuple) -> bool:
    """Whether a translated rule's references are its English rule's as a translator left them
    stale after a renumbering or mistyped them: as many, each the same but for a three-digit
    rule at most ``NEAR_REFERENCE`` off (ja 2026-01-16 508.1 cites 731 where the English cites
    732, ko 2021-11-19 115.7b 114.7a for 115.7a) or one character (ko 403.4: 700.7 for 400.7).
    ``translated`` and ``english`` are ``structure``'s tuples."""
    refs, en_refs = translated[1], english[1]
    return bool(refs) and len(refs) == len(en_refs) and refs != en_refs and all(
        _near(ref, en_ref) for ref, en_ref in zip(refs, en_refs))


def _near(ref: str, en_ref: str) -> bool:
    if ref == en_ref:
        return True
    head, _, tail = ref.partition(".")
    en_head, _, en_tail = en_ref.partition(".")
    if tail == en_tail and head.isdigit() and en_head.isdigit() and abs(int(head) - int(en_head)) <= NEAR_REFERENCE:
        return True
    return len(ref) == len(en_ref) and sum(a != b for a, b in zip(ref, en_ref)) == 1


ABRIDGED_SHARE = 0.2
"""Share of the English rules under a translation's three-digit rules that it may lack and still
count its subrules (``abridged``)."""


def abridged(translated: dict[str, tuple], english: dict[str, tuple]) -> bool:
    """Whether a translation leaves out over ``ABRIDGED_SHARE`` of the English rules under the
    three-digit rules it holds (the Japanese seed holds 277 of the rules of 100-208): its
    rules' subrule counts then say nothing."""
    covered = {number.split(".")[0] for number in translated if "." in number}
    under = [number for number in english if "." in number and number.split(".")[0] in covered]
    return bool(under) and sum(number not in translated for number in under) > ABRIDGED_SHARE * len(under)


def join_translation(
    db: sqlite3.Connection, edition: str, date: str | None, english_chain: list[tuple[str, str]],
) -> tuple[str, float, list[tuple[int, int, int]]] | None:
    """``(English edition, share agreeing, [(seq, English seq, agrees)])`` for a translation of
    effective ``date``; ``english_chain`` is ``[(id, date)]`` oldest first. None without a dated
    English edition within ``MAX_DAYS`` of it. An undated translation (``date`` None) is checked
    against every English edition, the newest winning a tie, and joined only when at least
    ``UNDATED_SHARE`` of its rules agree."""
    if not english_chain:
        return None
    if date is None:
        near = english_chain
    else:
        position = min(range(len(english_chain)), key=lambda i: (abs(_days(english_chain[i][1]) - _days(date)), i))
        near = [(en_id, en_date) for en_id, en_date in english_chain[max(0, position - NEAR): position + NEAR + 1]
                if abs(_date(en_date) - _date(date)).days <= MAX_DAYS]
    if not near:
        return None
    translated = structure(db, edition)
    if not translated:
        return None
    best = None
    for en_id, en_date in near:
        english = structure(db, en_id)
        counted = not abridged(translated, english)
        agreeing = sum(agrees(t, english[n], counted=counted) for n, t in translated.items() if n in english)
        share = agreeing / len(translated)
        rank = (share, en_date) if date is None else (share, en_date == date, -abs(_days(en_date) - _days(date)))
        if best is None or rank > best[0]:
            best = (rank, en_id, share, english, counted)
    _, en_id, share, english, counted = best
    if date is None and share < UNDATED_SHARE:
        return None
    partner: dict[str, str | None] = {n: n for n in translated if n in english}
    lengths, en_lengths = _lengths(db, edition), _lengths(db, en_id)
    partner.update(realigned_lists(translated, english, lengths, en_lengths))
    slips = copied_texts(db, edition, en_id)
    usual = _usual_ratio(partner, lengths, en_lengths)

    def joined(number: str, english_number: str) -> bool:
        own, theirs = translated[number], english[english_number]
        if own[0] in slips:
            return False
        if stale(own, theirs):  # the references aside, as long as a translation of its English rule is
            ratio = lengths.get(number, 0) / max(1, en_lengths.get(english_number, 0)) / usual
            return 1 / LENGTH_SPREAD <= ratio <= LENGTH_SPREAD and agrees(
                (own[0], theirs[1], *own[2:]), theirs, strict=False, counted=counted)
        return agrees(own, theirs, strict=False, counted=counted)

    pairs = [(translated[n][0], english[en_n][0], int(joined(n, en_n))) for n, en_n in partner.items()
             if en_n is not None]
    return en_id, round(share, 4), pairs


def _usual_ratio(partner: dict[str, str | None], lengths: dict[str, int], en_lengths: dict[str, int]) -> float:
    """The median of a translation's text lengths over its English rules' (about 0.5 for Korean
    and Japanese, 0.3 for Chinese); 1.0 when no pair has both."""
    ratios = [lengths[n] / en_lengths[en_n] for n, en_n in partner.items()
              if en_n is not None and lengths.get(n) and en_lengths.get(en_n)]
    return statistics.median(ratios) if ratios else 1.0


def _lengths(db: sqlite3.Connection, edition: str) -> dict[str, int]:
    """``{number: length of its text}`` (the first printing of a number)."""
    return dict(db.execute("SELECT number, length(coalesce(text, '')) FROM rules WHERE edition = ? ORDER BY seq DESC",
                           (edition,)))


def _date(iso: str) -> dt.date:
    return dt.date.fromisoformat(iso)


def _days(iso: str) -> int:
    year, month, day = (int(x) for x in iso.split("-"))
    return year * 372 + month * 31 + day


def fingerprint(copy: list[AlignedRule], officials: dict[str, set[str]]) -> list[tuple[str, float]]:
    """``[(official edition, share)]`` best first: the share of the copy's rules whose ``plain``
    text the official edition holds (those at least ``LEAST_SHARE``)."""
    if not copy:
        return []
    found = []
    for edition, keys in officials.items():
        share = sum(1 for r in copy if r.plain in keys) / len(copy)
        if share >= LEAST_SHARE:
            found.append((edition, round(share, 4)))
    found.sort(key=lambda x: (-x[1], x[0]))
    return found


def tied(matches: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """The matches tied with the best (the span an undated copy may be)."""
    return [m for m in matches if matches and m[1] >= matches[0][1] - TIE]


def join_copy(copy: list[AlignedRule], anchor: list[AlignedRule]) -> list[tuple[int, int, int]]:
    """``[(seq, anchor seq, 1)]``: the copy's rules aligned to the anchor edition's."""
    return [(m.new, m.old, 1) for m in align_rules(anchor, copy)]
