"""Finding a judge-vocabulary target (``search.jargon.Target``: a number in a base edition and an
anchor) in the edition searched, by identity, never by number alone: numbers move between
editions (mill is 701.13 before 2025-06-06 and 701.17 after).

``TargetFinder.find(target, base, edition)``:

1. the rule in the base edition: the target's number when the base edition holds it, else the
   rule the anchor identifies in the newest English edition (a KB without the key edition);
2. that rule in the edition searched through the stored alignment (``kb.store.history``): its
   lineage in an English edition of the chain (a chain edition without it: no rule), its agreeing
   counterpart in a translation;
3. else the rule the anchor identifies in the edition searched: the rule whose title (or the
   English title a translation's heading prints) is the anchor, else, in English, whose text
   holds it; of several, the one numbered as the target, else none;
4. else, in a translation, the rule its structure pairs with the base rule's in its English
   partner, or, when the alignment joins it to no English edition (a KB without an English
   edition near its date: ko 2021-11-19 beside en 2024-04-12 and 2026-01-16), in the English
   edition nearest it (``search.unjoined``): ``LKI``'s 608.2h, whose anchor is English text, and
   which ko 2021-11-19 cites 112.7a in, 113.7a's older number, so the alignment joins it to none.
"""

from __future__ import annotations

from kb.model import Edition, Rule
from kb.store.history import locate, steps_of, translations
from kb.store.read import Store
from search.jargon import Target, fold
from search.unjoined import UnjoinedTranslations


def rule_rows(store: Store, edition_id: str) -> list[Rule]:
    """The edition's rules with only number, text, title and English title (``Store.rules`` also
    reads references, examples and defined terms: several times slower), in document order."""
    rows = store.query("SELECT number, text, title, title_en FROM rules WHERE edition = ? ORDER BY seq", (edition_id,))
    return [Rule(number, text or "", title, title_en) for number, text, title, title_en in rows]


class TargetFinder:
    """Finds targets in one store's editions (results are not cached here: ``search.expand``
    keeps them per edition). ``english`` is the edition an anchor is looked up in when a target's
    base edition is missing (the newest English one; None: no English edition)."""

    def __init__(self, store: Store, english: Edition | None) -> None:
        self.store = store
        self.english = english
        self._anchors: dict[str, list[tuple[str, str, str, str]]] = {}
        self._unjoined = UnjoinedTranslations(store)

    def find(self, target: Target, base: str, edition: Edition) -> str | None:
        """``target``'s rule number in ``edition``, or None. ``base`` is the id of the edition
        whose numbers the target gives (``""``: none of the KB's)."""
        start = (base, target.number) if base and target.number in self.store.numbers(base) else None
        if start is None and self.english is not None:
            found = self.by_anchor(target, self.english)
            start = (self.english.id, found) if found else None
        if start is not None:
            if start[0] == edition.id:
                return start[1]
            followed, known = self._follow(start, edition)
            if followed or known:
                return followed
        found = self.by_anchor(target, edition)
        if found is None and start is not None and edition.lang != "en":
            found = self._unjoined.find(start, edition)
        return found

    def _follow(self, start: tuple[str, str], edition: Edition) -> tuple[str | None, bool]:
        """The rule ``start`` (edition id, number) in ``edition`` through the stored alignment, and
        whether the alignment knows (a chain edition without the rule: ``(None, True)``)."""
        located = locate(self.store, *start)
        if located is None:
            return None, False
        if edition.lang == "en":
            for step in steps_of(self.store, located.lineage):
                if step.edition == edition.id and step.number:
                    return step.number, True
            return None, bool(self.store.query("SELECT 1 FROM chain WHERE edition = ?", (edition.id,)))
        seqs = [seq for edition_id, seq in translations(self.store, located) if edition_id == edition.id]
        if not seqs:
            return None, False
        row = self.store.query("SELECT number FROM rules WHERE edition = ? AND seq = ?", (edition.id, seqs[0]))
        return (row[0][0], True) if row else (None, False)

    def by_anchor(self, target: Target, edition: Edition) -> str | None:
        """The rule of ``edition`` the target's anchor identifies (step 3 of the module docstring)."""
        anchor = fold(target.anchor)
        rules = self._anchors.get(edition.id)
        if rules is None:
            english = edition.lang == "en"
            rules = self._anchors[edition.id] = [
                (r.number, fold(r.title or ""), fold(r.title_en or ""), fold(r.text or "") if english else "")
                for r in rule_rows(self.store, edition.id)]
        found = [n for n, title, title_en, _ in rules if anchor in (title, title_en)]
        found = found or [n for n, _, _, text in rules if text and anchor in text]
        if len(set(found)) == 1:
            return found[0]
        return target.number if target.number in found else None
