"""The phrase-bonus index: which rules hold each pair of adjacent tokens, in one SQLite file.

A query whose adjacent words are adjacent in a rule's heading or text gives that rule a bonus
(``search.query.phrase_queries``). The pairs (``search.analysis.pair_analyzer``: ``"state-based actions"
-> "state base", "base action"``) were a whoosh field, but most pairs occur in one rule only and
whoosh spends about 170 bytes and a posting-block write on every distinct term: the field was
45% of the index and 40% of its build time. Here a pair costs a row of a few bytes.

File ``<index_dir>/pairs.sqlite`` (written once by ``PairsWriter``, read by ``PairsReader``; the
build's workers write their editions' pairs into shards of the same layout, ``PairsShard``, which
the writer copies in SQL, about ten times cheaper than inserting the rows again from Python):

- ``pair_editions(id, edition, doc_count, total_length, lengths, docnum_type)``: per edition, its
  number of documents, the sum of their pair counts, ``lengths``, one byte per document (whoosh's
  ``length_to_byte`` of its pair count, as whoosh stores a field length) and the ``array`` type
  of its document numbers (``"H"``, two bytes, under 65,536 documents, else ``"I"``);
- ``pairs(edition_id, pair, docnums, counts)``: the documents (whoosh document numbers, rising,
  as ``array`` bytes in the machine's byte order) holding the pair, and how often each holds it
  (one byte each, at most 255; empty when every count is 1, as for most pairs).

The bonus is scored as whoosh scored the former field: BM25 of the pair's count, the document's
pair count and the edition's average (``search.query.PairTerm``).
"""

from __future__ import annotations

import sqlite3
import threading
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from whoosh.util.numeric import byte_to_length, length_to_byte

from kb.store.db import ReadOnlyDatabase

PAIRS_FILE = "pairs.sqlite"
_SCHEMA = """
CREATE TABLE pair_editions(id INTEGER PRIMARY KEY, edition TEXT NOT NULL UNIQUE, doc_count INTEGER NOT NULL,
                           total_length INTEGER NOT NULL, lengths BLOB NOT NULL, docnum_type TEXT NOT NULL);
CREATE TABLE pairs(edition_id INTEGER NOT NULL, pair TEXT NOT NULL, docnums BLOB NOT NULL, counts BLOB NOT NULL,
                   PRIMARY KEY(edition_id, pair)) WITHOUT ROWID;
"""


@dataclass(frozen=True)
class PairStats:
    """An edition's pair statistics: ``doc_count`` documents, ``total_length`` pairs in all,
    ``lengths`` one length byte per document (``length(docnum)`` decodes it), ``docnum_type`` the
    ``array`` type of its stored document numbers."""

    doc_count: int
    total_length: int
    lengths: bytes
    docnum_type: str = "I"

    def length(self, docnum: int) -> int:
        """The pair count of document ``docnum`` as whoosh rounds field lengths (0 when none)."""
        return byte_to_length(self.lengths[docnum]) if docnum < len(self.lengths) else 0


@dataclass(frozen=True)
class EditionPairs:
    """The pairs of one edition in a ``PairsReader`` (what ``search.query.PairTerm`` reads)."""

    reader: PairsReader
    edition_id: str
    stats: PairStats

    def postings(self, pair: str) -> tuple[array, bytes] | None:
        """``(docnums, counts)`` of ``pair`` (see ``PairsReader.postings``), or None."""
        return self.reader.postings(self.edition_id, pair)


@dataclass(frozen=True)
class EncodedPairs:
    """One edition's pairs as ``pair_editions`` and ``pairs`` rows hold them: document count, sum
    of pair counts, one length byte per document, the docnum ``array`` type, and
    ``(pair, docnums, counts)`` rows sorted by pair."""

    doc_count: int
    total_length: int
    lengths: bytes
    docnum_type: str
    rows: list[tuple[str, bytes, bytes]]


def encode_pairs(documents: Sequence[Sequence[str]]) -> EncodedPairs:
    """Encode an edition's pairs (``documents[docnum]``: the pairs of that whoosh document)."""
    postings: dict[str, dict[int, int]] = {}
    for docnum, pairs in enumerate(documents):
        for pair in pairs:
            counts = postings.setdefault(pair, {})
            counts[docnum] = counts.get(docnum, 0) + 1
    lengths = bytes(length_to_byte(len(pairs)) for pairs in documents)
    total = sum(len(pairs) for pairs in documents)
    docnum_type = "H" if len(documents) < 1 << 16 else "I"
    rows = [(pair, *_encode(postings[pair], docnum_type)) for pair in sorted(postings)]
    return EncodedPairs(len(documents), total, lengths, docnum_type, rows)


@dataclass(frozen=True)
class PairsShard:
    """A pairs file written apart (``PairsWriter(index_dir, name)``) that holds an edition's pairs:
    what a build worker hands to the writer of ``pairs.sqlite``."""

    path: Path


