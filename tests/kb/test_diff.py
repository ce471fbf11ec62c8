from kb.diff import word_diff, words_changed


def test_word_diff_marks_the_words_a_rule_gained():
    old = "The controller of an attacking creature with trample first assigns damage to the creature(s) blocking it."
    new = "The controller of an attacking creature with trample first assigns damage to the creature(s) blocking it, or to the battle."
    runs = word_diff(old, new)
    assert "".join(t for op, t in runs if op != "+") == old
    assert "".join(t for op, t in runs if op != "-") == new
    assert words_changed(runs) == ([], [", or to the battle"])
