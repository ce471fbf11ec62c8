"""Our parse of en 2026-01-16 against rulesraker's independent parse (reads ../shared).

benchmarks/compare_reference.py prints the same figures and lists every difference.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.compare_reference import REFERENCE_FILE, compare, load_and_compare
from ingest.parse.parser import ParsedText
from kb.model import Example, GlossaryEntry, Rule

pytestmark = pytest.mark.corpus

KNOWN_DIFFERENCES: list[tuple[str, str, str | None, str | None]] = []
"""Differences we have argued and accept (none at the moment: every rule text, example and
glossary entry agrees)."""


def test_rules_examples_and_glossary_agree_with_rulesraker(shared_dir: Path) -> None:
    result = load_and_compare(shared_dir)
    assert (result.compared["rules"], result.compared["examples"], result.compared["glossary"]) == (3269, 276, 725)
    assert min(result.share(kind) for kind in ("rules", "examples", "glossary")) >= 0.99
    assert result.differences == KNOWN_DIFFERENCES


def test_the_comparison_sees_a_changed_text(shared_dir: Path) -> None:
    """The comparison itself can fail: one changed rule, example and definition each count."""
    reference = json.loads((shared_dir / REFERENCE_FILE).read_text(encoding="utf-8"))
    parsed = ParsedText(
        rules=[Rule("100.1", "Changed.", examples=(Example("Changed."),))],
        glossary=[GlossaryEntry("Abandon", "Changed.")],
        diagnostics=[],
    )
    result = compare(parsed, reference)
    assert [result.agreed[kind] for kind in ("rules", "examples", "glossary")] == [0, 0, 0]
    assert [result.compared[kind] for kind in ("rules", "examples", "glossary")] == [3269, 277, 725]  # 100.1 has no example in the reference
    assert ("rules", "100.1", "Changed.", reference["Rules"][2]["Body"][0]) in result.differences
