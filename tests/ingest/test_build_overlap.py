"""The alignment runs in a worker while the others index: beside the store, then merged into it
row for row as aligning in place writes it; its failure publishes nothing."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3

import pytest

import ingest.build
from ingest.align.stage import ALIGNMENT_TABLES, align_beside, align_store, merge_alignment
from ingest.build import BUNDLED_DATA, build_kb
from kb.store.layout import current_build
from kb.store.read import Store


def _tables(path) -> dict[str, list[tuple]]:
    """The alignment tables of a store, rows in storage order, and its alignment summary without
    the seconds (which differ from run to run)."""
    db = sqlite3.connect(path)
    try:
        found = {table: db.execute(f"SELECT * FROM {table}").fetchall() for table in ALIGNMENT_TABLES}
        (summary,) = db.execute("SELECT value FROM meta WHERE key = 'alignment'").fetchone()
    finally:
        db.close()
    summary = json.loads(summary)
    summary.pop("seconds")
    for pair in summary["pairs"]:
        pair.pop("seconds")
    found["alignment"] = [summary]
    return found


def test_aligning_beside_and_merging_writes_what_aligning_in_place_writes(standard_kb, tmp_path):
    _, store = standard_kb  # the build aligned beside the store and merged
    in_place, beside = tmp_path / "in-place.sqlite", tmp_path / "beside.sqlite"
    shutil.copy(store.path, in_place)
    shutil.copy(store.path, beside)
    align_store(in_place)
    summary = align_beside(beside, tmp_path / "aligned.sqlite")
    with pytest.raises(FileExistsError):
        align_beside(beside, tmp_path / "aligned.sqlite")  # a new file only
    merge_alignment(beside, tmp_path / "aligned.sqlite")
    assert not (tmp_path / "aligned.sqlite").exists()
    expected = _tables(in_place)
    assert _tables(beside) == expected == _tables(store.path)
    assert len(expected["chain"]) == 7 and len(expected["lineage"]) > 10_000
    assert {link["edition"] for link in summary["links"]} >= {"ko-2021-11-19", "ko-2021-02-15-dbyll"}


def test_the_alignment_runs_while_the_workers_index(tmp_path):
    report = build_kb([BUNDLED_DATA], tmp_path / "kb", workers=2)
    assert report.published
    timeline = report.timeline
    assert list(timeline)[:3] == ["parse", "analyze", "index"]
    assert set(timeline) == {"parse", "analyze", "index", "align", "merge", "terms"}
    assert timeline["index"][0] <= timeline["align"][0] < timeline["index"][1]  # submitted ahead of the index runs
    assert timeline["merge"][0] >= max(timeline["index"][1], timeline["align"][1])
    assert report.stages["align"] > 0 and report.stages["index"] > 0
    build = current_build(tmp_path / "kb")
    assert not (build.root / ingest.build.ALIGNED).exists()
    store = Store(build.store)
    assert [e.id for e in store.editions()][0] == "ja-2023-09-01"
    assert _tables(build.store)["chain"] == [("ja-2023-09-01", "ja", 0)]


def test_an_alignment_that_fails_in_its_worker_publishes_nothing(tmp_path, monkeypatch):
    kb_dir = tmp_path / "kb"
    build_kb([BUNDLED_DATA], kb_dir, workers=2)
    live = current_build(kb_dir).root
    monkeypatch.setattr(ingest.build, "ALIGNED", "rules.sqlite")  # the store itself: align_beside refuses it
    with pytest.raises(FileExistsError, match="rules.sqlite exists"):
        build_kb([BUNDLED_DATA], kb_dir, workers=2)
    assert current_build(kb_dir).root == live
    assert sorted(os.listdir(kb_dir / "builds")) == [live.name]
