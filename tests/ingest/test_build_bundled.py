"""The bundled data/ (the seeds) builds into the editions the project promises, and so does the
standard set of ../shared (the same-edition pairs, ``standard_kb`` in tests/conftest.py; the
search index is skipped here to keep the suite fast; tests/cli and the search tests cover it)."""

from __future__ import annotations

from pathlib import Path

import pytest

import ingest.build
from ingest.build import BUNDLED_DATA, build_kb
from kb.store.layout import current_build
from kb.store.read import Store

SEED_EDITIONS = [
    ("ja-2023-09-01", "2023-09-01", ["001_5b900e1a5ef93c8f.txt"]),
    ("en-undated-002-fb7448a1b638b8b0", "undated", ["002_fb7448a1b638b8b0.txt"]),
    ("ko-undated-000-81dc8df3711c17ec", "undated", ["000_81dc8df3711c17ec.txt"]),
    ("ko-undated-003-a598c1a51fd45771", "undated", ["003_a598c1a51fd45771.txt"]),
    ("ko-undated-004-56508183edbe32f5", "undated", ["004_56508183edbe32f5.txt"]),
]


@pytest.fixture(scope="module")
def seeds(tmp_path_factory):
    kb_dir = tmp_path_factory.mktemp("bundled")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ingest.build, "index_build", lambda build, pool, timer: None)
        report = build_kb([BUNDLED_DATA], kb_dir)
    return report, Store(current_build(kb_dir).store)


def test_the_bundled_data_is_the_five_seeds(seeds):
    report, store = seeds
    assert report.published and not report.failed
    assert sorted(p.name for p in (BUNDLED_DATA / "seeds").iterdir()) == sorted(e[2][0] for e in SEED_EDITIONS)
    assert [(e.id, e.date_text, list(e.sources)) for e in store.editions()] == SEED_EDITIONS


@pytest.fixture(scope="module")
def bundled(standard_kb):
    return standard_kb


def test_standard_set_editions(bundled):
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


def test_standard_same_date_pairs_hold_the_same_rule(bundled):
    _, store = bundled
    for edition in ("en-2021-02-15", "ko-2021-02-15", "ko-2021-02-15-dbyll", "en-2021-11-19", "ko-2021-11-19"):
        assert store.rule(edition, "702.19b").examples, edition
    assert [r.number for r in store.rules_citing("en-2026-01-16", "702.19b")] == ["702.19c"]


def test_standard_references_mostly_resolve_in_full_editions(bundled):
    report, _ = bundled
    full = [s for s in report.sources if Path(s.path).parent.name in ("en", "kormtgcr")]
    assert len(full) == 6
    for source in full:
        refs = source.references
        assert refs["resolved"] >= 0.99 * refs["targets"], (source.name, refs, source.unresolved)


def test_standard_dbyll_edition_matches_kormtgcr_of_the_same_date(bundled):
    """The Jekyll pages name sections 1-9 only in their front matter and the English titles of
    the three-digit rules only in the index page: with both, the dbyll edition holds the same
    rules as the kormtgcr text of 2021-02-15, every heading titled in English, and only the
    translation's own four stale references stay unresolved (kormtgcr prints the same four)."""
    report, store = bundled
    dbyll, kormtgcr = store.rules("ko-2021-02-15-dbyll"), store.rules("ko-2021-02-15")
    assert len(dbyll) == 2656 and [r.number for r in dbyll] == [r.number for r in kormtgcr]
    headings = [r for r in dbyll if len(r.number) <= 3]
    assert len(headings) == 9 + 133 and all(r.title_en for r in headings)
    assert [(r.title, r.title_en) for r in headings if r.number in ("8", "616", "714")] == [
        ("대체 효과와 방지 효과의 상호작용", "Interaction of Replacement and/or Prevention Effects"),
        ("서사시 카드", "Sage Cards"),  # as the index prints it (kormtgcr: Saga Cards)
        ("다인전 규칙", "Multiplayer Rules"),
    ]
    unresolved = {e["id"]: e["unresolved"] for e in report.to_dict()["editions"]}
    assert unresolved["ko-2021-02-15-dbyll"] == unresolved["ko-2021-02-15"] == 4
    by_file = [u for s in report.sources if "dbyll" in s.path for u in s.unresolved]
    assert by_file == ["115.7b -> 114.7a", "115.7c -> 114.7a", "608.2h -> 112.7a", "718.2 -> 112.8"]
