"""The web tests' KB: the small real KB plus en 2021-11-19 (the English edition of ko 2021-11-19,
tests/data/web/extra_editions.json, texts copied from corpus/en/2021-11-15.txt), and an index when
``search.index`` is available."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from kb.model import Edition, GlossaryEntry, Rule
from kb.store.write import StoreWriter
from tests import small_kb

EXTRA = Path(__file__).resolve().parent.parent / "data" / "web" / "extra_editions.json"


def web_kb_editions() -> list[tuple[Edition, list[Rule], list[GlossaryEntry]]]:
    """The small KB's editions plus the extra English edition."""
    extra = json.loads(EXTRA.read_text(encoding="utf-8"))["editions"]
    return small_kb.small_kb_editions() + [small_kb._edition(raw) for raw in extra]


def write_web_kb(folder: Path, editions: list[tuple[Edition, list[Rule], list[GlossaryEntry]]] | None = None) -> dict:
    """Write a store (and an index when ``search.index`` exists) into ``folder``; return the app config."""
    editions = editions if editions is not None else web_kb_editions()
    store = folder / "rules.sqlite"
    with StoreWriter(store) as writer:
        for edition, rules, glossary in editions:
            writer.add_edition(edition, rules, glossary)
    config = {"STORE_PATH": str(store), "TESTING": True}
    if has_index_support():
        from search.index import write_index

        write_index(folder / "index", editions)
        config["INDEX_DIR"] = str(folder / "index")
    return config


def has_index_support() -> bool:
    """True once ``search.index`` and ``search.searcher`` have landed."""
    return importlib.util.find_spec("search.index") is not None and importlib.util.find_spec("search.searcher") is not None
