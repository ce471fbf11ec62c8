"""The search tests' KB: tests/small_kb.py's editions plus the real rules and glossary entries of
tests/data/search/extra_rules.json (a second, older English edition among them; texts read from
the corpus at test time), as a store and an index in a folder."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from kb import numbers
from kb.store.layout import BuildPaths
from kb.model import Edition, Example, GlossaryEntry, Reference, Rule
from tests.corpus import with_texts
from tests.kbs import write_kb
from tests.small_kb import small_kb_editions

EXTRA = Path(__file__).resolve().parent.parent / "data" / "search" / "extra_rules.json"

Built = tuple[Edition, list[Rule], list[GlossaryEntry]]


def search_editions() -> list[Built]:
    """The small KB's editions with the extra rules merged in document order, then new editions."""
    extra = json.loads(EXTRA.read_text(encoding="utf-8"))["editions"]
    editions = []
    for edition, rules, glossary in small_kb_editions():
        more = extra.pop(edition.id, None)
        more = with_texts(more, edition.lang) if more else {"rules": [], "glossary": []}
        source = edition.sources[0]
        merged = rules + [_rule(r, source) for r in more["rules"]]
        merged.sort(key=lambda rule: numbers.sort_key(rule.number))
        editions.append((edition, merged, glossary + [_entry(g, source) for g in more["glossary"]]))
    for edition_id, raw in extra.items():
        raw = with_texts(raw, raw["lang"])
        edition = Edition(edition_id, raw["lang"], dt.date.fromisoformat(raw["effective_date"]), raw["title"],
                          tuple(raw["sources"]))
        editions.append((edition, [_rule(r, raw["sources"][0]) for r in raw["rules"]], []))
    return editions


def build_search_kb(folder: Path, editions: list[Built] | None = None) -> BuildPaths:
    """Write ``editions`` (default ``search_editions()``) as a store and an index in ``folder``."""
    return write_kb(folder, search_editions() if editions is None else editions)


def _rule(raw: dict, source: str) -> Rule:
    return Rule(
        number=raw["number"], text=raw["text"], title=raw.get("title"), title_en=raw.get("title_en"),
        examples=tuple(Example(text) for text in raw["examples"]), references=_refs(raw["references"]),
        source=source, line=raw["line"],
    )


def _entry(raw: dict, source: str) -> GlossaryEntry:
    return GlossaryEntry(raw["term"], raw["definition"], _refs(raw["references"]), source, 0)


def _refs(raw: list[dict]) -> tuple[Reference, ...]:
    return tuple(Reference(r["start"], r["end"], r["text"], tuple(r["targets"])) for r in raw)
