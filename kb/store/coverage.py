"""What part of the CR an edition holds, and which English edition stands in for the rest.

Most texts hold every section of their time (nine since September 2009; five, six or eight in the
English texts of 2002-2009); an excerpt does not (the Japanese seed of 2023-09-01 holds rules
100-208, a Korean seed section 7). Such an edition says so on its pages and in search, and a rule
it lacks is found in its English edition: the English edition it was joined to as a translation
(``links``), else the English edition of its effective date.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kb.model import Edition
from kb.numbers import section_of
from kb.store.read import Store

SECTIONS = tuple("123456789")
WHOLE_SECTIONS = 5
"""Every whole CR holds at least sections 1-5 (2002-2005); an edition with fewer is an excerpt."""


@dataclass(frozen=True)
class Coverage:
    """The sections an edition holds (in order) and its first and last three-digit rules."""

    sections: tuple[str, ...]
    first: str
    last: str

    def holds(self, number: str) -> bool:
        """True when ``number`` lies in a section the edition holds."""
        return section_of(number) in self.sections

    @property
    def span(self) -> str:
        """``"100–208"``: the three-digit rules held, first to last (``"702"`` for one)."""
        return self.first if self.first == self.last else f"{self.first}–{self.last}"


def coverage(store: Store, edition_id: str) -> Coverage | None:
    """The part of the CR ``edition_id`` holds, or None when it holds every section a whole
    edition of its time holds (``expected_sections``: the CR had five sections from 2002, six from
    August 2005, eight in July 2009, nine since)."""
    held = _sections(store, edition_id)
    if not held or set(expected_sections(store, store.edition(edition_id))) <= set(held):
        return None
    three = [n for (n,) in store.query("SELECT DISTINCT substr(number, 1, 3) FROM rules WHERE edition = ? AND level >= 1",
                                       (edition_id,))]
    if not three:
        return Coverage(held, held[0] + "00", held[-1] + "99")
    return Coverage(held, min(three), max(three))


def expected_sections(store: Store, edition: Edition) -> tuple[str, ...]:
    """The sections a whole edition of ``edition``'s date holds: those both of the other whole
    English editions (``WHOLE_SECTIONS`` or more) nearest before and after it hold (the same
    date counting as either; one when there is one: 2009-07-11 holds sections 1-8, between
    2009-05-01's six and 2009-09-04's nine); the first ``WHOLE_SECTIONS`` when the KB has no
    other whole dated English edition; all nine for an undated edition (a copy of a recent text)."""
    if edition.effective_date is None:
        return SECTIONS
    dated = [e for e in store.editions("en") if e.effective_date is not None and e.id != edition.id]  # newest first
    before = (e for e in dated if e.effective_date <= edition.effective_date)
    after = (e for e in reversed(dated) if e.effective_date >= edition.effective_date)
    nearest = [found for found in (_first_whole(store, before), _first_whole(store, after)) if found]
    if not nearest:
        return SECTIONS[:WHOLE_SECTIONS]
    held = set.intersection(*(set(sections) for sections in nearest))
    return tuple(s for s in SECTIONS if s in held)


def _first_whole(store: Store, editions: Iterable[Edition]) -> tuple[str, ...] | None:
    """The sections of the first of ``editions`` that holds ``WHOLE_SECTIONS`` or more."""
    for edition in editions:
        sections = _sections(store, edition.id)
        if len(sections) >= WHOLE_SECTIONS:
            return sections
    return None


def _sections(store: Store, edition_id: str) -> tuple[str, ...]:
    rows = set(store.query("SELECT DISTINCT section FROM rules WHERE edition = ?", (edition_id,)))
    return tuple(s for s in SECTIONS if (s,) in rows)


def english_stand_in(store: Store, edition: Edition) -> Edition | None:
    """The English edition a translation's missing rules are read from: its translation partner,
    else the English edition of its effective date; None for English or when there is none."""
    if edition.lang == "en":
        return None
    partner = store.query("SELECT anchor FROM links WHERE edition = ? AND kind = 'translation'", (edition.id,))
    if partner:
        return store.edition(partner[0][0])
    same_day = [e for e in store.editions("en") if edition.effective_date and e.effective_date == edition.effective_date]
    return same_day[0] if same_day else None
