from kb.diff import word_diff, words_changed


def test_word_diff_marks_the_words_a_rule_gained():
    old = "The controller of an attacking creature with trample first assigns damage to the creature(s) blocking it."
    new = "The controller of an attacking creature with trample first assigns damage to the creature(s) blocking it, or to the battle."
    runs = word_diff(old, new)
    assert "".join(t for op, t in runs if op != "+") == old
    assert "".join(t for op, t in runs if op != "-") == new
    assert words_changed(runs) == ([], [", or to the battle"])


def test_a_summary_keeps_four_words_of_context_around_each_change() -> None:
    from kb.diff import in_context

    # written for the test
    old = "When the cat sleeps on the warm mat by the door, the dog waits in the hall until it wakes up again."
    new = "When the cat sleeps on the warm mat by the red door, the dog waits in the hall until it wakes up again."
    assert in_context(word_diff(old, new)) == [
        ("=", "… warm mat by the"), ("+", " red"), ("=", " door, the dog waits …")]
    assert in_context([("=", "a "), ("-", "b"), ("+", "x"), ("=", " c")]) == [
        ("=", "a "), ("-", "b"), ("+", "x"), ("=", " c")]  # short runs are kept whole
