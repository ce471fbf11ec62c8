"""What part of the CR an edition holds, and which English edition stands in for the rest.

Most texts hold all nine sections; an excerpt does not (the Japanese seed of 2023-09-01 holds rules
100-208, a Korean seed section 7). Such an edition says so on its pages and in search, and a rule
it lacks is found in its English edition: the English edition it was joined to as a translation
(``links``), else the English edition of its effective date.
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.model import Edition
from kb.numbers import section_of
from kb.store.read import Store

SECTIONS = tuple("123456789")


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
    """The part of the CR ``edition_id`` holds, or None when it holds every section."""
    rows = store.query("SELECT DISTINCT section FROM rules WHERE edition = ?", (edition_id,))
    held = tuple(s for s in SECTIONS if (s,) in set(rows))
    if held == SECTIONS or not held:
        return None
    three = [n for (n,) in store.query("SELECT DISTINCT substr(number, 1, 3) FROM rules WHERE edition = ? AND level >= 1",
                                       (edition_id,))]
    if not three:
        return Coverage(held, held[0] + "00", held[-1] + "99")
    return Coverage(held, min(three), max(three))


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
