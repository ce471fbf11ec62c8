"""Writing the store: one SQLite file holding each edition's texts and what the build derived from
them (the tables are described in ``kb.store.schema``)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from kb import numbers
from kb.model import Edition, EditionText, Reference, Rule
from kb.store.schema import SCHEMA, SCHEMA_VERSION


class StoreWriter:
    """Writes a new store file; use as a context manager. The file must not exist yet.
    ``add_edition`` stores one edition whole (``kb.model.EditionText``)."""

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

    def add_edition(self, text: EditionText) -> None:
        """Write one edition: its rules (document order) with examples, references and defined
        terms, its glossary, its glossary names and its spelling vocabulary."""
        edition = text.edition
        self._db.execute(
            "INSERT INTO editions VALUES (?, ?, ?, ?, ?)",
            (edition.id, edition.lang, _iso(edition), edition.title, json.dumps(list(edition.sources))),
        )
        for seq, rule in enumerate(text.rules):
            self._add_rule(edition.id, seq, rule)
        for seq, entry in enumerate(text.glossary):
            self._db.execute(
                "INSERT INTO glossary VALUES (?, ?, ?, ?, ?, ?)",
                (edition.id, seq, entry.term, entry.definition, entry.source, entry.line),
            )
            self._add_refs(edition.id, "glossary", seq, None, entry.references)
        self._add_annotations(edition.id, text)

    def _add_rule(self, edition: str, seq: int, rule: Rule) -> None:
        self._db.execute(
            "INSERT INTO rules VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                edition, seq, rule.number, numbers.parent(rule.number), numbers.level(rule.number),
                numbers.section_of(rule.number), rule.title, rule.title_en, rule.text,
                json.dumps(list(rule.flags)), rule.source, rule.line, rule.printed_number,
            ),
        )
        self._add_refs(edition, "rule", seq, None, rule.references)
        for idx, example in enumerate(rule.examples):
            self._db.execute("INSERT INTO examples VALUES (?, ?, ?, ?)", (edition, seq, idx, example.text))
            self._add_refs(edition, "example", seq, idx, example.references)
        self._db.executemany(
            "INSERT INTO defined_terms VALUES (?, ?, ?, ?)",
            [(edition, seq, idx, term) for idx, term in enumerate(rule.defined_terms)],
        )

    def _add_refs(
        self, edition: str, holder: str, seq: int, example_idx: int | None, refs: Iterable[Reference]
    ) -> None:
        citing = "glossary" if holder == "glossary" else "rule"
        for ref in refs:
            cursor = self._db.execute(
                'INSERT INTO refs(edition, holder, holder_seq, example_idx, start, "end", text) '
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (edition, holder, seq, example_idx, ref.start, ref.end, ref.text),
            )
            spans = ref.spans or (None,) * len(ref.targets)
            self._db.executemany(
                "INSERT INTO ref_targets VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (cursor.lastrowid, idx, edition, citing, seq, target, *(span or (None, None)),
                     int(target in ref.resolved))
                    for idx, (target, span) in enumerate(zip(ref.targets, spans))
                ],
            )

    def _add_annotations(self, edition: str, text: EditionText) -> None:
        for role, by_number in (("names", text.glossary_names.names), ("mentions", text.glossary_names.mentions)):
            self._db.executemany(
                "INSERT INTO glossary_names VALUES (?, ?, ?, ?)",
                [(edition, number, role, term) for number, terms in by_number.items() for term in terms],
            )
        vocabulary = text.vocabulary
        for kind, words in (("title", vocabulary.title_words), ("text", vocabulary.text_words),
                            ("name", vocabulary.names)):
            self._db.executemany(
                "INSERT INTO vocabulary VALUES (?, ?, ?, ?)",
                [(edition, kind, word, weight) for word, weight in words.items()],
            )
        self._db.executemany(
            "INSERT INTO readings VALUES (?, ?, ?)",
            [(edition, reading, word) for reading, word in vocabulary.readings.items()],
        )


def write_meta(path: Path, key: str, value: str) -> None:
    """Set a ``meta`` value of a finished store file (the build report, written last)."""
    db = sqlite3.connect(path)
    with db:
        db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))
    db.close()


def _iso(edition: Edition) -> str | None:
    return edition.effective_date.isoformat() if edition.effective_date else None
