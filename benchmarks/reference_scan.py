"""Scan one CR edition for rule references: what was found, what does not resolve, and gaps.

Usage (from the repo root; several files for one edition, e.g. the Jekyll sections):

    /work/venv/bin/python benchmarks/reference_scan.py ../shared/corpus/en/2026-01-16.txt en
    /work/venv/bin/python benchmarks/reference_scan.py ../shared/corpus/ko/kormtgcr/2021-11-19.txt ko
    /work/venv/bin/python benchmarks/reference_scan.py ../shared/corpus/ko/dbyll-20210215/*.md ko

Reads each file with ``ingest.read.formats.read_source`` and ``ingest.parse.parser.parse_rules``, then runs
``find_references`` on every rule text, example and glossary definition. Prints the counts, how
many targets resolve against the rule numbers of the same edition (sections, three-digit rules,
rules, subrules), each unresolved target in context, and the most frequent shapes of
"rule"/"section"/"규칙"/"절"/number mentions that no reference covers (to find missed forms).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ingest.parse.parser import parse_rules  # noqa: E402
from ingest.read.formats import read_source  # noqa: E402
from ingest.annotate.references import find_references, resolve_references  # noqa: E402

MENTION = re.compile(
    r"(?i:\b(?:rules?|sections?|subrules?|cr)\b)\W{0,3}\S{0,12}|규칙\s*\S{0,12}|규정\s*\S{0,10}"
    r"|\d\s?절|(?<![\d.])[1-9]\d{2}(?:\.\d+[a-z]?)?(?![\d])"
)


def edition_texts(paths: list[Path], lang: str) -> tuple[set[str], list[str]]:
    """(rule numbers, texts to scan: rule texts, examples, glossary definitions) of the files."""
    known: set[str] = set()
    texts: list[str] = []
    for path in paths:
        source = read_source(path)
        parsed = parse_rules(source.paragraphs, lang=lang, source=source.name)
        known |= {rule.number for rule in parsed.rules}
        for rule in parsed.rules:
            texts += [rule.text] + [example.text for example in rule.examples]
        texts += [entry.definition for entry in parsed.glossary]
    return known, texts


def scan(paths: list[Path], lang: str, samples: int) -> None:
    """Print reference counts, resolution and gaps for one edition read from ``paths``."""
    known, texts = edition_texts(paths, lang)
    found = [(text, find_references(text, lang)) for text in texts]
    refs = [ref for _, text_refs in found for ref in text_refs]
    targets = [target for ref in refs for target in ref.targets]
    print(f"texts: {len(texts)}  rule numbers: {len(known)}")
    print(f"references: {len(refs)}  targets: {len(targets)}")
    resolved = sum(target in known for target in targets)
    print(f"targets resolved: {resolved}/{len(targets)} = {resolved / max(len(targets), 1):.2%}")
    print("\nunresolved:")
    for text, text_refs in found:
        for target in resolve_references(text_refs, known)[1]:
            ref = next(r for r in text_refs if target in r.targets)
            print(f"  {target:10} {ref.text!r:30} … {_around(text, ref.start, ref.end)}")
    gaps = [(text, m) for text, text_refs in found for m in MENTION.finditer(text) if not _covered(m, text_refs)]
    shapes = Counter(re.sub(r"\d", "9", m.group()) for _, m in gaps)
    print(f"\nmentions not covered by a reference: {len(gaps)} in {len(shapes)} shapes; most frequent:")
    for shape, count in shapes.most_common(samples):
        text, match = next((t, m) for t, m in gaps if re.sub(r"\d", "9", m.group()) == shape)
        print(f"  {count:5}  {shape!r:24} … {_around(text, match.start(), match.end())}")


def _covered(match: re.Match[str], refs: tuple) -> bool:
    digits = [i for i in range(match.start(), match.end()) if match.string[i].isdigit()]
    return bool(digits) and any(ref.start <= digits[0] < ref.end for ref in refs) or not digits


def _around(text: str, start: int, end: int, width: int = 40) -> str:
    return text[max(0, start - width) : end + width].replace("\n", " ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path, help="CR text files of one edition")
    parser.add_argument("lang", choices=["en", "ko", "ja"])
    parser.add_argument("--samples", type=int, default=40, help="gap shapes to print")
    args = parser.parse_args()
    scan(args.paths, args.lang, args.samples)


if __name__ == "__main__":
    main()
