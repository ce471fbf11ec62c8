"""The rule-number grammar: canonical forms, variants, parents, order and ranges."""

import pytest

from kb import numbers


@pytest.mark.parametrize(
    "written, canonical",
    [
        ("702.19b", "702.19b"),
        ("702.19B", "702.19b"),
        ("702.19b.", "702.19b"),
        ("CR702.19b", "702.19b"),
        ("CR 704.5j", "704.5j"),
        ("rule 601.2a", "601.2a"),
        ("규칙 702.19b", "702.19b"),
        ("ルール702.19b", "702.19b"),
        ("規則 702.19b", "702.19b"),
        ("规则702.19b", "702.19b"),
        ("702.19bのルール", "702.19b"),
        ("702.19b번 규칙", "702.19b"),
        ("제702.19조", "702.19"),
        ("第702.19条", "702.19"),
        ("704.5", "704.5"),
        ("702.19.", "702.19"),
        ("７０２．１９ｂ", "702.19b"),
        ("R70219b", "702.19b"),
        ("R702", "702"),
        ("702", "702"),
        ("section 8", "8"),
        ("702,19b", "702.19b"),  # a decimal comma
        ("702.19.b", "702.19b"),
        ("r702.19b", "702.19b"),
        ("704.5j項", "704.5j"),
        ("§613.1f", "613.1f"),
        ("§ 613.1f", "613.1f"),
        ("総合ルール702.11b", "702.11b"),
        ("综合规则 702.11b", "702.11b"),
        ("종합규칙 702.19b", "702.19b"),
    ],
)
def test_parse_number_accepts_common_variants(written: str, canonical: str) -> None:
    assert numbers.parse_number(written) == canonical


@pytest.mark.parametrize("written", ["", "trample", "702.19l", "704.5o", "0", "1000.1", "70.1", "702.19bb",
                                     "702.19bの", "702 trample", "조 702", "702 19b", "702.19,b", "702..19"])
def test_parse_number_refuses_non_numbers(written: str) -> None:
    assert numbers.parse_number(written) is None


def test_canonical_raises_with_the_text() -> None:
    with pytest.raises(numbers.InvalidRuleNumber, match="'trample'"):
        numbers.canonical("trample")


def test_parent_chain_and_levels() -> None:
    assert numbers.ancestors("702.19b") == ["7", "702", "702.19"]
    assert [numbers.level(n) for n in ("7", "702", "702.19", "702.19b")] == [0, 1, 2, 3]
    assert numbers.parent("7") is None


def test_sort_key_orders_as_the_cr_does() -> None:
    shuffled = ["702.19b", "702.2", "7", "702.19", "702.100", "702", "702.19a", "8"]
    assert sorted(shuffled, key=numbers.sort_key) == [
        "7", "702", "702.2", "702.19", "702.19a", "702.19b", "702.100", "8"
    ]


def test_ranges_skip_l_and_o() -> None:
    assert numbers.expand_range("704.5k", "704.5p") == ["704.5k", "704.5m", "704.5n", "704.5p"]
    assert numbers.expand_range("601.2a", "d") == ["601.2a", "601.2b", "601.2c", "601.2d"]
    assert numbers.expand_range("119.7", "8") == ["119.7", "119.8"]
    assert numbers.next_letter("k") == "m" and numbers.next_letter("n") == "p"


@pytest.mark.parametrize("first, last", [("601.2d", "a"), ("601.2a", "602.1b"), ("119.7", "119.7a")])
def test_bad_ranges_raise(first: str, last: str) -> None:
    with pytest.raises(numbers.InvalidRuleNumber):
        numbers.expand_range(first, last)


def test_anchor_round_trips() -> None:
    assert numbers.anchor("702.19b") == "R70219b"
    assert numbers.parse_number(numbers.anchor("702.19b")) == "702.19b"


def test_the_language_of_a_numbers_prefix_word() -> None:
    from kb.numbers import prefix_language

    assert [prefix_language(q) for q in ("규칙 702.19b", "ルール702.19b", "規則 702", "规则702.19b", "rule 702.19b",
                                         "702.19b", "ＣＲ 702")] == ["ko", "ja", "ja", "zh", None, None, None]
    # and after it, as Korean, Japanese and Chinese readers also write a number
    assert [prefix_language(q) for q in ("702.19b번", "702.19bのルール", "제702.19조", "第702.19条")] == [
        "ko", "ja", "ko", "zh"]


@pytest.mark.parametrize(("written", "first"), [
    ("601.2a-d", "601.2a"), ("601.2a–d", "601.2a"), ("rules 601.2a-601.2d", "601.2a"), ("CR 601.2a – d", "601.2a"),
    ("119.7-8", "119.7"), ("704.5k through 704.5p", "704.5k"), ("601.2a~d", "601.2a"),
    ("601.2d-a", None), ("702-19", None), ("trample", None), ("601.2a-601.3b", None), ("601.2a-", None),
])
def test_parse_range_start_reads_a_judges_range_as_its_first_number(written: str, first: str | None) -> None:
    assert numbers.parse_range_start(written) == first


@pytest.mark.parametrize(("linked", "number"), [
    ("702.19b,", "702.19b"), ("702.19b)", "702.19b"), ("702.19b:", "702.19b"), ("702.19b;", "702.19b"),
    ("702.19b。", "702.19b"), ("702.19b」", "702.19b"), ("702.19(b)", "702.19b"), ("702.19(B).", "702.19b"),
    ("702.19b-d", "702.19b"), ("702.19a–d", "702.19a"), ("702.19a-702.19c", "702.19a"), ("CR 702.19b.", "702.19b"),
    ("trample", None), ("702.19b!x", None), ("2021-11-19", None), ("702.19l)", None),
])
def test_parse_linked_reads_a_number_as_links_and_chat_carry_it(linked: str, number: str | None) -> None:
    assert numbers.parse_linked(linked) == number
