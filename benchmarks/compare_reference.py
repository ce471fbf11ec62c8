"""Agreement of our parse of en 2026-01-16 with rulesraker's independent parse.

Run from the repository root::

    /work/venv/bin/python -m benchmarks.compare_reference [--shared ../shared]

Prints, for rule texts, examples and glossary entries, how many agree (whitespace-normalised)
out of how many either side holds, then lists every difference. ``compare`` is also used by
tests/ingest/test_reference_agreement.py.
"""

from __future__ import annotations

import argparse
import json
import os
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from ingest.parse.parser import ParsedText, parse_rules
from kb.numbers import canonical

EDITION_FILE = "corpus/en/2026-01-16.txt"
REFERENCE_FILE = "reference/rulesraker-2026-01-16.json"


@dataclass
class Agreement:
    """Counts per kind (``rules``, ``examples``, ``glossary``): agreeing and compared items, and
    the differences as ``(kind, key, ours, theirs)`` (``None`` where one side has nothing)."""

    agreed: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    compared: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    differences: list[tuple[str, str, str | None, str | None]] = field(default_factory=list)

    def share(self, kind: str) -> float:
        """Agreeing items of ``kind`` over compared ones (1.0 when there is nothing to compare)."""
        return self.agreed[kind] / self.compared[kind] if self.compared[kind] else 1.0


def normalise(text: str) -> str:
    """Whitespace runs (newlines included) to one space, ends stripped."""
    return " ".join(text.split())


def compare(parsed: ParsedText, reference: dict) -> Agreement:
    """Compare a parse with rulesraker JSON (``Rules``: ``Number``/``Body``/``Examples``;
    ``Glossary``: ``KeyText``/``Body``). Rules pair by number and occurrence; glossary entries by
    headword and occurrence."""
    result = Agreement()
    ours_rules = _group((r.number, r) for r in parsed.rules)
    theirs_rules = _group((canonical(r["Number"]), r) for r in reference["Rules"])
    for number in _keys(ours_rules, theirs_rules):
        mine, theirs = ours_rules.get(number, []), theirs_rules.get(number, [])
        for index in range(max(len(mine), len(theirs))):
            rule = mine[index] if index < len(mine) else None
            ref = theirs[index] if index < len(theirs) else None
            _tally(result, "rules", number, rule and rule.text, ref and " ".join(ref["Body"]))
            ours_ex = [e.text for e in rule.examples] if rule else []
            theirs_ex = ref.get("Examples", []) if ref else []
            for n in range(max(len(ours_ex), len(theirs_ex))):
                _tally(
                    result,
                    "examples",
                    f"{number} example {n + 1}",
                    ours_ex[n] if n < len(ours_ex) else None,
                    theirs_ex[n] if n < len(theirs_ex) else None,
                )
    ours_terms = _group((e.term, e.definition) for e in parsed.glossary)
    theirs_terms = _group((e["KeyText"], e["Body"]) for e in reference["Glossary"])
    for term in _keys(ours_terms, theirs_terms):
        mine, theirs = ours_terms.get(term, []), theirs_terms.get(term, [])
        for index in range(max(len(mine), len(theirs))):
            _tally(
                result,
                "glossary",
                term,
                mine[index] if index < len(mine) else None,
                theirs[index] if index < len(theirs) else None,
            )
    return result


def _group(pairs) -> dict:
    grouped: dict = {}
    for key, value in pairs:
        grouped.setdefault(key, []).append(value)
    return grouped


def _keys(first: dict, second: dict) -> list:
    return list(first) + [key for key in second if key not in first]


def _tally(result: Agreement, kind: str, key: str, ours: str | None, theirs: str | None) -> None:
    result.compared[kind] += 1
    if ours is not None and theirs is not None and normalise(ours) == normalise(theirs):
        result.agreed[kind] += 1
    else:
        result.differences.append((kind, key, ours, theirs))


def load_and_compare(shared: Path) -> Agreement:
    """Read en 2026-01-16 with the readers, parse it and compare it with the reference."""
    from ingest.read.formats import read_source

    source = read_source(shared / EDITION_FILE)
    parsed = parse_rules(source.paragraphs, lang="en", source=source.name)
    reference = json.loads((shared / REFERENCE_FILE).read_text(encoding="utf-8"))
    return compare(parsed, reference)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(os.environ.get("CRKB_SHARED", Path(__file__).resolve().parents[2] / "shared"))
    parser.add_argument("--shared", type=Path, default=default, help="the shared folder (default: $CRKB_SHARED or ../shared)")
    args = parser.parse_args()
    result = load_and_compare(args.shared)
    for kind in ("rules", "examples", "glossary"):
        print(f"{kind:9} {result.agreed[kind]:5} / {result.compared[kind]:5}  {result.share(kind):.4%}")
    print(f"\n{len(result.differences)} differences")
    for kind, key, ours, theirs in result.differences:
        print(f"\n[{kind}] {key}\n  ours:   {ours!r}\n  theirs: {theirs!r}")


if __name__ == "__main__":
    main()
