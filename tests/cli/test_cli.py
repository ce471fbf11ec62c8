"""The ``crkb`` command line, driven with click's CliRunner on the real excerpts in tests/data/build."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.store.layout import current_build
from kb.store.read import Store
from cli.main import main


@pytest.fixture(scope="module")
def kb(tmp_path_factory, corpus_data) -> Path:
    """A KB built by ``crkb build`` from tests/data/build."""
    kb_dir = tmp_path_factory.mktemp("kb")
    result = CliRunner().invoke(main, ["build", "--only", str(corpus_data / "build"), "--kb", str(kb_dir)])
    assert result.exit_code == 0, result.output
    return kb_dir


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_build_prints_a_table_per_source(kb, corpus_data, tmp_path):
    code, out, err = run("build", "--only", str(corpus_data / "build" / "2021-11-19.txt"), "--kb", str(tmp_path))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("1 editions, 18 rules, 3 examples, 0 glossary entries read from 1 files in ")
    assert lines[0].endswith("s: published")
    assert lines[3].split() == ["source", "edition", "rules", "examples", "glossary", "refs", "targets",
                                "resolved", "unresolved", "removed", "dup", "diag"]
    assert lines[4].split()[1:] == ["ko-2021-11-19", "18", "3", "0", "3", "3", "1", "2", "2", "0", "0"]
    assert "Unresolved references:" in lines and any(line.endswith("100.1b -> 8; 702.19a -> 510") for line in lines)


def test_build_json_is_the_stored_report(kb, corpus_data, tmp_path):
    code, out, _ = run("build", "--only", str(corpus_data / "build" / "2021-11-19.txt"), "--kb", str(tmp_path), "--json")
    report = json.loads(out)
    assert code == 0
    assert report == json.loads(current_build(tmp_path).report.read_text(encoding="utf-8")) | {"seconds": report["seconds"]}
    assert report["totals"] == {"sources": 1, "failed": 0, "editions": 1, "rules": 18, "examples": 3, "glossary": 0}


def test_build_with_a_bad_source_publishes_nothing_and_exits_1(corpus_data, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    code, out, err = run("build", "--only", str(empty), str(corpus_data / "build" / "2021-11-19.txt"), "--kb", str(tmp_path / "kb"))
    assert code == 1
    assert err == "Error: 1 source(s) failed; the KB in place is unchanged (--partial publishes the rest).\n"
    assert "Failed sources:" in out and f"  {empty}: empty file" in out.splitlines()
    assert "ko-2021-11-19" in out
    assert out.splitlines()[0].startswith("1 editions, 18 rules, 3 examples, 0 glossary entries read from 2 files "
                                          "(1 failed) in ")  # was "from 1 of 2 files", though a cut file counts
    assert not (tmp_path / "kb" / "current").exists()


def test_build_partial_publishes_the_rest_and_exits_1(corpus_data, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    args = ("build", "--only", "--partial", str(empty), str(corpus_data / "build" / "2021-11-19.txt"), "--kb", str(tmp_path / "kb"))
    code, _, err = run(*args)
    assert code == 1
    assert err == "Error: 1 source(s) failed; the others are published.\n"
    assert (tmp_path / "kb" / "current" / "rules.sqlite").is_file()


def test_build_size_limit_is_an_option(corpus_data, tmp_path):
    source = corpus_data / "build" / "2021-11-19.txt"
    code, out, _ = run("build", "--only", str(source), "--kb", str(tmp_path / "kb"), "--max-mb", "0.005", "--json")
    assert code == 1
    error = json.loads(out)["sources"][0]["error"]
    assert error.endswith("build/2021-11-19.txt: 7,403 bytes is over the 5,000-byte limit for one source")


def test_build_of_nothing_good_keeps_the_old_kb_and_exits_1(corpus_data, tmp_path):
    kb_dir = tmp_path / "kb"
    assert run("build", "--only", str(corpus_data / "build" / "2021-11-19.txt"), "--kb", str(kb_dir))[0] == 0
    live = current_build(kb_dir).root
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    code, _, err = run("build", "--only", str(empty), "--kb", str(kb_dir))
    assert (code, err) == (1, "Error: nothing was built; the KB in place is unchanged.\n")
    assert current_build(kb_dir).root == live and os.listdir(kb_dir / "builds") == [live.name]


def test_build_refuses_a_missing_source_and_fails_a_folder_with_a_bad_manifest(tmp_path, corpus_data):
    code, _, err = run("build", "--only", str(tmp_path / "nope.txt"), "--kb", str(tmp_path / "kb"))
    assert code == 2 and "does not exist" in err
    bad = tmp_path / "bad"  # one broken source never stops the others: a bad manifest stopped the whole build
    bad.mkdir()
    (bad / "manifest.toml").write_text("[[source]]\npath = \n")
    (bad / "2026-01-16.txt").write_bytes((corpus_data / "build" / "2026-01-16.txt").read_bytes())
    good = corpus_data / "build" / "2021-11-19.txt"
    code, out, err = run("build", "--only", str(bad), str(good), "--kb", str(tmp_path / "kb"))
    assert (code, err) == (1, "Error: 1 source(s) failed; the KB in place is unchanged (--partial publishes the rest).\n")
    failed = [line.strip() for line in out.splitlines() if "not valid TOML" in line]
    assert failed == [f"{bad / 'manifest.toml'}: not valid TOML: Invalid value (at line 2, column 8): no file of bad/ is read"]
    code, _, err = run("build", "--only", "--partial", str(bad), str(good), "--kb", str(tmp_path / "kb"))
    assert err == "Error: 1 source(s) failed; the others are published.\n"
    assert [e.id for e in Store(current_build(tmp_path / "kb").store).editions()] == ["ko-2021-11-19"]


def test_build_uses_crkb_home(corpus_data, tmp_path, monkeypatch):
    monkeypatch.setenv("CRKB_HOME", str(tmp_path / "home"))
    assert run("build", "--only", str(corpus_data / "build" / "2021-11-19.txt"))[0] == 0
    assert (tmp_path / "home" / "current" / "rules.sqlite").is_file()


def test_editions_json(kb):
    code, out, _ = run("editions", "--kb", str(kb), "--json")
    assert code == 0
    assert json.loads(out) == [
        {"id": "en-2026-01-16", "lang": "en", "effective_date": "2026-01-16",
         "title": "Magic: The Gathering Comprehensive Rules", "sources": ["2026-01-16.txt"], "rules": 18},
        {"id": "ko-2021-11-19", "lang": "ko", "effective_date": "2021-11-19", "title": "매직: 더 개더링 종합 규칙서",
         "sources": ["2021-11-19.txt"], "rules": 18},
        {"id": "ko-2021-02-15-dbyll", "lang": "ko", "effective_date": "2021-02-15", "title": "매직: 더 개더링 종합 규칙서",
         "sources": ["ko-20210215-dbyll-index.md", "ko-20210215-dbyll-100.md", "ko-20210215-dbyll-700.md"],
         "rules": 16},
        {"id": "ko-undated-003-a598c1a51fd45771", "lang": "ko", "effective_date": None,
         "title": "매직: 더 개더링 종합 규칙서", "sources": ["003_a598c1a51fd45771.txt"], "rules": 9, "matches": []},
    ]


def test_editions_table(kb):
    code, out, _ = run("editions", "--kb", str(kb), "--lang", "ko")
    assert code == 0
    assert [line.split()[:4] for line in out.splitlines()] == [
        ["id", "lang", "effective", "rules"],
        ["ko-2021-11-19", "ko", "2021-11-19", "18"],
        ["ko-2021-02-15-dbyll", "ko", "2021-02-15", "16"],
        ["ko-undated-003-a598c1a51fd45771", "ko", "undated", "9"],
    ]


def test_export_json(kb):
    code, out, _ = run("export", "--kb", str(kb), "--lang", "ko", "--edition", "2021-11-19", "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert {k: v for k, v in data.items() if k not in ("rules", "glossary")} == {
        "id": "ko-2021-11-19", "lang": "ko", "effective_date": "2021-11-19",
        "title": "매직: 더 개더링 종합 규칙서", "sources": ["2021-11-19.txt"],
    }
    assert [r["number"] for r in data["rules"]] == [
        "1", "100", "100.1", "100.1a", "100.1b", "100.2", "7", "702", "702.19", "702.19a", "702.19b", "702.19c",
        "702.19d", "702.19e", "702.19f", "702.19g", "905.5", "905.6",
    ]
    assert data["rules"][2] == {
        "number": "100.1", "title": None, "examples": [], "references": [],
        "text": "이 Magic 규칙은 두 명 혹은 그 이상의 플레이어가 참여하는 모든 Magic 게임에 적용됩니다.",
    }
    assert next(r for r in data["rules"] if r["number"] == "702.19c")["references"] == ["702.19b"]
    assert data["glossary"] == []


def test_export_of_an_ambiguous_date_lists_the_editions(kb, corpus_data, tmp_path):
    source = corpus_data / "build" / "2021-11-19.txt"
    copy = tmp_path / "other-2021-11-19.txt"
    copy.write_bytes(source.read_bytes())
    kb_dir = tmp_path / "kb"
    assert run("build", "--only", str(source), str(copy), "--kb", str(kb_dir))[0] == 0
    code, out, err = run("export", "--kb", str(kb_dir), "--lang", "ko", "--edition", "2021-11-19")
    assert (code, out) == (1, "")
    assert err == "Error: 2021-11-19 names several ko editions: ko-2021-11-19, ko-2021-11-19-other-2021-11-19\n"
    code, out, _ = run("export", "--kb", str(kb_dir), "--edition", "ko-2021-11-19-other-2021-11-19")
    assert code == 0 and json.loads(out)["sources"] == ["other-2021-11-19.txt"]


def test_export_to_a_file(kb, tmp_path):
    target = tmp_path / "en.json"
    assert run("export", "--kb", str(kb), "--lang", "en", "-o", str(target)) == (0, "", "")
    data = json.loads(target.read_text(encoding="utf-8"))
    assert (data["id"], len(data["rules"]), len(data["glossary"])) == ("en-2026-01-16", 18, 8)
    assert data["glossary"][0]["references"] == ["701.33"]


def test_show_json_accepts_number_variants(kb):
    outputs = [run("show", number, "--kb", str(kb), "--lang", "en", "--json") for number in ("702.19b", "702.19B.", "CR702.19b", "R70219b")]
    assert {code for code, _, _ in outputs} == {0}
    assert len({out for _, out, _ in outputs}) == 1
    view = json.loads(outputs[0][1])
    assert (view["number"], view["edition"]["id"], view["parent"], view["previous"], view["next"]) == (
        "702.19b", "en-2026-01-16", "702.19", "702.19a", "702.19c"
    )
    assert [ex["text"][:30] for ex in view["examples"]] == ["A 2/2 creature that can block ", "A 6/6 green creature with tram"]
    assert view["cited_by"] == [{"number": "702.19c", "title": None, "text": view["cited_by"][0]["text"]}]


def test_show_a_rule_with_subrules_as_text(kb):
    code, out, _ = run("show", "702.19", "--kb", str(kb), "--edition", "ko-2021-02-15-dbyll")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "702.19  [ko-2021-02-15-dbyll: 매직: 더 개더링 종합 규칙서]"
    assert [line.split()[0] for line in lines[3:] if line.startswith("702.")] == [
        "702.19a", "702.19b", "702.19c", "702.19d", "702.19e"
    ]


def test_show_reads_a_date_in_english_first_then_in_the_language_that_has_it(kb, tmp_path, corpus_data):
    assert run("show", "100.1", "--kb", str(kb), "--edition", "2026-01-16")[1].startswith("100.1  [en-2026-01-16")
    assert run("show", "100.1", "--kb", str(kb), "--edition", "2021-11-19")[1].startswith("100.1  [ko-2021-11-19")
    both = tmp_path / "both"  # English and Korean of one date: English, as --lang says by default
    english = (corpus_data / "build" / "2026-01-16.txt").read_text(encoding="utf-8")
    (both / "en").mkdir(parents=True)
    (both / "en" / "2021-11-19.txt").write_text(english.replace("January 16, 2026", "November 19, 2021"), encoding="utf-8")
    assert run("build", "--only", str(both / "en"), str(corpus_data / "build" / "2021-11-19.txt"), "--kb", str(both / "kb"))[0] == 0
    code, out, err = run("show", "100.1", "--kb", str(both / "kb"), "--edition", "2021-11-19")
    assert (code, out.split("]")[0], err) == (0, "100.1  [en-2021-11-19: Magic: The Gathering Comprehensive Rules", "")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["show", "foo"], "Error: not a rule number: 'foo'\n"),
        (["show", "702.99"], "Error: rule 702.99 not found in en edition en-2026-01-16 (nearby: 702.19, 702.19a, 702.19b, 702.19c, 702.19d)\n"),
        (["show", "100.1", "--lang", "ja"], "Error: no edition (newest) in language ja\n"),
        (["export"], None),
    ],
)
def test_errors_are_one_line(kb, args, message):
    code, out, err = run(*args, "--kb", str(kb))
    assert code in (1, 2) and out == ""
    if message is None:
        assert code == 2 and "give --lang, --edition or both" in err
    else:
        assert (code, err) == (1, message)


def test_reading_commands_without_a_kb(tmp_path):
    code, _, err = run("editions", "--kb", str(tmp_path / "none"))
    assert (code, err) == (1, f"Error: no knowledge base at {tmp_path / 'none'}: run 'crkb build' first\n")


def _serve(monkeypatch, *args: str) -> tuple[int, str, str, dict]:
    served: dict = {}
    monkeypatch.setattr("cli.serving.run", lambda app, host, port, threads=None, access_log=True:
                        served.update(app=app, host=host, port=port))
    return (*run("serve", *args), served)


def _edition_ids(served: dict) -> list[str]:
    return [e["id"] for e in served["app"].test_client().get("/api/v1/editions").get_json()["editions"]]


def test_serve_builds_the_seeds_and_the_sources_folder_then_serves(corpus_data, tmp_path, monkeypatch):
    kb = tmp_path / "kb"
    (kb / "sources" / "ko").mkdir(parents=True)
    (kb / "sources" / "ko" / "2021-11-19.txt").write_bytes((corpus_data / "build" / "2021-11-19.txt").read_bytes())
    code, out, err, served = _serve(monkeypatch, "--kb", str(kb), "--port", "8123")
    assert code == 0, err
    assert err == f"Building the KB at {kb} from the bundled seeds, {kb / 'sources'} first.\n"
    assert out == f"Serving crkb on http://127.0.0.1:8123/ as http://127.0.0.1:8123/ (KB {kb}); Ctrl+C to stop.\n"
    assert (served["host"], served["port"]) == ("127.0.0.1", 8123)
    assert _edition_ids(served) == [
        "ja-2023-09-01", "ko-2021-11-19", "en-undated-002-fb7448a1b638b8b0", "ko-undated-000-81dc8df3711c17ec",
        "ko-undated-003-a598c1a51fd45771", "ko-undated-004-56508183edbe32f5",
    ]
    live = current_build(kb).root
    code, _, err, served = _serve(monkeypatch, "--kb", str(kb))
    assert (code, err, current_build(kb).root) == (0, "", live)  # nothing changed: no rebuild
    with sqlite3.connect(current_build(kb).store) as db:  # as an older crkb wrote it
        db.execute("UPDATE meta SET value = '3' WHERE key = 'schema'")
    code, _, err, served = _serve(monkeypatch, "--kb", str(kb))
    assert (code, err) == (0, f"Building the KB at {kb} from the bundled seeds, {kb / 'sources'} first.\n")
    assert current_build(kb).root != live


def test_serve_keeps_a_kb_built_from_chosen_paths_alone(corpus_data, tmp_path, monkeypatch):
    """``crkb build --only X`` then ``crkb serve``: X is served, not replaced by the seeds."""
    kb = tmp_path / "kb"
    given = tmp_path / "2021-11-19.txt"
    given.write_bytes((corpus_data / "build" / "2021-11-19.txt").read_bytes())
    assert CliRunner().invoke(main, ["build", "--only", str(given), "--kb", str(kb)]).exit_code == 0
    live = current_build(kb).root
    code, _, err, served = _serve(monkeypatch, "--kb", str(kb))
    assert (code, err, current_build(kb).root, _edition_ids(served)) == (0, "", live, ["ko-2021-11-19"])
    os.utime(given, ns=(1, 1))  # the same text copied again (new times): no rebuild
    code, _, err, served = _serve(monkeypatch, "--kb", str(kb))
    assert (code, err, current_build(kb).root) == (0, "", live)
    given.write_bytes(given.read_bytes().replace("돌진".encode(), "돌파".encode(), 1))  # the text changed: rebuilt from it alone
    code, _, err, served = _serve(monkeypatch, "--kb", str(kb))
    assert (code, err, _edition_ids(served)) == (0, f"Building the KB at {kb} from {given} first.\n", ["ko-2021-11-19"])


def test_serve_adds_the_paths_given_and_leaves_out_a_bad_text(corpus_data, tmp_path, monkeypatch):
    kb = tmp_path / "kb"
    (kb / "sources").mkdir(parents=True)
    (kb / "sources" / "cut.txt").write_bytes(b"")
    given = corpus_data / "build" / "2026-01-16.txt"
    code, _, err, served = _serve(monkeypatch, str(given), "--kb", str(kb))
    assert code == 0, err
    assert err.splitlines() == [
        f"Building the KB at {kb} from the bundled seeds, {kb / 'sources'}, {given} first.",
        f"Left out: {kb / 'sources' / 'cut.txt'}: empty file",
    ]
    assert _edition_ids(served)[:2] == ["en-2026-01-16", "ja-2023-09-01"]
    (kb / "sources" / "cut.txt").unlink()  # a restart without the path serves it still, rebuilt as the sources changed
    code, _, err, served = _serve(monkeypatch, "--kb", str(kb))
    assert err == f"Building the KB at {kb} from the bundled seeds, {kb / 'sources'}, {given} first.\n"
    assert _edition_ids(served)[:2] == ["en-2026-01-16", "ja-2023-09-01"]
    assert run("build", "--kb", str(kb))[0] == 0  # a build without it drops it
    code, _, err, served = _serve(monkeypatch, "--kb", str(kb))
    assert (code, err) == (0, "")
    assert "en-2026-01-16" not in _edition_ids(served)


def test_serve_after_a_build_of_a_folder_serves_that_folder(corpus_data, tmp_path, monkeypatch):
    """``crkb build X`` (beside the seeds), then ``crkb serve``: X is served, not rebuilt away."""
    kb = tmp_path / "kb"
    given = corpus_data / "build" / "2026-01-16.txt"
    assert run("build", str(given), "--kb", str(kb))[0] == 0
    live = current_build(kb).root
    code, _, err, served = _serve(monkeypatch, "--kb", str(kb))
    assert (code, err, current_build(kb).root) == (0, "", live)
    assert _edition_ids(served)[:2] == ["en-2026-01-16", "ja-2023-09-01"]


def test_a_crash_is_one_line_and_publishes_nothing(corpus_data, tmp_path, monkeypatch):
    import ingest.edition

    def broken(paragraphs, *, lang, source, contents_en=None):
        raise RuntimeError("parser bug")

    monkeypatch.setattr(ingest.edition, "parse_rules", broken)
    code, out, err = run("build", "--only", str(corpus_data / "build" / "2021-11-19.txt"), "--kb", str(tmp_path / "kb"))
    assert (code, out) == (1, "")
    assert err.startswith("Error: build crashed on ") and err.endswith(
        "2021-11-19.txt: RuntimeError: parser bug; nothing was published\n"
    )
    assert os.listdir(tmp_path / "kb" / "builds") == []


def test_changes_names_the_chain_edition_of_another_copy_of_a_date(tmp_path, corpus_data):
    from tests.corpus import shared_file

    build = corpus_data / "build"
    sources = [str(build / "dbyll-20210215"), str(shared_file("ko/kormtgcr/2021-02-15.txt")), str(build / "2021-11-19.txt")]
    assert run("build", "--only", *sources, "--kb", str(tmp_path / "kb"), "--partial")[0] == 0
    code, _, err = run("changes", "ko-2021-02-15-dbyll", "ko-2021-11-19", "--lang", "ko", "--kb", str(tmp_path / "kb"))
    assert (code, err) == (1, "Error: cannot list the changes from ko-2021-02-15-dbyll to ko-2021-11-19: "
                              "ko-2021-02-15-dbyll is another copy of the edition of 2021-02-15: compare ko-2021-02-15\n")
    assert run("changes", "ko-2021-02-15", "ko-2021-11-19", "--lang", "ko", "--kb", str(tmp_path / "kb"))[0] == 0


@pytest.mark.parametrize("command", [["editions"], ["show", "100.1"], ["search", "trample"], ["history", "100.1"]])
def test_an_unknown_language_is_a_usage_error_and_a_capital_one_is_read(kb, command):
    code, out, err = run(*command, "--lang", "xx", "--kb", str(kb))
    assert (code, out) == (2, "") and "Invalid value for '--lang': 'xx' is not one of en, ko, ja, zh" in err
    assert run(*command, "--lang", "EN", "--kb", str(kb))[0] == 0


@pytest.mark.parametrize(("written", "lang"), [("kr", "ko"), ("KR", "ko"), ("en-US", "en"), ("All", "all")])
def test_a_language_is_read_as_the_site_reads_it(kb, written, lang):
    """``--lang kr`` is Korean, as ``/search?lang=kr`` is (``kb.model.language_code``); it was a usage error."""
    assert run("search", "trample", "--lang", written, "--json", "--kb", str(kb)) == run(
        "search", "trample", "--lang", lang, "--json", "--kb", str(kb))
    code, out, _ = run("search", "trample", "--lang", written, "--kb", str(kb))
    assert code == 0 and out.startswith("en-2026-01-16 702.19" if lang != "ko" else "ko-2021-11-19 702.19")


def test_a_rule_number_written_with_a_korean_or_japanese_word_shows_that_languages_rule(kb):
    assert run("show", "규칙 100.1", "--kb", str(kb))[1].startswith("100.1  [ko-2021-11-19")
    assert run("show", "rule 100.1", "--kb", str(kb))[1].startswith("100.1  [en-2026-01-16")


@pytest.mark.parametrize("command", [["serve", "--threads", "0"], ["build", "--only", "--max-mb", "-1", "x.txt"]])
def test_counts_below_one_are_usage_errors(kb, command):
    code, _, err = run(*command, "--kb", str(kb))
    assert code == 2 and "is not in the range" in err


def test_a_pipe_closed_by_its_reader_ends_the_command_quietly(monkeypatch):
    from cli.options import clean_errors

    redirected = []
    monkeypatch.setattr("os.dup2", lambda fd, to: redirected.append(to))

    @clean_errors
    def listing() -> None:  # crkb search ... | head -1: the next write finds the pipe closed
        raise BrokenPipeError(32, "Broken pipe")

    with pytest.raises(SystemExit) as ended:
        listing()
    assert (ended.value.code, len(redirected)) == (0, 1)


@pytest.mark.parametrize(("command", "message"), [
    (["search", "trample", "--section", "abc"], "'abc' is not a section or rule number"),  # found nothing, exit 0
    (["export", "--lang", "en", "somewhere"], "DIRECTORY is for --format site"),  # JSON went to standard output
    (["search", "!!!???"], "the query has no word or number"),  # "No rules found.", exit 0
    (["search", "   "], "the query has no word or number"),
    (["search", "trample", "--lang", "all", "--edition", "2026-01-16"], "leave out --edition"),  # English only
])
def test_arguments_that_would_be_ignored_or_search_nothing_are_usage_errors(kb, command, message):
    code, out, err = run(*command, "--kb", str(kb))
    assert (code, out) == (2, "") and message in err


def test_a_file_that_cannot_be_written_is_named_with_the_reason(kb, tmp_path):
    target = tmp_path / "missing" / "rules.json"
    code, _, err = run("export", "--lang", "en", "-o", str(target), "--kb", str(kb))
    assert code == 1 and err.strip() == f"Error: {target}: No such file or directory"  # was "[Errno 2] ..."


def test_a_section_is_read_in_any_spelling(kb):
    code, out, _ = run("search", "trample", "--section", "702.19B", "--lang", "en", "--kb", str(kb))
    assert code == 0 and out.startswith("en-2026-01-16 702.19b (Trample)")
