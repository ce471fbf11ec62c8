"""Loanwords (``search.loanwords``): CR terms written in Hangul or katakana as their English sounds,
matched to the English terms by sound key, and read as the Korean or Japanese translation's terms
by the searcher (on the languages KB, ``languages_kb`` in tests/conftest.py: real ko 2021-11-19 and
ja 2026-01-16 texts; reads ../shared)."""

from __future__ import annotations

from pathlib import Path

import pytest

import search.searcher
from kb.store.layout import current_build
from kb.store.terms import fold, split_headword
from search.katakana import KATAKANA_WORDS, katakana_readings
from search.loanwords import Loanwords, english_keys, hangul_key, read_katakana, read_loanwords, skeleton
from search.query import Clause, parse_query
from search.searcher import open_searcher

TERMS = ["trample", "deathtouch", "lifelink", "flying", "offering", "haste", "legend rule", "target", "targets",
         "decayed", "first strike", "flash", "players", "prowess", "counter", "counters", "visit", "ward",
         "exile", "state-based actions", "madness", "mutate"]
"""English terms of the CR's term dictionary, some sharing a sound key or skeleton with others."""


@pytest.mark.parametrize(("hangul", "english"), [
    ("트램플", "trample"), ("데스터치", "deathtouch"), ("플라잉", "flying"), ("헤이스트", "haste"),
    ("레전드 룰", "legend rule"), ("타겟", "target"), ("퍼스트 스트라이크", "first strike"),
    ("비질런스", "vigilance"), ("헥스프루프", "hexproof"), ("킥커", "kicker"), ("엑자일", "exile"),
    ("캐스케이드", "cascade"), ("스캐빈지", "scavenge"),
])
def test_a_loanword_and_its_english_term_have_one_sound_key(hangul: str, english: str) -> None:
    assert hangul_key(hangul) in english_keys(english)


def test_sound_keys_are_consonant_classes_and_vowels() -> None:
    assert hangul_key("트램플") == "TLVMPL"  # ㅡ is the vowel Korean puts between t and r: nothing
    assert hangul_key("리치") == "LVJ"  # a final vowel dropped
    assert english_keys("target") == {"TVKVT", "TVJVT"}  # g before e: hard or soft
    assert english_keys("counters") == {"KVNTVS", "KVNTVJ", "KVNT"}  # r after a vowel silent; and the singular
    assert skeleton("TLVMPL") == "TLMPL"


@pytest.mark.parametrize(("hangul", "term"), [
    ("트램플", "trample"), ("데스터치", "deathtouch"), ("레전드 룰", "legend rule"),
    ("퍼스트 스트라이크", "first strike"), ("스테이트 베이스드 액션", "state-based actions"),
    ("라이프링크", "lifelink"),  # no key match (life's silent e), but the only term of its 5-consonant skeleton
    ("플라잉", "flying"),  # offering shares its skeleton, not its key
    ("타겟", "target"),  # decayed shares its key: the spelling decides
    ("플래시", "flash"),  # so do players and prowess
    ("카운터", "counter"),  # and counters, its plural
])
def test_a_loanword_reads_as_its_term(hangul: str, term: str) -> None:
    assert Loanwords([*TERMS, "lifelink"]).term(hangul) == term


@pytest.mark.parametrize("hangul", [
    "와드",  # ward: a one-consonant skeleton tells nothing
    "페이즈 아웃",  # phase out: visit has its key, but is spelled nothing like it
    "돌진",  # no term sounds like it
    "트램플 Trample",  # not Hangul alone
])
def test_a_word_no_term_sounds_like_reads_as_none(hangul: str) -> None:
    assert Loanwords(TERMS).term(hangul) is None


