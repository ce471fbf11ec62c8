"""Excerpts of the shared corpus, cut at test time (the repository holds no corpus text).

``corpus_excerpt("en/2026-01-16.txt", rules="702.19-702.19c")`` or
``corpus_excerpt("ko/kormtgcr/2021-11-19.txt", lines=[(0, 20), (3561, 3580)])`` returns the bytes of
whole physical lines of a file in ``../shared/corpus`` (or of a bundled seed, ``seeds/NAME``),
unchanged: BOM, encoding and line ends kept. Line ranges are 0-based, end excluded. With
``text=True`` the lines are decoded and joined with ``\\n`` instead, and ``""`` in ``lines`` stands
for a blank line written by the test. ``EXCERPTS`` names the excerpts the reader, parser, build and
CLI tests read, and ``write_excerpts`` cuts them into a folder (the ``corpus_data`` fixture).
"""

from __future__ import annotations

import codecs
import functools
import os
import re
import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("CRKB_SHARED", ROOT.parent / "shared"))
SEEDS = ROOT / "data" / "seeds"
DATA = Path(__file__).resolve().parent / "data"

Piece = tuple[int, int] | str
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
_RULE_START = re.compile(r"\s*(\d{3}\.\d+[a-z]?|\d{3}|\d)\b\.?")


class CorpusMissing(pytest.skip.Exception):
    """The shared corpus is not where the tests look for it: the test asking for it is skipped
    with this reason."""


def shared_file(name: str) -> Path:
    """The file ``name`` (relative to ``../shared/corpus``; ``seeds/NAME`` is a bundled seed).
    Raises ``CorpusMissing`` when it is not there."""
    path = SEEDS / name[len("seeds/") :] if name.startswith("seeds/") else SHARED / "corpus" / name
    if not path.is_file():
        raise CorpusMissing(f"{path} is not there (the shared corpus: set CRKB_SHARED to its folder)")
    return path


def corpus_excerpt(
    name: str, lines: Sequence[Piece] = (), *, rules: str | None = None, text: bool = False, open_end: bool = False
) -> bytes:
    """Whole lines of ``name`` (see the module docstring): the ``lines`` ranges, then the lines of
    the rules ``rules`` (``"702.19-702.19c"``: from the line starting 702.19 to the last line
    before the next rule after 702.19c, trailing blank lines left out; ``"702.19"`` alone: that
    rule). ``open_end`` drops the last byte (a file cut
    inside its last line end). Raises ``CorpusMissing``, and
    ``ValueError`` for a rule the file does not print."""
    data = shared_file(name).read_bytes()
    raw, decoded, bom = _split(data)
    pieces = list(lines) + ([_rule_range(decoded, rules, name)] if rules else [])
    if text:
        out = [line.rstrip("\r\n") for piece in pieces for line in _take(decoded, piece)]
        return "\n".join(line if line.strip() else "" for line in out).encode("utf-8")
    out = bom + b"".join(line for piece in pieces for line in _take(raw, piece))
    return out[:-1] if open_end else out


