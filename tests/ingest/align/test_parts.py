"""Merges and splits between two editions (``ingest.align.parts``), on invented rule texts."""

from __future__ import annotations

from ingest.align import normalise
from ingest.align.match import AlignedRule, Match, align_rules
from ingest.align.parts import kept_numbers, parts, triples_of
from kb import numbers

LANTERN = "A lantern token is a colorless artifact token with the ability to light one unlit room of its controller's choice."
LANTERN_ROOM = "If a lantern would light a room that is already lit, the lantern does nothing and stays untapped."
VAULT = "When a vault is opened, its owner reveals the three cards stored under it and puts them into their hand."
VAULT_CLOSE = "A vault closed by an effect keeps the cards stored under it face down until its owner opens it again."
STOCK = "Players may then cast spells and activate abilities."


def edition(*rules: tuple[str, str]) -> list[AlignedRule]:
    out = []
    for seq, (number, text) in enumerate(rules):
        key = normalise.plain(None, text)
        masked = normalise.masked(key)
        out.append(AlignedRule(seq, number, numbers.parent(number), numbers.section_of(number), key, masked,
                               normalise.similar(masked)))
    return out


def found(old: list[AlignedRule], new: list[AlignedRule]) -> tuple[list[tuple[str, str, str]], list[Match]]:
    matches = align_rules(old, new)
    named = [(kind, old[o].number, new[n].number) for kind, o, n, _ in parts(triples_of(old), triples_of(new), matches)]
    return named, matches


def test_a_removed_rule_whose_text_another_rule_took_is_merged_into_it():
    old = edition(("730", "Lanterns"), ("730.1", LANTERN), ("730.2", LANTERN_ROOM), ("731", "Vaults"), ("731.1", VAULT))
    new = edition(("730", "Lanterns"), ("730.1", f"{LANTERN} {LANTERN_ROOM}"), ("731", "Vaults"), ("731.1", VAULT))
    named, matches = found(old, new)
    assert {m.old for m in matches} == {0, 1, 3, 4}  # 730.2 is removed: matches are one to one
    assert named == [("merged", "730.2", "730.1")]


def test_a_created_rule_whose_text_was_part_of_an_older_rule_is_split_from_it():
    old = edition(("731", "Vaults"), ("731.1", f"{VAULT} {VAULT_CLOSE}"), ("730", "Lanterns"), ("730.1", LANTERN))
    new = edition(("731", "Vaults"), ("731.1", VAULT), ("731.1a", VAULT_CLOSE), ("730", "Lanterns"), ("730.1", LANTERN))
    named, matches = found(old, new)
    assert (1, 1) in {(m.old, m.new) for m in matches}
    assert named == [("split", "731.1", "731.1a")]


def test_a_rule_written_in_the_words_of_one_that_kept_them_is_a_copy_not_split_from_it():
    # shaped as 2005-10-01 502.46b (convoke can't reduce the cost to play a spell to less than 0),
    # written in the words of affinity's 502.31b, which kept them
    lantern_cost = ("A lantern reduces only generic mana costs of the spells its controller casts. "
                    "A lantern can't reduce the cost to cast a spell to less than zero mana.")
    old = edition(("730", "Lanterns"), ("730.1", LANTERN), ("730.2", lantern_cost), ("731", "Vaults"), ("731.1", VAULT))
    new = edition(("730", "Lanterns"), ("730.1", LANTERN), ("730.2", lantern_cost), ("731", "Vaults"), ("731.1", VAULT),
                  ("731.2", "A vault can't reduce the cost to cast a spell to less than zero mana."))
    named, _ = found(old, new)
    assert named == []


def test_a_stock_sentence_is_no_sign_of_a_merge():
    steps = [f"{n}, the lantern player gets priority. {STOCK}" for n in ("First", "Second", "Third", "Fourth")]
    old = edition(("520", "Steps"), *((f"520.{n}", text) for n, text in enumerate(steps, 1)))
    new = edition(("520", "Steps"), ("520.1", steps[0]), ("520.2", steps[1]),
                  ("520.3", f"{steps[2]} Then each vault opens."))
    named, matches = found(old, new)
    assert 4 not in {m.old for m in matches}  # 520.4 is removed, and 520.3 holds all of it but "Fourth, the"
    assert named == []  # every step said the rest


