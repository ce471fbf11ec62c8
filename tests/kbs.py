"""The one test-KB builder: editions (an ``Edition`` with its parsed rules and glossary) annotated
as the build annotates them (``ingest.annotate``), written to a store, and the search index built
from that store, as ``crkb build`` does. The data sets live in ``tests/small_kb.py``,
``tests/search/search_kb.py`` and ``tests/web/webkb.py``."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ingest.annotate import annotate_edition
from kb.model import Edition, EditionText, GlossaryEntry, Rule
from kb.store.layout import BuildPaths
from kb.store.read import Store
from kb.store.write import StoreWriter
from search.index import write_index

Parsed = tuple[Edition, list[Rule], list[GlossaryEntry]]


def annotated(edition: Edition, rules: list[Rule], glossary: list[GlossaryEntry]) -> EditionText:
    """One edition annotated as the build does it."""
    return annotate_edition(edition, rules, glossary)


def write_store(path: Path, editions: Iterable[Parsed]) -> Path:
    """Annotate ``editions`` and write them as a store at ``path``; return ``path``."""
    with StoreWriter(path) as writer:
        for edition, rules, glossary in editions:
            writer.add_edition(annotated(edition, rules, glossary))
    return path


def write_kb(folder: Path, editions: Iterable[Parsed], index: bool = True) -> BuildPaths:
    """A store of ``editions`` in ``folder`` and, with ``index``, the search index built from it."""
    build = BuildPaths(Path(folder))
    build.root.mkdir(parents=True, exist_ok=True)
    write_store(build.store, editions)
    if index:
        store = Store(build.store)
        write_index(build.index, (store.edition_text(e.id) for e in store.editions()))
    return build
