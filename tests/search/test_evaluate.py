"""evaluate(): MRR@10 and recall@10 over a query file, on a stub searcher and on the search KB."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from search.evaluate import EvalResult, Expected, JudgedQuery, QueryResult, evaluate, read_queries
from search.searcher import Hit, open_searcher
from tests.search.search_kb import build_search_kb

TSV = (
    "# lang\tquery\texpected\n"
    "\n"
    "en\ttrample\t702.19*\n"
    "en\thand size\t402.2 514.1\n"
    "ko\t돌진\t702.19b\n"
    "ja\tマリガン\t103.4*\n"
)


class StubSearcher:
    """Answers fixed hit numbers per (lang, query)."""

    def __init__(self, answers: dict[tuple[str, str], list[str]]) -> None:
        self.answers = answers

    def search(self, query: str, *, lang: str | None = None, limit: int = 10) -> list[Hit]:
        return [Hit(n, lang or "", "", "", "", 1.0) for n in self.answers[(lang, query)]][:limit]


@pytest.fixture
def tsv(tmp_path: Path) -> Path:
    path = tmp_path / "queries.tsv"
    path.write_text(TSV, encoding="utf-8")
    return path


def test_read_queries(tsv: Path) -> None:
    assert read_queries(tsv) == [
        JudgedQuery("en", "trample", (Expected("702.19", True),), 3),
        JudgedQuery("en", "hand size", (Expected("402.2"), Expected("514.1")), 4),
        JudgedQuery("ko", "돌진", (Expected("702.19b"),), 5),
        JudgedQuery("ja", "マリガン", (Expected("103.4", True),), 6),
    ]


def test_mrr_and_recall_at_10(tsv: Path) -> None:
    searcher = StubSearcher({
        ("en", "trample"): ["702.1", "702.19c", "702.19"],                  # first relevant at rank 2
        ("en", "hand size"): ["402.2"] + ["100.1"] * 10 + ["514.1"],       # 514.1 beyond the top 10
        ("ko", "돌진"): ["702.19", "702.19b"],                               # 702.19b exact only
        ("ja", "マリガン"): ["103.5", "103.40"],                             # 103.40 is not under 103.4
    })
    result = evaluate(searcher, tsv)
    queries = read_queries(tsv)
    assert result == EvalResult(
        mrr_at_10=(1 / 2 + 1 + 1 / 2 + 0) / 4,
        recall_at_10=(1 + 0.5 + 1 + 0) / 4,
        results=(
            QueryResult(queries[0], 2, 1.0, ("702.1", "702.19c", "702.19")),
            QueryResult(queries[1], 1, 0.5, ("402.2",) + ("100.1",) * 9),
            QueryResult(queries[2], 2, 1.0, ("702.19", "702.19b")),
            QueryResult(queries[3], None, 0.0, ("103.5", "103.40")),
        ),
    )
    assert result.ranks == [2, 1, 2, None]
    assert [r.query.query for r in result.misses] == ["hand size", "マリガン"]

    from cli.search_commands import format_eval

    assert format_eval(result).splitlines() == [
        "queries: 4", "MRR@10: 0.500", "recall@10: 0.625", "misses: 2",
        "  line 4: en 'hand size' expected 402.2 514.1; rank 1, recall 0.50; got 402.2" + " 100.1" * 9,
        "  line 6: ja 'マリガン' expected 103.4*; rank -, recall 0.00; got 103.5 103.40",
        "found, not first: 2",
        "  line 3: en 'trample' expected 702.19*; rank 2, recall 1.00; got 702.1 702.19c 702.19",
        "  line 5: ko '돌진' expected 702.19b; rank 2, recall 1.00; got 702.19 702.19b",
    ]


def test_a_bad_line_is_an_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "bad.tsv"
    path.write_text("en\ttrample\n", encoding="utf-8")
    with pytest.raises(ValueError, match="bad.tsv:1"):
        read_queries(path)
    path.write_text("# c\nen\ttrample\tnot-a-number\n", encoding="utf-8")
    with pytest.raises(ValueError, match="bad.tsv:2: not a rule number"):
        read_queries(path)


def test_evaluate_the_real_searcher_and_the_eval_command(tmp_path: Path) -> None:
    build = build_search_kb(tmp_path / "build")
    path = tmp_path / "queries.tsv"
    path.write_text("en\ttrample\t702.19*\nko\t돌진\t702.19\nja\tマリガン\t103.5\nen\tzzqqxx\t103.5\n", encoding="utf-8")
    result = evaluate(open_searcher(build), path)
    assert (result.mrr_at_10, result.recall_at_10, result.ranks) == (0.75, 0.75, [1, 1, 1, None])

    from cli.search_commands import eval_command, search_command

    (tmp_path / "kb").mkdir()
    (tmp_path / "kb" / "current").symlink_to(build.root)
    out = CliRunner().invoke(eval_command, [str(path), "--kb", str(tmp_path / "kb")])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0].split() == ["block", "n", "MRR@10", "hit@10", "share@10", "BM25", "MRR", "hit@10", "share@10"]
    assert lines[1].split()[:5] == ["all", "4", "0.750", "0.750", "0.750"]
    assert lines[2:] == [
        "card list: none (card names in questions are left out; `crkb fetch --cards` gets one)",
        "queries: 4", "MRR@10: 0.750", "recall@10: 0.750", "misses: 1",
        "  line 4: en 'zzqqxx' expected 103.5; rank -, recall 0.00; got (nothing)",
    ]
    found = CliRunner().invoke(search_command, ["CR 704.5j", "--lang", "en", "--json", "--kb", str(tmp_path / "kb")])
    assert found.exit_code == 0, found.output
    assert [(h["number"], h["edition"], h["title"]) for h in json.loads(found.output)] == [
        ("704.5j", "en-2026-01-16", "State-Based Actions")]
    every = CliRunner().invoke(search_command, ["trample", "--lang", "all", "--limit", "2", "--json", "--kb", str(tmp_path / "kb")])
    assert [(h["lang"], h["number"]) for h in json.loads(every.output)] == [("en", "702.19"), ("ko", "702.19")]
    missing = CliRunner().invoke(search_command, ["x", "--kb", str(tmp_path / "none")])
    assert missing.exit_code == 1 and missing.output.startswith("Error: no knowledge base at")


def test_figures_per_block_and_beside_a_baseline(tmp_path: Path) -> None:
    from search.baseline import Fts5Baseline
    from search.evaluate import evaluate_with

    build = build_search_kb(tmp_path / "build")
    path = tmp_path / "queries.tsv"
    path.write_text("# block: name (one word)\nen\ttrample\t702.19*\nen\tzzqqxx\t103.5\n"
                    "# block: keyword (words)\nen\tdeathtouch trample\t702.2c 702.19b\n", encoding="utf-8")
    judged = read_queries(path)
    assert [q.block for q in judged] == ["name", "name", "keyword"]
    result = evaluate(open_searcher(build), path)
    blocks = result.blocks()
    assert list(blocks) == ["name", "keyword"]
    assert (blocks["name"].hit_at_10, blocks["name"].mrr_at_10) == (0.5, 0.5)
    assert blocks["keyword"].hit_at_10 == 1.0
    baseline = Fts5Baseline(open_searcher(build).store, ["en"])
    base = evaluate_with(lambda q: baseline.search(q.query, q.lang), judged)
    assert base.results[1].found == () and base.results[0].rank is not None


def test_the_baseline_reads_korean_japanese_and_chinese_as_character_pairs() -> None:
    from search.baseline import cjk_bigrams

    assert cjk_bigrams("돌진은 무엇").split() == ["돌진", "진은", "무엇"]
    assert cjk_bigrams("マリガンの手順").split() == ["マリ", "リガ", "ガン", "ンの", "の手", "手順"]
    assert cjk_bigrams("践踏").split() == ["践踏"]
    assert cjk_bigrams("702.19b trample 가").split() == ["702.19b", "trample", "가"]


def test_the_baseline_finds_words_inside_cjk_runs_and_keeps_each_language_to_itself(tmp_path: Path) -> None:
    from search.baseline import Fts5Baseline

    store = open_searcher(build_search_kb(tmp_path / "build")).store
    english = Fts5Baseline(store, ["en"])
    every = Fts5Baseline(store, store.languages())
    assert "103.5" in every.search("マリガン", "ja")[:3]  # the texts write マリガンを, マリガンする
    assert "702.19" in every.search("돌진은", "ko")[:3]
    for query in ("deathtouch trample", "when can I mulligan", "legend rule"):
        assert every.search(query, "en") == english.search(query, "en")  # no other language's statistics
