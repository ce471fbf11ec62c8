"""The web tests' KB: the small real KB plus en 2021-11-19 (the English edition of ko 2021-11-19,
tests/data/web/extra_editions.json, texts read at test time from corpus/en/2021-11-15.txt), and its index."""

from __future__ import annotations

import json
from pathlib import Path

from kb.model import Edition, GlossaryEntry, Rule
from tests import small_kb
from tests.kbs import write_kb

EXTRA = Path(__file__).resolve().parent.parent / "data" / "web" / "extra_editions.json"


def web_kb_editions() -> list[tuple[Edition, list[Rule], list[GlossaryEntry]]]:
    """The small KB's editions plus the extra English edition."""
    extra = json.loads(EXTRA.read_text(encoding="utf-8"))["editions"]
    return small_kb.small_kb_editions() + [small_kb._edition(raw) for raw in extra]


def write_web_kb(folder: Path, editions: list[tuple[Edition, list[Rule], list[GlossaryEntry]]] | None = None) -> dict:
    """Write a store and its index into ``folder`` (``tests.kbs.write_kb``); return the app config."""
    build = write_kb(folder, editions if editions is not None else web_kb_editions())
    return {"STORE_PATH": str(build.store), "TESTING": True, "INDEX_DIR": str(build.index)}
