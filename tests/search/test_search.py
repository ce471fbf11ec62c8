"""Searcher on the search KB (real rules of en 2026-01-16 and 2021-11-19, ko 2021-11-19, ja 2023-09-01):
every query kind in all three languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from search.query import parse_query
from search.correct import correct_query
from search.searcher import NUMBER_SCORE, Hit, Searcher, open_searcher
from search.ordering import merge_languages
from tests.search.search_kb import build_search_kb


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    return open_searcher(build_search_kb(tmp_path_factory.mktemp("search-kb")))


def _top(searcher: Searcher, query: str, lang: str | None, **kwargs) -> list[tuple[str, str]]:
    return [(hit.edition, hit.number) for hit in searcher.search(query, lang=lang, **kwargs)]


def _first(searcher: Searcher, query: str, lang: str | None, **kwargs) -> str:
    hits = searcher.search(query, lang=lang, **kwargs)
    return hits[0].number if hits else ""


@pytest.mark.parametrize("query", ["702.19b", "702.19B", "702.19b.", "CR 702.19b", "rule 702.19b", "CR702.19b",
                                   "R70219b", " 702 . 19 b ", "７０２.１９ｂ"])
def test_a_rule_number_in_any_form_gives_that_rule_first(searcher: Searcher, query: str) -> None:
    hits = searcher.search(query, lang="en")
    assert hits == [Hit("702.19b", "en", "en-2026-01-16", "Trample", hits[0].snippet, NUMBER_SCORE)]
    assert hits[0].snippet.startswith("The controller of an attacking creature with trample first assigns")


def test_a_number_gives_the_rule_then_the_rules_under_it_in_order(searcher: Searcher) -> None:
    assert [(h.number, h.score) for h in searcher.search("704.5", lang="en")] == [
        ("704.5", NUMBER_SCORE), ("704.5j", NUMBER_SCORE - 0.01)]
    assert _top(searcher, "CR 704", "en") == [
        ("en-2026-01-16", "704"), ("en-2026-01-16", "704.5"), ("en-2026-01-16", "704.5j")]
    assert _top(searcher, "702.19b", "ko") == [("ko-2021-11-19", "702.19b")]
    assert _top(searcher, "rule 103.5", "ja") == [("ja-2023-09-01", "103.5")]


def test_a_number_without_a_language_answers_every_language_that_has_it(searcher: Searcher) -> None:
    assert _top(searcher, "702.19b", None) == [("en-2026-01-16", "702.19b"), ("ko-2021-11-19", "702.19b")]


def test_a_number_the_edition_lacks_is_searched_as_text(searcher: Searcher) -> None:
    assert searcher.search("999.9", lang="en") == []
    assert _first(searcher, "103.4", "en") != "103.4"


@pytest.mark.parametrize(("lang", "query", "number"), [
    ("en", "trample", "702.19"), ("en", "Trample", "702.19"), ("en", "flying", "702.9"),
    ("en", "indestructible", "702.12"), ("en", "state-based actions", "704"), ("en", "State Based Actions", "704"),
    ("en", "combat damage step", "510"),
    ("ko", "돌진", "702.19"), ("ko", "Trample", "702.19"), ("ko", "비행", "702.9"), ("ko", "Flying", "702.9"),
    ("ko", "상태 참조 행동", "704"), ("ko", "상태참조행동", "704"), ("ko", "키워드 능력", "702"),
    ("ja", "優先権", "117"), ("ja", "タイミングと優先権", "117"), ("ja", "黄金律", "101"),
])
def test_a_keyword_or_title_puts_its_rule_first(searcher: Searcher, lang: str, query: str, number: str) -> None:
    assert _first(searcher, query, lang) == number


@pytest.mark.parametrize(("lang", "query", "number"), [
    ("en", "mulligan", "103.5"),            # glossary "Mulligan ... See rule 103.5."
    ("en", "legend rule", "704.5j"),        # glossary "Legend Rule", ahead of 205.4d's mention
    ("en", "haste", "702.10"),              # glossary "Haste" cites 702.10 and 302.6: the titled one wins
    ("en", "summoning sickness", "302.6"),  # 'informally called the “summoning sickness” rule'
    ("ko", "전설 규칙", "704.5j"),           # '이것을 "전설 규칙"이라고 합니다'
    ("ja", "APNAP順ルール", "101.4"),        # '(またはAPNAP順ルール)と呼ばれる'
    ("ja", "マリガン", "103.5"),             # 'マリガンとは、…'
    ("ja", "紋章", "114.1"),                 # '紋章とは、…'
])
def test_a_glossary_or_defined_term_puts_its_rule_first(searcher: Searcher, lang: str, query: str, number: str) -> None:
    assert _first(searcher, query, lang) == number


def test_the_rules_a_glossary_term_only_mentions_still_follow(searcher: Searcher) -> None:
    found = [h.number for h in searcher.search("haste", lang="en")]
    assert found[:2] == ["702.10", "702.10a"] and sorted(found[2:]) == ["302.6", "702.10b"]


@pytest.mark.parametrize(("lang", "query", "number"), [
    ("en", "tramlpe", "702.19"), ("en", "indestructable", "702.12"), ("en", "flyng", "702.9"),
    ("en", "mulligen", "103.5"), ("en", "legend rul", "704.5j"), ("en", "hatse", "702.10"),
    ("ko", "Trampel", "702.19"), ("ko", "Flyng", "702.9"),
])
def test_a_typo_still_finds_the_rule(searcher: Searcher, lang: str, query: str, number: str) -> None:
    assert _first(searcher, query, lang) == number


def test_a_typo_beside_a_right_word_is_corrected_and_marked(searcher: Searcher) -> None:
    hits = searcher.search("trample damge", lang="en")
    assert sorted(h.number for h in hits[:3]) == ["702.19a", "702.19b", "702.19c"]  # trample and damage
    assert {"702.19", "510"} <= {h.number for h in hits[3:]}  # then the rules with one of the words
    assert "<mark>damage</mark>" in hits[0].snippet and "<mark>trample</mark>" in hits[0].snippet


@pytest.mark.parametrize(("lang", "typo", "query", "numbers"), [
    ("ko", "돌짐", "돌진", ["702.19", "702.19a", "702.19b"]),                 # one jamo slip
    ("ko", "비헹", "비행", ["702.9", "702.9a", "702.9b"]),                  # a named rule's rules in order
    ("ko", "상태 참조 행둥", "상태 참조 행동", ["704", "704.5", "704.5j"]),   # one word of three
    ("ko", "상태참조행둥", "상태참조행동", ["704"]),                          # the whole name without spaces
    ("ko", "전투해단", "전투피해단", ["510", "702.19b"]),                     # a dropped syllable
    ("ko", "키워드 능녁", "키워드 능력", ["702"]),
    ("ko", "돌짐은", "돌진은", ["702.19", "702.19a", "702.19b"]),             # with a particle: 돌진
    ("ja", "マリカン", "マリガン", ["103.5"]),                                # a voicing mark
    ("ja", "マリガンン", "マリガン", ["103.5"]),
    ("ja", "まりがん", "マリガン", ["103.5"]),                                # hiragana, not converted
    ("ja", "タイミンク", "タイミング", ["117"]),
    ("ja", "おうごんりつ", "黄金律", ["101"]),                               # the reading of a kanji name
    ("ja", "ゆうせんけん", "優先権", ["117", "117.1"]),
    ("ja", "マリガソの手順", "マリガンの手順", ["103.5", "103.2"]),  # a run of a longer word: マリガン 手順
])
def test_a_korean_or_japanese_typo_finds_what_the_word_finds(
    searcher: Searcher, lang: str, typo: str, query: str, numbers: list[str]
) -> None:
    found = [h.number for h in searcher.search(query, lang=lang)]
    assert found[: len(numbers)] == numbers  # then the rules with some of the words, when any
    assert [h.number for h in searcher.search(typo, lang=lang)] == found


@pytest.mark.parametrize(("lang", "word", "correction"), [
    ("ko", "전투피해", "전투피해단"),  # in 510.1's text, one syllable short of a title
    ("ko", "전설적", "전설"),          # in 205.4d's text
    ("ja", "開始時", "開始"),          # in 103.2's text
])
def test_a_word_the_texts_hold_is_not_corrected(searcher: Searcher, lang: str, word: str, correction: str) -> None:
    edition = searcher.store.find_edition(lang)
    whoosh_searcher = searcher._searcher(edition.id)
    speller = searcher._speller(edition.id)
    assert speller.correct(word) is not None and speller.correct(word).startswith(correction)  # close to a name
    parsed = parse_query(word)
    assert correct_query(whoosh_searcher, parsed, lang, speller) == parsed
    assert [h.number for h in searcher.search(word, lang=lang)] != []


@pytest.mark.parametrize(("lang", "query", "number"), [
    ("ja", "マリガンの手順", "103.5"),          # one CJK run whose bigrams are not all in any rule
    ("ja", "優先権を持つプレイヤー", "117.1"),
    ("ko", "멀리건하는 방법", "103.4"),
    ("en", "trample creature zzzz", "702.19a"),  # a word no rule has does not empty the results;
                                                 # a text with both words ("a creature with trample",
                                                 # the query's words the other way round) beats the
                                                 # title "Trample"
])
def test_when_no_rule_has_every_word_the_rules_with_most_come_first(
    searcher: Searcher, lang: str, query: str, number: str
) -> None:
    assert _first(searcher, query, lang) == number


def test_a_quoted_phrase_needs_its_words_together(searcher: Searcher) -> None:
    assert _top(searcher, '"legend rule"', "en") == [("en-2026-01-16", "704.5j"), ("en-2026-01-16", "205.4d")]
    assert _first(searcher, '"전설 규칙"', "ko") == "704.5j"
    assert _first(searcher, "「マリガン」", "ja") == "103.5"
    together = [h.number for h in searcher.search('"hand size"', lang="en")]
    apart = [h.number for h in searcher.search('"size hand"', lang="en")]
    assert sorted(together) == ["103.5", "103.5a"] and apart == []


JUNK = ['"', '"trample', "trample AND", "AND", "OR NOT", ":", "lang:en", "*", "tram*", "(", "((trample", "]",
        "[702.19", "{}", "^2", "~", "\\", "trample^3", "title:trample", "-", "+", "!", "' OR 1=1 --", "<script>",
        "702.19l", "702.19o", "7", "0", "", "   ", "\x00", "🂡", "돌진:", "「", "」", "x" * 1000,
        "trample " * 200, "a b c d e f g h i j k l m n o p q r s t", "%s%s%n"]


@pytest.mark.parametrize("lang", ["en", "ko", "ja", None])
@pytest.mark.parametrize("query", JUNK)
def test_query_syntax_the_user_did_not_mean_is_searched_as_text(searcher: Searcher, query: str, lang: str | None) -> None:
    hits = searcher.search(query, lang=lang)
    assert all(isinstance(hit, Hit) and "<script>" not in hit.snippet for hit in hits)


def test_syntax_characters_around_words_do_not_hide_them(searcher: Searcher) -> None:
    for query in ['"trample', "trample AND (", "((trample))", "trample*", "[trample]"]:
        assert _first(searcher, query, "en") == "702.19", query
    assert _first(searcher, "title:trample", "en") in ("702.19", "702.19a")  # the words "title trample"
    assert _first(searcher, "돌진:", "ko") == "702.19"


def test_filters_by_section_and_rule(searcher: Searcher) -> None:
    assert {h.number[0] for h in searcher.search("combat damage", lang="en", section="7")} == {"7"}
    assert [h.number for h in searcher.search("trample", lang="en", section="702.19")][:2] == ["702.19", "702.19a"]
    assert searcher.search("trample", lang="en", section="1") == []
    assert _top(searcher, "704.5j", "en", section="7") == [("en-2026-01-16", "704.5j")]
    assert searcher.search("704.5j", lang="en", section="1") == []


def test_the_edition_defaults_to_the_newest_of_the_language(searcher: Searcher) -> None:
    assert {h.edition for h in searcher.search("trample", lang="en")} == {"en-2026-01-16"}
    pinned = _top(searcher, "trample", "en", edition="2021-11-19")
    assert pinned == [("en-2021-11-19", "702.19"), ("en-2021-11-19", "702.19a")]
    assert _top(searcher, "trample", None, edition="en-2021-11-19") == pinned


def test_without_a_language_every_newest_edition_is_searched(searcher: Searcher) -> None:
    found = {(h.edition, h.number) for h in searcher.search("trample", lang=None, limit=50)}
    assert ("en-2026-01-16", "702.19") in found and ("ko-2021-11-19", "702.19") in found
    assert not any(edition == "en-2021-11-19" for edition, _ in found)


def test_unknown_language_or_edition_is_an_error(searcher: Searcher) -> None:
    from kb.errors import EditionNotFound

    with pytest.raises(EditionNotFound):
        searcher.search("trample", lang="xx")
    with pytest.raises(EditionNotFound):
        searcher.search("trample", lang="en", edition="1999-01-01")


def test_limit(searcher: Searcher) -> None:
    assert len(searcher.search("trample", lang="en", limit=2)) == 2
    assert searcher.search("trample", lang="en", limit=0) == []


def test_a_searcher_is_shared_between_threads(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    shared = open_searcher(build_search_kb(tmp_path))
    queries = [("trample", "en"), ("돌진", "ko"), ("マリガン", "ja"), ("tramlpe", "en"), ("704.5", "en")] * 8
    expected = [shared.search(q, lang=lang) for q, lang in queries]
    with ThreadPoolExecutor(max_workers=8) as pool:
        assert list(pool.map(lambda item: shared.search(item[0], lang=item[1]), queries)) == expected


@pytest.mark.parametrize(("lang", "query", "corrected", "first"), [
    ("en", "tramlpe", "trample", "702.19"),
    ("en", "trample damge", "trample damage", "702.19a"),
    ("en", "statebased actions", "state based actions", "704"),  # two words typed without their space
    ("ko", "돌짐은", "돌진은", "702.19"),           # a Korean run corrected inside its word, then 돌진 read without 은
])
def test_find_says_what_it_corrected_and_literal_searches_as_typed(
    searcher: Searcher, lang: str, query: str, corrected: str, first: str
) -> None:
    found = searcher.find(query, lang=lang)
    assert (found.corrected, found.hits[0].number) == (corrected, first)
    assert [h.number for h in found.hits] == [h.number for h in searcher.search(query, lang=lang)]
    assert searcher.find(corrected, lang=lang).corrected is None
    as_typed = searcher.find(query, lang=lang, literal=True)
    assert as_typed.corrected is None
    assert [h.number for h in as_typed.hits] != [h.number for h in found.hits]


def test_an_everyday_word_beside_others_is_the_players_not_a_slip(searcher: Searcher) -> None:
    # "kill" is one letter from the rules' "mill": alone it may be a slip, beside other words it is
    # the player's own word (the rules say destroy), and "mill" found 701.13 first
    found = searcher.find("kill ability resolves", lang="en")
    assert found.corrected is None and "701.13" not in [hit.number for hit in found.hits[:3]]
    assert searcher.find("first strik", lang="en").corrected == "first strike"  # no word: a slip


def test_a_japanese_correction_is_said_too(searcher: Searcher) -> None:
    found = searcher.find("マリカン", lang="ja")  # a dropped voicing mark
    assert (found.corrected, found.hits[0].number) == ("マリガン", "103.5")
    assert searcher.find("マリカン", lang="ja", literal=True).corrected is None
    found = searcher.find("マリカンはいつできますか", lang="ja")  # the whole question, not only its word
    assert (found.corrected, found.hits[0].number) == ("マリガンはいつできますか", "103.5")


@pytest.mark.parametrize(("query", "lang"), [("trample damage", "en"), ("돌진", "ko"), ("マリガン", "ja")])
def test_without_a_language_the_querys_own_language_comes_first(searcher: Searcher, query: str, lang: str) -> None:
    found = [hit.lang for hit in searcher.search(query, lang=None, limit=30)]
    mine = found.count(lang)
    assert mine and found[:mine] == [lang] * mine  # then the other languages
    if lang == "en":  # 돌진 Trample: Korean headings print the English term
        assert "ko" in found[mine:]


@pytest.mark.parametrize("query", ["trample", "돌진", "マリガン", "deathtouch trample", "Ixalan", "践踏"])
@pytest.mark.parametrize("limit", [3, 10, 60])
def test_without_a_language_the_other_languages_are_searched_only_to_fill_the_limit(
    searcher: Searcher, query: str, limit: int
) -> None:
    every = [searcher.search(query, lang=lang, limit=limit) for lang in searcher.store.languages()]
    expected = merge_languages(every, query)[:limit]
    assert searcher.search(query, lang=None, limit=limit) == expected


def test_every_language_keeps_each_editions_own_order(searcher: Searcher) -> None:
    # a name's rules are listed first whatever their scores (maximum hand size: 402.2, then
    # 514.1, which scores higher); merging the languages re-sorted them by score
    def hit(number: str, lang: str, score: float) -> Hit:
        return Hit(number, lang, f"{lang}-2026-01-16", "", "", score)

    english = [hit("402.2", "en", 650.0), hit("514.1", "en", 690.0), hit("902.5b", "en", 60.0)]
    japanese = [hit("402.2", "ja", 90.0), hit("514.1", "ja", 80.0)]
    assert [(h.lang, h.number) for h in merge_languages([english, japanese], "maximum hand size")] == [
        ("en", "402.2"), ("en", "514.1"), ("en", "902.5b"), ("ja", "402.2"), ("ja", "514.1")]
    side = merge_languages([english, japanese], "maximum hand size", side_by_side=True)
    assert [(h.lang, h.number) for h in side] == [
        ("en", "402.2"), ("ja", "402.2"), ("en", "514.1"), ("ja", "514.1"), ("en", "902.5b")]
    english = [h.number for h in searcher.search("maximum hand size", lang=None, limit=30) if h.lang == "en"]
    assert english == [h.number for h in searcher.search("maximum hand size", lang="en", limit=30)][:len(english)]


def test_rule_texts_are_read_from_the_store_once_per_edition(tmp_path_factory: pytest.TempPathFactory,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    searcher = open_searcher(build_search_kb(tmp_path_factory.mktemp("texts-kb")))
    asked: list[int] = []
    read = searcher.store.rule_texts
    monkeypatch.setattr(searcher.store, "rule_texts", lambda edition, seqs: asked.extend(seqs) or read(edition, seqs))
    first = searcher.search("trample", lang="en")
    assert len(asked) == len(first) == len(set(asked))
    assert searcher.search("trample", lang="en") == first and len(asked) == len(first)  # same snippets, kept texts
    searcher.search("legend rule", lang="en")
    assert len(asked) == len(set(asked)) > len(first)  # only texts not read before
    searcher.close()
