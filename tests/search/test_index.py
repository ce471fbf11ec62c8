"""The index: analyzers, names (titles, defined terms, glossary terms), documents, the folder."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from search.analysis import (
    analyze,
    chinese_analyzer,
    cjk_analyzer,
    english_analyzer,
    name_key,
    pair_analyzer,
    pairs_of,
    token_pairs,
)
from search.index import indexed_editions, rule_documents, write_index
from kb.model import GlossaryEntry, Reference
from search.spelling import distance
from ingest.annotate.glossary_names import glossary_names
from ingest.annotate.terms import defined_terms
from search.vocabulary import latin_words
from tests.kbs import annotated
from tests.search.search_kb import search_editions


def _edition(edition_id: str):
    return next(e for e in search_editions() if e[0].id == edition_id)


@pytest.mark.parametrize(("analyzer", "text", "tokens"), [
    (english_analyzer(), "State-Based Actions", ["state", "base", "action"]),
    (english_analyzer(), "Flying creatures can’t be blocked", ["fli", "creatur", "can't", "block"]),
    (english_analyzer(), "an opponent's creature, a player’s {T}: add {S}", ["oppon", "creatur", "player", "t", "add", "s"]),
    (english_analyzer(), "activated abilities activate; a creature dies, died", ["activ", "abil", "activ", "creatur", "dies", "dies"]),
    (english_analyzer(), "roll a die; it dies", ["roll", "die", "dies"]),  # the die rolled is not dies
    (english_analyzer(), "sacrificed, sacrifice; added, add", ["sacrific", "sacrific", "add", "add"]),  # STEM_FIXES
    (english_analyzer(), "planeswalkers, a planeswalker’s loyalty; planeswalk to a plane",  # the card type, the verb
     ["planeswalker", "planeswalker", "loyalti", "planeswalk", "plane"]),
    (cjk_analyzer(), "돌진은 Trample", ["돌진", "진은", "trampl"]),
    (cjk_analyzer(), "소환 후유증summoning sickness 룰", ["소환", "후유", "유증", "summon", "sick", "룰"]),
    (cjk_analyzer(), "(またはAPNAP順ルール)と呼ばれる", ["また", "たは", "apnap", "順ル", "ルー", "ール", "と呼", "呼ば", "ばれ", "れる"]),
    (cjk_analyzer(), "ＡＰＮＡＰ順", ["apnap", "順"]),
    (cjk_analyzer(), "rule 103.2a-e で", ["103.2a", "e", "で"]),
    (chinese_analyzer(), "傳奇規則 Trample", ["传奇", "奇规", "规则", "trampl"]),  # Traditional, as Simplified
    (chinese_analyzer(), "传奇规则", ["传奇", "奇规", "规则"]),
    (cjk_analyzer(), "手順", ["手順"]),  # Japanese kanji are not Chinese
])
def test_analyzers(analyzer, text: str, tokens: list[str]) -> None:
    assert analyze(analyzer, text) == tokens


def test_pairs_index_adjacent_tokens_as_the_query_builds_them() -> None:
    assert analyze(pair_analyzer("en"), "The state-based actions") == ["state base", "base action"]
    assert pairs_of(["state", "base", "action"]) == ["state base", "base action"]
    assert pairs_of(["trampl"]) == ["trampl"] and pairs_of([]) == []
    assert analyze(pair_analyzer("ko"), "상태 참조 행동") == token_pairs(["상태", "참조", "행동"]) == ["상태 참조", "참조 행동"]
    assert analyze(pair_analyzer("en"), "Trample") == ["trampl"] and token_pairs(["trampl"]) == []


def test_cjk_tokens_keep_their_place_in_the_text() -> None:
    text = "돌진은 Trample"
    spans = [(t.text, text[t.startchar:t.endchar], t.pos) for t in cjk_analyzer()(text, chars=True, positions=True)]
    assert spans == [("돌진", "돌진", 0), ("진은", "진은", 1), ("trampl", "Trample", 2)]
    text = "參見規則704.5j"
    spans = [(t.text, text[t.startchar:t.endchar]) for t in chinese_analyzer()(text, chars=True)]
    assert spans == [("参见", "參見"), ("见规", "見規"), ("规则", "規則"), ("704.5j", "704.5j")]


@pytest.mark.parametrize(("text", "lang", "key"), [
    ("State-Based Actions", "en", "state base action"), ("state based action", "en", "state base action"),
    ("Tokens", "en", "token"), ("상태 참조 행동", "ko", "상태참조행동"), ("「APNAP順ルール」", "ja", "apnap順ルール"),
    ("傳奇 規則", "zh", "传奇规则"), ("手順", "ja", "手順"),
    ("the", "en", ""),
])
def test_name_key(text: str, lang: str, key: str) -> None:
    assert name_key(text, lang) == key


def test_defined_terms_in_real_rule_texts() -> None:
    rules = {(e.lang, r.number): r.text for e, rs, _ in search_editions() for r in rs}
    assert defined_terms(rules[("en", "704.5j")], "en") == ["legend rule"]
    assert defined_terms(rules[("en", "302.6")], "en") == ["summoning sickness", "summoning sickness rule"]
    assert defined_terms(rules[("en", "702.19a")], "en") == ["Trample"]
    assert defined_terms(rules[("en", "702.19b")], "en") == []
    assert defined_terms(rules[("ko", "704.5j")], "ko") == ["전설 규칙"]
    assert defined_terms(rules[("ja", "101.4")], "ja") == ["アクティブ・プレイヤー・非アクティブ・プレイヤー順ルール", "APNAP順ルール"]
    assert defined_terms(rules[("ja", "114.1")], "ja") == ["紋章"]
    # ja/2026-01-16.txt 301.5a: the Japanese term with its English one
    assert defined_terms("を「装備しているクリーチャー／equipped creature」と呼ぶ。", "ja") == [
        "装備しているクリーチャー／equipped creature", "装備しているクリーチャー", "equipped creature"]
    # ja/2026-01-16.txt 100.1a defines 2人対戦; 702.173a's "…唱えることは、" (… is) defines nothing
    assert defined_terms("2人対戦とは、2人で開始されるゲームのことである。", "ja") == ["2人対戦"]
    assert defined_terms("を意味する。フリーランニング・コストで呪文を唱えることは、rule 601.2b ならびに", "ja") == []
    # ko/kormtgcr/2021-11-19.txt 301.5a: a Korean term with its English name in brackets
    equipped = '장비가 부착된 생물을 "장착된 생물(equipped creature)"이라고 합니다.'
    assert defined_terms(equipped, "ko") == ["장착된 생물(equipped creature)", "장착된 생물", "equipped creature"]
    # en/2026-01-16.txt 116.2m: not the rule's subject, a quoted name after "referred to as an"
    assert defined_terms("This cost is referred to as an “unlock cost.” A player can take", "en") == ["unlock cost"]
    assert defined_terms("If the die roll is the Planeswalker symbol, the ability triggers.", "en") == []


def test_a_glossary_term_names_its_titled_rule_and_mentions_the_others() -> None:
    edition, rules, glossary = _edition("en-2026-01-16")
    titles = {r.number: r.title for r in rules if r.title}
    names, mentions = glossary_names(glossary, titles, "en")
    assert names == {"702.9": ["Flying"], "702.10": ["Haste"], "704.5j": ["Legend Rule"], "103.5": ["Mulligan"],
                     "702.19": ["Trample"]}
    assert mentions == {"302.6": ["Haste"]}
    two = GlossaryEntry("Maximum Hand Size", "… See rule 402.2 and 514.1.",
                        (Reference(81, 107, "See rule 402.2 and 514.1", ("402.2", "514.1")),))
    assert glossary_names([two, GlossaryEntry("Abandon", "no citation")], {}, "en") == (
        {"402.2": ["Maximum Hand Size"], "514.1": ["Maximum Hand Size"]}, {})


def test_rule_documents_of_a_korean_keyword_heading() -> None:
    edition, rules, glossary = _edition("ko-2021-11-19")
    text = annotated(edition, rules, glossary)
    documents = {d["number"]: d for d in rule_documents(text)}
    assert documents["702.19"] == {
        "seq": [r.number for r in rules].index("702.19"), "number": "702.19", "within": "7 702",
        "name": "돌진,trample,trampl", "defined": "", "heading": "돌진\nTrample", "body": "돌진 Trample",
        "section": "키워드 능력", "examples": "", "context": "돌진",
    }
    # the spelling vocabulary is the store's (kb.model.Vocabulary), no longer the first document's
    vocabulary = text.vocabulary
    assert vocabulary.title_words["trample"] >= 1 and "돌진" not in vocabulary.title_words
    assert vocabulary.text_words == Counter(latin_words("\n".join(rule.text for rule in rules)))
    assert vocabulary.names["돌진"] == 10 and vocabulary.names["상태참조행동"] == 10  # name words weigh 10 per name
    assert vocabulary.readings == {} and "spell_cjk" not in documents["702.19"]
    assert documents["704.5j"]["defined"] == "전설규칙,전설 규칙"
    assert documents["704.5j"]["context"] == documents["704.5j"]["section"] == "상태 참조 행동"
    assert documents["704.5j"]["heading"] == "전설 규칙"


def test_write_index_holds_every_edition_once(tmp_path: Path) -> None:
    editions = search_editions()
    write_index(tmp_path / "index", [annotated(*e) for e in editions])
    assert indexed_editions(tmp_path / "index") == {e.id: e.lang for e, _, _ in editions}
    assert indexed_editions(tmp_path / "nothing") == {}
    with pytest.raises(FileExistsError):
        write_index(tmp_path / "index", [annotated(*e) for e in editions])


@pytest.mark.parametrize(("a", "b", "edits"), [
    ("tramlpe", "trample", 1), ("flyng", "flying", 1), ("indestructable", "indestructible", 1),
    ("trample", "trample", 0), ("", "abc", 3), ("ca", "abc", 3), ("haste", "hexproof", 7),
])
def test_distance(a: str, b: str, edits: int) -> None:
    assert distance(a, b) == edits


def test_a_word_typed_without_its_apostrophe_is_that_word() -> None:
    from kb.model import Vocabulary
    from search.spelling import LatinSpeller

    # invented counts: "cast" is far commoner than "can’t", and one letter from "cant" as well
    speller = LatinSpeller(Vocabulary(title_words={"widget": 3}, text_words={
        "cast": 900, "can’t": 40, "can": 300, "don’t": 20, "opponent’s": 50, "opponents": 60, "widgets": 5}))
    assert [speller.correct(word) for word in ("cant", "dont", "opponets", "cst")] == [
        "can’t", "don’t", "opponents", None]
    should = LatinSpeller(Vocabulary(text_words={"should": 90, "haunt": 9, "must": 50}))
    assert [should.correct(word) for word in ("shouldnt", "hadnt", "mustnt", "shuold")] == [None, None, None, "should"]


def test_the_judge_vocabulary_is_words_the_speller_knows() -> None:
    from kb.model import Vocabulary
    from search.spelling import LatinSpeller

    # invented counts; the jargon's words ("fizzle", "bounce", "burn") are in no rule's text
    vocabulary = Vocabulary(text_words={"filled": 30, "bonus": 40, "mana": 500, "gain": 80, "order": 70, "gang": 1})
    speller = LatinSpeller(vocabulary, jargon={"fizzle", "fizzled", "bounce", "burn", "gang", "orders", "mana"})
    assert [speller.correct(word) for word in ("fizle", "bounse", "fizled", "manaburn", "burn", "gaing", "orderd")] == [
        "fizzle",     # no vocabulary word is near
        "bounce",     # closer than "bonus"
        "fizzled",    # as close as "filled", and shares more of its start
        "mana burn",  # two words typed as one, one of them jargon
        None,         # a jargon word is a word
        "gain",       # a jargon word the rules print ("gang") is corrected to as vocabulary
        "order",      # as close as "orders", sharing as much: the rules' own word
    ]
    assert LatinSpeller(vocabulary).correct("fizle") is None
