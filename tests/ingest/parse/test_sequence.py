"""Numbers printed twice or out of order, and the misprints their places read back."""

from __future__ import annotations

from ingest.parse.sequence import flag_numbers, misprinted_numbers
from ingest.sources import Diagnostic


def _repaired(*printed: tuple[str, str]) -> tuple[list[str], list[list[str]], list[str]]:
    """(numbers after repair, each rule's flags, the renumbered diagnostics' texts) of rules
    printed as (number, text) in this order."""
    rules = [(number, line, []) for line, (number, _) in enumerate(printed, 1)]
    flag_numbers(rules, source="s")
    repaired, diagnostics = misprinted_numbers(rules, [text for _, text in printed], source="s")
    assert all(d == Diagnostic("s", d.line, "renumbered", d.text) for d in diagnostics)
    return ([repaired.get(i, number) for i, (number, _, _) in enumerate(rules)], [flags for _, _, flags in rules],
            [d.text for d in diagnostics])


def test_a_misprinted_twin_takes_the_number_its_place_expects() -> None:
    # shaped as ko 2017-09-29: 201.2a-c printed as 201.3a-c, then the real 201.3, 201.3a, 201.3b
    numbers, flags, said = _repaired(("201.2", "Names."), ("201.3a", "Widgets alike."), ("201.3b", "Gears alike."),
                                     ("201.3", "Naming."), ("201.3a", "Name a widget."), ("201.3b", "Name a gear."))
    assert numbers == ["201.2", "201.2a", "201.2b", "201.3", "201.3a", "201.3b"]
    assert said == ["201.2a printed as 201.3a", "201.2b printed as 201.3b"]
    assert flags == [[], ["renumbered"], ["renumbered"], ["out-of-sequence"], [], []]


def test_a_number_that_jumps_ahead_and_a_second_copy_read_back() -> None:
    numbers, _, said = _repaired(("505.4", "Begin."), ("505.54", "Then."), ("505.5a", "After."),
                                 ("702.30d", "One text."), ("702.30d", "Another text."), ("702.31", "Next."))
    assert numbers == ["505.4", "505.5", "505.5a", "702.30d", "702.30e", "702.31"]
    assert said == ["505.5 printed as 505.54", "702.30e printed as 702.30d"]


def test_a_rule_printed_twice_or_a_number_two_keystrokes_off_stays_as_printed() -> None:
    same = "The active player puts a gear counter on each widget they control, then spins them."
    numbers, flags, said = _repaired(("505.4", same), ("505.4", same.replace("then", "and then")), ("505.5", "Next."),
                                     ("702.22", "Banding."), ("702.22a", "Bands."), ("702.212", "Bands again."))
    assert numbers == ["505.4", "505.4", "505.5", "702.22", "702.22a", "702.212"] and said == []
    assert flags[:2] == [["duplicate-number"], ["duplicate-number"]]


def test_a_number_two_keystrokes_off_takes_the_one_place_left_between_its_neighbours() -> None:
    # shaped as ko 2016-2021: "702.212" between 702.22a and 702.22c; where the next rule is 702.23,
    # 702.22b and 702.22c (and more) could follow, so the number stays as printed
    numbers, flags, said = _repaired(("702.22", "Rampage."), ("702.22a", "Gears."), ("702.212", "Once a turn."),
                                     ("702.22c", "Several."), ("702.23", "Banding."), ("702.23a", "Bands."),
                                     ("702.221", "Bands again."), ("702.24", "Next."))
    assert numbers == ["702.22", "702.22a", "702.22b", "702.22c", "702.23", "702.23a", "702.221", "702.24"]
    assert said == ["702.22b printed as 702.212"] and flags[2] == ["renumbered"] and flags[6] == ["out-of-sequence"]


def test_a_subrule_whose_number_was_cut_to_its_three_digit_rule_takes_its_place() -> None:
    # shaped as ko 2016-07-22: "112. …" for 112.6a after 112.6, "703. …" for 703.4k; a heading
    # printed again (a page's running head) keeps its number
    numbers, flags, said = _repaired(("112", "Abilities"), ("112.6", "Abilities of widgets."),
                                     ("112", "A defining ability of a widget works everywhere."), ("112.6b", "Zones."),
                                     ("703", "Actions"), ("703.4j", "Spin."), ("703.4k", "Gears."), ("703", "Actions"))
    assert numbers == ["112", "112.6", "112.6a", "112.6b", "703", "703.4j", "703.4k", "703"]
    assert said == ["112.6a printed as 112"]
    assert flags[2] == ["renumbered"] and flags[0] == []


def test_a_first_subrule_printed_two_keystrokes_off_takes_its_place_under_the_rule_before_it() -> None:
    # shaped as ko 2018-08-10: Assemble (701.40)'s one subrule printed 701.39a, Explore's first
    numbers, flags, said = _repaired(("701.39", "Explore"), ("701.39a", "To explore, reveal."),
                                     ("701.40", "Assemble"), ("701.39a", "Assemble puts gears."), ("701.41", "Next"))
    assert numbers == ["701.39", "701.39a", "701.40", "701.40a", "701.41"]
    assert said == ["701.40a printed as 701.39a"] and flags[1] == flags[4] == [] and flags[3] == ["renumbered"]


def test_a_number_with_two_digits_swapped_takes_its_place() -> None:
    # shaped as en 2006-05-01 (510.2-510.6 printed 501.2-501.6) and 2006-10-01 (423.2b printed 432.2b)
    numbers, _, said = _repaired(("501", "Evasion"), ("501.1", "Evade."), ("501.2", "Stack."), ("510", "Status"),
                                 ("510.1", "Status is state."), ("501.2", "Not a characteristic."),
                                 ("501.3", "Untapped."), ("511", "Next"))
    assert numbers == ["501", "501.1", "501.2", "510", "510.1", "510.2", "510.3", "511"]
    assert said == ["510.2 printed as 501.2", "510.3 printed as 501.3"]
