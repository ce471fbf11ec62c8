"""Joining a translation to English: strict agreement picks the partner edition, loose agreement
joins each rule despite the translator's slips (cases from ko 2021-11-19 against en 2021-11-19)."""

from ingest.align.links import abridged, agrees, fingerprint, tied
from ingest.align.match import AlignedRule


def test_a_mistyped_subrule_reference_is_joined_loosely_not_strictly():
    korean = (0, ("601.2b", "601.2e"), 0, "")  # 702.96a as kormtgcr prints it
    english = (0, ("601.2b", "601.2f"), 0, "")
    assert not agrees(korean, english)
    assert agrees(korean, english, strict=False)


def test_a_misspelt_keyword_and_another_rule_with_that_number():
    assert agrees((0, (), 7, "manifast"), (0, (), 7, "manifest"), strict=False)
    assert not agrees((0, (), 1, "support"), (0, (), 1, "surveil"), strict=False)
    assert not agrees((0, ("708",), 0, ""), (0, ("104.3",), 2, ""), strict=False)


def test_an_abridged_translation_is_not_held_to_the_english_subrule_counts():
    english = {"100": (0, (), 2, ""), "100.1": (1, (), 2, ""), "100.1a": (2, (), 0, ""), "100.1b": (3, (), 0, ""),
               "100.2": (4, ("100.1",), 0, "")}
    whole = {number: (seq, refs, kids, title) for number, (seq, refs, kids, title) in english.items()}
    short = {"100": (0, (), 2, ""), "100.1": (1, (), 0, ""), "100.2": (2, ("100.1",), 0, "")}  # as the ja seed
    assert not abridged(whole, english) and abridged(short, english)
    assert not agrees(short["100.1"], english["100.1"])
    assert agrees(short["100.1"], english["100.1"], counted=False)
    assert not agrees(short["100.2"], english["100.1"], counted=False)  # references still count


def rules(*texts):
    return [AlignedRule(i, f"100.{i}", "100", "1", t, t) for i, t in enumerate(texts)]


def test_an_undated_copy_matches_the_editions_holding_its_texts_best_first():
    copy = rules("a", "b", "c", "d")
    found = fingerprint(copy, {"en-1": {"a", "b", "c", "d"}, "en-2": {"a", "b", "c", "d", "e"}, "en-3": {"a"}})
    assert found == [("en-1", 1.0), ("en-2", 1.0)]
    assert tied(found) == found