def _read(query: str, held: set[str] = frozenset()) -> tuple[list[str], dict[str, str]]:
    terms = {"trample": "돌진", "deathtouch": "치명타", "legend rule": "전설 규칙"}
    loanwords = Loanwords(terms)
    read, replaced = read_loanwords(parse_query(query), lambda text: terms.get(loanwords.term(text) or ""),
                                    lambda text: text in held)
    return [clause.text for clause in read.clauses], replaced


def test_runs_of_words_are_read_longest_first_and_particles_dropped() -> None:
    assert _read("레전드 룰은 어떻게") == (["전설", "규칙", "어떻게"], {"레전드 룰은": "전설 규칙"})
    assert _read("데스터치와 트램플") == (["치명타", "돌진"], {"데스터치와": "치명타", "트램플": "돌진"})


def test_words_the_texts_hold_and_quoted_phrases_are_kept_as_typed() -> None:
    assert _read("트램플", held={"트램플"}) == (["트램플"], {})
    assert _read("트램플은", held={"트램플"}) == (["트램플은"], {})  # held without its particle
    assert _read('"트램플"') == (["트램플"], {})
    parsed = parse_query('"트램플"')
    assert parsed.clauses == (Clause("트램플", phrase=True),)


@pytest.fixture(scope="module")
def searcher(languages_kb: Path):
    found = open_searcher(current_build(languages_kb))
    yield found
    found.close()


@pytest.mark.corpus
@pytest.mark.parametrize(("query", "searched", "first"), [
    ("트램플", "돌진", "702.19"), ("데스터치", "치명타", "702.2"), ("헤이스트", "신속", "702.10"),
    ("레전드 룰", "전설 규칙", "704.5j"), ("퍼스트 스트라이크", "선제공격", "702.7"),
    ("인디스트럭터블", "무적", "702.12"), ("플라잉", "비행", "702.9"),  # once "corrected" to 플레이
    ("트램플은 어떻게 되나요?", "돌진 어떻게 되나요?", "702.19"),
])
def test_a_korean_loanword_finds_the_translations_term(searcher, query: str, searched: str, first: str) -> None:
    found = searcher.find(query, lang="ko")
    assert (found.corrected, found.hits[0].number) == (searched, first)
    assert searcher.find(query, lang="ko", literal=True).hits[:1] != found.hits[:1]


@pytest.mark.corpus
def test_two_loanwords_find_where_their_rules_meet(searcher) -> None:
    numbers = [hit.number for hit in searcher.search("데스터치와 트램플", lang="ko", limit=5)]
    assert {"702.2c", "702.19b"} <= set(numbers), numbers


@pytest.mark.corpus
@pytest.mark.parametrize(("query", "corrected", "first"), [
    ("카운터", None, "122"),  # the translation's own loanword (counter, the noun)
    ("스택", None, "405"),
    ("무덨", "무덤", "404"),  # a slip of one jamo in 무덤 (graveyard), though mutate has its sound key
])
def test_the_translations_own_words_and_their_slips_are_not_read_as_loanwords(
    searcher, query: str, corrected: str | None, first: str
) -> None:
    found = searcher.find(query, lang="ko")
    assert (found.corrected, found.hits[0].number) == (corrected, first)


# Japanese: katakana spellings of the English names (search.katakana), read by the same Loanwords.

KATAKANA_TERMS = [
    *TERMS, "double strike", "vigilance", "hexproof", "indestructible", "menace", "defender", "shroud", "scry",
    "cascade", "sacrifice", "graveyard", "discard", "convoke", "affinity", "surveil", "proliferate", "investigate",
    "regenerate", "emblem", "reach", "equip", "land", "boast", "bestow", "create", "cast", "cloak", "trigger",
    "squad", "behold", "toughness", "prize", "forage", "summon", "battle", "colors", "mill", "role", "riot",
]
"""``TERMS`` and more English terms of the term dictionary: keywords, and terms sharing a sound key
with a katakana word that is none of them (``land``: ``ラウンド``, round)."""


