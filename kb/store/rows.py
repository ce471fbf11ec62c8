"""Rows of the store to model objects: rules with their examples, references and defined terms
(helpers of ``kb.store.read.Store``; tables in ``kb.store.schema``)."""

from __future__ import annotations

import json
import sqlite3

from kb.model import Example, Reference, Rule

CHUNK = 500
"""Document positions asked for in one query."""


def chunks(seqs: list[int], size: int = CHUNK) -> list[list[int]]:
    """``seqs`` cut into lists of at most ``size``."""
    return [seqs[i : i + size] for i in range(0, len(seqs), size)]


def rules(db: sqlite3.Connection, edition_id: str, found: list[tuple]) -> list[Rule]:
    """Rules from rows ``(seq, number, title, title_en, text, flags, source, line, printed)`` of the edition,
    with their examples, references and defined terms."""
    if not found:
        return []
    seqs = [row[0] for row in found]
    examples = _examples(db, edition_id, seqs)
    refs = references(db, edition_id, "rule", seqs)
    example_refs = references(db, edition_id, "example", seqs)
    defined = _defined_terms(db, edition_id, seqs)
    out = []
    for seq, number, title, title_en, text, flags, source, line, printed in found:
        exs = tuple(
            Example(text_, tuple(example_refs.get((seq, idx), ()))) for idx, text_ in examples.get(seq, [])
        )
        out.append(
            Rule(number, text, title, title_en, exs, tuple(refs.get((seq, None), ())),
                 tuple(json.loads(flags)), source, line, tuple(defined.get(seq, ())), printed)
        )
    return out


def references(
    db: sqlite3.Connection, edition_id: str, holder: str, seqs: list[int]
) -> dict[tuple[int, int | None], list[Reference]]:
    """The references held by ``holder`` (``rule``, ``example``, ``glossary``) rows ``seqs``, by
    ``(seq, example index or None)``, in text order, with their targets' spans and resolution."""
    out: dict[tuple[int, int | None], list[Reference]] = {}
    for chunk in chunks(seqs):
        sql = (
            'SELECT r.id, r.holder_seq, r.example_idx, r.start, r."end", r.text, t.target, t.start, t."end", '
            "t.resolved FROM refs r JOIN ref_targets t ON t.ref = r.id WHERE r.edition = ? AND r.holder = ? "
            f"AND r.holder_seq IN ({','.join('?' * len(chunk))}) ORDER BY r.id, t.idx"
        )
        current: list = []
        for ref_id, seq, idx, start, end, text, target, t_start, t_end, resolved in db.execute(
            sql, (edition_id, holder, *chunk)
        ):
            if not current or current[0] != ref_id:
                current = [ref_id, [], [], []]
                out.setdefault((seq, idx), []).append(current)  # type: ignore[arg-type]
                current.append((start, end, text))
            current[1].append(target)
            current[2].append(None if t_start is None else (t_start, t_end))
            if resolved:
                current[3].append(target)
    return {key: [_reference(item) for item in items] for key, items in out.items()}  # type: ignore[arg-type]


def _reference(item: list) -> Reference:
    _, targets, spans, resolved, (start, end, text) = item
    return Reference(start, end, text, tuple(targets), tuple(spans), tuple(resolved))


def _examples(db: sqlite3.Connection, edition_id: str, seqs: list[int]) -> dict[int, list[tuple[int, str]]]:
    out: dict[int, list[tuple[int, str]]] = {}
    for chunk in chunks(seqs):
        sql = (
            f"SELECT rule_seq, idx, text FROM examples WHERE edition = ? AND rule_seq IN "
            f"({','.join('?' * len(chunk))}) ORDER BY rule_seq, idx"
        )
        for seq, idx, text in db.execute(sql, (edition_id, *chunk)):
            out.setdefault(seq, []).append((idx, text))
    return out


def _defined_terms(db: sqlite3.Connection, edition_id: str, seqs: list[int]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for chunk in chunks(seqs):
        sql = (
            f"SELECT rule_seq, term FROM defined_terms WHERE edition = ? AND rule_seq IN "
            f"({','.join('?' * len(chunk))}) ORDER BY rule_seq, idx"
        )
        for seq, term in db.execute(sql, (edition_id, *chunk)):
            out.setdefault(seq, []).append(term)
    return out
