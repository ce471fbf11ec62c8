"""An official text that ends early (a cut file) is refused, or with --partial published and
marked partial on its pages and in the API; a failed source stops the build before indexing."""

from __future__ import annotations

import json

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner

import ingest.build
from cli.main import main
from kb.store.layout import current_build
from kb.store.read import Store
from web.app import create_app

SEED = "tests/data/build/003_a598c1a51fd45771.txt"


@pytest.fixture()
def cut_text(tmp_path, excerpt_of):
    """The official English text of 2026-01-16 cut after its first 1,500 lines (inside section 3)."""
    path = tmp_path / "src" / "2026-01-16.txt"
    path.parent.mkdir()
    path.write_bytes(excerpt_of("en/2026-01-16.txt", lines=[(0, 1500)]))
    return path


def _build(kb_dir, *args):
    result = CliRunner().invoke(main, ["build", "--only", *map(str, args), "--kb", str(kb_dir), "--json"])
    return result.exit_code, json.loads(result.stdout), result.stderr


def test_a_cut_official_text_is_not_published(tmp_path, cut_text):
    code, report, err = _build(tmp_path / "kb", cut_text)
    source = report["sources"][0]
    assert (code, report["published"], report["index"], source["status"]) == (1, False, "not written", "failed")
    assert source["error"] == (f"{cut_text}:1500: the official text ends here, before its glossary and credits "
                               "(a cut file); --partial publishes it marked partial")  # the line: as every failure
    assert not (tmp_path / "kb" / "current").exists()


def test_a_cut_text_wrapped_at_a_width_is_not_published_either(tmp_path, cut_text):
    import textwrap

    wrapped = tmp_path / "wrapped" / "2026-01-16.txt"
    wrapped.parent.mkdir()
    wrapped.write_text("\n".join("\n".join(textwrap.wrap(line, 78)) for line in cut_text.read_text().split("\n")))
    code, report, _ = _build(tmp_path / "kb", wrapped)
    assert (code, report["published"], report["sources"][0]["status"]) == (1, False, "failed")


def test_with_partial_it_is_published_and_says_so(tmp_path, cut_text):
    code, report, _ = _build(tmp_path / "kb", cut_text, "--partial")
    assert (code, report["published"]) == (0, True)
    store = Store(current_build(tmp_path / "kb").store)
    assert [(e.id, e.partial) for e in store.editions()] == [("en-2026-01-16", True)]
    client = create_app({"KB_DIR": str(tmp_path / "kb")}).test_client()
    page = BeautifulSoup(client.get("/en/cr/103.1").get_data(as_text=True), "html.parser")
    assert page.select_one(".edition-line .partial-edition").get_text().startswith("(partial: this copy of the text ends early")
    api = client.get("/api/v1/editions").get_json()["editions"]
    assert [(e["id"], e.get("partial")) for e in api] == [("en-2026-01-16", True)]


def test_a_whole_text_is_not_marked_partial(tmp_path):
    code, report, _ = _build(tmp_path / "kb", SEED)
    assert code == 0 and not any(e.partial for e in Store(current_build(tmp_path / "kb").store).editions())
    api = create_app({"KB_DIR": str(tmp_path / "kb")}).test_client().get("/api/v1/editions").get_json()
    assert "partial" not in api["editions"][0]


def test_a_failed_source_stops_the_build_before_indexing(tmp_path, cut_text, monkeypatch):
    def no_index(*args, **kwargs):
        raise AssertionError("indexed although a source failed")

    monkeypatch.setattr(ingest.build, "index_build", no_index)
    code, report, _ = _build(tmp_path / "kb", cut_text, SEED)
    assert (code, report["published"], report["index"]) == (1, False, "not written")


def test_editions_say_where_a_text_holding_every_section_was_cut(tmp_path, excerpt_of):
    # cut inside section 9 it holds every section, but not the whole CR ("the whole CR" beside "partial")
    path = tmp_path / "src" / "2026-01-16.txt"
    path.parent.mkdir()
    path.write_bytes(excerpt_of("en/2026-01-16.txt", lines=[(0, 6930)]))
    code, report, _ = _build(tmp_path / "kb", path, "--partial")
    assert (code, report["published"]) == (0, True)
    client = create_app({"KB_DIR": str(tmp_path / "kb")}).test_client()
    row = BeautifulSoup(client.get("/editions").get_data(as_text=True), "html.parser").select_one("tbody tr")
    assert row.select_one(".partial-edition").get_text() == "partial"
    assert row.select_one("td.coverage").get_text() == "every section, cut short after 904.2"


def test_the_newest_whole_edition_is_the_default_before_a_newer_cut_one(tmp_path, cut_text):
    from tests.corpus import shared_file

    code, _, _ = _build(tmp_path / "kb", shared_file("en/2024-04-10.txt"), cut_text, "--partial")
    assert code == 0
    runner, kb = CliRunner(), ["--kb", str(tmp_path / "kb")]
    shown = runner.invoke(main, ["show", "702.19b", *kb])  # past the cut: the cut edition has no 702.19b
    assert (shown.exit_code, shown.stdout.splitlines()[0]) == (
        0, "702.19b  [en-2024-04-12: Magic: The Gathering Comprehensive Rules]")
    cut = runner.invoke(main, ["show", "100.1", "--edition", "2026-01-16", *kb]).stdout.splitlines()[0]
    assert cut == "100.1  [en-2026-01-16: Magic: The Gathering Comprehensive Rules] (partial: the text ends early)"
    listed = runner.invoke(main, ["editions", *kb]).stdout
    assert "2026-01-16 (partial)" in listed and "2024-04-12 (partial)" not in listed
    client = create_app({"KB_DIR": str(tmp_path / "kb")}).test_client()
    assert client.get("/search?q=702.19b").headers["Location"] == "/en/cr/702.19b"
    page = BeautifulSoup(client.get("/en/cr/702.19b").get_data(as_text=True), "html.parser")
    assert "2024-04-12" in page.select_one(".edition-line").get_text()
