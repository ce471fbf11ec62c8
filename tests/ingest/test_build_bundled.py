"""The bundled data/ builds into the editions the project promises (the search index is skipped
here to keep the suite fast; tests/test_cli.py and the search tests cover it)."""

from __future__ import annotations

from pathlib import Path

import pytest

import ingest.build
from ingest.build import BUNDLED_DATA, build_kb
from kb.layout import current_build
from kb.store import Store


@pytest.fixture(scope="module")
def bundled(tmp_path_factory):
    patch = pytest.MonkeyPatch()
    patch.setattr(ingest.build, "write_index", lambda index_dir, editions: [None for _ in editions])
    try:
        kb_dir = tmp_path_factory.mktemp("bundled")
        report = build_kb([BUNDLED_DATA], kb_dir)
    finally:
        patch.undo()
    return report, Store(current_build(kb_dir).store)


def test_bundled_editions(bundled):
    report, store = bundled
    assert report.published and not report.failed
    dbyll = [f"ko-20210215-dbyll-{part}.md" for part in ("index", *range(100, 1000, 100))]
    assert [(e.id, e.date_text, list(e.sources)) for e in store.editions()] == [
        ("en-2026-01-16", "2026-01-16", ["2026-01-16.txt"]),
        ("en-2023-09-01", "2023-09-01", ["2023-09-01.txt"]),
        ("ja-2023-09-01", "2023-09-01", ["001_5b900e1a5ef93c8f.txt"]),
        ("en-2021-11-19", "2021-11-19", ["2021-11-15.txt"]),  # the header says November 19, 2021
        ("ko-2021-11-19", "2021-11-19", ["2021-11-19.txt"]),
        ("en-2021-02-15", "2021-02-15", ["2021-02-24.txt"]),  # the header says February 15, 2021
        ("ko-2021-02-15", "2021-02-15", ["2021-02-15.txt"]),
        ("ko-2021-02-15-dbyll", "2021-02-15", dbyll),
        ("en-undated-002-fb7448a1b638b8b0", "undated", ["002_fb7448a1b638b8b0.txt"]),
        ("ko-undated-000-81dc8df3711c17ec", "undated", ["000_81dc8df3711c17ec.txt"]),
        ("ko-undated-003-a598c1a51fd45771", "undated", ["003_a598c1a51fd45771.txt"]),
        ("ko-undated-004-56508183edbe32f5", "undated", ["004_56508183edbe32f5.txt"]),
    ]


def test_bundled_same_date_pairs_hold_the_same_rule(bundled):
    _, store = bundled
    for edition in ("en-2021-02-15", "ko-2021-02-15", "ko-2021-02-15-dbyll", "en-2021-11-19", "ko-2021-11-19"):
        assert store.rule(edition, "702.19b").examples, edition
    assert [r.number for r in store.rules_citing("en-2026-01-16", "702.19b")] == ["702.19c"]


def test_bundled_references_mostly_resolve_in_full_editions(bundled):
    report, _ = bundled
    full = [s for s in report.sources if Path(s.path).parent.name in ("en", "kormtgcr")]
    assert len(full) == 6
    for source in full:
        refs = source.references
        assert refs["resolved"] >= 0.99 * refs["targets"], (source.name, refs, source.unresolved)
