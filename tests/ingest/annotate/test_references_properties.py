"""Properties of find_references on texts built from pieces of real citations (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.annotate.references import find_references
from kb.numbers import SUBRULE_LETTERS, is_canonical

PIECES = [
    "See rule ", "rules ", "subrule ", "section ", "Section ", "규칙 ", "규칙", "규정 ", "rule. ", "See ",
    "601.2", "702.19", "903.11", "119.7", "100", "510", "9", "8절", "20", "0", "2/2", "999,999",
    "a", "b", "f", "h", "l", "o", "x", "–", "-", "〜", ".", ",", ", and ", " and ", " or ", "와 ", " 및 ",
    "、", " および ", "〔置換効果〕", ", “Dash,” ", " “Combat Damage Step.”", '"Hidden Agenda."',
    " ", "(", ")", "참조", "参照", "\n", "ｒｕｌｅ ", "６０１．２ｂ", "의 ", "장", " cards",
]
texts = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)


@settings(max_examples=400, deadline=None)
@given(texts, st.sampled_from(["en", "ko", "ja"]))
def test_references_are_ordered_spans_with_canonical_targets(text: str, lang: str) -> None:
    refs = find_references(text, lang)
    assert find_references(text, lang) == refs
    previous_end = 0
    for ref in refs:
        assert previous_end <= ref.start < ref.end <= len(text)
        assert text[ref.start : ref.end] == ref.text
        assert ref.targets and len(set(ref.targets)) == len(ref.targets)
        for target in ref.targets:
            assert is_canonical(target), target
            assert not target[-1].isalpha() or target[-1] in SUBRULE_LETTERS
        previous_end = ref.end
