"""The changes between two editions of one language's chain, read from the stored lineages
(``kb.store.history``): rules created, removed, moved (number changed, text not), edited (text
changed, maybe moved too), each with its numbers and texts in both editions."""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.errors import NotAligned
from kb.store.coverage import coverage, english_stand_in
from kb.store.read import Store


@dataclass(frozen=True)
class Changed:
    """One rule in the changes: ``old``/``new`` numbers (None when created/removed), the titles
    and texts in each edition, ``change`` (``created``, ``removed``, ``moved``, ``edited``,
    ``moved+edited``) and ``refs_only`` (only the rule numbers its text names changed)."""

    change: str
    old: str | None
    new: str | None
    old_title: str | None = None
    new_title: str | None = None
    old_text: str | None = None
    new_text: str | None = None
    refs_only: bool = False
    seq: int = 0


@dataclass
class Changes:
    """What changed from edition ``old`` to ``new`` (``counts`` per change, ``unchanged`` too).
    ``outside``: the rules one edition holds and an excerpt on the other side lacks
    (``kb.store.coverage``): neither created nor removed, and not listed (a translation's rule
    that English itself created in between is listed as created)."""

    lang: str
    old: str
    new: str
    counts: dict[str, int] = field(default_factory=dict)
    rules: list[Changed] = field(default_factory=list)
    outside: int = 0


def _outside_chain(store: Store, old: str, new: str, edition_id: str) -> NotAligned:
    """Why an edition is in no chain: undated, or another copy of a date whose chain edition is named."""
    edition = store.edition(edition_id)
    if edition.effective_date is None:
        return NotAligned(old, new, "undated", edition_id)
    chained = store.query("SELECT c.edition FROM chain c JOIN editions e ON e.id = c.edition "
                          "WHERE c.lang = ? AND e.effective_date = ?", (edition.lang, edition.date_text))
    if chained:
        return NotAligned(old, new, "copy", edition_id, chained[0][0], edition.date_text)
    return NotAligned(old, new, "unchained", edition_id)


def changes(store: Store, old: str, new: str) -> Changes:
    """The changes from edition ``old`` to edition ``new`` (ids of one chain, ``old`` the earlier).
    Raises ``NotAligned`` when they are not in one chain or ``old`` is not earlier."""
    where = {e: store.query("SELECT lang, position FROM chain WHERE edition = ?", (e,)) for e in (old, new)}
    for edition in (old, new):
        if not where[edition]:
            raise _outside_chain(store, old, new, edition)
    if where[old][0][0] != where[new][0][0]:
        raise NotAligned(old, new, "languages")
    lang, (p_old, p_new) = where[old][0][0], (where[old][0][1], where[new][0][1])
    if p_old >= p_new:
        raise NotAligned(old, new, "same", old) if old == new else NotAligned(old, new, "order")
    edited = dict(store.query(
        "SELECT l.lineage, MIN(l.refs_only) FROM lineage l JOIN chain c ON c.edition = l.edition "
        "WHERE c.lang = ? AND c.position > ? AND c.position <= ? AND (l.change IN ('edited', 'moved+edited') "
        "OR l.refs_only = 1) GROUP BY l.lineage", (lang, p_old, p_new)))
    texts = "r.number, r.title, r.text, r.seq"
    old_rules = {row[0]: row[1:] for row in store.query(
        f"SELECT l.lineage, {texts} FROM lineage l JOIN rules r ON r.edition = l.edition AND r.seq = l.seq "
        "WHERE l.edition = ?", (old,))}
    new_rules = {row[0]: row[1:] for row in store.query(
        f"SELECT l.lineage, {texts} FROM lineage l JOIN rules r ON r.edition = l.edition AND r.seq = l.seq "
        "WHERE l.edition = ?", (new,))}
    out = Changes(lang, old, new, dict.fromkeys(("unchanged", "edited", "moved", "moved+edited", "created", "removed"), 0))
    for lineage, (number, title, text, seq) in new_rules.items():
        before = old_rules.get(lineage)
        if before is None:
            out.rules.append(Changed("created", None, number, None, title, None, text, seq=seq))
            continue
        was_edited = lineage in edited and (before[1], before[2]) != (title, text)
        refs_only = was_edited and edited[lineage] == 1
        moved = before[0] != number
        if refs_only:
            was_edited = False
        change = ("moved+edited" if was_edited else "moved") if moved else ("edited" if was_edited else "unchanged")
        if change != "unchanged" or refs_only:
            out.rules.append(Changed(change, before[0], number, before[1], title, before[2], text, refs_only, seq))
        out.counts[change] += 1
    for lineage, (number, title, text, seq) in old_rules.items():
        if lineage not in new_rules:
            out.rules.append(Changed("removed", number, None, title, None, text, None, seq=-1 - seq))
    _drop_outside(store, out)
    out.counts["created"] = sum(1 for c in out.rules if c.change == "created")
    out.counts["removed"] = sum(1 for c in out.rules if c.change == "removed")
    out.rules.sort(key=lambda c: (c.seq < 0, abs(c.seq)))
    return out


def _drop_outside(store: Store, out: Changes) -> None:
    """When ``out.old`` is an excerpt (``kb.store.coverage``), a rule it lacks was left out of
    it, not created since (ja 2023-09-01 holds 277 rules of 100-208: 2026-01-16 did not create
    2,994 rules), unless English created it in between (``_created_in_english``); when
    ``out.new`` is one, a rule it lacks was not removed. Such rules are dropped from
    ``out.rules`` and counted in ``out.outside``."""
    excerpt_before, excerpt_after = coverage(store, out.old) is not None, coverage(store, out.new) is not None
    if not excerpt_before and not excerpt_after:
        return
    created = _created_in_english(store, out.old, out.new) if excerpt_before else set()
    kept = [c for c in out.rules
            if not (c.change == "created" and excerpt_before and c.seq not in created
                    or c.change == "removed" and excerpt_after)]
    out.outside = len(out.rules) - len(kept)
    out.rules = kept


def _created_in_english(store: Store, old: str, new: str) -> set[int]:
    """The rules (seqs) of translation ``new`` whose English rule (its translation partner's) is
    not in the English edition standing in for ``old`` (``english_stand_in``: its partner, else
    the English edition of its date): new in English too, so created. Empty for English
    editions and when either English edition is missing."""
    before = english_stand_in(store, store.edition(old))
    if before is None or store.edition(new).lang == "en":
        return set()
    held = {lineage for (lineage,) in store.query("SELECT lineage FROM lineage WHERE edition = ?", (before.id,))}
    rows = store.query(
        "SELECT c.seq, l.lineage FROM counterparts c "
        "JOIN links k ON k.edition = c.edition AND k.anchor = c.anchor AND k.kind = 'translation' "
        "JOIN lineage l ON l.edition = c.anchor AND l.seq = c.anchor_seq WHERE c.edition = ? AND c.agrees = 1", (new,))
    return {seq for seq, lineage in rows if lineage not in held}