@pytest.mark.parametrize(("katakana", "english"), [
    ("ヘイスト", "haste"), ("デスタッチ", "deathtouch"), ("ライフリンク", "lifelink"), ("フライング", "flying"),
    ("ファーストストライク", "first strike"), ("ファースト・ストライク", "first strike"),
    ("ファースト ストライク", "first strike"), ("ダブルストライク", "double strike"), ("ヴィジランス", "vigilance"),
    ("ビジランス", "vigilance"), ("ヘックスプルーフ", "hexproof"), ("インデストラクティブル", "indestructible"),
    ("メナス", "menace"), ("フラッシュ", "flash"), ("ディフェンダー", "defender"), ("シュラウド", "shroud"),
    ("プロウェス", "prowess"), ("スクライ", "scry"), ("カスケード", "cascade"), ("サクリファイス", "sacrifice"),
    ("エグザイル", "exile"), ("グレイブヤード", "graveyard"), ("ディスカード", "discard"), ("ターゲット", "target"),
    ("コンボーク", "convoke"), ("アフィニティ", "affinity"), ("サーベイル", "surveil"),
    ("プロリフェレート", "proliferate"), ("インベスティゲート", "investigate"), ("リジェネレート", "regenerate"),
    ("エンブレム", "emblem"), ("トランプル", "trample"), ("レジェンド・ルール", "legend rule"),
    ("リーチ", "reach"), ("エクイップ", "equip"), ("ミル", "mill"),  # two consonants, spelt alike
])
def test_a_katakana_spelling_reads_as_its_english_term(katakana: str, english: str) -> None:
    assert Loanwords(KATAKANA_TERMS).term(katakana) == english


@pytest.mark.parametrize("katakana", [
    "ラウンド",  # round: land has its key, but not its vowel (au)
    "ブースター",  # booster: boast ends in a consonant, booster in a vowel of its own
    "プラス",  # plus: flash says sh
    "クレーター", "ビースト", "スカーウッド", "トラック",  # crater, beast, Scarwood, truck: create, bestow, squad, trigger
    "ゲスト",  # guest: cast's key and vowels, but spelled too unlike it
    "ウルザ", "タルモゴイフ",  # names that sound like no term
    "ルール", "ロード",  # rule, road: two consonants, and spelt unlike role and riot
])
def test_a_katakana_word_no_term_sounds_like_reads_as_none(katakana: str) -> None:
    assert Loanwords(KATAKANA_TERMS).term(katakana) is None


def test_katakana_readings_add_vowels_that_japanese_adds() -> None:
    assert {reading.key for reading in katakana_readings("ヘイスト")} == {"HVST", "HVSVT"}  # ス, ト: added or not
    assert {reading.key for reading in katakana_readings("フライング")} == {"PLVG", "PVLVG"}  # ング: English ng
    assert {reading.key for reading in katakana_readings("カウンター")} == {"KVNT"}  # a final vowel dropped
    assert [reading.ends_in_vowel for reading in katakana_readings("カウンター")] == [True]  # ー: its own
    assert katakana_readings("ヘイスト 速攻") == frozenset()


def _read_katakana(query: str, held: set[str] = frozenset()) -> tuple[list[str], dict[str, str]]:
    terms = {"haste": "速攻", "first strike": "先制攻撃", "deathtouch": "接死", "trample": "トランプル"}
    loanwords = Loanwords(terms)
    read, replaced = read_katakana(parse_query(query), lambda text: terms.get(loanwords.term(text) or ""),
                                   lambda text: text in held)
    return [clause.text for clause in read.clauses], replaced


def test_katakana_runs_are_read_inside_words_longest_first() -> None:
    assert _read_katakana("ヘイストを持つクリーチャー") == (["速攻を持つクリーチャー"], {"ヘイスト": "速攻"})
    assert _read_katakana("ファースト ストライク") == (["先制攻撃"], {"ファースト ストライク": "先制攻撃"})
    assert _read_katakana("ファースト・ストライクとデスタッチ") == (
        ["先制攻撃と接死"], {"ファースト・ストライク": "先制攻撃", "デスタッチ": "接死"})
    assert _read_katakana("ヘイスト クリーチャー") == (["速攻", "クリーチャー"], {"ヘイスト": "速攻"})


