"""The judge-vocabulary table (``search/jargon.toml``), its reading and matching (``search.jargon``),
checked against the real English 2026-01-16 text read from ../shared at test time."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ingest.parse.parser import parse_rules
from ingest.read.formats import read_source
from kb.model import Edition, Rule
from search.jargon import (
    SOURCES, JargonError, PhraseMatcher, Target, load_table, mined_entries, phrase_words,
)
from search.targets import TargetFinder
from kb.store.read import Store
from tests.corpus import shared_file
from tests.kbs import write_store


@pytest.fixture(scope="module")
def rules_2026() -> list[Rule]:
    source = read_source(shared_file("en/2026-01-16.txt"))
    return list(parse_rules(source.paragraphs, lang="en", source=source.name).rules)


def test_phrase_words_ignore_case_hyphens_and_apostrophes() -> None:
    assert phrase_words("Can’t-beats-CAN") == phrase_words("cant beats can") == ("cant", "beats", "can")
    assert phrase_words("ETB를 쓰면? P/T") == ("etb", "를", "쓰면", "p", "t")
    assert phrase_words("“Layer 7b:”") == ("layer", "7b")


def test_the_matcher_takes_the_longest_phrase_first_without_overlap() -> None:
    matcher = PhraseMatcher({("end", "of", "turn"): "eot", ("end",): "end", ("turn",): "turn"})
    assert matcher.find(phrase_words("at end of turn, turn it")) == [(1, 4, "eot", 1.0), (4, 5, "turn", 1.0)]


def test_a_korean_japanese_or_chinese_phrase_is_found_inside_a_run_of_its_script() -> None:
    phrases = {phrase_words("立ち消え"): "fizzle", phrase_words("控制"): "control", phrase_words("ETB"): "etb"}
    matcher = PhraseMatcher(phrases, inside_runs=True)
    assert matcher.find(phrase_words("立ち消えとは何ですか ETB")) == [(0, 1, "fizzle", 2 / 3), (1, 2, "etb", 1.0)]
    assert matcher.find(phrase_words("谁控制")) == [(0, 1, "control", 2 / 3)]  # 2 of its 3 characters
    assert PhraseMatcher(phrases).find(phrase_words("立ち消えとは")) == []  # only with inside_runs


def test_a_katakana_or_hangul_phrase_inside_a_run_is_a_word_of_its_own_there() -> None:
    matcher = PhraseMatcher({("レイヤー",): "layer", ("레이어",): "layer"}, inside_runs=True)
    assert [f.value for f in matcher.find(phrase_words("レイヤーとは 第7レイヤー 레이어는"))] == ["layer"] * 3
    assert matcher.find(phrase_words("プレイヤーとは 플레이어는 レイヤード")) == []  # player; a longer katakana word


def test_a_kanji_phrase_is_not_found_inside_a_word_that_holds_it_without_meaning_it() -> None:
    phrases = {phrase_words("吸血"): "lifelink", phrase_words("控制"): "control"}
    matcher = PhraseMatcher(phrases, inside_runs=True, unless={"吸血": ["吸血鬼"]})
    assert [f.value for f in matcher.find(phrase_words("吸血是什么 吸血鬼 控制吸血鬼"))] == ["lifelink", "control"]
    assert [f.value for f in PhraseMatcher(phrases, inside_runs=True).find(phrase_words("吸血鬼"))] == ["lifelink"]


def test_the_last_korean_word_of_a_longer_phrase_may_go_on_with_its_particle() -> None:
    matcher = PhraseMatcher({phrase_words("커맨더 피해"): "commander damage", phrase_words("end step"): "end"},
                            inside_runs=True)
    assert [f[:3] for f in matcher.find(phrase_words("커맨더 피해는 커맨더 피해 end steps"))] == [
        (0, 2, "commander damage"), (2, 4, "commander damage")]  # a Latin word is matched whole
    assert PhraseMatcher({phrase_words("커맨더 피해"): "x"}).find(phrase_words("커맨더 피해는")) == []


def test_the_table_reads_and_every_entry_is_complete() -> None:
    table = load_table()
    assert table.key_edition == dt.date(2026, 1, 16)
    assert 55 <= len(table.entries) <= 120
    assert {entry.source for entry in table.entries} <= set(SOURCES)
    fizzle = next(entry for entry in table.entries if "fizzle" in entry.words)
    assert fizzle.source == "player" and [t.number for t in fizzle.targets] == ["608.2b"] and fizzle.line > 20
    assert fizzle.card_text and [e.words[0] for e in table.entries if not e.card_text] == ["EOT"]
    variants = [phrase_words(word) for entry in table.entries for word in entry.words]
    assert len(variants) == len(set(variants)), "a phrase is in two entries"


@pytest.mark.parametrize(("text", "message"), [
    ('key_edition = "2026-01-16"\n\n[[entry]]\nwords = ["x"]\nsource = "blog"\nrules = [{number = "608.2b", anchor = "a"}]\n',
     ":3: source must be one of"),
    ('key_edition = "2026-01-16"\n[[entry]]\nwords = ["x"]\nsource = "judge"\nrules = [{number = "608.2B", anchor = "a"}]\n',
     ":2: '608.2B' is not a rule number"),
    ('key_edition = "2026-01-16"\n[[entry]]\nwords = ["x"]\nsource = "judge"\nrules = [{number = "608.2b"}]\n',
     ":2: rule 608.2b needs an anchor"),
    ('key_edition = "2026-01-16"\n[[entry]]\nwords = ["x"]\nsource = "judge"\ncard_text = "no"\n'
     'rules = [{number = "608.2b", anchor = "a"}]\n', ":2: card_text must be true or false"),
    ('key_edition = "2026-01-16"\n[[entry]]\nwords = ["吸血"]\nsource = "player"\nunless = ["吸血", "鬼"]\n'
     'rules = [{number = "702.15", anchor = "a"}]\n', ":2: unless must list words that each hold"),
    ('key_edition = "soon"\n', "key_edition must be"),
    ('key_edition = \n', "jargon.toml: "),
])
def test_a_broken_table_is_refused_naming_file_and_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "jargon.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(JargonError, match=message.replace("(", r"\(")) as error:
        load_table(path)
    assert str(path) in str(error.value)


def test_the_crs_informal_phrases_are_read_from_its_text(rules_2026: list[Rule]) -> None:
    mined = {(word, target.number) for entry in mined_entries(rules_2026) for word in entry.words
             for target in entry.targets}
    assert {("APNAP", "101.4"), ("APNAP order", "101.4"), ("Active Player, Nonactive Player order", "101.4"),
            ("summoning sickness", "302.6"), ("intervening ‘if’ clause", "603.4"), ("commander tax", "903.8"),
            ("in-play zone", "403.5"), ("removed-from-the-game zone", "406.8"), ("legend rule", "704.5j"),
            ("layer 1", "613.1a"), ("layer 7b", "613.4b"), ("layer 1b", "613.2b")} <= mined
    assert all(entry.source == "cr" for entry in mined_entries(rules_2026))


def test_a_mined_phrase_needs_an_informal_frame() -> None:
    rules = [Rule("1.1", "Something is called a “thing.” It is often called “stuff.”"),
             Rule("1.2", "This rule is informally called the “nap” rule.")]
    assert [(e.words, e.targets[0].number) for e in mined_entries(rules)] == [(("nap",), "1.2")]


@pytest.mark.corpus
def test_every_entry_points_to_rules_of_the_key_edition_its_anchor_identifies(tmp_path: Path) -> None:
    """Each target number is a rule of en 2026-01-16, and its anchor finds that rule and no other
    (the anchor is what finds it in an edition the alignment does not reach)."""
    source = read_source(shared_file("en/2026-01-16.txt"))
    parsed = parse_rules(source.paragraphs, lang="en", source=source.name)
    edition = Edition("en-2026-01-16", "en", dt.date(2026, 1, 16), "Comprehensive Rules", (source.name,))
    store = Store(write_store(tmp_path / "rules.sqlite", [(edition, list(parsed.rules), list(parsed.glossary))]))
    numbers = store.numbers(edition.id)
    finder = TargetFinder(store, None)
    wrong = []
    for entry in load_table().entries:
        for target in entry.targets:
            if target.number not in numbers:
                wrong.append(f"line {entry.line}: {target.number} is no rule of en 2026-01-16")
            elif finder.by_anchor(Target("0.0", target.anchor), edition) != target.number:
                wrong.append(f"line {entry.line}: the anchor of {target.number} does not identify it: {target.anchor!r}")
    assert wrong == []
