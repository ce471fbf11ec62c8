"""A small real KB for tests: a few rules of en 2026-01-16, ko 2021-11-19 and ja 2023-09-01.

tests/data/small_kb.json names the rules (number, line) and glossary entries (term); their texts
are read at test time from the corpus file each edition names (``tests.corpus.with_texts``), so the
store, search and web tests run on real rule text; they are skipped when ../shared is absent.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from kb.model import Edition, Example, GlossaryEntry, Reference, Rule
from tests.corpus import with_texts
from tests.kbs import write_store

SMALL_KB = Path(__file__).resolve().parent / "data" / "small_kb.json"


def small_kb_editions() -> list[tuple[Edition, list[Rule], list[GlossaryEntry]]]:
    """The fixture's editions with their rules (document order) and glossary."""
    data = json.loads(SMALL_KB.read_text(encoding="utf-8"))
    return [_edition(e) for e in data["editions"]]


def write_small_store(path: Path) -> Path:
    """Write the fixture as a store at ``path`` (``tests.kbs.write_store``) and return it."""
    return write_store(path, small_kb_editions())


def _edition(raw: dict) -> tuple[Edition, list[Rule], list[GlossaryEntry]]:
    raw = with_texts(raw, raw["lang"])
    edition = Edition(
        raw["id"], raw["lang"], dt.date.fromisoformat(raw["effective_date"]), raw["title"], tuple(raw["sources"])
    )
    source = raw["sources"][0]
    rules = [
        Rule(
            number=r["number"],
            text=r["text"],
            title=r.get("title"),
            title_en=r.get("title_en"),
            examples=tuple(Example(text) for text in r["examples"]),
            references=_refs(r.get("references", [])),
            source=source,
            line=r["line"],
        )
        for r in raw["rules"]
    ]
    glossary = [
        GlossaryEntry(g["term"], g["definition"], _refs(g.get("references", [])), source, 0) for g in raw["glossary"]
    ]
    return edition, rules, glossary


def _refs(raw: list[dict]) -> tuple[Reference, ...]:
    return tuple(Reference(r["start"], r["end"], r["text"], tuple(r["targets"])) for r in raw)
