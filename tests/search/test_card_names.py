"""Card and player names in a question (search.card_names, search.card_list) on the search KB with
more real rules of en 2026-01-16 (Storm, Infect, Clash, Two-Headed Giant, declaring blockers), with
and without a card list written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.numbers import sort_key
from kb.store.read import Store
from search.card_list import Card, CardList, CardListError, card_list_json, kb_card_list, together
from search.card_names import NameReading, read_names
from search.edition_terms import EditionTerms
from search.searcher import Searcher
from tests.corpus import with_texts
from tests.kbs import write_kb
from tests.search.search_kb import _rule, search_editions

EN = "en-2026-01-16"
MORE_RULES = ("303", "303.4", "303.4a", "303.4b", "509", "509.1", "509.1a", "509.1b", "509.1c", "701.30", "701.30a",
              "702.5", "702.5a", "702.5b", "702.5c", "702.8", "702.8a", "702.40", "702.40a", "702.40b", "702.90", "702.90a", "702.90b", "702.90c", "810", "810.1", "810.2")
CARDS = [
    Card("Storm Crow", "Creature — Bird", ("Flying",)),
    Card("Blight Mamba", "Creature — Snake", ("Infect", "Regenerate")),
    Card("Clash of Titans", "Sorcery", ()),
    Card("Chandra, Hope's Beacon", "Legendary Planeswalker — Chandra", ("Ward",)),
    Card("Shade's Form", "Enchantment — Aura", ("Enchant",)),
    Card("Foulmire Knight", "Creature — Zombie Knight // Instant — Adventure", ("Deathtouch",)),
    Card("Knight Errant", "Creature — Human Knight", ()),
    Card("Flash", "Instant", ()),
    Card("Two-Headed Giant", "Creature — Giant Warrior", ("Double strike", "Menace")),  # a card and a variant
    Card("Giant", "Creature — Giant", ("Reach",)),  # written for the test: a card named like a term's last word
    Card("Humility", "Enchantment", ()),
    Card("Opalescence", "Enchantment", ()),
    Card("Lure", "Enchantment — Aura", ("Enchant",)),
]


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory):
    editions = search_editions()
    more = with_texts({"corpus": "en/2026-01-16.txt",
                       "rules": [{"number": n, "line": 0, "references": []} for n in MORE_RULES]}, "en")
    for edition, rules, _ in editions:
        if edition.id == EN:
            rules += [_rule(raw, edition.sources[0]) for raw in more["rules"]]
            rules.sort(key=lambda rule: sort_key(rule.number))
    return write_kb(tmp_path_factory.mktemp("card-kb"), editions)


@pytest.fixture(scope="module")
def plain(build) -> Searcher:
    return Searcher(build.index, Store(build.store))


@pytest.fixture(scope="module")
def with_cards(build) -> Searcher:
    return Searcher(build.index, Store(build.store), cards=CardList(CARDS))


def _read(searcher: Searcher, query: str):
    with searcher._readers.use(EN):
        return searcher.read_names(query, EN, "en")


def _numbers(searcher: Searcher, query: str) -> list[str]:
    return [hit.number for hit in searcher.search(query, lang="en")]


def test_without_a_card_list_card_and_player_names_are_dropped(plain: Searcher) -> None:
    read = _read(plain, "Ashley attacks with Storm Crow. Can Nico block it with two creatures?")
    assert read.dropped == ("Ashley", "Storm Crow", "Nico")
    assert read.text == "attacks with . Can block it with two creatures?"


def test_rule_terms_written_capitalised_stay(plain: Searcher) -> None:
    read = _read(plain, "In a game of Two-Headed Giant, Antonio activates the last ability of Chandra, "
                        "Hope's Beacon. Could they target both Nico and Noah?")
    assert read.dropped == ("Antonio", "Chandra", "Hope's Beacon", "Nico", "Noah")
    assert "Two-Headed Giant" in read.text
    read = _read(plain, "Trample damage is assigned first. Does the Legend Rule apply when ETB triggers Flying creatures?")
    assert read.dropped == ()
    read = _read(plain, "My creature with Flying Trample is blocked. Does the Legend Rule Sarkhan has apply?")
    assert read.dropped == ("Sarkhan",) and "My creature with Flying Trample" in read.text


def test_a_name_typed_alone_or_quoted_is_searched_as_typed(plain: Searcher) -> None:
    assert _read(plain, "Storm Crow").text == "Storm Crow"
    quoted = 'what does "Storm Crow" do when it attacks'
    assert _read(plain, quoted).text == quoted


@pytest.mark.parametrize(("question", "misleading"), [
    ("Ashley attacks with Storm Crow. Can Nico block it?", "702.40"),
    ("Ashley casts Clash of Titans. What happens?", "701.30"),
])
def test_one_word_of_a_card_name_no_longer_finds_its_rule(plain: Searcher, build, question: str, misleading: str) -> None:
    raw = Searcher(build.index, Store(build.store))
    raw.read_names = lambda query, edition_id, lang: NameReading(query)  # the query searched as typed
    assert _rank(_numbers(raw, question), misleading) is not None
    assert _rank(_numbers(plain, question), misleading) is None


def test_with_a_card_list_a_card_name_is_read_as_its_keywords_and_types(plain: Searcher, with_cards: Searcher) -> None:
    read = _read(with_cards, "Ashley attacks with Storm Crow. Can Nico block it?")
    assert (read.text, read.cards, read.dropped) == ("attacks with flying creature . Can block it?", ("Storm Crow",), ("Ashley", "Nico"))
    for question, rule in (("Ashley attacks with Storm Crow. Can Nico block it?", "702.9"),
                           ("Blight Mamba deals damage to Nico's creature. What happens to it?", "702.90")):
        found = _rank(_numbers(with_cards, question), rule)
        assert found is not None and found < 5 and found < (_rank(_numbers(plain, question), rule) or 99)


def _rank(numbers: list[str], rule: str) -> int | None:
    """The rank (0-based) of the first hit that is ``rule`` or under it."""
    return next((rank for rank, n in enumerate(numbers) if n == rule or n.startswith(rule + ".") or
                 (n.startswith(rule) and n[len(rule):].isalpha())), None)


def test_a_lookup_naming_a_card_needs_its_own_words_not_the_cards(with_cards: Searcher) -> None:
    # Lure is read as enchant enchantment aura: every word required, the Aura rules led, and 509.1c
    # (blocking requirements), which holds only the words typed, was not in the top ten
    assert _read(with_cards, "Lure block requirements").text == "enchant enchantment aura block requirements"
    assert _numbers(with_cards, "Lure block requirements")[0] == "509.1c"


def test_card_names_with_commas_possessives_and_plurals(with_cards: Searcher) -> None:
    read = _read(with_cards, "Nico moves Shade's Form from Chandra, Hope's Beacon's to two Knight Errants. What happens?")
    assert read.cards == ("Shade's Form", "Chandra, Hope's Beacon", "Knight Errant")  # as the cards print them
    assert read.text == "Nico moves enchant enchantment aura from ward legendary planeswalker to two creature . What happens?".replace("Nico ", "")


def test_a_card_name_searched_alone_is_read_in_any_case(with_cards: Searcher) -> None:
    assert _read(with_cards, "storm crow").text == "flying creature"
    assert _read(with_cards, "Blight Mamba?").cards == ("Blight Mamba",)
    assert _read(with_cards, "storm").text == "storm"
    assert _numbers(with_cards, "storm crow")[0].startswith("702.9")


def test_card_names_typed_in_lowercase_alone_are_read_as_printed(with_cards: Searcher) -> None:
    # a judge types "humility opalescence"; "mindslaver" found nothing and "stifle" was "corrected"
    assert _read(with_cards, "humility").cards == ("Humility",)
    assert _read(with_cards, "humility opalescence").cards == ("Humility", "Opalescence")
    assert _read(with_cards, "giant").cards == ()             # a word the rules use (Two-Headed Giant)
    assert _read(with_cards, "humility trample").cards == ()  # not only card names: words as typed
    assert _read(with_cards, "flash").cards == ()             # a rule term


def test_a_card_named_like_a_rule_term_stays_the_term(with_cards: Searcher) -> None:
    assert _read(with_cards, "Ashley casts Flash. Does flying matter?").cards == ()
    assert _read(with_cards, "Storm count with storm crow in play").cards == ()


def test_no_card_name_is_read_inside_a_rule_term(with_cards: Searcher) -> None:
    # the Two-Headed Giant card stays the variant; its last word, a card of its own, stayed a card
    # (Manifest Dread -> manifest + the card Dread, End the Turn -> End the + the split card Turn)
    for query in ("Two-Headed Giant", "In a Two-Headed Giant game, who attacks first?"):
        assert _read(with_cards, query) == NameReading(query)
    assert _read(with_cards, "Nico attacks with Giant. Can Ashley block it?").cards == ("Giant",)


def test_card_words_keep_noncreature_subtypes() -> None:
    assert CARDS[0].words() == ["flying", "creature"]
    assert CARDS[5].words() == ["deathtouch", "creature", "instant", "adventure"]
    assert CARDS[3].words() == ["ward", "legendary", "planeswalker"]


@pytest.mark.parametrize(("text", "kinds"), [
    ("If a card would be put into a graveyard from anywhere, exile it instead.", ["replacement", "effect"]),  # 614.1a
    ("Skip your draw step.", ["replacement", "effect"]),  # 614.1b
    ("This land enters tapped.\n{T}: Add {G}.", ["replacement", "effect"]),  # 614.1c-d
    ("You may have this creature enter as a copy of any creature on the battlefield.", ["replacement", "effect"]),
    ("As this enchantment enters, choose a color.", ["replacement", "effect"]),  # 614.1c
    ("Prevent all combat damage that would be dealt this turn.", ["prevention", "effect"]),  # 615.1a
    ("When this creature enters, draw a card. (Its controller may draw instead of you.)", []),  # a trigger; reminder text
    ("You may sacrifice a land instead of paying this spell's mana cost.", []),  # an alternative cost (118.9)
])
def test_a_cards_words_say_the_kind_of_effect_its_text_has(text: str, kinds: list[str]) -> None:
    # cards written for the test, with the words rules 614.1a-e and 615.1a tell replacement and prevention effects by
    assert Card("Test Card", "Enchantment", (), text).words() == ["enchantment", *kinds]


def test_cards_that_replace_events_make_multiple_replacement_effects_together() -> None:
    exile = Card("Quiet Crypt", "Enchantment", (), "If a card would be put into a graveyard from anywhere, exile it instead.")
    shield = Card("Kind Shield", "Instant", (), "Prevent all combat damage that would be dealt this turn.")
    draw = Card("Bright Idea", "Instant", (), "Draw two cards.")
    assert together([exile, shield]) == ["multiple replacement effects"]  # 616.1: replacement and/or prevention
    assert together([exile, draw]) == [] and together([exile, exile]) == []  # one card, even named twice


def test_of_cards_sharing_a_name_the_one_of_one_face_is_read() -> None:
    # the card package names the creature of a prepared card after its spell; transformed faces share names too
    prepared = Card("Lightning Bolt", "Creature — Human Wizard", ("First strike", "Prepared"), "First strike")
    instant = Card("Lightning Bolt", "Instant", (), "Lightning Bolt deals 3 damage to any target.")
    front = Card("Test Werewolf", "Creature — Human Werewolf", ("Transform",), "At the beginning of each upkeep …")
    back = Card("Test Werewolf", "Creature — Werewolf", ("Transform",), "Trample")
    cards = CardList([prepared, front, instant, back])
    assert cards.card("lightning bolt") is instant and cards.card("Test Werewolf") is front
    assert CardList([instant, prepared]).card("Lightning Bolt") is instant


EMBER = Card("Ember Tutor", "Creature — Human Shaman", (),
             "When Ember Tutor enters, discard two cards (then look twice). Create a 1/1 red Elemental creature "
             "token for each nonland card discarded this way.\n{3}{R}: Exile Ember Tutor.")
"""A card written for the test, with an Oracle-like text."""


def test_card_text_words_leave_out_reminder_text_mana_symbols_and_the_name() -> None:
    assert EMBER.text_words() == ["when", "enters", "discard", "two", "cards", "create", "1/1", "red", "elemental",
                                  "creature", "token", "for", "each", "nonland", "card", "discarded", "this", "way",
                                  "exile"]


def test_a_card_in_a_question_is_read_with_its_text_and_alone_without(build) -> None:
    searcher = Searcher(build.index, Store(build.store), cards=CardList([*CARDS, EMBER]))
    read = _read(searcher, "Ashley casts Ember Tutor with a land in hand. How many tokens?")
    assert read.cards == ("Ember Tutor",)
    assert read.text == ("casts creature when enters discard two cards create 1/1 red elemental token for each nonland "
                         "card discarded this way exile with a land in hand. How many tokens?")
    assert "creature" not in read.card_text and {"discard", "nonland", "1/1"} <= read.card_text  # weaker words
    assert _read(searcher, "ember tutor").text == "creature"  # a name alone: what the card is, not what it does


def test_a_card_list_file_round_trips_and_a_bad_one_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_bytes(card_list_json([*CARDS, EMBER], "https://example.org/oracle.json", "2026-11-25"))
    loaded = CardList.load(path)
    assert len(loaded) == len(CARDS) + 1 and loaded.card("storm crow") == CARDS[0] and loaded.card("Ember Tutor") == EMBER
    path.write_text('{"format": 1, "cards": [["Storm Crow", "Creature — Bird", ["Flying"]]]}', encoding="utf-8")
    assert CardList.load(path).card("Storm Crow") == CARDS[0]  # the first format, without texts, is still read
    path.write_text('{"format": 2, "cards": [["Storm Crow", "Creature", ["Flying"]]]}', encoding="utf-8")
    with pytest.raises(CardListError, match=r"cards\.json: card 1 is not \[name, type line, \[keywords\], Oracle text\]"):
        CardList.load(path)
    path.write_text('{"format": 1, "cards": [["Storm Crow", "Creature"]]}', encoding="utf-8")
    with pytest.raises(CardListError, match=r"cards\.json: card 1 is not \[name, type line, \[keywords\]\]"):
        CardList.load(path)


def test_edition_terms_know_rule_names_and_phrases(plain: Searcher) -> None:
    with plain._readers.use(EN):
        terms = EditionTerms(plain._searcher(EN), "en")
        assert terms.is_term("Storm") and terms.is_term("Two-Headed Giant") and terms.is_term("Legend Rule")
        assert not terms.is_term("Storm Crow") and not terms.is_term("Nico")
        assert terms.uses("Trample") and not terms.uses("Antonio")
    assert read_names("Nico casts Storm Crow and then it attacks", terms).dropped == ("Nico", "Storm Crow")


def test_a_kb_card_list_is_read_beside_the_builds_and_a_broken_one_is_left_out(tmp_path: Path, caplog) -> None:
    build_root = tmp_path / "kb" / "builds" / "20261125T100000-1"
    build_root.mkdir(parents=True)
    assert kb_card_list(build_root) is None and kb_card_list(tmp_path) is None
    path = tmp_path / "kb" / "cards" / "cards.json"
    path.parent.mkdir()
    path.write_bytes(card_list_json(CARDS[:2], "https://example.org/oracle.json", "2026-11-25"))
    assert kb_card_list(build_root).card("Blight Mamba") == CARDS[1]
    path.write_text("{not json", encoding="utf-8")
    assert kb_card_list(build_root) is None
    assert f"card names are read without the card list: {path}: cannot be read as JSON" in caplog.text
