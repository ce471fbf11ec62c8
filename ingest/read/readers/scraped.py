"""Reader for CR text scraped from web pages (novel-reading sites, blogs, forums).

Accepted input: decoded text with one CR paragraph per line, possibly interleaved with the site's
chapter titles, ads, "Related chapter" lists and forum footers, possibly holding the whole text
twice, with words broken by the site's dot obfuscation (``a.s.sault``, ``Jus.h.i.+``) and with two
rules run together on one line. The reader removes the site lines, keeps the first copy, repairs
the words and splits the rules, and reports each change as a Diagnostic.
"""

from __future__ import annotations

import re

from ingest.read.readers import diagnostic, numbered_lines
from ingest.read.readers.vocabulary import load_vocabulary
from ingest.sources import Diagnostic, Paragraph, SourceText
from kb.numbers import SUBRULE_PATTERN, sort_key

BOILERPLATE = re.compile(
    r"LightNovelFree|\b(?i:reading|any|this) novel\b"
    r"|\bPart \d+(?: summary)?[ \t]*$"
    r"|^[ \t]*-?[ \t]*(?i:related chapters?):?[ \t]*$"
    r"|^[ \t]*다음검색[ \t]*$",
    re.MULTILINE,
)
"""Lines written by the sites CR copies were scraped from (never by the CR)."""

OBFUSCATED = re.compile(r"\b[A-Za-z]+(?:\.(?:[A-Za-z]+|\+[A-Za-z]*))+")
"""A word with dots (and the site's "+") inside: ``a.s.sault``, ``distinguis.h.i.+ng``."""

LEADING_NUMBER = re.compile(rf"^({SUBRULE_PATTERN})\.?\s")
RUN_TOGETHER = re.compile(rf"(?<=[.!?\"”)])\s+(?=({SUBRULE_PATTERN})\.?\s+\S)")
"""Where a second rule starts after a sentence end on the same line."""

MIN_REPEAT = 5
"""A run of at least this many lines equal to an earlier run is a repeated copy of the text."""


_BOILERPLATE_WORDS = ("LightNovelFree", " novel", "Part ", "다음검색")
"""Words every ``BOILERPLATE`` match holds, but for ``related chapter`` (in any case)."""


def is_scraped_page(text: str) -> bool:
    """True when some line of ``text`` is site boilerplate (see ``BOILERPLATE``).

    ``BOILERPLATE`` searched over a whole official text takes about 50 ms (half of reading it);
    since each of its matches lies within one line and holds one of ``_BOILERPLATE_WORDS`` (or
    ``related chapter``), it is searched only in the lines holding one, found by ``str.find``."""
    if "related chapter" in text.lower():
        return bool(BOILERPLATE.search(text))
    for word in _BOILERPLATE_WORDS:
        at = text.find(word)
        while at >= 0:
            start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
            end = len(text) if end < 0 else end
            if BOILERPLATE.search(text, start, end):
                return True
            at = text.find(word, end)
    return False


def read_scraped_page(text: str, name: str, encoding: str = "") -> SourceText:
    """Read a scraped copy of the CR into clean paragraphs (see the module docstring).

    Diagnostics: ``"boilerplate"`` per block of removed site lines, ``"repeated-text"`` at the
    line where a repeated copy starts, ``"deobfuscated"`` per repaired word,
    ``"split-run-together"`` per rule split off a line.
    """
    lines, diagnostics = _drop_boilerplate(numbered_lines(text), name)
    lines, repeats = _drop_repeats(lines, name)
    vocabulary = load_vocabulary()
    paragraphs: list[Paragraph] = []
    for number, line in lines:
        repaired, notes = deobfuscate(line, vocabulary)
        diagnostics += [diagnostic(name, number, "deobfuscated", note) for note in notes]
        pieces = split_run_together(repaired)
        diagnostics += [diagnostic(name, number, "split-run-together", piece) for piece in pieces[1:]]
        paragraphs += [Paragraph(piece, number) for piece in pieces]
    diagnostics = sorted(diagnostics + repeats, key=lambda d: d.line)
    return SourceText(name, "scraped-page", encoding, text, paragraphs, diagnostics)


def deobfuscate(line: str, vocabulary: frozenset[str]) -> tuple[str, list[str]]:
    """Undo the site's dot obfuscation in ``line``; returns the line and ``"a.s.sault -> assault"`` notes.

    A dotted token is repaired when it has a single dotted letter and a piece of two or more
    letters (so ``U.S`` and ``e.g`` are left alone) and its undotted form is a CR word.
    """
    notes: list[str] = []

    def repair(match: re.Match[str]) -> str:
        token = match.group()
        pieces = [piece for piece in re.split(r"[.+]", token) if piece]
        word = "".join(pieces)
        if min(map(len, pieces)) > 1 or max(map(len, pieces)) < 2 or word.lower() not in vocabulary:
            return token
        notes.append(f"{token} -> {word}")
        return word

    return OBFUSCATED.sub(repair, line), notes


def split_run_together(line: str) -> list[str]:
    """Split ``line`` where a later rule starts after a sentence end, e.g.
    ``'506.3a ... Effects.") 506.4. The subgame ...'`` -> two pieces. A split is made only when
    the embedded number comes after the line's own leading rule number."""
    line = line.strip()
    leading = LEADING_NUMBER.match(line)
    if not leading:
        return [line] if line else []
    for match in RUN_TOGETHER.finditer(line):
        if sort_key(match.group(1)) > sort_key(leading.group(1)):
            return [line[: match.start()].rstrip()] + split_run_together(line[match.end():])
    return [line]


def _is_boilerplate(line: str) -> bool:
    return bool(line) and bool(BOILERPLATE.search(line))


def _drop_boilerplate(lines: list[tuple[int, str]], name: str) -> tuple[list[tuple[int, str]], list[Diagnostic]]:
    """Non-blank CR lines, and one diagnostic per block of consecutive site lines."""
    kept, diagnostics, in_block = [], [], False
    for number, line in lines:
        if not line.strip():
            continue
        if _is_boilerplate(line.strip()):
            if not in_block:
                diagnostics.append(diagnostic(name, number, "boilerplate", line))
            in_block = True
        else:
            kept.append((number, line))
            in_block = False
    return kept, diagnostics


def _drop_repeats(lines: list[tuple[int, str]], name: str) -> tuple[list[tuple[int, str]], list[Diagnostic]]:
    """Keep the first copy of any run of ``MIN_REPEAT`` or more lines that repeats an earlier run."""
    diagnostics = []
    while (found := _find_repeat([line.strip() for _, line in lines])) is not None:
        start, length, original = found
        first, last = lines[start][0], lines[start + length - 1][0]
        note = f"lines {first}-{last} repeat lines {lines[original][0]}-{lines[original + length - 1][0]}"
        diagnostics.append(diagnostic(name, first, "repeated-text", note))
        lines = lines[:start] + lines[start + length:]
    return lines, diagnostics


def _find_repeat(texts: list[str]) -> tuple[int, int, int] | None:
    """``(start, length, original)`` of the first run repeating an earlier run, or None."""
    first_seen: dict[str, int] = {}
    for k, text in enumerate(texts):
        j = first_seen.setdefault(text, k)
        if j == k:
            continue
        run = 0
        while k + run < len(texts) and j + run < k and texts[j + run] == texts[k + run]:
            run += 1
        if run >= MIN_REPEAT:
            return k, run, j
    return None
