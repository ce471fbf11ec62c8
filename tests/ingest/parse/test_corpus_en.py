"""All 114 English CR files parse completely (reads ../shared; skipped when it is absent).

The parse is checked against an independent count on the decoded text: every line of the body
(after the contents list, before the last ``Glossary`` line) that a strict regex reads as a
numbered rule or heading must be a rule of the parse, as often as the file holds it, and that
line must be the start of the rule's text; the ``Example:`` lines must be the examples; no rule
may start outside the body (contents, glossary, credits).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from ingest.parse.parser import ParsedText, parse_rules
from kb.numbers import level

pytestmark = pytest.mark.corpus

RULE_LINE = re.compile(r"^([1-9]\d{2})\.\s?(\d+[a-z]?)(?:\.?\s+|\.(?=[A-Z]))(\S.*)$")
"""``100.1. text``, ``100.1a text``, ``102.8 text`` and the misprints ``606. 8b text`` and
``901.4.All plane ...`` (2022-10-07 to 2025-02-07: no space after the period)."""
HEADING_LINE = re.compile(r"^([1-9]\d{2}|[1-9])\.\s+(?!\d+[a-z]?\s)(\S.*)$")
"""``1. Game Concepts``, ``100. General``, ``215. This section is now empty. ...``."""

TRUNCATED = {"2013-02-01.txt": "the published file stops inside the glossary, at its 31st headword"}
"""Files whose glossary cannot be complete, and why."""


def _files(shared: Path) -> list[Path]:
    return sorted((shared / "corpus" / "en").glob("*.txt"))


@pytest.fixture(scope="module")
def parsed_corpus(shared_dir: Path) -> dict[str, tuple[list[str], str, ParsedText]]:
    """Every en file: (decoded lines, reader format, parse). Read once for all the tests."""
    from ingest.read.formats import read_source

    result = {}
    for path in _files(shared_dir):
        source = read_source(path)
        parsed = parse_rules(source.paragraphs, lang="en", source=source.name)
        result[path.name] = (source.text.split("\n"), source.format, parsed)
    return result


def _body(lines: list[str]) -> tuple[int, int]:
    """0-based [start, end) of the body: from the section-1 heading before the first rule line to
    the last ``Glossary`` line."""
    end = max((i for i, line in enumerate(lines) if line.strip() == "Glossary"), default=len(lines))
    first = next(i for i, line in enumerate(lines) if RULE_LINE.match(line.strip()))
    start = max(i for i in range(first) if re.match(r"^1\.\s", lines[i].strip()))
    return start, end


def _printed(lines: list[str], wrapped: bool) -> list[tuple[str, str]]:
    """(number, text) of each numbered line of the body, in order. In a hard-wrapped file a
    rule begins after a blank line (a wrapped ``See rule\\n103.4.`` does not)."""
    start, end = _body(lines)
    found = []
    for i in range(start, end):
        line = lines[i].strip()
        if wrapped and i > start and lines[i - 1].strip():
            continue
        rule, heading = RULE_LINE.match(line), HEADING_LINE.match(line)
        if rule:
            number = f"{rule.group(1)}.{rule.group(2)}"  # 2005-08-01 prints "602.2a 602.2a Any rule ...": one number
            found.append((number, re.sub(rf"^{re.escape(number)}\.?\s+", "", rule.group(3))))
        elif heading:
            found.append((heading.group(1), heading.group(2)))
    return found


def _plain(text: str) -> str:
    return " ".join(text.replace("_", "").split())


def test_every_file_parses(parsed_corpus) -> None:
    assert len(parsed_corpus) == 114
    assert all(parsed.rules for _, _, parsed in parsed_corpus.values())


def test_no_rule_text_holds_a_glossary_or_credits(parsed_corpus) -> None:
    longest = {name: max(len(r.text) for r in parsed.rules) for name, (_, _, parsed) in parsed_corpus.items()}
    assert {name: n for name, n in longest.items() if n >= 5000} == {}


def test_every_printed_number_is_a_rule_as_often_as_printed(parsed_corpus) -> None:
    """As printed, but for the misprints the CR's order reads back (``renumbered``), each listed."""
    problems, renumbered = {}, {}
    for name, (lines, form, parsed) in parsed_corpus.items():
        printed = Counter(number for number, _ in _printed(lines, form == "hard-wrapped-text"))
        repaired = [d.text for d in parsed.diagnostics if d.kind == "renumbered"]
        ours = Counter(rule.number for rule in parsed.rules if "renumbered" not in rule.flags)
        ours += Counter(text.split(" printed as ")[1] for text in repaired)
        if printed != ours:
            problems[name] = {"missing": printed - ours, "extra": ours - printed}
        if repaired:
            renumbered[name] = repaired
    # 2008-10-01 prints 306.3b as "306.b", read back after 306.3a (ingest.parse.parser._digits_dropped)
    assert problems == {"2008-10-01.txt": {"missing": Counter(), "extra": Counter({"306.3b": 1})}}
    assert renumbered == {
        "2005-08-01.txt": ["609.2c printed as 605.2c"],  # between 609.2b and 609.4; 605.2c is Free-for-All's
        "2006-05-01.txt": [f"510.{n} printed as 501.{n}" for n in range(2, 7)],  # two digits swapped, after 510.1
        "2006-06-01.txt": ["502.36b printed as 502.35b"],
        **{name: ["423.2b printed as 432.2b"]  # after 423.2a, before 423.3
           for name in ("2006-10-01.txt", "2007-02-01.txt", "2007-05-01.txt", "2007-07-13.txt", "2007-09-07.txt")},
        "2008-10-01.txt": ["306.3c printed as 306.1c"],  # after 306.3b, printed "306.b"
        "2009-09-04.txt": ["702.30e printed as 702.30d"],  # the second 702.30d, before 702.31
        "2009-10-01.txt": ["702.30e printed as 702.30d"],
        "2010-06-18.txt": ["505.5 printed as 505.54"],  # between 505.4 and 505.5a
    }