class PairsWriter:
    """Writes ``pairs.sqlite`` (or a shard named ``name``) into an index folder; use as a context
    manager (commits on exit; shards copied in are deleted then)."""

    def __init__(self, index_dir: Path, name: str = PAIRS_FILE) -> None:
        path = Path(index_dir) / name
        if path.exists():
            raise FileExistsError(f"{path} already exists: the build writes a fresh index")
        self._db = sqlite3.connect(path)
        self._db.executescript(_SCHEMA)
        self._shard: Path | None = None
        self._copied: set[Path] = set()

    def add_edition(self, edition_id: str, documents: Sequence[Sequence[str]] | EncodedPairs | PairsShard) -> None:
        """Add an edition: ``documents[docnum]`` is the list of pairs of that whoosh document
        (repeats count), in the edition index's document order; or those already encoded
        (``encode_pairs``, which a worker process can run); or a shard holding the edition.
        Raises ``KeyError`` when the shard lacks it."""
        if isinstance(documents, PairsShard):
            self._copy(edition_id, documents.path)
            return
        encoded = documents if isinstance(documents, EncodedPairs) else encode_pairs(documents)
        cursor = self._db.execute(
            "INSERT INTO pair_editions(edition, doc_count, total_length, lengths, docnum_type) VALUES (?, ?, ?, ?, ?)",
            (edition_id, encoded.doc_count, encoded.total_length, encoded.lengths, encoded.docnum_type),
        )
        self._db.executemany("INSERT INTO pairs VALUES (?, ?, ?, ?)", ((cursor.lastrowid, *row) for row in encoded.rows))

    def _copy(self, edition_id: str, shard: Path) -> None:
        if shard != self._shard:
            self._detach()
            self._db.commit()  # SQLite attaches no file inside a transaction
            self._db.execute("ATTACH DATABASE ? AS shard", (str(shard),))
            self._shard = shard
            self._copied.add(shard)
        row = self._db.execute("SELECT id FROM shard.pair_editions WHERE edition = ?", (edition_id,)).fetchone()
        if row is None:
            raise KeyError(f"{shard} holds no pairs of {edition_id}")
        cursor = self._db.execute(
            "INSERT INTO pair_editions(edition, doc_count, total_length, lengths, docnum_type)"
            " SELECT edition, doc_count, total_length, lengths, docnum_type FROM shard.pair_editions WHERE id = ?",
            row,
        )
        self._db.execute("INSERT INTO pairs SELECT ?, pair, docnums, counts FROM shard.pairs WHERE edition_id = ?",
                         (cursor.lastrowid, row[0]))

    def _detach(self) -> None:
        if self._shard is not None:
            self._db.commit()
            self._db.execute("DETACH DATABASE shard")
            self._shard = None

    def close(self) -> None:
        """Commit and close the file; delete the shards copied in."""
        self._detach()
        self._db.commit()
        self._db.close()
        for shard in self._copied:
            shard.unlink(missing_ok=True)

    def __enter__(self) -> PairsWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        if exc[0] is None:
            self.close()
        else:
            self._db.close()


class PairsReader:
    """Reads ``pairs.sqlite`` of an index folder. Safe to share between threads (one read-only
    connection per thread)."""

    def __init__(self, index_dir: Path) -> None:
        self.path = Path(index_dir) / PAIRS_FILE
        self._database = ReadOnlyDatabase(self.path)
        self._stats: dict[str, tuple[int, PairStats] | None] = {}
        self._lock = threading.Lock()

    def _db(self) -> sqlite3.Connection:
        return self._database.connection()

    def close(self) -> None:
        """Close every thread's connection."""
        self._database.close()

    def edition(self, edition_id: str) -> EditionPairs | None:
        """The pairs of one edition, or None when the file does not hold it."""
        found = self._edition(edition_id)
        return EditionPairs(self, edition_id, found[1]) if found else None

    def postings(self, edition_id: str, pair: str) -> tuple[array, bytes] | None:
        """``(docnums, counts)`` of a pair in an edition (rising document numbers, one count byte
        each), or None when no document of the edition holds it."""
        found = self._edition(edition_id)
        if found is None:
            return None
        row = self._db().execute(
            "SELECT docnums, counts FROM pairs WHERE edition_id = ? AND pair = ?", (found[0], pair)
        ).fetchone()
        if row is None:
            return None
        docnums = array(found[1].docnum_type)
        docnums.frombytes(row[0])
        return docnums, row[1] or bytes([1]) * len(docnums)

    def _edition(self, edition_id: str) -> tuple[int, PairStats] | None:
        with self._lock:
            if edition_id not in self._stats:
                row = self._db().execute(
                    "SELECT id, doc_count, total_length, lengths, docnum_type FROM pair_editions WHERE edition = ?",
                    (edition_id,),
                ).fetchone()
                self._stats[edition_id] = (row[0], PairStats(*row[1:])) if row else None
            return self._stats[edition_id]


def _encode(counts: dict[int, int], docnum_type: str) -> tuple[bytes, bytes]:
    docnums = sorted(counts)
    repeats = bytes(min(counts[d], 255) for d in docnums)
    return array(docnum_type, docnums).tobytes(), repeats if repeats.count(1) < len(repeats) else b""

