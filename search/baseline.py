"""A SQLite FTS5 BM25 baseline over the same rule texts, to measure the search against
(``crkb eval`` and ``benchmarks/search.py`` print it beside the search's own figures).

Rules of each language's newest edition go into an in-memory FTS5 table (porter/unicode61
tokens; title weighted x5). Korean, Japanese and Chinese are written as overlapping character
pairs (``cjk_bigrams``: ``돌진은`` is ``돌진 진은``), as a plain BM25 engine for these languages
indexes them (Lucene's ``CJKAnalyzer``): unicode61 alone makes a whole run of kana and kanji one
token, which a query word matches only when it is that whole run. A query that is a rule number is looked up directly, any other is
every word as a quoted FTS5 term, all required, ordered by ``bm25``; when that finds fewer than
10 rules, any word may match (FTS5 ``OR``), as a plain BM25 engine would.
"""

from __future__ import annotations

import re
import sqlite3

from kb.numbers import parse_number
from kb.scripts import HALFWIDTH_KANA, HANGUL_RANGES, HIRAGANA, KANJI, KATAKANA
from kb.store.read import Store

_WORD = re.compile(r"\w+")
_CJK_RUN = re.compile(f"[{HANGUL_RANGES}{HIRAGANA}{KATAKANA}\u30fc{HALFWIDTH_KANA}{KANJI}]+")


def cjk_bigrams(text: str) -> str:
    """``text`` with each run of Hangul, kana or kanji written as its overlapping character
    pairs, space-separated (``돌진은 무엇`` -> ``돌진 진은 무엇``, ``践踏`` -> ``践踏``); a run of one
    character stays as it is, and any other text is unchanged."""
    def pairs(match: re.Match[str]) -> str:
        run = match.group()
        return " " + " ".join(run[i : i + 2] for i in range(max(1, len(run) - 1))) + " "
    return _CJK_RUN.sub(pairs, text)


class Fts5Baseline:
    """FTS5 BM25 over the rules of the newest edition of each of ``langs`` in ``store``, one table
    per language (so one language's texts never weigh in another's BM25 statistics)."""

    def __init__(self, store: Store, langs: list[str]) -> None:
        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self.tables: dict[str, str] = {}
        for index, lang in enumerate(langs):
            table = self.tables[lang] = f"rules{index}"
            self.db.execute(f"CREATE VIRTUAL TABLE {table} USING fts5(number UNINDEXED, title, text, "
                            "tokenize='porter unicode61 remove_diacritics 2')")
            self.db.executemany(f"INSERT INTO {table} VALUES (?, ?, ?)", [
                (r.number, cjk_bigrams(" ".join(t for t in (r.title, r.title_en) if t)), cjk_bigrams(r.text))
                for r in store.rules(store.find_edition(lang).id)])

    def search(self, query: str, lang: str, limit: int = 10) -> list[str]:
        """Rule numbers for ``query`` in the newest edition of ``lang``, best first (at most
        ``limit``). Raises ``KeyError`` for a language the baseline was not built with."""
        table = self.tables[lang]
        number = parse_number(query)
        if number:
            found = [r[0] for r in self.db.execute(f"SELECT number FROM {table} WHERE number = ?", (number,))]
            if found:
                return found
        words = list(dict.fromkeys(_WORD.findall(cjk_bigrams(query))))
        if not words:
            return []
        sql = f"SELECT number FROM {table} WHERE {table} MATCH ? ORDER BY bm25({table}, 0, 5.0, 1.0) LIMIT ?"
        found = [r[0] for r in self.db.execute(sql, (" ".join(f'"{w}"' for w in words), limit))]
        if len(found) < limit and len(words) > 1:
            broader = self.db.execute(sql, (" OR ".join(f'"{w}"' for w in words), limit))
            found += [r[0] for r in broader if r[0] not in found]
        return found[:limit]
