"""The build on short real excerpts (tests/data/build): editions, ids, report, store contents."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ingest.build import build_kb
from kb.store.layout import current_build
from kb.model import Example, GlossaryEntry, Reference, Rule
from kb.store.read import Store

REPORT_FIELDS = ("edition", "format", "encoding", "lang", "effective_date", "rules", "examples", "glossary",
                 "references", "unresolved", "duplicates", "warnings", "status", "error")


@pytest.fixture(scope="module")
def built(tmp_path_factory, corpus_data):
    kb_dir = tmp_path_factory.mktemp("kb")
    report = build_kb([corpus_data / "build"], kb_dir)
    return kb_dir, report


def test_editions_of_the_excerpts(built):
    _, report = built
    assert report.published and not report.failed and report.index == "written"
    assert report.to_dict()["editions"] == [
        {"id": "ko-undated-003-a598c1a51fd45771", "lang": "ko", "effective_date": None,
         "title": "매직: 더 개더링 종합 규칙서", "sources": ["003_a598c1a51fd45771.txt"],
         "rules": 9, "examples": 0, "glossary": 0, "unresolved": 5},
        {"id": "ko-2021-11-19", "lang": "ko", "effective_date": "2021-11-19", "title": "매직: 더 개더링 종합 규칙서",
         "sources": ["2021-11-19.txt"], "rules": 18, "examples": 3, "glossary": 0, "unresolved": 2},
        {"id": "en-2026-01-16", "lang": "en", "effective_date": "2026-01-16",
         "title": "Magic: The Gathering Comprehensive Rules", "sources": ["2026-01-16.txt"],
         "rules": 18, "examples": 3, "glossary": 8, "unresolved": 17},
        {"id": "ko-2021-02-15-dbyll", "lang": "ko", "effective_date": "2021-02-15", "title": "매직: 더 개더링 종합 규칙서",
         "sources": ["ko-20210215-dbyll-index.md", "ko-20210215-dbyll-100.md", "ko-20210215-dbyll-700.md"],
         "rules": 16, "examples": 3, "glossary": 0, "unresolved": 2},  # 100.1b -> 8: no 800 page here
    ]


def test_report_per_source(built):
    _, report = built
    sources = {Path(s["path"]).name: {k: s[k] for k in REPORT_FIELDS} for s in report.to_dict()["sources"]}
    dbyll = {"format": "jekyll-markdown", "encoding": "utf-8", "lang": "ko", "effective_date": "2021-02-15",
             "edition": "ko-2021-02-15-dbyll", "examples": 0, "glossary": 0, "duplicates": [], "warnings": [],
             "status": "ok", "error": None}
    assert sources == {
        "003_a598c1a51fd45771.txt": {
            "edition": "ko-undated-003-a598c1a51fd45771", "format": "plain-text", "encoding": "utf-8", "lang": "ko",
            "effective_date": "undated", "rules": 9, "examples": 0, "glossary": 0,
            "references": {"found": 5, "targets": 5, "resolved": 0, "unresolved": 5},
            "unresolved": ["300.3 -> 406", "303.1 -> 410", "306.1 -> 502.2", "306.1 -> 502.28", "306.2 -> 419.6b"],
            "duplicates": [], "warnings": ["the text names no effective date: an undated edition"],
            "status": "ok", "error": None,
        },
        "2021-11-19.txt": {
            "edition": "ko-2021-11-19", "format": "plain-text", "encoding": "utf-8", "lang": "ko",
            "effective_date": "2021-11-19", "rules": 18, "examples": 3, "glossary": 0,
            "references": {"found": 3, "targets": 3, "resolved": 1, "unresolved": 2},
            "unresolved": ["100.1b -> 8", "702.19a -> 510"], "duplicates": [], "warnings": [],
            "status": "ok", "error": None,
        },
        "2026-01-16.txt": {
            "edition": "en-2026-01-16", "format": "official-text", "encoding": "utf-8-sig", "lang": "en",
            "effective_date": "2026-01-16", "rules": 18, "examples": 3, "glossary": 8,
            "references": {"found": 18, "targets": 18, "resolved": 1, "unresolved": 17},
            "unresolved": [
                "100.1b -> 8", "100.2a -> 201.3", "100.2c -> 903", "100.2d -> 108.2a", "100.2d -> 717",
                "100.2d -> 901", "100.2d -> 904", "702.19a -> 510", "702.19e -> 506.4c",
                "glossary “Abandon” -> 701.33", "glossary “Ability” -> 113", "glossary “Ability” -> 6",
                "glossary “Ability Word” -> 207.2c", "glossary “X” -> 107.3", "glossary “You, Your” -> 109.5",
                "glossary “Zone” -> 4", "glossary “Zone-Change Triggers” -> 603.6",
            ],
            "duplicates": [], "warnings": [], "status": "ok", "error": None,
        },
        "ko-20210215-dbyll-index.md": {**dbyll, "rules": 0, "unresolved": [],
                                       "references": {"found": 0, "targets": 0, "resolved": 0, "unresolved": 0}},
        "ko-20210215-dbyll-100.md": {**dbyll, "rules": 6, "unresolved": ["100.1b -> 8"],
                                     "references": {"found": 1, "targets": 1, "resolved": 0, "unresolved": 1}},
        "ko-20210215-dbyll-700.md": {**dbyll, "rules": 10, "examples": 3, "unresolved": ["702.19a -> 510"],
                                     "references": {"found": 1, "targets": 1, "resolved": 0, "unresolved": 1}},
    }


def test_removed_text_is_reported_with_samples(built):
    _, report = built
    en = next(s for s in report.sources if s.name.endswith("2026-01-16.txt"))
    assert en.removed == {
        "front-matter": {"count": 1, "samples": [
            {"line": 1, "text": "21 paragraphs skipped, from: Magic: The Gathering Comprehensive Rules"}]},
        "back-matter": {"count": 1, "samples": [{"line": 98, "text": "7 paragraphs skipped, from: Credits"}]},
    }


def test_report_is_stored_in_the_store_and_beside_it(built):
    kb_dir, report = built
    build = current_build(kb_dir)
    stored = json.loads(Store(build.store).meta("report"))
    assert stored == json.loads(build.report.read_text(encoding="utf-8"))
    assert stored["editions"] == report.to_dict()["editions"]
    assert stored["published"] is True and stored["build"] == str(build.root)


def test_rules_carry_their_references_and_the_multi_file_edition_keeps_file_order(built):
    kb_dir, _ = built
    store = Store(current_build(kb_dir).store)
    rule = store.rule("en-2026-01-16", "702.19c")
    assert rule.references == (Reference(236, 248, "rule 702.19b", ("702.19b",), ((241, 248),), ("702.19b",)),)
    assert rule.examples == (Example(
        "A player controls a planeswalker with three loyalty counters that is being attacked by a 1/1 with no "
        "abilities and a 7/7 with trample over planeswalkers. The active player could assign 1 damage from the "
        "first attacker and 2 damage from the second to the planeswalker and 5 damage to the defending player "
        "from the creature with trample over planeswalkers."),)
    assert (rule.source, rule.line) == ("2026-01-16.txt", 59)
    assert store.glossary("en-2026-01-16")[1] == GlossaryEntry(
        "Ability",
        "1. Text on an object that explains what that object does or can do.\n2. An activated or triggered "
        "ability on the stack. This kind of ability is an object.\nSee rule 113, “Abilities,” and section 6, "
        "“Spells, Abilities, and Effects.”",
        (Reference(158, 166, "rule 113", ("113",), ((163, 166),)), Reference(185, 194, "section 6", ("6",), ((193, 194),))),
        "2026-01-16.txt", 75,
    )
    assert [(r.number, r.source) for r in store.rules("ko-2021-02-15-dbyll")] == [
        (n, "ko-20210215-dbyll-100.md") for n in ("1", "100", "100.1", "100.1a", "100.1b", "100.2")
    ] + [(n, "ko-20210215-dbyll-700.md") for n in
         ("7", "700", "700.1", "702", "702.19", "702.19a", "702.19b", "702.19c", "702.19d", "702.19e")]
    assert store.rules_citing("ko-2021-11-19", "702.19b") == [store.rule("ko-2021-11-19", "702.19c")]


def test_dbyll_sections_come_from_the_front_matter_and_english_titles_from_the_index(built):
    kb_dir, _ = built
    store = Store(current_build(kb_dir).store)
    headings = [r for r in store.rules("ko-2021-02-15-dbyll") if len(r.number) <= 3]
    assert headings == [
        Rule("1", "게임의 컨셉 Game Concepts", title="게임의 컨셉", title_en="Game Concepts",
             source="ko-20210215-dbyll-100.md", line=7),
        Rule("100", "일반", title="일반", title_en="General", source="ko-20210215-dbyll-100.md", line=15),
        Rule("7", "추가 규칙 Additional Rules", title="추가 규칙", title_en="Additional Rules",
             source="ko-20210215-dbyll-700.md", line=7),
        # the index excerpt's contents list ends at 108: no English titles for 700 and 702
        Rule("700", "일반", title="일반", title_en=None, source="ko-20210215-dbyll-700.md", line=15),
        Rule("702", "키워드 능력", title="키워드 능력", title_en=None,
             source="ko-20210215-dbyll-700.md", line=25),
    ]


def test_two_texts_of_one_language_and_date_stay_two_editions(tmp_path, corpus_data):
    source = corpus_data / "build" / "2026-01-16.txt"
    copy = tmp_path / "copy of 2026-01-16.txt"
    copy.write_bytes(source.read_bytes().replace(b"trample", b"Trample", 1))
    report = build_kb([source, copy], tmp_path / "kb")
    assert [(e["id"], e["sources"]) for e in report.to_dict()["editions"]] == [
        ("en-2026-01-16", ["2026-01-16.txt"]),
        ("en-2026-01-16-copy-of-2026-01-16", ["copy of 2026-01-16.txt"]),
    ]


def test_manifest_fills_only_the_gaps_the_text_leaves(tmp_path, corpus_data):
    sources = tmp_path / "sources"
    sources.mkdir()
    for name in ("2021-11-19.txt", "003_a598c1a51fd45771.txt"):
        (sources / name).write_bytes((corpus_data / "build" / name).read_bytes())
    (sources / "manifest.toml").write_text(
        '[[source]]\npath = "2021-11-19.txt"\nprovenance = "p"\neffective_date = 2020-01-01\nlang = "ja"\n'
        '[[source]]\npath = "003_a598c1a51fd45771.txt"\nprovenance = "p"\neffective_date = 2008-10-01\n'
    )
    report = build_kb([sources], tmp_path / "kb")
    assert [(s.edition, s.warnings) for s in report.sources] == [
        ("ko-2008-10-01", []),
        ("ko-2021-11-19", [
            "manifest says lang ja, the text reads as ko: the text wins",
            "manifest says effective 2020-01-01, the text says 2021-11-19: the text wins",
        ]),
    ]
