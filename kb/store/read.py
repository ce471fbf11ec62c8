"""Reading the store (tables in ``kb.store.schema``).

``Store`` opens the SQLite file read-only, one connection per thread, and answers the questions
the CLI, the search and the site ask: editions, a rule by number, its subrules, the rules that cite
it, glossary entries, and what the build derived (glossary names, the spelling vocabulary). Rules
come back as ``kb.model.Rule`` with examples, references and defined terms filled in.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from kb import numbers
from kb.errors import AmbiguousEdition, EditionNotFound, KBMissing, RuleNotFound, StoreOutdated
from kb.model import LANGUAGES, Edition, EditionText, GlossaryEntry, GlossaryNames, Rule, Vocabulary
from kb.store import rows
from kb.store.db import ReadOnlyDatabase
from kb.store.schema import SCHEMA_VERSION

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_RULE_COLUMNS = "seq, number, title, title_en, text, flags, source, line, printed"


class Store:
    """A read-only view of one store file. Safe to share between threads."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise KBMissing(str(self.path))
        self._database = ReadOnlyDatabase(self.path)
        self._check_schema()
        self._editions = self._load_editions()

    def _check_schema(self) -> None:
        """Raise ``StoreOutdated`` unless the store was written with this crkb's ``SCHEMA_VERSION``."""
        try:
            found = self.meta("schema")
        except sqlite3.DatabaseError:  # no meta table: the first layout, or not a store at all
            found = None
        if found != SCHEMA_VERSION:
            self.close()
            raise StoreOutdated(str(self.path), found, SCHEMA_VERSION)

    def close(self) -> None:
        """Close every thread's connection (the store must no longer be used)."""
        self._database.close()

    def _db(self) -> sqlite3.Connection:
        return self._database.connection()

    def query(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple]:
        """Rows of one read-only SQL query on this thread's connection (``kb.store.history`` reads
        the alignment tables through it)."""
        return self._db().execute(sql, args).fetchall()

    def meta(self, key: str) -> str | None:
        """A ``meta`` value (``"report"``: the build report JSON), or None."""
        row = self._db().execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    # Editions -------------------------------------------------------------------------------

    def _load_editions(self) -> list[Edition]:
        partial = set(json.loads(self.meta("partial") or "[]"))  # ingest.partial: cut texts published
        rows = self._db().execute("SELECT id, lang, effective_date, title, sources FROM editions")
        editions = [
            Edition(id_, lang, dt.date.fromisoformat(date) if date else None, title, tuple(json.loads(src)),
                    id_ in partial)
            for id_, lang, date, title, src in rows
        ]
        return sorted(editions, key=_newest_first)

    def editions(self, lang: str | None = None) -> list[Edition]:
        """Editions of ``lang`` (all when None), newest effective date first, undated last."""
        return [e for e in self._editions if lang is None or e.lang == lang]

    def languages(self) -> list[str]:
        """Languages that have at least one edition, in ``kb.model.LANGUAGES`` order first."""
        return sorted({e.lang for e in self._editions}, key=lambda lang: (_lang_rank(lang), lang))

    def find_edition(self, lang: str | None, wanted: str | None = None) -> Edition:
        """The edition ``wanted`` names: None -> the newest dated edition of ``lang``, a whole one
        before one published partial (a cut text: ``ingest.partial``); an edition id; or an
        effective date ``YYYY-MM-DD``. Raises ``EditionNotFound``, or ``AmbiguousEdition`` with the
        candidate ids when a date names several editions of ``lang``."""
        candidates = self.editions(lang)
        if wanted is None:
            dated = [e for e in candidates if e.effective_date] or candidates
            if not dated:
                raise EditionNotFound(lang, wanted)
            return next((e for e in dated if not e.partial), dated[0])
        by_id = [e for e in self._editions if e.id == wanted and (lang is None or e.lang == lang)]
        if by_id:
            return by_id[0]
        if _DATE.match(wanted):
            same_day = [e for e in candidates if e.date_text == wanted]
            if len(same_day) == 1:
                return same_day[0]
            if same_day:
                raise AmbiguousEdition(lang, wanted, [e.id for e in same_day])
        raise EditionNotFound(lang, wanted)

    def edition(self, edition_id: str) -> Edition:
        """The edition with this id; raises ``EditionNotFound``."""
        return self.find_edition(None, edition_id)

    def editions_having(self, number: str) -> list[Edition]:
        """Editions (any language, newest first) that hold rule ``number``."""
        rows = self._db().execute("SELECT DISTINCT edition FROM rules WHERE number = ?", (number,))
        ids = {row[0] for row in rows}
        return [e for e in self._editions if e.id in ids]

    # Rules ------------------------------------------------------------------------------------

    def rule(self, edition_id: str, number: str) -> Rule:
        """The rule ``number`` of an edition (the first when the publisher printed it twice).
        Raises ``RuleNotFound``."""
        found = self.rules_numbered(edition_id, number)
        if not found:
            edition = self.edition(edition_id)
            raise RuleNotFound(edition.lang, edition_id, number)
        return found[0]

    def rules_numbered(self, edition_id: str, number: str) -> list[Rule]:
        """Every rule printed with ``number`` in the edition (two for a publisher's duplicate)."""
        return self._rules(edition_id, "number = ?", (number,))

    def rules_printed_as(self, edition_id: str, number: str) -> list[Rule]:
        """The rules of the edition whose misprinted number ``number`` the parser read back
        (``Rule.printed_number``: en 2007-05-01 prints 432.2b for 423.2b), document order."""
        return self._rules(edition_id, "printed = ?", (number,))

    def numbers(self, edition_id: str) -> frozenset[str]:
        """Every rule number the edition holds."""
        found = self._db().execute("SELECT DISTINCT number FROM rules WHERE edition = ?", (edition_id,))
        return frozenset(row[0] for row in found)

    def rules(self, edition_id: str) -> list[Rule]:
        """All rules of an edition in document order."""
        return self._rules(edition_id, "1", ())

    def rule_texts(self, edition_id: str, seqs: list[int]) -> dict[int, str]:
        """``{seq: text}`` of the edition's rules at document positions ``seqs`` (one query per
        500; positions the edition lacks are left out). The search's snippets come from here."""
        out: dict[int, str] = {}
        for chunk in rows.chunks(list(dict.fromkeys(seqs))):
            sql = f"SELECT seq, text FROM rules WHERE edition = ? AND seq IN ({','.join('?' * len(chunk))})"
            out.update(self._db().execute(sql, (edition_id, *chunk)).fetchall())
        return out

    def example_texts(self, edition_id: str, seq: int) -> list[str]:
        """The texts of the examples of the edition's rule at document position ``seq``, in order
        (``[]`` when it has none)."""
        found = self._db().execute("SELECT text FROM examples WHERE edition = ? AND rule_seq = ? ORDER BY idx",
                                   (edition_id, seq))
        return [row[0] for row in found]

    def children(self, edition_id: str, number: str) -> list[Rule]:
        """The rules directly under ``number`` (``702 -> 702.1, 702.2 ...``), document order."""
        return self._rules(edition_id, "parent = ?", (number,))

    def subtree(self, edition_id: str, number: str) -> list[Rule]:
        """``number`` and every rule under it, document order (``702.19`` -> 702.19, 702.19a ...)."""
        depth = numbers.level(number)
        if depth == 0:
            return self._rules(edition_id, "section = ?", (number,))
        if depth == 3:
            return self.rules_numbered(edition_id, number)
        if depth == 2:
            return self._rules(edition_id, "(number = ? OR parent = ?)", (number, number))
        return self._rules(edition_id, "(number = ? OR number LIKE ?)", (number, number + ".%"))

    def neighbours(self, edition_id: str, number: str) -> tuple[str | None, str | None]:
        """The numbers of the rules before and after ``number`` in document order."""
        row = self._db().execute(
            "SELECT MIN(seq) FROM rules WHERE edition = ? AND number = ?", (edition_id, number)
        ).fetchone()
        if row is None or row[0] is None:
            return None, None
        sql = "SELECT number FROM rules WHERE edition = ? AND seq = ?"
        before = self._db().execute(sql, (edition_id, row[0] - 1)).fetchone()
        after = self._db().execute(
            "SELECT number FROM rules WHERE edition = ? AND seq > ? AND number != ? ORDER BY seq LIMIT 1",
            (edition_id, row[0], number),
        ).fetchone()
        return (before[0] if before else None, after[0] if after else None)

    def rules_citing(self, edition_id: str, number: str) -> list[Rule]:
        """Rules of the edition whose text or examples cite ``number``, document order."""
        sql = (
            f"SELECT {_RULE_COLUMNS} FROM rules WHERE edition = ? AND seq IN (SELECT citing_seq "
            "FROM ref_targets WHERE edition = ? AND citing = 'rule' AND target = ?) ORDER BY seq"
        )
        return self._hydrate(edition_id, self._db().execute(sql, (edition_id, edition_id, number)).fetchall())

    def citing_numbers(self, edition_id: str, targets: Sequence[str]) -> dict[str, list[str]]:
        """``{number: numbers of the rules citing it}`` (text or examples, document order) for each
        rule number of ``targets`` some rule of the edition cites."""
        if not targets:
            return {}
        marks = ", ".join("?" for _ in targets)
        rows = self._db().execute(
            "SELECT DISTINCT t.target, r.number, r.seq FROM ref_targets t JOIN rules r ON r.edition = t.edition "
            f"AND r.seq = t.citing_seq WHERE t.edition = ? AND t.citing = 'rule' AND t.target IN ({marks}) ORDER BY r.seq",
            (edition_id, *targets)).fetchall()
        found: dict[str, list[str]] = {}
        for target, number, _seq in rows:
            found.setdefault(target, []).append(number)
        return found

    def nearest_numbers(self, edition_id: str, number: str, limit: int = 5) -> list[str]:
        """Existing numbers closest to ``number`` (a canonical or loosely canonical string), for
        "did you mean" suggestions: the longest existing prefix's rules, nearest first."""
        prefix = number
        while prefix:
            rows = self._db().execute(
                "SELECT DISTINCT number FROM rules WHERE edition = ? AND number LIKE ? ORDER BY seq LIMIT ?",
                (edition_id, prefix.replace("%", "") + "%", limit),
            ).fetchall()
            if rows:
                return [r[0] for r in rows]
            prefix = prefix[:-1]
        return []

    def _rules(self, edition_id: str, where: str, args: tuple[object, ...]) -> list[Rule]:
        sql = f"SELECT {_RULE_COLUMNS} FROM rules WHERE edition = ? AND {where} ORDER BY seq"
        return self._hydrate(edition_id, self._db().execute(sql, (edition_id, *args)).fetchall())

    def _hydrate(self, edition_id: str, found: list[tuple]) -> list[Rule]:
        return rows.rules(self._db(), edition_id, found)

    # Glossary ---------------------------------------------------------------------------------

    def glossary(self, edition_id: str) -> list[GlossaryEntry]:
        """The edition's glossary entries in document order (empty when it has none)."""
        return self._glossary(edition_id, "1", ())

    def glossary_entry(self, edition_id: str, term: str) -> GlossaryEntry | None:
        """The entry whose term equals ``term`` ignoring case, or None."""
        found = self._glossary(edition_id, "term = ? COLLATE NOCASE", (term,))
        return found[0] if found else None

    def glossary_citing(self, edition_id: str, number: str) -> list[GlossaryEntry]:
        """Glossary entries whose definition cites ``number``."""
        where = "seq IN (SELECT citing_seq FROM ref_targets WHERE edition = ? AND citing = 'glossary' AND target = ?)"
        return self._glossary(edition_id, where, (edition_id, number))

    def _glossary(self, edition_id: str, where: str, args: tuple[object, ...]) -> list[GlossaryEntry]:
        sql = f"SELECT seq, term, definition, source, line FROM glossary WHERE edition = ? AND {where} ORDER BY seq"
        found = self._db().execute(sql, (edition_id, *args)).fetchall()
        refs = rows.references(self._db(), edition_id, "glossary", [row[0] for row in found])
        return [
            GlossaryEntry(term, definition, tuple(refs.get((seq, None), ())), source, line)
            for seq, term, definition, source, line in found
        ]

    # What the build derived -------------------------------------------------------------------

    def glossary_names(self, edition_id: str) -> GlossaryNames:
        """Which rules the edition's glossary terms name or mention (``kb.model.GlossaryNames``)."""
        found: dict[str, dict[str, list[str]]] = {"names": {}, "mentions": {}}
        sql = "SELECT number, role, term FROM glossary_names WHERE edition = ? ORDER BY rowid"
        for number, role, term in self._db().execute(sql, (edition_id,)):
            found[role].setdefault(number, []).append(term)
        return GlossaryNames(*({n: tuple(t) for n, t in found[role].items()} for role in ("names", "mentions")))

    def vocabulary(self, edition_id: str) -> Vocabulary:
        """The edition's spelling vocabulary (``kb.model.Vocabulary``)."""
        kinds: dict[str, dict[str, int]] = {"title": {}, "text": {}, "name": {}}
        sql = "SELECT kind, word, weight FROM vocabulary WHERE edition = ? ORDER BY rowid"
        for kind, word, weight in self._db().execute(sql, (edition_id,)):
            kinds[kind][word] = weight
        sql = "SELECT reading, word FROM readings WHERE edition = ? ORDER BY rowid"
        readings = dict(self._db().execute(sql, (edition_id,)).fetchall())
        return Vocabulary(kinds["title"], kinds["text"], kinds["name"], readings)

    def edition_text(self, edition_id: str) -> EditionText:
        """One edition whole, as the build stored it (the search index is built from this)."""
        return EditionText(self.edition(edition_id), self.rules(edition_id), self.glossary(edition_id),
                           self.glossary_names(edition_id), self.vocabulary(edition_id))


def _newest_first(edition: Edition) -> tuple[int, int, str]:
    date = edition.effective_date
    return (0 if date else 1, -(date.toordinal() if date else 0), edition.id)


def _lang_rank(lang: str) -> int:
    return LANGUAGES.index(lang) if lang in LANGUAGES else len(LANGUAGES)

