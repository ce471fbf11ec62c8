"""Bad sources are reported by name while the others build; a failed build leaves the old KB."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

import ingest.build
import ingest.edition
import ingest.pipeline
from ingest.build import BuildCrashed, build_kb, check_parsed
from ingest.sources import SourceText
from kb.store.layout import current_build
from kb.model import Rule
from kb.store.read import Store


def _bad_sources(folder: Path, corpus_data: Path) -> None:
    """Real bad inputs: empty, binary, no CR text, a UTF-16 file cut mid-character, an English file
    cut inside its contents list, a 200 MB (sparse) file."""
    folder.mkdir()
    (folder / "empty.txt").write_bytes(b"")
    (folder / "binary.txt").write_bytes(bytes(range(256)) * 8)
    (folder / "notes.txt").write_text("Shopping list\n- eggs\n- milk\n", encoding="utf-8")
    (folder / "utf16.txt").write_bytes("\ufeff100.1. These Magic rules apply.\n".encode("utf-16-be")[:41])
    en = (corpus_data / "build" / "2026-01-16.txt").read_bytes()
    (folder / "cut.txt").write_bytes(en[: en.index(b"106. Mana")])  # header, contents 1.-105.: cut before rule 100.1
    with open(folder / "huge.txt", "wb") as big:
        big.truncate(200_000_000)


def test_bad_sources_are_named_and_the_good_one_builds(tmp_path, corpus_data):
    _bad_sources(tmp_path / "bad", corpus_data)
    good = corpus_data / "build" / "2021-11-19.txt"
    report = build_kb([tmp_path / "bad", good], tmp_path / "kb", partial=True)
    assert report.published
    assert [e["id"] for e in report.editions] == ["ko-2021-11-19"]
    failed = {Path(s.path).name: s.error for s in report.failed}
    expected = {
        "binary.txt": r"bad/binary\.txt(:\d+)?: .*binary",
        "cut.txt": r"bad/cut\.txt: no (numbered )?rules",
        "empty.txt": r"bad/empty\.txt: empty file$",
        "huge.txt": r"bad/huge\.txt: 200,000,000 bytes is over the 20,000,000-byte limit for one source$",
        "notes.txt": r"bad/notes\.txt(:\d+)?: not a CR text",
        "utf16.txt": r"bad/utf16\.txt:1: .*truncated",
    }
    assert sorted(failed) == sorted(expected)
    for name, pattern in expected.items():
        assert re.search(pattern, failed[name]), (name, failed[name])
    assert all(s.edition is None and s.rules == 0 for s in report.failed)


def test_a_bad_source_keeps_the_kb_in_place_unless_partial(tmp_path, corpus_data):
    kb_dir = tmp_path / "kb"
    live = _build_good(kb_dir, corpus_data)
    (tmp_path / "empty.txt").write_bytes(b"")
    good = corpus_data / "build" / "2021-11-19.txt"
    report = build_kb([tmp_path / "empty.txt", good], kb_dir)
    assert (report.published, [e["id"] for e in report.editions], len(report.failed)) == (False, ["ko-2021-11-19"], 1)
    assert current_build(kb_dir).root == live
    assert [e.id for e in Store(current_build(kb_dir).store).editions()] == ["en-2026-01-16"]


def test_a_folder_that_cannot_be_listed_is_a_failed_source_not_a_lost_edition(tmp_path, corpus_data, monkeypatch):
    # root lists any folder: the walk is refused for one as it is for another user (Path.rglob
    # passed over it without a word, and the build published the KB without its editions)
    kb_dir = tmp_path / "kb"
    live = _build_good(kb_dir, corpus_data)
    (tmp_path / "src" / "ok").mkdir(parents=True)
    (tmp_path / "src" / "locked").mkdir()
    for folder, name in (("ok", "2021-11-19.txt"), ("locked", "2026-01-16.txt")):
        (tmp_path / "src" / folder / name).write_bytes((corpus_data / "build" / name).read_bytes())
    scandir = os.scandir

    def refusing(path="."):
        if isinstance(path, (str, os.PathLike)) and Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)
    report = build_kb([tmp_path / "src"], kb_dir)
    assert (report.published, [e["id"] for e in report.editions]) == (False, ["ko-2021-11-19"])
    locked = tmp_path / "src" / "locked"
    assert [(f.path, f.error) for f in report.failed] == [
        (str(locked), f"{locked}: cannot list the folder: Permission denied; its files are not read")]
    assert current_build(kb_dir).root == live


def _build_good(kb_dir: Path, corpus_data: Path) -> Path:
    report = build_kb([corpus_data / "build" / "2026-01-16.txt"], kb_dir)
    assert report.published
    return current_build(kb_dir).root


def test_when_nothing_builds_the_old_kb_stays_and_nothing_is_left_behind(tmp_path, corpus_data):
    kb_dir = tmp_path / "kb"
    live = _build_good(kb_dir, corpus_data)
    _bad_sources(tmp_path / "bad", corpus_data)
    report = build_kb([tmp_path / "bad"], kb_dir)
    assert (report.published, report.build, report.editions, len(report.failed)) == (False, None, [], 6)
    assert current_build(kb_dir).root == live
    assert sorted(os.listdir(kb_dir / "builds")) == [live.name]
    assert [e.id for e in Store(current_build(kb_dir).store).editions()] == ["en-2026-01-16"]


def test_a_crash_publishes_nothing_and_names_the_file(tmp_path, corpus_data, monkeypatch):
    kb_dir = tmp_path / "kb"
    live = _build_good(kb_dir, corpus_data)

    def broken_parser(paragraphs, *, lang, source, contents_en=None):
        raise RuntimeError("parser bug")

    monkeypatch.setattr(ingest.edition, "parse_rules", broken_parser)
    with pytest.raises(BuildCrashed, match=r"2021-11-19\.txt: RuntimeError: parser bug"):
        build_kb([corpus_data / "build" / "2021-11-19.txt"], kb_dir)
    assert current_build(kb_dir).root == live
    assert sorted(os.listdir(kb_dir / "builds")) == [live.name]


def test_a_crash_in_the_index_writer_publishes_nothing(tmp_path, corpus_data, monkeypatch):
    kb_dir = tmp_path / "kb"
    live = _build_good(kb_dir, corpus_data)

    def broken_index(index_dir, text, cache=None):
        raise OSError("disk full")

    monkeypatch.setattr(ingest.pipeline, "write_edition_index", broken_index)
    with pytest.raises(OSError, match="disk full"):
        build_kb([corpus_data / "build" / "2021-11-19.txt"], kb_dir)
    assert current_build(kb_dir).root == live
    assert sorted(os.listdir(kb_dir / "builds")) == [live.name]


def test_a_new_build_replaces_the_old_one(tmp_path, corpus_data):
    kb_dir = tmp_path / "kb"
    old = _build_good(kb_dir, corpus_data)
    report = build_kb([corpus_data / "build" / "2021-11-19.txt"], kb_dir)
    new = current_build(kb_dir).root
    assert report.published and new != old and report.build == str(new)
    assert [e.id for e in Store(current_build(kb_dir).store).editions()] == ["ko-2021-11-19"]


def test_a_failed_file_of_a_multi_file_edition_leaves_the_rest(tmp_path, corpus_data):
    folder = tmp_path / "dbyll"
    folder.mkdir()
    for source in (corpus_data / "build" / "dbyll-20210215").iterdir():
        if source.name != ".gitattributes":
            (folder / source.name).write_bytes(source.read_bytes())
    (folder / "ko-20210215-dbyll-100.md").write_bytes(b"")
    (folder / "manifest.toml").write_text(
        '[[source]]\npath = "."\nprovenance = "p"\none_edition = true\nmetadata = "ko-20210215-dbyll-index.md"\n'
    )
    report = build_kb([folder], tmp_path / "kb")
    assert report.to_dict()["editions"][0] | {"title": None} == {
        "id": "ko-2021-02-15-dbyll", "lang": "ko", "effective_date": "2021-02-15", "title": None,
        "sources": ["ko-20210215-dbyll-index.md", "ko-20210215-dbyll-700.md"],
        "rules": 10, "examples": 3, "glossary": 0, "unresolved": 1,
    }
    assert [(Path(s.path).name, s.status) for s in report.sources] == [
        ("ko-20210215-dbyll-index.md", "ok"), ("ko-20210215-dbyll-100.md", "failed"),
        ("ko-20210215-dbyll-700.md", "ok"),
    ]


def test_a_text_of_headings_only_makes_no_edition():
    text = SourceText("cut.txt", "official-text", "utf-8", "", [])
    headings = [Rule("1", "Game Concepts", title="Game Concepts"), Rule("100", "General", title="General")]
    assert check_parsed(text, headings, [], []) == (
        "no numbered rules, only 2 headings (a truncated file, or only a contents list?)"
    )
    assert check_parsed(text, [], [], []) == "no rules found (read as official-text)"
    assert check_parsed(text, [*headings, Rule("100.1", "These Magic rules apply.")], [], []) is None


def test_a_chinese_text_is_built_as_chinese_and_an_unknown_language_refused(tmp_path, corpus_data):
    """Chinese is told from Japanese by its lack of kana and built as ``zh`` (it was once stored as a
    Japanese edition); a text in none of crkb's languages is refused, never mislabelled."""
    (tmp_path / "zh.txt").write_text(
        "万智牌完整规则\n\n此规则于2024年4月12日起生效。\n\n100. 总则\n\n100.1. 这些万智牌规则适用于任何两位或更多牌手的万智牌游戏。\n\n"
        "100.1a 双人游戏是指只有两位牌手开始的游戏。\n\n100.1b 多人游戏是指有三位或更多牌手开始的游戏。\n", encoding="utf-8")
    (tmp_path / "ru.txt").write_text(
        "100. Общие положения\n\n100.1. Эти правила применяются к любой игре.\n\n100.1a Игра для двух игроков.\n\n"
        "100.1b Многопользовательская игра.\n", encoding="utf-8")
    good = corpus_data / "build" / "2021-11-19.txt"
    report = build_kb([tmp_path / "zh.txt", tmp_path / "ru.txt", good], tmp_path / "kb", partial=True)
    assert [(e["id"], e["rules"]) for e in report.editions] == [("zh-2024-04-12", 4), ("ko-2021-11-19", 18)]
    failed = {Path(s.path).name: s.error for s in report.failed}
    assert set(failed) == {"ru.txt"}
    assert failed["ru.txt"].endswith(
        "ru.txt: not in a language crkb builds (en, ko, ja, zh): add lang to the manifest if it is one")
