"""tests/corpus.py cuts excerpts of the shared corpus by line range and by rule number."""

from __future__ import annotations

import pytest

from tests.corpus import CorpusMissing, corpus_excerpt


def test_a_rule_range_is_whole_lines_from_the_first_rule_to_the_last(excerpt_of, shared_dir) -> None:
    text = excerpt_of("en/2026-01-16.txt", rules="702.19-702.19c")
    lines = text.split(b"\r")  # this file ends its lines with a lone CR, kept as it is
    assert lines[0] == b"702.19. Trample"
    assert [line[:7] for line in lines if line[:4] == b"702."] == [b"702.19.", b"702.19a", b"702.19b", b"702.19c"]
    assert text.endswith(b"\r") and not text.endswith(b"\r\r")


def test_text_mode_decodes_and_joins_with_newlines(excerpt_of, shared_dir) -> None:
    text = excerpt_of("ko/kormtgcr/2021-11-19.txt", [(0, 1), ""], rules="702.19a", text=True).decode("utf-8")
    assert text.split("\n")[:2] == ["매직: 더 개더링 종합 규칙서", ""]
    assert text.split("\n")[2].startswith("702.19a 돌진은") and "\r" not in text


def test_utf16_lines_keep_their_bom(excerpt_of, shared_dir) -> None:
    data = excerpt_of("en/2022-11-18.txt", [(2, 3)])
    assert data[:2] == b"\xfe\xff" and data[2:].decode("utf-16-be").startswith("These rules are effective")


def test_an_unknown_rule_and_a_missing_file_say_so(excerpt_of, shared_dir) -> None:
    with pytest.raises(ValueError, match="prints no rule 999.99"):
        excerpt_of("en/2026-01-16.txt", rules="999.99")
    with pytest.raises(CorpusMissing, match="no-such.txt is not there"):
        corpus_excerpt("en/no-such.txt")