def _split(data: bytes) -> tuple[list[bytes], list[str], bytes]:
    """Byte lines, decoded lines (same count) and the UTF-16 BOM to put first, if any."""
    for bom, encoding in ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(bom):
            lines = _LINE.findall(data[2:].decode(encoding))
            return [line.encode(encoding) for line in lines], lines, bom
    from ingest.read.decode import decode_bytes

    raw = re.findall(rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", data)
    text, _ = decode_bytes(data, "excerpt")
    decoded = _LINE.findall(text)
    if len(decoded) != len(raw):
        decoded = [line.decode("latin-1") for line in raw]
    return raw, decoded, b""


def _take(lines: list, piece: Piece) -> list:
    if isinstance(piece, str):
        return [piece]
    start, end = piece
    return lines[start:end]


def _rule_range(lines: list[str], rules: str, name: str) -> tuple[int, int]:
    first, _, last = rules.partition("-")
    last = last or first
    starts = [(i, m.group(1)) for i, line in enumerate(lines) if (m := _RULE_START.match(line))]
    begin = next((i for i, number in starts if number == first), None)
    end_rule = next((i for i, number in starts if number == last and begin is not None and i >= begin), None)
    if begin is None or end_rule is None:
        raise ValueError(f"{name} prints no rule {first if begin is None else last}")
    end = next((i for i, number in starts if i > end_rule and number != last), len(lines))
    while end > end_rule + 1 and not lines[end - 1].strip():
        end -= 1
    return begin, end


_BUILD_2026 = [(0, 20), (170, 200), (4065, 4083), (6312, 6313), (7001, 7013), (9203, 9226), (9238, 9241)]
_BUILD_KO = [(0, 20), (117, 121), (168, 182), (2916, 2918), (3353, 3355), (3561, 3580), (3581, 3582), (5967, 5977)]
_DBYLL = "ko/dbyll-20210215/ko-20210215-dbyll-"

EXCERPTS: dict[str, tuple[str, list[Piece], str]] = {
    # the build and CLI tests' sources (with tests/data/build's manifest and seed excerpt)
    "build/2026-01-16.txt": ("en/2026-01-16.txt", _BUILD_2026, "open"),
    "build/2021-11-19.txt": ("ko/kormtgcr/2021-11-19.txt", _BUILD_KO, "bytes"),
    "build/dbyll-20210215/ko-20210215-dbyll-100.md": (_DBYLL + "100.md", [(0, 31)], "open"),
    "build/dbyll-20210215/ko-20210215-dbyll-700.md": (_DBYLL + "700.md", [(0, 22), (848, 853), (1268, 1296)], "open"),
    "build/dbyll-20210215/ko-20210215-dbyll-index.md": (_DBYLL + "index.md", [(0, 40)], "open"),
    # the parser tests' excerpts: one paragraph per line, line ends normalised
    "parser/en-2002-10-07-old-glossary.txt": (
        "en/2002-10-07.txt", [(25, 26), "", (144, 148), (1317, 1324), (1349, 1357), (2109, 2112), (2122, 2125), ""], "text"),
    "parser/en-2006-05-01-duplicates.txt": (
        "en/2006-05-01.txt", [(93, 94), "", (1392, 1399), (2021, 2030), "", (2036, 2038)], "text"),
    "parser/en-2026-01-16.txt": ("en/2026-01-16.txt", [
        (0, 6), (8, 15), "", (119, 123), "", (176, 190), (222, 229), (1450, 1453), (3184, 3186), (3853, 3855),
        (4065, 4067), (4082, 4084), (7001, 7014), (7098, 7104), (9203, 9209), (9219, 9222), "", (9240, 9242)], "text"),
    "parser/ko-2017-01-20-misprinted.txt": (
        "ko/kormtgcr/2017-01-20.txt", [(3795, 3797), (3799, 3809), (3813, 3815), (3819, 3821), (3833, 3835)], "text"),
    "parser/ko-2021-11-19.txt": ("ko/kormtgcr/2021-11-19.txt", [
        (0, 4), (11, 15), "", (117, 121), "", (168, 177), (403, 406), (1456, 1458), (2916, 2918), (3353, 3355),
        (3561, 3565), (3578, 3580), (5933, 5935), (5972, 5978), ""], "text"),
    # the readers' byte excerpts
    "readers/en-2004-02-01-100.5.txt": ("en/2004-02-01.txt", [(139, 148)], "bytes"),
    "readers/en-2004-02-01-glossary.txt": ("en/2004-02-01.txt", [(3926, 3930)], "bytes"),
    "readers/en-2004-02-01-hyphen.txt": ("en/2004-02-01.txt", [(958, 962)], "bytes"),
    "readers/en-2004-02-01-wrapped-reference.txt": ("en/2004-02-01.txt", [(1926, 1945)], "bytes"),
    "readers/en-2006-10-01-mac-roman-cr.txt": ("en/2006-10-01.txt", [(2660, 2661)], "bytes"),
    "readers/en-2008-10-01-intro.txt": ("en/2008-10-01.txt", [(4, 8)], "bytes"),
    "readers/en-2013-07-11-cp437.txt": ("en/2013-07-11.txt", [(2488, 2489), (2492, 2493)], "bytes"),
    "readers/en-2014-09-26-cp1252.txt": ("en/2014-09-26.txt", [(2529, 2530), (2533, 2534)], "bytes"),
    "readers/en-2014-09-26-dash.txt": ("en/2014-09-26.txt", [(530, 532)], "bytes"),
    "readers/en-2016-08-26-utf16le.txt": ("en/2016-08-26.txt", [(0, 4)], "bytes"),
    "readers/en-2022-11-18-utf16be.txt": ("en/2022-11-18.txt", [(0, 4)], "bytes"),
    "readers/en-2026-01-16-702.19.txt": ("en/2026-01-16.txt", [(4069, 4076)], "bytes"),
    "readers/en-2026-01-16-head.txt": ("en/2026-01-16.txt", [(0, 4)], "bytes"),
    "readers/ko-2021-11-19-702.19.txt": ("ko/kormtgcr/2021-11-19.txt", [(3561, 3570)], "bytes"),
    "readers/ko-2021-11-19-head.txt": ("ko/kormtgcr/2021-11-19.txt", [(0, 4)], "bytes"),
    "readers/ko-dbyll-600-607.5.md": (_DBYLL + "600.md", [(620, 629)], "bytes"),
    "readers/ko-dbyll-700-head.md": (_DBYLL + "700.md", [(0, 22)], "bytes"),
    "readers/ko-dbyll-700-footnote.md": (_DBYLL + "700.md", [(3026, 3039)], "bytes"),
    "readers/ko-dbyll-index-head.md": (_DBYLL + "index.md", [(0, 33)], "bytes"),
}
"""Excerpt file name -> (corpus file, line pieces, ``bytes``, ``open`` (cut one byte short: inside the
last line end) or ``text`` (see ``corpus_excerpt``))."""


def write_excerpts(folder: Path) -> Path:
    """``tests/data`` (the seeds' excerpts and what the tests wrote) plus every ``EXCERPTS`` file cut
    from the corpus, in ``folder``; returns ``folder``. Raises ``CorpusMissing``."""
    shutil.copytree(DATA, folder, dirs_exist_ok=True, ignore=shutil.ignore_patterns("standard"))
    for target, (name, pieces, mode) in EXCERPTS.items():
        path = folder / target
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(corpus_excerpt(name, pieces, text=mode == "text", open_end=mode == "open"))
    return folder


@functools.cache
def _parsed(name: str, lang: str) -> tuple[dict, dict, dict]:
    """The rules of ``name`` by (number, line) and by number (first printed), and its glossary
    entries by term (first printed), as the real reader and parser give them."""
    from ingest.parse.parser import parse_rules
    from ingest.read.formats import read_source

    source = read_source(shared_file(name))
    parsed = parse_rules(source.paragraphs, lang=lang, source=source.name)
    by_line = {(rule.number, rule.line): rule for rule in parsed.rules}
    by_number: dict = {}
    for rule in parsed.rules:
        by_number.setdefault(rule.number, rule)
    terms: dict = {}
    for entry in parsed.glossary:
        terms.setdefault(entry.term, entry)
    return by_line, by_number, terms


def with_texts(edition: dict, lang: str) -> dict:
    """A JSON test edition (rule numbers and lines, glossary terms, references; ``corpus`` naming
    the file they are printed in) with each rule's text, title, English title and examples and each
    entry's definition read from that file. A key the JSON gives (``"title_en": null``) is kept.
    Raises ``CorpusMissing``, and ``KeyError`` for a rule or term the file does not print."""
    by_line, by_number, terms = _parsed(edition["corpus"], lang)
    rules = []
    for raw in edition.get("rules", []):
        rule = by_line.get((raw["number"], raw["line"])) or by_number[raw["number"]]
        printed = {"text": rule.text, "title": rule.title, "title_en": rule.title_en,
                   "examples": [example.text for example in rule.examples]}
        rules.append({**printed, **raw})
    glossary = [{"definition": terms[raw["term"]].definition, **raw} for raw in edition.get("glossary", [])]
    return {**edition, "rules": rules, "glossary": glossary}


STANDARD = {
    "en": ["en/2026-01-16.txt", "en/2023-09-01.txt", "en/2021-11-15.txt", "en/2021-02-24.txt"],
    "ko/kormtgcr": ["ko/kormtgcr/2021-11-19.txt", "ko/kormtgcr/2021-02-15.txt"],
    "ko/dbyll-20210215": [f"ko/dbyll-20210215/ko-20210215-dbyll-{p}.md" for p in ("index", *range(100, 1000, 100))],
}
"""The standard set: the same-edition pairs of the corpus (en and ko of 2021-02-15 and 2021-11-19,
the Jekyll copy of ko 2021-02-15, the English 2023-09-01 of the Japanese seed, the newest English),
by folder of the set."""


def write_standard_set(folder: Path) -> Path:
    """The standard set copied into ``folder`` (``en/``, ``ko/kormtgcr/``, ``ko/dbyll-20210215/``)
    with the bundled seeds (``seeds/``) and tests/data/standard/manifest.toml; returns ``folder``.
    Raises ``CorpusMissing``."""
    for target, names in STANDARD.items():
        (folder / target).mkdir(parents=True, exist_ok=True)
        for name in names:
            shutil.copyfile(shared_file(name), folder / target / Path(name).name)
    shutil.copytree(SEEDS, folder / "seeds", dirs_exist_ok=True)
    shutil.copyfile(DATA / "standard" / "manifest.toml", folder / "manifest.toml")
    return folder