def test_a_rule_split_so_that_its_number_keeps_its_opening_continues_there():
    opening = "Normally, every vault holds exactly three cards."
    old = edition(("731", "Vaults"), ("731.1", f"{opening} {VAULT} {VAULT_CLOSE}"), ("731.2", LANTERN))
    new = edition(("731", "Vaults"), ("731.1", opening), ("731.1a", f"{VAULT} {VAULT_CLOSE} See rule 731.1."),
                  ("731.2", LANTERN))
    old_triples, new_triples = triples_of(old), triples_of(new)
    matched = align_rules(old, new)
    assert (1, 2) in {(m.old, m.new) for m in matched}  # the matches follow the longer part
    matches = kept_numbers(old, new, old_triples, new_triples, matched)
    assert [(old[m.old].number, new[m.new].number, m.change) for m in matches] == [
        ("731", "731", "unchanged"), ("731.1", "731.1", "edited"), ("731.2", "731.2", "unchanged")]
    assert [(kind, old[o].number, new[n].number) for kind, o, n, _ in parts(old_triples, new_triples, matches)] == [
        ("split", "731.1", "731.1a")]


def test_a_sentence_split_off_across_changed_punctuation_is_found_by_its_words():
    # 2009-07-11 112.2 is the second sentence of 2009-05-01 402.1, "...objects they're on; they can
    # also affect..." now "...objects they're on. They can also affect...": its triples with the
    # punctuation held 9 of its 12 distinctive ones, and it read as created
    opening = "An ability is text on an object that is not reminder text or flavor text."
    affects = "Abilities can affect their objects; they also affect players."
    grants = "Abilities can grant abilities to other objects or to the objects they're on."
    old = edition(("402", "Abilities"), ("402.1", f"{opening} {affects} {grants}"), ("403", "Vaults"),
                  ("403.1", VAULT))
    new = edition(("112", "Abilities"), ("112.1", f"{opening} {grants}"),
                  ("112.2", affects.replace("; they", ". They")), ("403", "Vaults"), ("403.1", VAULT))
    matches = align_rules(old, new)
    assert [(old[m.old].number, new[m.new].number) for m in matches if m.old == 1] == [("402.1", "112.1")]
    old_triples, new_triples = triples_of(old), triples_of(new)
    named = [(kind, old[o].number, new[n].number) for kind, o, n, _ in parts(old_triples, new_triples, matches)]
    assert named == [("split", "402.1", "112.2")]
    old_triples.loose, new_triples.loose = {}, {}  # by the triples with their punctuation alone: none
    assert parts(old_triples, new_triples, matches) == []


def test_a_rule_forked_into_two_is_split_into_the_one_it_was_not_matched_to():
    # 2009-05-01 409.2b (spells and abilities alike) became 601.3b for spells and 602.3b for abilities
    # in 2009-07-11: 602.3b holds 28 of the 37 distinctive triples of its words (76%), and read as
    # created when a part had to hold 80%
    old = edition(("409", "Playing Spells"), (
        "409.2b", "If the spell or ability instructs its controller and another player to do something at the same time "
                  "as the spell or ability is being played, the spell's controller goes first, then the other player. "
                  "This is an exception to rule 103.4."))
    new = edition(("601", "Casting Spells"), (
        "601.3b", "If the spell instructs its controller and another player to do something at the same time as the spell "
                  "is being cast, the spell's controller goes first, then the other player. This is an exception to rule "
                  "101.4."), ("602", "Activating Activated Abilities"), (
        "602.3b", "If the ability instructs its controller and another player to do something at the same time as the "
                  "ability is being activated, the ability's controller goes first, then the other player. This is an "
                  "exception to rule 101.4."))
    named, matches = found(old, new)
    assert [(old[m.old].number, new[m.new].number) for m in matches if m.old == 1] == [("409.2b", "601.3b")]
    assert named == [("split", "409.2b", "602.3b")]
    old_triples, new_triples = triples_of(old), triples_of(new)
    assert kept_numbers(old, new, old_triples, new_triples, matches) == matches  # an identity needs KEPT_SHARE