def test_every_rule_starts_with_its_printed_line(parsed_corpus) -> None:
    problems = []
    for name, (lines, form, parsed) in parsed_corpus.items():
        by_number: dict[str, list[str]] = {}
        printed_as = dict(d.text.split(" printed as ") for d in parsed.diagnostics if d.kind == "renumbered")
        for rule in parsed.rules:
            number = printed_as[rule.number] if "renumbered" in rule.flags else rule.number
            by_number.setdefault(number, []).append(_plain(rule.text))
        for number, text in _printed(lines, form == "hard-wrapped-text"):
            ours = by_number[number].pop(0)
            if not ours.startswith(_plain(text)):
                problems.append((name, number, text[:60], ours[:60]))
    assert problems == []


def test_no_rule_starts_outside_the_body(parsed_corpus) -> None:
    problems = []
    for name, (lines, _, parsed) in parsed_corpus.items():
        start, end = _body(lines)
        problems += [(name, r.number, r.line) for r in parsed.rules if not start < r.line <= end]
    assert problems == []


def test_examples_are_the_example_lines_of_the_body(parsed_corpus) -> None:
    problems = {}
    for name, (lines, _, parsed) in parsed_corpus.items():
        start, end = _body(lines)
        printed = sum(1 for line in lines[start:end] if line.strip().startswith("Example:"))
        ours = sum(len(rule.examples) for rule in parsed.rules)
        if printed != ours:
            problems[name] = (printed, ours)
    assert problems == {}


def test_glossaries_are_complete(parsed_corpus) -> None:
    """Every headword (an unindented line after a blank line and followed by a definition line,
    between the last ``Glossary`` and ``Credits``) is an entry, and nothing in the glossary is
    left unparsed. (``h.startswith(t)``: 2021-06-09 glues ``Ability1. Text ...`` on one line.)"""
    problems = {}
    for name, (lines, _, parsed) in parsed_corpus.items():
        start = max(i for i, line in enumerate(lines) if line.strip() == "Glossary")
        end = next((i for i in range(start, len(lines)) if lines[i].strip() == "Credits"), len(lines))
        heads = [
            _plain(lines[i])
            for i in range(start + 1, end - 1)
            if lines[i][:1].strip() and not lines[i - 1].strip() and lines[i + 1].strip()
        ]
        terms = {_plain(entry.term) for entry in parsed.glossary}
        missing = [h for h in heads if h not in terms and not any(h.startswith(t) for t in terms)]
        unparsed = [d for d in parsed.diagnostics if d.kind == "unparsed"]
        if missing or (unparsed and name not in TRUNCATED):
            problems[name] = (missing[:5], unparsed[:3])
    assert problems == {}


def test_no_number_is_left_printed_twice(parsed_corpus) -> None:
    """Every second copy of a number in the English files is a misprint its place reads back
    (``test_every_printed_number_is_a_rule_as_often_as_printed``): 2006-05-01's 501.2-501.3 after
    510.1 are 510.2-510.3."""
    expected: dict[str, set[str]] = {}
    found = {
        name: {r.number for r in parsed.rules if "duplicate-number" in r.flags}
        for name, (_, _, parsed) in parsed_corpus.items()
    }
    assert {name: numbers for name, numbers in found.items() if numbers} == expected


def test_levels_cover_sections_to_subrules(parsed_corpus) -> None:
    _, _, parsed = parsed_corpus["2026-01-16.txt"]
    assert Counter(level(r.number) for r in parsed.rules) == {0: 9, 1: 146, 2: 1157, 3: 1957}
