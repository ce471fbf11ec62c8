"""Writing the store: one SQLite file holding editions, rules, examples, glossary and references.

Schema (all text UTF-8; ``seq`` is document order within an edition, from 0):

- ``editions(id, lang, effective_date, title, sources)``: ``effective_date`` ISO or NULL,
  ``sources`` a JSON list of file names.
- ``rules(edition, seq, number, parent, level, section, title, title_en, text, flags, source, line)``
  ``flags`` JSON list. One row per printed rule: a number printed twice has two rows.
- ``examples(edition, rule_seq, idx, text)``.
- ``glossary(edition, seq, term, definition, source, line)``.
- ``refs(edition, holder, holder_seq, example_idx, start, end, text, targets)``: ``holder`` is
  ``'rule'``, ``'example'`` or ``'glossary'``; ``targets`` JSON list.
- ``citations(edition, holder, holder_seq, target, resolved)``: one row per reference target,
  ``holder_seq`` the citing rule's (or glossary entry's) seq; ``resolved`` 1 when the target is a
  number of the same edition.
- ``meta(key, value)``: e.g. ``schema`` and ``report`` (the build report as JSON).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path

from kb import numbers
from kb.model import Edition, GlossaryEntry, Reference, Rule

SCHEMA_VERSION = "1"

SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE editions(id TEXT PRIMARY KEY, lang TEXT NOT NULL, effective_date TEXT,
                      title TEXT NOT NULL, sources TEXT NOT NULL);
CREATE TABLE rules(edition TEXT NOT NULL, seq INTEGER NOT NULL, number TEXT NOT NULL,
                   parent TEXT, level INTEGER NOT NULL, section TEXT NOT NULL, title TEXT,
                   title_en TEXT, text TEXT NOT NULL, flags TEXT NOT NULL, source TEXT NOT NULL,
                   line INTEGER NOT NULL, PRIMARY KEY(edition, seq));
CREATE INDEX rules_number ON rules(edition, number);
CREATE INDEX rules_parent ON rules(edition, parent);
CREATE INDEX rules_any_edition ON rules(number);
CREATE TABLE examples(edition TEXT NOT NULL, rule_seq INTEGER NOT NULL, idx INTEGER NOT NULL,
                      text TEXT NOT NULL, PRIMARY KEY(edition, rule_seq, idx));
CREATE TABLE glossary(edition TEXT NOT NULL, seq INTEGER NOT NULL, term TEXT NOT NULL,
                      definition TEXT NOT NULL, source TEXT NOT NULL, line INTEGER NOT NULL,
                      PRIMARY KEY(edition, seq));
CREATE INDEX glossary_term ON glossary(edition, term COLLATE NOCASE);
CREATE TABLE refs(edition TEXT NOT NULL, holder TEXT NOT NULL, holder_seq INTEGER NOT NULL,
                  example_idx INTEGER, start INTEGER NOT NULL, "end" INTEGER NOT NULL,
                  text TEXT NOT NULL, targets TEXT NOT NULL);
CREATE INDEX refs_holder ON refs(edition, holder, holder_seq);
CREATE TABLE citations(edition TEXT NOT NULL, holder TEXT NOT NULL, holder_seq INTEGER NOT NULL,
                       target TEXT NOT NULL, resolved INTEGER NOT NULL);
CREATE INDEX citations_target ON citations(edition, target);
"""


class StoreWriter:
    """Writes a new store file; use as a context manager. The file must not exist yet.

    ``add_edition`` stores one edition with its rules (document order) and glossary, and returns
    the reference targets that did not resolve within that edition, as ``(holder, number,
    target)`` tuples (``holder`` is ``"rule"`` or ``"glossary"``; ``number`` the citing rule's
    number or the glossary term).
    """

    def __init__(self, path: Path) -> None:
        path = Path(path)
        if path.exists():
            raise FileExistsError(f"{path} exists: a store is written once, into a fresh build")
        self._db = sqlite3.connect(path)
        self._db.executescript(SCHEMA)
        self.set_meta("schema", SCHEMA_VERSION)

    def __enter__(self) -> StoreWriter:
        return self

    def __exit__(self, exc_type: object, *_: object) -> None:
        if exc_type is None:
            self._db.execute("ANALYZE")
            self._db.commit()
            self._db.execute("VACUUM")
        self._db.close()

    def set_meta(self, key: str, value: str) -> None:
        """Store a ``meta`` value (e.g. the build report as JSON)."""
        self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    def add_edition(
        self, edition: Edition, rules: Sequence[Rule], glossary: Sequence[GlossaryEntry]
    ) -> list[tuple[str, str, str]]:
        """Write ``edition`` and return its unresolved reference targets (see class doc)."""
        self._db.execute(
            "INSERT INTO editions VALUES (?, ?, ?, ?, ?)",
            (edition.id, edition.lang, _iso(edition), edition.title, json.dumps(list(edition.sources))),
        )
        known = {rule.number for rule in rules}
        unresolved: list[tuple[str, str, str]] = []
        for seq, rule in enumerate(rules):
            self._add_rule(edition.id, seq, rule)
            refs = list(rule.references) + [r for ex in rule.examples for r in ex.references]
            unresolved += self._add_citations(edition.id, "rule", seq, rule.number, refs, known)
        for seq, entry in enumerate(glossary):
            self._db.execute(
                "INSERT INTO glossary VALUES (?, ?, ?, ?, ?, ?)",
                (edition.id, seq, entry.term, entry.definition, entry.source, entry.line),
            )
            self._add_refs(edition.id, "glossary", seq, None, entry.references)
            unresolved += self._add_citations(edition.id, "glossary", seq, entry.term, entry.references, known)
        return unresolved

    def _add_rule(self, edition: str, seq: int, rule: Rule) -> None:
        self._db.execute(
            "INSERT INTO rules VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                edition, seq, rule.number, numbers.parent(rule.number), numbers.level(rule.number),
                numbers.section_of(rule.number), rule.title, rule.title_en, rule.text,
                json.dumps(list(rule.flags)), rule.source, rule.line,
            ),
        )
        self._add_refs(edition, "rule", seq, None, rule.references)
        for idx, example in enumerate(rule.examples):
            self._db.execute("INSERT INTO examples VALUES (?, ?, ?, ?)", (edition, seq, idx, example.text))
            self._add_refs(edition, "example", seq, idx, example.references)

    def _add_refs(
        self, edition: str, holder: str, seq: int, example_idx: int | None, refs: Iterable[Reference]
    ) -> None:
        self._db.executemany(
            "INSERT INTO refs VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (edition, holder, seq, example_idx, r.start, r.end, r.text, json.dumps(list(r.targets)))
                for r in refs
            ],
        )

    def _add_citations(
        self, edition: str, holder: str, seq: int, name: str, refs: Iterable[Reference], known: set[str]
    ) -> list[tuple[str, str, str]]:
        targets = dict.fromkeys(t for r in refs for t in r.targets)
        self._db.executemany(
            "INSERT INTO citations VALUES (?, ?, ?, ?, ?)",
            [(edition, holder, seq, t, int(t in known)) for t in targets],
        )
        return [(holder, name, t) for t in targets if t not in known]


def _iso(edition: Edition) -> str | None:
    return edition.effective_date.isoformat() if edition.effective_date else None
