"""Search per kind of query on the real English 2026-01-16 edition (the ``languages_kb`` of
tests/conftest.py; reads ../shared, skipped when absent): two keywords that meet in other words,
a player's whole question, a question's informative words, and results filled to the limit.
The questions are written for these tests (not from any evaluation set)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from kb.store.layout import current_build
from search.informative import MAX_TERMS, informative
from search.coverage import by_coverage
from search.query import MODES, build_query, clause_query, parse_query
from search.scoring import matching_among, matching_docs, top_hits
from search.related import FamilyWords, related_words
from search.searcher import Searcher, open_searcher

pytestmark = pytest.mark.corpus


@pytest.fixture(scope="module")
def searcher(languages_kb: Path) -> Searcher:
    return open_searcher(current_build(languages_kb))


def _numbers(searcher: Searcher, query: str, limit: int = 10) -> list[str]:
    return [hit.number for hit in searcher.search(query, lang="en", limit=limit)]


def test_two_keywords_find_the_rules_where_they_meet(searcher: Searcher) -> None:
    # 702.2c (deathtouch) and 702.19b (trample) name neither keyword of the other: they meet in
    # "lethal damage" and "excess damage"; 122.1b lists both keywords
    assert {"702.2c", "702.19b"} <= set(_numbers(searcher, "deathtouch trample", limit=5))


def test_the_words_two_named_rules_share_are_rare_words_of_their_texts(searcher: Searcher) -> None:
    edition = searcher.store.find_edition("en")
    whoosh_searcher = searcher._searcher(edition.id)
    words = FamilyWords(lambda seqs: searcher.store.rule_texts(edition.id, seqs), "en")
    assert related_words(whoosh_searcher, parse_query("deathtouch trample"), "en", words) == (
        "excess", "lethal", "assign", "greater")  # stemmed, rarest first
    assert related_words(whoosh_searcher, parse_query("trample"), "en", words) == ()  # one name
    assert related_words(whoosh_searcher, parse_query("trample combat"), "en", words) == ()  # combat names none
    numbers = {whoosh_searcher.stored_fields(seq)["number"] for seq in words.spans["trample"]}
    assert numbers == {"702.19", *(f"702.19{letter}" for letter in "abcdefg")}  # remembered per span
    assert words.spans["combat"] == frozenset() and words.family_named(whoosh_searcher, "trample") is words.spans["trample"]


@pytest.mark.parametrize(("question", "number", "within"), [
    ("My opponent controls a creature with hexproof. Can I target it with my Lightning Bolt?", "702.11b", 3),
    ("What happens when two legendary permanents with the same name are on the battlefield?", "704.5j", 1),
    ("Can I cast an instant during my opponent's end step?", "304.1", 5),
    ("After Nadia and Omar each drew seven cards, they both decided to keep their hands. "
     "Which one takes a mulligan first?", "103.5", 1),
    # its one rare word (flying) against three common ones 506.5 repeats (creature, attacks, blocks): 7th before
    # the any-word hits were ranked by coverage (search.coverage)
    ("Ashley attacks with a flying creature. Can Nico block it?", "702.9b", 3),
])
def test_a_players_question_finds_its_rule(searcher: Searcher, question: str, number: str, within: int) -> None:
    assert number in _numbers(searcher, question)[:within]


def test_any_word_hits_rank_by_the_rarity_of_the_words_they_hold(searcher: Searcher) -> None:
    edition = searcher.store.find_edition("en")
    whoosh_searcher = searcher._searcher(edition.id)
    parsed = parse_query("flying creature attacks blocks")
    hits = top_hits(whoosh_searcher, build_query(parsed, "en", "any"), None, 500)
    rank = {hit["number"]: place for place, hit in enumerate(hits)}
    assert rank["506.5"] < rank["702.9b"]  # its creature x8, attacks x4, blocks x4 outscore flying
    scored = [(hit.docnum, hit.score) for hit in hits]
    covered = {hit["number"]: place for place, hit in enumerate(by_coverage(whoosh_searcher, parsed, "en", scored))}
    assert covered["702.9b"] < covered["506.5"]
    assert sorted(covered) == sorted(rank)  # reordered, none lost
    common = {hit.docnum for hit in hits}
    for clause in parsed.clauses:  # the words each hit holds, read from the cached postings of the hits alone
        query = clause_query(clause, "en", MODES["any"], True)
        assert matching_among(whoosh_searcher, query, common) == matching_docs(whoosh_searcher, query) & common


def test_a_question_keeps_its_informative_words(searcher: Searcher) -> None:
    edition = searcher.store.find_edition("en")
    reader = searcher._searcher(edition.id).reader()
    question = "My opponent controls a creature with hexproof. Can I target it with my Lightning Bolt?"
    kept = [clause.text for clause in informative(parse_query(question), reader, "en").clauses]
    # stop words ("a", "with", "it") and the capitalised words no rule holds go; query order stays
    assert kept == ["opponent", "controls", "creature", "hexproof", "I", "target", "Lightning", "Bolt"]
    long_question = " ".join(["Nadia", "casts", "a", "spell", "and", "then"] * 4 + ["what", "about", "mulligan"])
    kept = [clause.text for clause in informative(parse_query(long_question), reader, "en").clauses]
    assert "mulligan" in kept and len(kept) <= MAX_TERMS  # the question's last word is read


def test_a_cards_text_words_rank_below_the_questions_own(searcher: Searcher) -> None:
    edition = searcher.store.find_edition("en")
    reader = searcher._searcher(edition.id).reader()
    words = ["counters", "regenerate", "trample", "proliferate", "indestructible", "hexproof", "scry", "exile",
             "sacrifice", "mulligan", "graveyard", "library", "battlefield", "haste", "token", "vigilance"]
    parsed = parse_query(" ".join(words))
    own = informative(parsed, reader, "en")
    assert len(own.clauses) == MAX_TERMS
    dropped = next(word for word in words if word not in [clause.text for clause in own.clauses])
    # the same words, all but one read from a card's Oracle text: the question's own word stays
    weak = replace(parsed, card_text=frozenset(words) - {dropped})
    assert dropped in [clause.text for clause in informative(weak, reader, "en").clauses]


def test_results_are_filled_to_the_limit_after_the_rules_with_every_word(searcher: Searcher) -> None:
    hits = searcher.search("legend rule", lang="en")
    assert [hit.number for hit in hits[:2]] == ["704.5j", "205.4d"] and len(hits) == 10
    assert all(later.score < hits[1].score for later in hits[2:])  # fills score below every full match


def test_the_any_word_pass_is_left_out_only_when_it_cannot_change_the_results(
    searcher: Searcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    import search.searcher as searcher_module
    from search.ordering import fills_with_text

    queries = ["first strike", "deathtouch trample", "legend rule", "combat damage step", "cast from exile",
               "state-based actions", "mana ability", "protection from everything", "flyng", "copy spell target"]
    skipped = []

    def noted(*args: object) -> bool:
        skipped.append(fills_with_text(*args))
        return skipped[-1]

    monkeypatch.setattr(searcher_module, "fills_with_text", noted)
    shown = {query: _numbers(searcher, query) for query in queries}
    assert 0 < sum(skipped) < len(skipped)  # it is left out for some of these queries, run for others
    monkeypatch.setattr(searcher_module, "fills_with_text", lambda *args: False)  # always run
    assert {query: _numbers(searcher, query) for query in queries} == shown


@pytest.mark.parametrize(("query", "first"), [
    ("trample", ["702.19", "702.19a", "702.19b", "702.19c"]),  # 702.19b, the long damage rule, was 10th
    ("legend rule", ["704.5j", "205.4d"]),                    # one named rule, then the others
    # of two named rules, the one titled as typed: 408 (Command) and 306 (Planeswalkers) are named
    # so once stemmed, 122 (Counters) by the glossary's Poisonous
    ("Commander", ["903", "903.1"]), ("Planeswalk", ["701.31", "701.31a"]), ("Poisonous", ["702.70", "702.70a"]),
    # the glossary's Declare Blockers points to 509.1, which led its step
    ("Declare Blockers Step", ["509", "509.1", "509.1a"]),
    ("Manifest Dread", ["701.62", "701.62a"]),                # with the card list too: tests/search/test_card_names.py
])
def test_a_rules_name_lists_that_rule_and_the_rules_under_it_in_order(
    searcher: Searcher, query: str, first: list[str]
) -> None:
    assert _numbers(searcher, query)[: len(first)] == first


@pytest.mark.parametrize(("query", "lang", "first"), [
    ("upkeep", "en", ["503", "503.1"]),        # Cumulative Upkeep's 702.24a led, 503 was 5th
    ("upkeep phase", "en", ["503", "503.1"]),  # the other noun
    ("combat", "en", ["506", "506.1"]),
    ("维持阶段", "zh", ["503", "503.1"]),        # 维持步骤 in the translation: its 501.1 led
    ("アップキープ", "ja", ["503", "503.1"]),    # アップキープ・ステップ
])
def test_a_step_or_phase_typed_without_its_noun_lists_its_rules(
    searcher: Searcher, query: str, lang: str, first: list[str]
) -> None:
    assert [hit.number for hit in searcher.search(query, lang=lang, limit=5)][: len(first)] == first


def test_a_glossary_term_citing_two_chapters_shows_both_among_the_first(searcher: Searcher) -> None:
    # Triggered Ability cites 113 (Abilities) and 603 (Handling Triggered Abilities): 113's
    # rules that say "triggered abilities" filled the first ten and 603 was not among them
    found = _numbers(searcher, "triggered abilities", limit=4)
    assert found[:2] == ["113", "603"] and "603.1" in found


def test_the_rules_a_judges_word_points_to_follow_a_named_rules_own(searcher: Searcher) -> None:
    # dies names 700.4 (its glossary entry); the jargon adds the leaves-the-battlefield triggers
    assert _numbers(searcher, "dies")[:3] == ["700.4", "603.6c", "603.10a"]


def test_a_korean_word_counts_where_a_word_starts_not_inside_another(searcher: Searcher) -> None:
    # 레이어 (layer) is inside every 플레이어 (player): the layer rules, not a heading "플레이어", come first
    found = [hit.number for hit in searcher.search("레이어", lang="ko", limit=5)]
    assert all(number.startswith("613") for number in found)


@pytest.mark.parametrize("query", ["죽으면", "죽는다", "생물이 죽으면 어떻게 되나요"])
def test_a_korean_verb_asked_in_another_form_finds_the_rule_defining_it(searcher: Searcher, query: str) -> None:
    # the Korean CR defines 죽다 ("dies") in that form alone; a player asks "if it dies", "it dies"
    assert [hit.number for hit in searcher.search(query, lang="ko", limit=3)][0] == "700.4"


def test_two_words_typed_the_other_way_round_find_the_rule_that_says_them(searcher: Searcher) -> None:
    # the rules say "toughness 0 or less" (704.5f); the section Power/Toughness (208) held the word alone
    assert _numbers(searcher, "0 toughness")[0] == "704.5f"


def test_a_questions_own_words_side_by_side_earn_no_phrase_bonus(searcher: Searcher) -> None:
    # "what happens" is in one rule (704.4, state-based actions pay no attention to what happens
    # during a resolution): it was first for every question asking what happens
    found = _numbers(searcher, "what happens if my commander goes to the graveyard")
    assert found[0] != "704.4" and "903.9a" in found[:5]


def test_dies_finds_the_term_and_never_the_die_rolled(searcher: Searcher) -> None:
    # "dies" is the term (700.4); the die a player rolls (706) is "die", which typed alone means both
    assert not [n for n in _numbers(searcher, "what happens if my commander dies", 20) if n.startswith("706")]
    assert _numbers(searcher, "commander dies", 3)[:2] == ["903.9a", "700.4"]
    assert {"700.4", "706.1"} <= set(_numbers(searcher, "does it die", 20))


def test_words_typed_find_what_the_rules_print_instead(searcher: Searcher) -> None:
    # 704.5i: "If a planeswalker has loyalty 0, it's put into its owner's graveyard." (no "zero")
    assert "704.5i" in _numbers(searcher, "planeswalker zero loyalty", 5)
    assert "120.8" in _numbers(searcher, "source deals zero damage", 3)  # 120.8 prints "0 damage"
    # 405.3: "If an effect puts two or more objects on the stack at the same time, ..." (9th)
    assert "405.3" in _numbers(searcher, "two objects put on the stack simultaneously", 3)


def test_a_planeswalker_question_does_not_find_planechase(searcher: Searcher) -> None:
    # Porter2 stemmed planeswalker to planeswalk, the Planechase verb of 901: 901.8 led
    assert not [number for number in _numbers(searcher, "planeswalker ability twice one turn", limit=5)
                if number.startswith("901")]
