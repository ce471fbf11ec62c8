"""Scan one CR text for rule references and print what was found, what does not resolve, and gaps.

Usage (from the repo root):

    /work/venv/bin/python benchmarks/reference_scan.py ../shared/corpus/en/2026-01-16.txt en
    /work/venv/bin/python benchmarks/reference_scan.py ../shared/corpus/ko/kormtgcr/2021-11-19.txt ko

Prints: paragraphs scanned, references and targets found, how many targets resolve against the
rule numbers printed in the same file (numbered paragraphs, sections, three-digit rules), each
unresolved target with its paragraph, and samples of "rule"/"section"/"규칙"/"절"/dotted-number
mentions that no reference covers (to find forms the extractor misses).

It reads the file on its own (BOM / UTF-16 / UTF-8 / cp1252, ``splitlines()``, one paragraph per
line; Jekyll Markdown links, tags and ``**`` are stripped crudely), so that it does not depend on
the readers; the numbers it finds at line starts are the "known" set.
"""

from __future__ import annotations

import argparse
import codecs
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ingest.references import find_references, resolve_references  # noqa: E402
from kb.numbers import parse_number  # noqa: E402

LEADING_NUMBER = re.compile(r"^\s*(?P<num>[1-9]\d{2}\.\d+[a-z]?|[1-9]\d{2}|[1-9])\.?(?=\s|[^\x00-\x7f])")
MENTION = re.compile(
    r"(?i:\b(?:rules?|sections?|subrules?|cr)\b)\W{0,3}\S{0,12}|규칙\s*\S{0,12}|규정\s*\S{0,10}"
    r"|\d\s?절|(?<![\d.])[1-9]\d{2}(?:\.\d+[a-z]?)?(?![\d])"
)


def decode(path: Path) -> str:
    """The file's text: BOM-marked UTF-8/UTF-16, else UTF-8, else cp1252."""
    raw = path.read_bytes()
    if raw.startswith(codecs.BOM_UTF8):
        return raw[3:].decode("utf-8")
    if raw.startswith((codecs.BOM_UTF16_BE, codecs.BOM_UTF16_LE)):
        return raw.decode("utf-16")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252")


def paragraphs(path: Path) -> list[str]:
    """One paragraph per non-blank line; Markdown links become their text, tags and ``**`` go."""
    text = decode(path)
    if path.suffix == ".md":
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
        text = re.sub(r"<[^>]+>|\*\*|\{[%:][^}]*\}", "", text)
        text = re.sub(r"(?m)^#+\s*", "", text)
    return [line.strip() for line in text.splitlines() if line.strip()]


def split_number(line: str) -> tuple[str | None, str]:
    """(canonical leading rule number or None, the rest of the paragraph)."""
    match = LEADING_NUMBER.match(line)
    if not match:
        return None, line
    return parse_number(match.group("num")), line[match.end() :].strip()


def scan(paths: list[Path], lang: str, samples: int) -> None:
    """Print reference counts, resolution and gaps for the paragraphs of ``paths``."""
    rows = [split_number(line) for path in paths for line in paragraphs(path)]
    known = {number for number, _ in rows if number}
    found = [(body, find_references(body, lang)) for _, body in rows]
    refs = [ref for _, paragraph_refs in found for ref in paragraph_refs]
    targets = [target for ref in refs for target in ref.targets]
    print(f"paragraphs: {len(rows)}  known numbers: {len(known)}")
    print(f"references: {len(refs)}  targets: {len(targets)}")
    resolved = sum(target in known for target in targets)
    print(f"targets resolved: {resolved}/{len(targets)} = {resolved / max(len(targets), 1):.2%}")
    print("\nunresolved:")
    for body, paragraph_refs in found:
        _, unresolved = resolve_references(paragraph_refs, known)
        for target in unresolved:
            ref = next(r for r in paragraph_refs if target in r.targets)
            print(f"  {target:10} {ref.text!r:30} … {_around(body, ref.start, ref.end)}")
    print(f"\nmentions not covered by a reference (up to {samples}, most frequent shape first):")
    gaps = [(body, m) for body, paragraph_refs in found for m in MENTION.finditer(body) if not _covered(m, paragraph_refs)]
    shapes = Counter(re.sub(r"\d", "9", m.group()) for _, m in gaps)
    print(f"  {len(gaps)} uncovered mentions, {len(shapes)} shapes")
    for shape, count in shapes.most_common(samples):
        body, match = next((b, m) for b, m in gaps if re.sub(r"\d", "9", m.group()) == shape)
        print(f"  {count:5}  {shape!r:24} … {_around(body, match.start(), match.end())}")


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
