"""Reading the stored alignment (``kb.store.schema``: chain, lineage, parts, links, counterparts): a
rule's history through its language's editions (with the rule it was split from, or merged into),
its counterparts in English, the changes between two editions, and what an undated copy matches.

A rule is found by ``(edition, number)`` (the first printed with that number). A rule of an edition
outside the chain (a copy) is followed through the rule it was aligned to in its anchor edition.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from kb.store.read import Store

CHANGES = ("created", "unchanged", "edited", "moved", "moved+edited", "removed")


@dataclass(frozen=True)
class Part:
    """The rule of a neighbouring edition that took or gave a rule's text whole
    (``ingest.align.parts``): ``edition``, its ``effective_date``, ``number`` and ``seq``."""

    edition: str
    effective_date: str | None
    number: str
    seq: int


@dataclass(frozen=True)
class Step:
    """A rule in one edition of its history: ``change`` from the previous edition of the chain;
    ``number`` None and ``change`` ``removed`` at the first edition without it. ``part``: on a
    ``created`` step, the rule of the edition before that held its text (a split); on the
    ``removed`` step, the rule of that edition that holds its text (a merge); else None."""

    edition: str
    effective_date: str | None
    number: str | None
    change: str
    seq: int | None = None
    refs_only: bool = False
    part: Part | None = None


@dataclass(frozen=True)
class Located:
    """Where a rule asked for sits in its language's chain: the chain ``edition`` and ``seq``
    (itself, or its anchor's rule for a copy) and the ``lineage`` id."""

    edition: str
    seq: int
    lineage: int


@dataclass
class History:
    """``steps`` oldest first (see ``Step``) and ``counterparts``: ``[{"lang", "edition", "number",
    "change"}]`` (a translation's English rule of its own edition and of the newest English one,
    named once when they are one)."""

    lang: str
    edition: str
    number: str
    steps: list[Step] = field(default_factory=list)
    counterparts: list[dict] = field(default_factory=list)


def chain(store: Store, lang: str) -> list[tuple[str, str | None]]:
    """``[(edition id, effective date)]`` of a language's chain, oldest first."""
    return store.query("SELECT c.edition, e.effective_date FROM chain c JOIN editions e ON e.id = c.edition "
                       "WHERE c.lang = ? ORDER BY c.position", (lang,))


def locate(store: Store, edition: str, number: str) -> Located | None:
    """The rule ``number`` of ``edition`` in its chain, or None (no such rule, or a copy's rule
    aligned to nothing)."""
    found = store.query("SELECT seq FROM rules WHERE edition = ? AND number = ? ORDER BY seq LIMIT 1", (edition, number))
    if not found:
        return None
    return locate_seq(store, edition, found[0][0])


NO_LINEAGE = -1
"""The ``lineage`` of a rule of a translation in no chain (undated, the only one of its language),
joined to English by itself: it has no history, only its English counterparts."""


def locate_seq(store: Store, edition: str, seq: int) -> Located | None:
    """The rule at ``seq`` of ``edition`` in its chain, or None; a rule of a translation in no
    chain but joined to English is located in its own edition with ``NO_LINEAGE``."""
    row = store.query("SELECT lineage FROM lineage WHERE edition = ? AND seq = ?", (edition, seq))
    if row:
        return Located(edition, seq, row[0][0])
    via = store.query("SELECT c.anchor, c.anchor_seq, l.lineage FROM counterparts c JOIN links k ON "
                      "k.edition = c.edition AND k.anchor = c.anchor AND k.kind = 'copy' AND k.rank = 0 "
                      "JOIN lineage l ON l.edition = c.anchor AND l.seq = c.anchor_seq "
                      "WHERE c.edition = ? AND c.seq = ?", (edition, seq))
    if via:
        return Located(*via[0])
    joined = store.query("SELECT 1 FROM counterparts c JOIN links k ON k.edition = c.edition AND k.anchor = c.anchor "
                         "AND k.kind = 'translation' WHERE c.edition = ? AND c.seq = ? AND NOT EXISTS "
                         "(SELECT 1 FROM chain WHERE edition = c.edition)", (edition, seq))
    return Located(edition, seq, NO_LINEAGE) if joined else None


def steps_of(store: Store, lineage: int) -> list[Step]:
    """Every edition of the lineage's chain holding it, oldest first, then ``removed`` at the first
    edition of the chain without it (when it is not in the newest); the first step's and the
    removed step's ``part`` when another rule gave or took the text."""
    rows = store.query(
        "SELECT l.edition, e.effective_date, r.number, l.change, l.seq, l.refs_only, c.position, c.lang "
        "FROM lineage l JOIN rules r ON r.edition = l.edition AND r.seq = l.seq "
        "JOIN editions e ON e.id = l.edition JOIN chain c ON c.edition = l.edition "
        "WHERE l.lineage = ? ORDER BY c.position", (lineage,))
    steps = [Step(ed, date, number, change, seq, bool(refs)) for ed, date, number, change, seq, refs, _, _ in rows]
    if steps and steps[0].change == "created":
        steps[0] = replace(steps[0], part=_part(store, "split", steps[0].edition, steps[0].seq))
    if rows:
        last, lang = rows[-1][6], rows[-1][7]
        after = store.query("SELECT c.edition, e.effective_date FROM chain c JOIN editions e ON e.id = c.edition "
                            "WHERE c.lang = ? AND c.position = ?", (lang, last + 1))
        if after:
            steps.append(Step(after[0][0], after[0][1], None, "removed",
                              part=_part(store, "merged", steps[-1].edition, steps[-1].seq)))
    return steps


def _part(store: Store, kind: str, edition: str, seq: int | None) -> Part | None:
    """For ``split``, the rule the created rule ``(edition, seq)`` was split from; for ``merged``,
    the rule the last-held rule ``(edition, seq)`` was merged into; None when there is none."""
    here, there = ("new", "old") if kind == "split" else ("old", "new")
    found = store.query(
        f"SELECT p.{there}_edition, e.effective_date, r.number, p.{there}_seq FROM parts p "
        f"JOIN rules r ON r.edition = p.{there}_edition AND r.seq = p.{there}_seq "
        f"JOIN editions e ON e.id = p.{there}_edition "
        f"WHERE p.{here}_edition = ? AND p.{here}_seq = ? AND p.kind = ?", (edition, seq, kind))
    return Part(*found[0]) if found else None


def history(store: Store, lang: str, edition: str, number: str) -> History | None:
    """The history of rule ``number`` of ``edition`` (a language ``lang`` edition id), or None when
    the edition has no such rule or it is aligned to nothing."""
    located = locate(store, edition, number)
    if located is None:
        return None
    out = History(lang, edition, number, steps_of(store, located.lineage))
    out.counterparts = counterparts(store, lang, located)
    return out


def counterparts(store: Store, lang: str, located: Located) -> list[dict]:
    """A rule's English counterparts: for a translation, the English rule of its partner edition
    and, when that is an older edition, that rule in the newest English edition; for an English
    rule of an older edition, its rule in the newest edition (``change`` since, or ``removed``).
    Each (edition, number) is named once: ja 2026-01-16 103.5 has one, en 2026-01-16 103.5."""
    out = []
    if lang == "en":
        start = Located(located.edition, located.seq, located.lineage)
    else:
        found = english_rule(store, located.edition, located.seq)
        if found is None:
            return out
        anchor, anchor_seq, number, lineage = found
        out.append({"lang": "en", "edition": anchor, "number": number, "change": "unchanged"})
        if lineage is None:
            return out
        start = Located(anchor, anchor_seq, lineage)
    newest = chain(store, "en")
    if not newest or newest[-1][0] == start.edition:
        return out
    out.append(since(store, start, newest[-1][0]))
    return out


def english_rule(store: Store, edition: str, seq: int) -> tuple[str, int, str, int | None] | None:
    """``(English edition id, seq, number, lineage or None)`` of the English rule the translated rule
    at ``seq`` of ``edition`` is joined to (in the English edition the translation is joined to),
    or None when it is joined to none."""
    row = store.query("SELECT c.anchor, c.anchor_seq, r.number, l.lineage FROM counterparts c "
                      "JOIN links k ON k.edition = c.edition AND k.anchor = c.anchor AND k.kind = 'translation' "
                      "JOIN rules r ON r.edition = c.anchor AND r.seq = c.anchor_seq "
                      "LEFT JOIN lineage l ON l.edition = c.anchor AND l.seq = c.anchor_seq "
                      "WHERE c.edition = ? AND c.seq = ? AND c.agrees = 1", (edition, seq))
    return row[0] if row else None


def since(store: Store, start: Located, target: str) -> dict:
    """``{"lang": "en", "edition": target, "number", "change"}``: the rule ``start`` in the later
    chain edition ``target`` and what changed between (``removed``: number None)."""
    steps = steps_of(store, start.lineage)
    editions = [s.edition for s in steps]
    begin = editions.index(start.edition)
    later = steps[begin + 1:]
    at = [s for s in later if s.edition == target and s.number is not None]  # not its removed step
    if not at and not (steps[begin].edition == target):
        return {"lang": "en", "edition": target, "number": None, "change": "removed"}
    span = later[: later.index(at[0]) + 1] if at else []
    number = at[0].number if at else steps[begin].number
    edited = any(s.change in ("edited", "moved+edited") for s in span)
    moved = number != steps[begin].number
    change = ("moved+edited" if edited else "moved") if moved else ("edited" if edited else "unchanged")
    return {"lang": "en", "edition": target, "number": number, "change": change}


def refs_renumbered(store: Store, start: Located, target: str) -> bool:
    """Whether the rule ``start``, not edited up to the later chain edition ``target``, had the
    numbers of the rules it cites changed on the way (ja 104.6's English rule: "rule 721" became
    "rule 726" after 2021-11-19), which ``since`` counts as unchanged."""
    steps = steps_of(store, start.lineage)
    editions = [s.edition for s in steps]
    if start.edition not in editions or target not in editions:
        return False
    span = steps[editions.index(start.edition) + 1: editions.index(target) + 1]
    return not any(s.change in ("edited", "moved+edited") for s in span) and any(s.refs_only for s in span)


def number_taken(store: Store, located: Located, number: str, steps: list[Step],
                 chain_ids: list[str]) -> tuple[str, Located] | None:
    """When the rule ``located`` (numbered ``number`` there; ``steps`` its lineage's,
    ``steps_of``; ``chain_ids`` its language's chain, oldest first) took its number from another
    rule: ``(the first edition of its chain where it holds the number, the other rule in the
    edition before)``; None when the number was its own from its first edition, or the edition
    before has no rule of that number (en 2026-01-16 704.5k, the world rule, has the number since
    2017-09-29; until then it was the legend rule, now 704.5j)."""
    if located.lineage == NO_LINEAGE:
        return None
    held = [step for step in steps if step.number is not None]
    at = next((i for i, step in enumerate(held) if step.edition == located.edition), None)
    if at is None:
        return None
    while at > 0 and held[at - 1].number == number:
        at -= 1
    position = chain_ids.index(held[at].edition) if held[at].edition in chain_ids else 0
    if position == 0:
        return None
    other = locate(store, chain_ids[position - 1], number)
    if other is None or other.lineage in (located.lineage, NO_LINEAGE):
        return None
    return held[at].edition, other


def translations(store: Store, located: Located) -> list[tuple[str, int]]:
    """``[(edition, seq)]``: the translated rules joined to the English rule ``located`` or to an
    earlier or later rule of its lineage (each translation edition's rule that agrees with it)."""
    return store.query(
        "SELECT c.edition, c.seq FROM lineage l JOIN counterparts c ON c.anchor = l.edition AND c.anchor_seq = l.seq "
        "JOIN links k ON k.edition = c.edition AND k.anchor = c.anchor AND k.kind = 'translation' "
        "WHERE l.lineage = ? AND c.agrees = 1", (located.lineage,))


def merged_since(store: Store, start: Located, target: str) -> dict | None:
    """``since`` for the rule that the lineage of ``start`` was merged into, when it was
    (``Step.part`` of its ``removed`` step), in the later chain edition ``target``: the rule whose
    text now holds it (713.12 of 2022-11-18 is part of 712.19 in 2023-04-14). None when the lineage
    was not merged."""
    steps = steps_of(store, start.lineage)
    part = steps[-1].part if steps and steps[-1].change == "removed" else None
    located = locate_seq(store, part.edition, part.seq) if part is not None else None
    return since(store, located, target) if located is not None else None


def everywhere(store: Store, edition: str, number: str) -> dict[str, str]:
    """``{edition id: number}``: rule ``number`` of ``edition`` in every edition the stored
    alignment joins it to, whatever its number there: the editions of its lineage, its English
    rule's lineage and the translated rules joined to that (for an English rule, its own), and the
    copies of any of these. The mulligan (en 2026-01-16 103.5) is ko 2021-11-19 103.4; ko
    2021-11-19 103.5 is another rule and is not named. A rule joined to nothing is named alone;
    empty when the edition has no such rule or the alignment does not locate it (``locate``)."""
    located = locate(store, edition, number)
    if located is None:
        return {}
    lang = store.edition(edition).lang
    held: dict[tuple[str, int], str] = {}
    found = store.query("SELECT number FROM rules WHERE edition = ? AND seq = ?", (located.edition, located.seq))
    held[(located.edition, located.seq)] = found[0][0]
    if located.lineage != NO_LINEAGE:
        held.update(_lineage_rules(store, located.lineage))
    english = located.lineage if lang == "en" else _english_lineage(store, located)
    if english is not None:
        held.update(_lineage_rules(store, english))
        held.update({(edition, seq): number for edition, seq, number in store.query(
            "SELECT c.edition, c.seq, r.number FROM lineage l JOIN counterparts c ON c.anchor = l.edition "
            "AND c.anchor_seq = l.seq JOIN links k ON k.edition = c.edition AND k.anchor = c.anchor "
            "AND k.kind = 'translation' JOIN rules r ON r.edition = c.edition AND r.seq = c.seq "
            "WHERE l.lineage = ? AND c.agrees = 1", (english,))})
    held.update(_copies(store, held))
    out: dict[str, str] = {}
    for (edition_id, _seq), number_there in held.items():
        out.setdefault(edition_id, number_there)
    return out


def _lineage_rules(store: Store, lineage: int) -> dict[tuple[str, int], str]:
    rows = store.query("SELECT l.edition, l.seq, r.number FROM lineage l JOIN rules r ON r.edition = l.edition "
                       "AND r.seq = l.seq WHERE l.lineage = ?", (lineage,))
    return {(edition, seq): number for edition, seq, number in rows}


def _english_lineage(store: Store, located: Located) -> int | None:
    """The lineage of the English rule a translated rule agrees with, or None."""
    rows = store.query("SELECT l.lineage FROM counterparts c JOIN links k ON k.edition = c.edition "
                       "AND k.anchor = c.anchor AND k.kind = 'translation' JOIN lineage l ON l.edition = c.anchor "
                       "AND l.seq = c.anchor_seq WHERE c.edition = ? AND c.seq = ? AND c.agrees = 1",
                       (located.edition, located.seq))
    return rows[0][0] if rows else None


def _copies(store: Store, held: dict[tuple[str, int], str]) -> dict[tuple[str, int], str]:
    """The rules of copies (editions outside the chains) aligned to a rule of ``held``."""
    if not held:
        return {}
    pairs = list(held)
    values = ",".join("(?, ?)" for _ in pairs)
    rows = store.query(
        "SELECT c.edition, c.seq, r.number FROM counterparts c JOIN links k ON k.edition = c.edition "
        "AND k.anchor = c.anchor AND k.kind = 'copy' AND k.rank = 0 JOIN rules r ON r.edition = c.edition "
        f"AND r.seq = c.seq WHERE (c.anchor, c.anchor_seq) IN (VALUES {values})",
        tuple(x for pair in pairs for x in pair))
    return {(edition, seq): number for edition, seq, number in rows}
