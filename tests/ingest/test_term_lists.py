"""The Chinese translators' term list (../shared/corpus/zh/translated-terms.txt, read at test time):
read as pairs, never planned as an edition, added to the term dictionary after the texts."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.build import build_kb
from ingest.plan import plan_editions
from ingest.sources import SourceError
from ingest.term_lists import find_term_lists, read_term_list
from kb.store.layout import current_build
from kb.store.read import Store
from kb.store.terms import TermDictionary
from search.searcher import open_searcher


def test_the_list_is_read_as_pairs_without_the_translators_notes(shared_dir: Path) -> None:
    pairs = read_term_list(shared_dir / "corpus" / "zh" / "translated-terms.txt")
    assert len(pairs) == 29  # the title and the sentence about Unfinity / Doctor Who are not pairs
    assert pairs[:3] == [("Abandon", "终止"), ("Alternative name", "别名"), ("Archenemy", "魔王")]
    assert ("Sticker Insert", "贴纸页") in pairs  # its note （官网译作“贴纸卡”，未作区分） dropped
    assert ("Doctor's Companion", "博士伙伴") in pairs
    assert not [term for _, term in pairs if "（" in term or ":" in term or "：" in term]


def test_a_list_is_never_an_edition(shared_dir: Path) -> None:
    folder = shared_dir / "corpus" / "zh"
    listed = folder / "translated-terms.txt"
    assert find_term_lists([folder]) == find_term_lists([listed, folder]) == [listed.resolve()]
    assert plan_editions([listed]) == []
    assert [plan.label for plan in plan_editions([folder])] == [
        "2022-06-10.txt", "2023-11-17.txt", "2024-02-02.txt", "2024-04-12.txt"]


def test_a_list_that_is_not_utf8_is_named_with_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "translated-terms.txt"
    bad.write_bytes("Abandon: 终止\n".encode() + "Scheme: 阴谋\n".encode("gb18030"))
    with pytest.raises(SourceError) as raised:
        read_term_list(bad)
    assert (raised.value.path, raised.value.line) == (str(bad), 2)
    assert "UTF-8" in str(raised.value)


@pytest.mark.corpus
def test_the_build_adds_the_list_after_the_texts(shared_dir: Path, tmp_path: Path) -> None:
    corpus = shared_dir / "corpus"
    broken = tmp_path / "elsewhere" / "translated-terms.txt"
    broken.parent.mkdir()
    broken.write_bytes(b"Abandon: \xff\n")
    report = build_kb([corpus / "en" / "2024-04-10.txt", corpus / "zh" / "2024-04-12.txt",
                       corpus / "zh" / "translated-terms.txt", broken.parent], tmp_path / "kb", workers=1)
    assert report.published and [e["id"] for e in report.editions] == ["en-2024-04-12", "zh-2024-04-12"]
    listed, failed = report.term_lists
    assert listed == {"path": str((corpus / "zh" / "translated-terms.txt").resolve()), "lang": "zh",
                      "pairs": 18, "error": None}  # 11 of the 29 the texts pair already
    assert (failed["pairs"], failed["error"]) == (0, f"{broken.resolve()}:1: a term list must be UTF-8")
    build = current_build(tmp_path / "kb")
    terms = TermDictionary(Store(build.store))
    sector = dict(terms.lookup("Sector"))["sector"]
    assert sorted((t.lang, t.term, t.kind, t.edition, t.number) for t in sector) == [
        ("en", "Sector", "list", "en-2024-04-12", None), ("zh", "星区", "list", "zh-2024-04-12", None)]
    abandon = dict(terms.lookup("终止"))["abandon"]  # the text's heading 701.26 comes first
    assert [(t.lang, t.term, t.kind, t.number) for t in abandon] == [
        ("en", "Abandon", "heading", "701.26"), ("zh", "终止", "heading", "701.26")]
    searcher = open_searcher(build)
    try:
        assert [hit.number for hit in searcher.search("sector", lang="zh", limit=3)][0].startswith("702.158")
    finally:
        searcher.close()
