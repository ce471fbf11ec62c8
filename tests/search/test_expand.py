"""Judge vocabulary and glossary terms in a query (``search.expand``), searched in the real English
2026-01-16 edition (rules and glossary read from ../shared at test time), and followed into other
editions by identity (``search.targets``)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

import pytest

from ingest.parse.parser import parse_rules
from ingest.read.formats import read_source
from kb.model import Edition
from kb.store.layout import current_build
from search.card_list import Card, CardList
from search.expand import CARD, CARD_SHARE, Expanded, Expander, Expansion, says_nothing
from search.expand_hits import with_expansion
from search.jargon import Target
from search.searcher import Searcher, open_searcher
from search.targets import TargetFinder
from tests.corpus import shared_file
from tests.kbs import write_kb


def _edition_kb(folder: Path, name: str) -> Searcher:
    """A KB of one whole English edition of the corpus (``en/<date>.txt``), as the build parses it."""
    source = read_source(shared_file(f"en/{name}.txt"))
    parsed = parse_rules(source.paragraphs, lang="en", source=source.name)
    edition = Edition(f"en-{name}", "en", dt.date.fromisoformat(name), "Comprehensive Rules", (source.name,))
    return open_searcher(write_kb(folder, [(edition, list(parsed.rules), list(parsed.glossary))]))


@pytest.fixture(scope="module")
def searcher(tmp_path_factory) -> Searcher:
    return _edition_kb(tmp_path_factory.mktemp("jargon-kb"), "2026-01-16")


def _numbers(searcher: Searcher, query: str, **options) -> list[str]:
    return [hit.number for hit in searcher.search(query, lang="en", **options)]


@pytest.mark.parametrize(("query", "number"), [
    ("fizzle", "608.2b"), ("fizzled", "608.2b"),            # player usage, in no rule's text
    ("LKI", "608.2h"), ("last-known information", "608.2h"),  # judge abbreviation
    ("ETB", "603.6a"), ("ETBs", "603.6a"), ("SBA", "704"), ("SBAs", "704"),
    ("APNAP", "101.4"),                                      # the CR's "(APNAP) order" rule
    ("summoning sick", "302.6"), ("layer 7b", "613.4b"),     # read from the CR's text
    ("can't-beats-can", "101.2"), ("can't be countered", "101.3"),
    ("cant beats can", "101.2"), ("cant be countered", "101.3"),  # typed without the apostrophe
    ("multiple replacement effects", "616.1"), ("timestamp", "613.7"),
    ("blink", "400.7"), ("flicker", "400.7"), ("dies", "700.4"), ("the stack", "405"),
    ("tutor", "701.23a"), ("CMC", "202.3"), ("comes into play", "603.6a"),
    ("zone change", "400.7"), ("extra turn", "500.7"), ("falls off", "704.5m"), ("scoop", "104.3a"),
    ("no legal targets", "603.3d"), ("damage assignment order", "510.1c"), ("ETB tapped", "614.12"),
    ("O-Ring", "610.3"), ("cast trigger", "601.2i"), ("storm count", "702.40a"), ("damage on the stack", "510.2"),
    ("decked", "704.5b"), ("loops", "731.4"),  # names "deck", "loop" once stemmed: the jargon leads
    ("copy of a copy", "707.3"),
    ("token in graveyard", "704.5d"), ("can a tapped creature block", "509.1a"),  # a player's words for the rule's
    ("both players lose", "104.4a"), ("triggers that go off", "603.2"),
])
def test_jargon_alone_puts_its_rule_first(searcher: Searcher, query: str, number: str) -> None:
    assert _numbers(searcher, query)[0] == number


def test_a_jargon_lists_its_rules_in_order_then_the_rules_around_them(searcher: Searcher) -> None:
    # its rules first, then their subrules, then their parents' (no whole section), to the limit
    assert _numbers(searcher, "LKI", limit=6) == ["608.2h", "113.7a", "603.10", "603.10a", "603.10b", "603.10c"]
    assert _numbers(searcher, "what is LKI?")[:3] == ["608.2h", "113.7a", "603.10"]
    assert _numbers(searcher, "SBA", limit=5) == ["704", "704.3", "704.1", "704.1a", "704.2"]
    assert _numbers(searcher, "fizzle", limit=4) == ["608.2b", "608.2", "608.2a", "608.2c"]
    every = _numbers(searcher, "SBA", limit=50)  # rule 704 whole, and nothing of section 7 beyond it
    assert len(every) == len(set(every)) > 30 and all(number.startswith("704") for number in every)


def test_a_jargon_in_a_question_adds_its_rule_beside_the_other_words(searcher: Searcher) -> None:
    found = _numbers(searcher, "what happens when my spell fizzles because its target gained hexproof")
    assert found[0] == "608.2b"
    assert any(number.startswith("702.11") for number in found)  # hexproof still counts
    assert "608.2b" in _numbers(searcher, "spell fizzles hexproof")[:3]
    assert "500.8" in _numbers(searcher, "additional phase draw step")[:3]  # the CR says "extra phases"


@pytest.mark.parametrize(("query", "corrected", "first"), [
    ("fizle", "fizzle", "608.2b"),             # a slip in a word no rule prints
    ("flickr", "flicker", "400.7"),
    ("my spell fizled because of hexproof", "my spell fizzled because of hexproof", "608.2b"),
    ("manaburn", "mana burn", "106.4"),         # two words typed as one, one of them jargon
])
def test_a_slip_in_judge_vocabulary_still_finds_its_rule(searcher: Searcher, query: str, corrected: str | None,
                                                         first: str) -> None:
    found = searcher.find(query, lang="en")
    assert (found.corrected, found.hits[0].number) == (corrected, first)
    assert searcher.find(query, lang="en", literal=True).hits[:1] != found.hits[:1]


@pytest.mark.parametrize("limit", [5, 10, 50])
def test_a_rule_the_jargon_adds_marks_the_queries_other_words(searcher: Searcher, limit: int) -> None:
    hits = {hit.number: hit for hit in searcher.search("spell fizzles hexproof", lang="en", limit=limit)}
    assert "<mark>spell</mark>" in hits["608.2b"].snippet.lower()  # added by fizzle, or found by its text


def test_a_jargon_word_no_text_holds_is_not_corrected_into_another(searcher: Searcher) -> None:
    found = _numbers(searcher, "ETB hexproof")
    assert set(found[:4]) == {"702.11", "702.11a", "603.6a", "603.6d"}


def test_a_glossary_term_in_a_query_adds_the_rules_its_entry_cites(searcher: Searcher) -> None:
    edition = searcher.store.find_edition("en")
    expander = Expander(searcher.store)
    # "Total Cost ... See rule 601.2f.": two of the query's five words that say something
    assert expander.expand("how is the total cost of a kicked spell found", edition).rules == (
        Expanded("601.2f", pytest.approx(0.6 * 2 / 5), "glossary", "total cost"),)
    # "Paris Mulligan ... For current mulligan rules, see rule 103.5." (no rule says "Paris")
    assert expander.expand("was the paris mulligan used in commander", edition).rules == (
        Expanded("103.5", pytest.approx(0.6 * 2 / 5), "glossary", "paris mulligan"),)
    assert _numbers(searcher, "how is the total cost of a kicked spell found")[0] == "601.2f"


def test_a_glossary_term_alone_is_left_to_the_index(searcher: Searcher) -> None:
    edition = searcher.store.find_edition("en")
    assert not Expander(searcher.store).expand("Paris Mulligan", edition)
    assert _numbers(searcher, "Paris Mulligan")[0] == "103.5"


def test_a_section_keeps_only_the_expanded_rules_in_it(searcher: Searcher) -> None:
    assert _numbers(searcher, "LKI", section="113") == ["113.7a", "113.7"]  # then the rule around it, in the section
    assert _numbers(searcher, "fizzle", section="7") == []


VERDICT = Card("Unyielding Verdict", "Instant", (), "This spell can't be countered.\nDestroy target creature.")
REFUSAL = Card("Quiet Refusal", "Instant", (), "Counter target spell.")
SURGE = Card("Brief Surge", "Instant", (), "Target creature gets +3/+3 until end of turn.")
"""Cards written for these tests (made-up names and texts, in Oracle wording)."""


def test_judge_vocabulary_in_a_named_cards_text_adds_its_rules(searcher: Searcher) -> None:
    edition = searcher.store.find_edition("en")
    expander = Expander(searcher.store)
    question = "Ann casts Unyielding Verdict and Nico responds with Quiet Refusal. What happens?"
    found = [e for e in expander.expand(question, edition, card_texts=[VERDICT.rules_text(), REFUSAL.rules_text()]).rules
             if e.source == CARD]  # and "responds", the question's own jargon (117.7)
    assert [(e.number, e.phrase) for e in found] == [
        ("101.3", "cant be countered"), ("101.2", "cant be countered"), ("609.3", "cant be countered")]  # phrase_words
    # the phrase's part of the card's text: "can't" and "countered" of the six words of "this spell
    # can't be countered destroy target creature" that say something (without a reader, one each)
    assert found[0].share == pytest.approx(CARD_SHARE * 2 / 6)
    # "until end of turn" is a duration, not the end step players call "end of turn"
    assert not expander.expand("Ann casts Brief Surge", edition, card_texts=[SURGE.rules_text()])
    # what the query's own words find keeps its share and source
    own = expander.expand("can't be countered", edition, card_texts=[VERDICT.rules_text()]).rules
    assert [(e.number, e.source) for e in own] == [("101.3", "player"), ("101.2", "player"), ("609.3", "player")]


def test_a_named_cards_judge_vocabulary_is_a_bonus_among_the_questions_hits(searcher: Searcher) -> None:
    cards = Searcher(searcher.index_dir, searcher.store, cards=CardList([VERDICT, REFUSAL, SURGE]))
    question = "Ann casts Unyielding Verdict and Nico responds with Quiet Refusal. What happens?"
    with_text = [hit.number for hit in cards.search(question, lang="en")]
    assert "101.3" in with_text[:3] and "101.3" not in _numbers(searcher, question)


def test_two_named_cards_replacing_events_add_the_rule_for_several(searcher: Searcher) -> None:
    crypt = Card("Quiet Crypt", "Enchantment", (), "If a card would be put into a graveyard from anywhere, exile it instead.")
    vault = Card("Deep Vault", "Creature — Spirit", (), "If a card would be put into an opponent's graveyard from "
                 "anywhere, instead exile it with a void counter on it.")
    cards = Searcher(searcher.index_dir, searcher.store, cards=CardList([crypt, vault]))
    both = "Ann controls Quiet Crypt and Nico controls Deep Vault. Ann's creature dies. Where does it go?"
    assert [hit.number for hit in cards.search(both, lang="en", limit=3)][0] == "616.1"
    one = "Ann controls Quiet Crypt. Ann's creature dies. Where does it go?"
    assert "616.1" not in [hit.number for hit in cards.search(one, lang="en", limit=3)]


@dataclass(frozen=True)
class _Hit:
    number: str
    score: float


def test_a_card_texts_rule_is_a_bonus_never_lifted_to_a_rank_of_its_own() -> None:
    hits = [_Hit(str(n), 10.0) for n in range(7)] + [_Hit("7", 1.0)]  # a family at one score, and a rule below
    for source, rank in (("player", 5), (CARD, 7)):  # share 0.5: rank 5 at least (floor_rank), unless a card's
        expansion = Expansion((Expanded("7", 0.5, source, "phrase"),))
        found = [hit.number for hit in with_expansion(hits, expansion, 8, lambda number, score: None, own={})]
        assert found.index("7") == rank, source


def test_a_korean_query_with_english_jargon_still_expands(searcher: Searcher) -> None:
    assert searcher.search("ETB를 설명", lang="en")[0].number == "603.6a"


def test_without_the_key_edition_targets_are_found_by_their_anchor(tmp_path: Path) -> None:
    """en 2024-11-08 alone (no alignment, no 2026-01-16): the keyword actions sat elsewhere."""
    older = _edition_kb(tmp_path / "kb", "2024-11-08")
    assert [h.number for h in older.search("mill", lang="en")][:1] == ["701.13"]
    assert [h.number for h in older.search("sac outlet", lang="en")][:1] == ["701.17a"]
    assert [h.number for h in older.search("tutor", lang="en")][:1] == ["701.19a"]
    assert [h.number for h in older.search("fizzle", lang="en")][:1] == ["608.2b"]


@pytest.mark.corpus
def test_other_editions_follow_the_rule_through_the_alignment(history_kb: Path) -> None:
    """The history KB holds en 2026-01-16 and older editions, aligned: a table target numbered in
    2026-01-16 is followed to its number of each edition."""
    searcher = open_searcher(current_build(history_kb))
    expander = Expander(searcher.store)
    by_file = {edition.sources[0]: edition for edition in searcher.store.editions("en")}
    found = {name: [e.number for e in expander.expand("mill tutor", by_file[name]).rules]
             for name in ("2021-11-15.txt", "2024-11-08.txt", "2026-01-16.txt")}
    assert found == {"2021-11-15.txt": ["701.13", "701.19a"], "2024-11-08.txt": ["701.13", "701.19a"],
                     "2026-01-16.txt": ["701.17", "701.23a"]}
    # the alignment alone (an anchor no text holds): 701.17 Mill of 2026 was 701.13
    finder = TargetFinder(searcher.store, by_file["2026-01-16.txt"])
    blind = Target("701.17", "an anchor no rule holds")
    assert finder.find(blind, by_file["2026-01-16.txt"].id, by_file["2021-11-15.txt"]) == "701.13"
    assert finder.find(blind, "", by_file["2021-11-15.txt"]) is None


@pytest.mark.corpus
def test_an_editions_own_informal_name_wins_over_the_tables(history_kb: Path) -> None:
    """Until 2017-09-29 the CR called its 704.5j the "planeswalker uniqueness rule"; the table
    points the phrase, for the editions after, to the legend rule (then 704.5k): a judge asking
    in 2017-08-25 was given the legend rule."""
    searcher = open_searcher(current_build(history_kb))
    expander = Expander(searcher.store)
    by_file = {edition.sources[0]: edition for edition in searcher.store.editions("en")}
    found = {name: [e.number for e in expander.expand("planeswalker uniqueness rule", by_file[name]).rules]
             for name in ("2017-08-25.txt", "2026-01-16.txt")}
    assert found == {"2017-08-25.txt": ["306.4", "704.5j"], "2026-01-16.txt": ["704.5j"]}  # 306.4 calls it so too
    legend = [e.number for e in expander.expand("legend rule", by_file["2017-08-25.txt"]).rules]
    assert legend[0] == "704.5k"


@pytest.fixture(scope="module")
def unjoined(tmp_path_factory) -> Searcher:
    """en 2026-01-16 and ko 2021-11-19 written without an alignment: a KB of current texts joins
    the last Korean translation to no English edition (none within a year of it)."""
    editions = []
    for name, lang in (("en/2026-01-16.txt", "en"), ("ko/kormtgcr/2021-11-19.txt", "ko")):
        source = read_source(shared_file(name))
        parsed = parse_rules(source.paragraphs, lang=lang, source=source.name)
        edition = Edition(f"{lang}-{name[-14:-4]}", lang, dt.date.fromisoformat(name[-14:-4]), "CR", (source.name,))
        editions.append((edition, list(parsed.rules), list(parsed.glossary)))
    return open_searcher(write_kb(tmp_path_factory.mktemp("unjoined-kb"), editions))


@pytest.mark.corpus
@pytest.mark.parametrize(("query", "first"), [
    ("LKI", ["608.2h", "113.7a", "603.10"]),  # its anchors are English text: it found nothing
    ("피즐", ["608.2b"]), ("SBA", ["704", "704.3"]), ("LKI란", ["608.2h", "113.7a", "603.10"]),
])
def test_jargon_finds_its_rule_in_a_translation_joined_to_no_english_edition(
        unjoined: Searcher, query: str, first: list[str]) -> None:
    assert [hit.number for hit in unjoined.search(query, lang="ko", limit=len(first))] == first


@pytest.mark.parametrize(("word", "nothing"), [
    ("란", True), ("가", True), ("뭔가요", True), ("피해는", False), ("커맨더", False),  # particles, a question's predicate
    ("とは", True), ("とは何ですか", True), ("立ち消え", False), ("是什么", True), ("什么是", True), ("控制", False),
    ("what", True), ("lki", False),
])
def test_a_particle_or_a_questions_own_words_say_nothing(word: str, nothing: bool) -> None:
    assert says_nothing(word) is nothing


@pytest.mark.corpus
def test_a_translation_joined_to_no_english_edition_is_read_by_its_structure_not_its_numbers(
        unjoined: Searcher) -> None:
    english, korean = unjoined.store.find_edition("en"), unjoined.store.find_edition("ko")
    finder = TargetFinder(unjoined.store, english)
    blind = {number: finder.find(Target(number, "an anchor no rule holds"), english.id, korean)
             for number in ("701.17", "103.5", "103.5c", "608.2h", "731.4")}
    # Mill, the mulligan and the loop rules moved since 2021: 701.13, 103.4, 725.4 (Taking Shortcuts)
    assert blind == {"701.17": "701.13", "103.5": "103.4", "103.5c": "103.4c", "608.2h": "608.2h", "731.4": "725.4"}


@pytest.mark.corpus
@pytest.mark.parametrize(("lang", "query", "first"), [
    ("ja", "fizzle", "608.2b"), ("zh", "fizzle", "608.2b"), ("ko", "fizzle", "608.2b"),
    ("ja", "SBA", "704"), ("zh", "LKI", "608.2h"), ("ko", "ETB를 어떻게", "603.6a"),
    ("ko", "LKI", "608.2h"),  # ko 608.2h cites 112.7a, 113.7a's older number: the alignment joins it to none
    # the particle or question typed after it is no word of the question (702.100a, 707.9f came first)
    ("ko", "LKI란", "608.2h"), ("ko", "LKI가 뭔가요", "608.2h"), ("zh", "LKI是什么", "608.2h"),
    ("ja", "LKIとは何ですか", "608.2h"),
])
def test_english_jargon_finds_the_rule_in_a_translation(languages_kb: Path, lang: str, query: str, first: str) -> None:
    """The translation's rule joined to the English one (its agreeing counterpart), not the
    rule that happens to carry the number."""
    searcher = open_searcher(current_build(languages_kb))
    assert searcher.search(query, lang=lang)[0].number == first


@pytest.mark.corpus
@pytest.mark.parametrize(("lang", "query", "first"), [
    ("ja", "立ち消え", ["608.2b"]),  # Japanese players' fizzle: found nothing of it
    ("ja", "立ち消えとは何ですか", ["608.2b"]),  # inside a run: Japanese writes no space after a word
    ("zh", "控制", ["108.4", "110.2"]),  # "control": the translation says 操控; found nothing
    ("zh", "如果我控制两个同名的传奇生物会怎样", ["704.5j"]),  # 控制 is 2 of its 17 characters: a small share
    ("ja", "PIG", ["700.4", "603.6c"]),
    ("ko", "상태기반행동", ["704"]),  # the translation says 상태 참조 행동: 704 came 4th
    ("ko", "피즐", ["608.2b"]),  # Korean players' fizzle: found nothing
    ("zh", "依存", ["613.8"]),  # the CR says 从属: it was "corrected" to 遗存, which sounds the same
    ("zh", "进场异能", ["603.6a"]),  # old Chinese cards' "comes into play": 403.5, 113.3a came first
    ("ja", "伝説ルール", ["704.5j"]),  # the CR says レジェンド・ルール: 800.2 came first, 704.5j 7th
    ("zh", "磨牌", ["701.13"]),  # Chinese players' mill, "mill cards": the CR says 磨; 614.13c came alone
    ("ja", "レイヤー", ["613.1"]),  # the CR says 種類別; inside every プレイヤー, it put 101.4 first
    ("ko", "손패", ["402.1"]),  # Korean players' "hand": the CR says 손; it found nothing
    ("ko", "블록", ["509"]),  # Korean players' "block": the CR says 방어; it found Urza's block (702.30b)
    # an audit of 120 fresh queries: commander damage (903.10a) came 2nd-5th; lifelink's 吸血 (系命) and
    # ninjutsu's 닌자술 (인술) found nothing of it
    ("ko", "커맨더 피해", ["903.10a"]), ("ko", "커맨더 피해는 어떻게 되나요", ["903.10a"]),
    ("ja", "統率者ダメージ", ["903.10a"]), ("zh", "指挥官伤害", ["903.10a"]),
    ("zh", "吸血", ["702.15"]), ("ko", "닌자술", ["702.49"]),
    ("ja", "バウンス", ["400.7", "400.3"]), ("ko", "서치", ["701.19a"]), ("zh", "清场", ["701.7a"]),
    # a name audit: the everyday word for "commit a crime" (the CR says 犯下罪行, 悪事を働く) found nothing
    ("zh", "犯罪", ["700.13"]), ("ja", "犯罪", ["700.13"]),
])
def test_players_words_in_other_languages_find_their_rule(
    languages_kb: Path, lang: str, query: str, first: list[str]
) -> None:
    searcher = open_searcher(current_build(languages_kb))
    assert [hit.number for hit in searcher.search(query, lang=lang, limit=len(first))] == first


@pytest.mark.corpus
def test_a_players_word_is_not_found_inside_a_word_that_holds_it_without_meaning_it(languages_kb: Path) -> None:
    searcher = open_searcher(current_build(languages_kb))
    assert "702.15" not in [hit.number for hit in searcher.search("吸血鬼", lang="zh")]  # vampire, not lifelink