def test_katakana_the_texts_hold_and_quoted_phrases_are_kept_as_typed() -> None:
    assert _read_katakana("トランプル", held={"トランプル"}) == (["トランプル"], {})
    assert _read_katakana('"ヘイスト" デスタッチ') == (["ヘイスト", "接死"], {"デスタッチ": "接死"})
    assert _read_katakana("ウルザ") == (["ウルザ"], {})


@pytest.mark.corpus
@pytest.mark.parametrize(("query", "searched", "first"), [
    ("ヘイスト", "速攻", "702.10"), ("デスタッチ", "接死", "702.2"), ("ライフリンク", "絆魂", "702.15"),
    ("フライング", "飛行", "702.9"), ("ファースト・ストライク", "先制攻撃", "702.7"),
    ("フラッシュ", "瞬速", "702.8"),  # in no text but inside フラッシュバック (flashback)
    ("アフィニティ", "親和", "702.41"),  # once "corrected" to インフィニティ (infinity)
    ("ヘイストを持つクリーチャー", "速攻を持つクリーチャー", "702.10"),
])
def test_a_japanese_katakana_spelling_finds_the_translations_term(searcher, query: str, searched: str,
                                                                   first: str) -> None:
    found = searcher.find(query, lang="ja")
    assert found.corrected == searched
    assert found.hits[0].number.startswith(first), [hit.number for hit in found.hits]
    assert searcher.find(query, lang="ja", literal=True).hits[:1] != found.hits[:1]


@pytest.mark.corpus
@pytest.mark.parametrize("query", [
    "トランプル", "マリガン", "エンチャント", "クリーチャー", "プレインズウォーカー",  # the translation's own words
    "カウンタ",  # a slip of カウンター (counters), not the verb counter (打ち消す)
    "アンタップステップ",  # アンタップ・ステップ without its ・
    "ウルザ", "トランプルと接死",
])
def test_the_japanese_translations_katakana_and_words_sounding_like_no_term_search_as_before(
    searcher, query: str, monkeypatch
) -> None:
    found = searcher.find(query, lang="ja")
    monkeypatch.setattr(search.searcher, "read_katakana", lambda parsed, *_: (parsed, {}))
    before = searcher.find(query, lang="ja")
    assert (found.corrected, found.hits) == (before.corrected, before.hits)


@pytest.mark.corpus
def test_the_japanese_editions_katakana_names_read_as_their_english_names(searcher) -> None:
    """Of the katakana rule titles and glossary terms of ja 2026-01-16 printed with their English
    name (``トランプル／Trample``), those read as a term are read as that name, a term written in
    Japanese as the same word, or a word their English name begins with (``counter``)."""
    store, dictionary = searcher.store, searcher._dictionary()
    edition = store.find_edition("ja").id
    names = {split_headword(entry.term)[::2] for entry in store.glossary(edition)}
    names |= set(store.query("SELECT title, title_en FROM rules WHERE edition = ? AND title_en IS NOT NULL",
                             (edition,)))
    names = {(japanese, fold(english)) for japanese, english in names
             if english and japanese and KATAKANA_WORDS.fullmatch(japanese)}
    loanwords = Loanwords(dictionary.concepts)
    read = {(japanese, english, term) for japanese, english in names if (term := loanwords.term(japanese))}
    wrong = {(japanese, term) for japanese, english, term in read
             if not (english.startswith(term) or fold(english).rstrip("s") == term.rstrip("s")
                     or dictionary.term_in(term, "ja") == japanese)}
    assert len(names) > 100 and len(read) > 50
    assert wrong == {("トランスフォーム", "transform")}  # the name of convert; transform is 変身する
