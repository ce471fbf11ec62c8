"""A SQLite FTS5 BM25 baseline over the same rule texts, to measure the search against
(``crkb eval`` and ``benchmarks/search.py`` print it beside the search's own figures).

Rules of each language's newest edition go into an in-memory FTS5 table (porter/unicode61
tokens; title weighted x5); a query that is a rule number is looked up directly, any other is
every word as a quoted FTS5 term, all required, ordered by ``bm25``; when that finds fewer than
10 rules, any word may match (FTS5 ``OR``), as a plain BM25 engine would.
"""

from __future__ import annotations

import re
import sqlite3

from kb.numbers import parse_number
from kb.store.read import Store

_WORD = re.compile(r"\w+")


class Fts5Baseline:
    """FTS5 BM25 over the rules of the newest edition of each of ``langs`` in ``store``."""

    def __init__(self, store: Store, langs: list[str]) -> None:
        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self.db.execute("CREATE VIRTUAL TABLE rules USING fts5(edition UNINDEXED, number UNINDEXED, title, text, "
                        "tokenize='porter unicode61 remove_diacritics 2')")
        self.editions: dict[str, str] = {}
        for lang in langs:
            edition = store.find_edition(lang)
            self.editions[lang] = edition.id
            self.db.executemany("INSERT INTO rules VALUES (?, ?, ?, ?)", [
                (edition.id, r.number, " ".join(t for t in (r.title, r.title_en) if t), r.text)
                for r in store.rules(edition.id)])

    def search(self, query: str, lang: str, limit: int = 10) -> list[str]:
        """Rule numbers for ``query`` in the newest edition of ``lang``, best first (at most
        ``limit``). Raises ``KeyError`` for a language the baseline was not built with."""
        edition = self.editions[lang]
        number = parse_number(query)
        if number:
            rows = self.db.execute("SELECT number FROM rules WHERE edition = ? AND number = ?", (edition, number))
            found = [r[0] for r in rows]
            if found:
                return found
        words = list(dict.fromkeys(_WORD.findall(query)))
        if not words:
            return []
        sql = ("SELECT number FROM rules WHERE rules MATCH ? AND edition = ? "
               "ORDER BY bm25(rules, 0, 0, 5.0, 1.0) LIMIT ?")
        found = [r[0] for r in self.db.execute(sql, (" ".join(f'"{w}"' for w in words), edition, limit))]
        if len(found) < limit and len(words) > 1:
            broader = self.db.execute(sql, (" OR ".join(f'"{w}"' for w in words), edition, limit))
            found += [r[0] for r in broader if r[0] not in found]
        return found[:limit]
