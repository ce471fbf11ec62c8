"""The sources manifest and edition planning, on the bundled data/ (the seeds), the standard set
and the build test data."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from ingest.plan import EditionPlan, SourcePlan, edition_id, folder_variant, plan_editions, slug
from ingest.manifest import ManifestError, SourceHints, load_manifest
from ingest.sources import SourceError

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"


def test_bundled_manifest_names_every_bundled_file_with_its_provenance():
    """The repository bundles the five seeds and nothing else."""
    manifest = load_manifest(DATA / "manifest.toml")
    files = [p for p in DATA.rglob("*") if p.is_file() and p.name not in ("manifest.toml", ".gitattributes")]
    assert sorted(p.relative_to(DATA).parts[0] for p in files) == ["seeds"] * 5
    assert all(manifest.entry_for(f) is not None and manifest.entry_for(f).hints.provenance for f in files)
    assert [e.hints.effective_date for e in manifest.entries] == [None] * 5


def test_standard_manifest_never_gives_a_date_and_names_the_dbyll_edition(standard_set):
    manifest = load_manifest(standard_set / "manifest.toml")
    files = [p for p in standard_set.rglob("*") if p.is_file() and p.name != "manifest.toml"]
    assert len(files) == 21
    assert all(manifest.entry_for(f) is not None and manifest.entry_for(f).hints.provenance for f in files)
    assert [e.hints.effective_date for e in manifest.entries] == [None] * 12
    dbyll = manifest.entry_for(standard_set / "ko/dbyll-20210215/ko-20210215-dbyll-700.md")
    assert (dbyll.path, dbyll.one_edition, dbyll.metadata, dbyll.hints.variant) == (
        standard_set / "ko/dbyll-20210215", True, standard_set / "ko/dbyll-20210215/ko-20210215-dbyll-index.md", "dbyll"
    )


def test_plan_of_the_build_corpus_data(corpus_data):
    folder = corpus_data / "build"
    hints = {e.path.name: e.hints for e in load_manifest(folder / "manifest.toml").entries}
    dbyll = folder / "dbyll-20210215"
    assert plan_editions([folder]) == [
        EditionPlan((SourcePlan(folder / "003_a598c1a51fd45771.txt", hints["003_a598c1a51fd45771.txt"]),)),
        EditionPlan((SourcePlan(folder / "2021-11-19.txt", hints["2021-11-19.txt"]),)),
        EditionPlan((SourcePlan(folder / "2026-01-16.txt", hints["2026-01-16.txt"]),)),
        EditionPlan(
            (
                SourcePlan(dbyll / "ko-20210215-dbyll-100.md", hints["dbyll-20210215"]),
                SourcePlan(dbyll / "ko-20210215-dbyll-700.md", hints["dbyll-20210215"]),
            ),
            SourcePlan(dbyll / "ko-20210215-dbyll-index.md", hints["dbyll-20210215"]),
            "dbyll",
        ),
    ]


def test_plan_reads_a_file_given_twice_once_and_sorts_numbers_as_numbers(tmp_path, corpus_data):
    for name in ("part-10.txt", "part-9.txt", ".hidden.txt"):
        (tmp_path / name).write_text("x")
    source = corpus_data / "build" / "2026-01-16.txt"
    plans = plan_editions([source, tmp_path, source])
    assert [p.files[0].path.name for p in plans] == ["2026-01-16.txt", "part-9.txt", "part-10.txt"]
    assert plans[1].files[0].hints == SourceHints()


def test_plan_refuses_a_missing_path(tmp_path):
    with pytest.raises(SourceError, match="nope.txt: no such file or folder"):
        plan_editions([tmp_path / "nope.txt"])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[source]]\npath = "a.txt"\nprovenance = 3\n', "'provenance' is required"),
        ('[[source]]\npath = "a.txt"\nprovenance = "p"\ncolour = "red"\n', "unknown key\\(s\\) colour"),
        ('[[source]]\npath = "missing.txt"\nprovenance = "p"\n', "missing.txt does not exist"),
        ('[[source]]\npath = "../a.txt"\nprovenance = "p"\n', "is outside"),
        ('[[source]]\npath = "a.txt"\nprovenance = "p"\neffective_date = "2021-02-15"\n', "must be a TOML date"),
        ('[[source]]\npath = "a.txt"\nprovenance = "p"\none_edition = true\n', "one_edition needs a folder"),
        ('schema = 2\n', "unknown schema 2"),
        ('[[source]]\npath = "a.txt\n', "not valid TOML: .*line 2"),
    ],
)
def test_bad_manifests_are_refused_with_the_reason(tmp_path, text, message):
    (tmp_path / "a.txt").write_text("x")
    (tmp_path / "manifest.toml").write_text(text)
    with pytest.raises(ManifestError, match=message):
        load_manifest(tmp_path / "manifest.toml")
    plans = plan_editions([tmp_path])  # the folder is one failed source, with the reason
    assert [(p.path.name, p.error) for plan in plans for p in plan.files] == [
        ("manifest.toml", f"{load_reason(tmp_path)}: no file of {tmp_path.name}/ is read")]


def load_reason(folder):
    try:
        load_manifest(folder / "manifest.toml")
    except ManifestError as err:
        return err.reason


def test_manifest_hints_are_read_with_their_types(tmp_path):
    (tmp_path / "a.txt").write_text("x")
    (tmp_path / "manifest.toml").write_text(
        '[[source]]\npath = "a.txt"\nprovenance = "p"\nvariant = "v"\nlang = "ja"\n'
        'effective_date = 2023-09-01\nformat = "plain-text"\n'
    )
    entry = load_manifest(tmp_path / "manifest.toml").entries[0]
    assert entry.hints == SourceHints("p", "v", "ja", dt.date(2023, 9, 1), "plain-text")


def test_edition_ids():
    date = dt.date(2021, 2, 15)
    assert edition_id("ko", date, None, "2021-02-15", []) == "ko-2021-02-15"
    assert edition_id("ko", date, "dbyll", "ko-20210215-dbyll-index", ["ko-2021-02-15"]) == "ko-2021-02-15-dbyll"
    assert edition_id("en", date, None, "2021-02-24", ["en-2021-02-15"]) == "en-2021-02-15-2021-02-24"
    assert edition_id("en", date, None, "x", ["en-2021-02-15", "en-2021-02-15-x"]) == "en-2021-02-15-x-2"
    assert edition_id("ko", None, None, "000_81dc8df3711c17ec", []) == "ko-undated-000-81dc8df3711c17ec"
    assert folder_variant("dbyll-20210215") == "dbyll"
    assert folder_variant("20210215") == "20210215"
    assert slug("Part 11 (old)") == "part-11-old"


def test_a_folder_of_markdown_pages_with_an_index_is_one_edition_without_a_manifest(tmp_path, corpus_data):
    """As in ../shared/corpus, which has no manifest: the dbyll pages make one edition, its index
    page read for title and date; notes beside the texts (SOURCES.md) are not sources."""
    pages = tmp_path / "ko" / "dbyll-20210215"
    shutil.copytree(corpus_data / "build" / "dbyll-20210215", pages)
    (tmp_path / "SOURCES.md").write_text("# Where the texts come from\n", encoding="utf-8")
    [plan] = plan_editions([tmp_path])
    assert [s.path.name for s in plan.files] == ["ko-20210215-dbyll-100.md", "ko-20210215-dbyll-700.md"]
    assert (plan.metadata.path, plan.variant) == (pages / "ko-20210215-dbyll-index.md", "dbyll")


def test_a_folder_of_html_pages_with_an_index_is_one_edition_and_a_mixed_folder_is_not(tmp_path):
    site = tmp_path / "site-20210215"
    site.mkdir()
    for name in ("index.html", "100.html", "700.htm"):
        (site / name).write_text("<p>100.1. Invented rule text.</p>", encoding="utf-8")
    [plan] = plan_editions([tmp_path])
    assert [s.path.name for s in plan.files] == ["100.html", "700.htm"]
    assert (plan.metadata.path, plan.variant, plan.files[0].hints.provenance) == (
        site / "index.html", "site", "a folder of HTML pages with an index page")
    (site / "800.md").write_text("**800.1** Invented rule text.\n", encoding="utf-8")
    assert len(plan_editions([tmp_path])) == 4  # Markdown beside HTML: each page its own source
