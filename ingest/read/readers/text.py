"""Readers for plain CR text: official English files, translations, and hard-wrapped files.

Accepted input: decoded text (``ingest.read.decode.decode_bytes``) in which every paragraph of the CR
is one line, usually with blank lines between (official text 2002-2026, the Korean and Japanese
plain-text translations), or in which paragraphs are wrapped at about 80-120 columns with a
trailing space or a hyphen at each wrap (English 2003-10-01, 2003-12-01, 2004-02-01), or at a
fixed width without them (a copy through ``fmt``, an email or a PDF).
"""

from __future__ import annotations

import re

from ingest.read.readers import diagnostic, line_paragraphs, numbered_lines
from ingest.sources import Diagnostic, Paragraph, SourceText
from kb.numbers import RULE_PATTERN, SUBRULE_PATTERN

ITALIC_MARKERS = re.compile(r"(?<![\w_])_(?=[^\s_])([^_\n]*?[^\s_])_(?![\w_])")
"""``_Magic: The Gathering_``: underscores that mark italics in the 2008-2014 files."""

RULE_START = re.compile(rf"^(?:{SUBRULE_PATTERN}\.?|{RULE_PATTERN} ?\.|[1-9]\.)(?:\s|$)")
"""A line that begins like a rule, a three-digit rule heading or a section heading."""

MID_SENTENCE = re.compile(r"(?:\b(?:rule|rules|See|see|and|or|to|through|in|of|규칙|및|또는)|[,(–—-])$")
"""How a line ends when the number starting the next line is a wrapped reference ("See rule\\n103.4.",
Korean "규칙\\n601.2b에")."""

WRAP_WIDTH = 60
"""A wrapped line is at least this long once the next line's first word is added back (in the
corpus: 84 or more; glossary headwords with a stray trailing space: 22 or less)."""

DASHES = ("-", "—", "–")

MIN_LINES, WRAPPED_SHARE, MIN_WIDTH, MAX_WIDTH, WIDTH_SLACK = 20, 0.98, 50, 140, 20
"""``wrap_width``: lines needed, the share of them at most the width, its bounds, and how far under
it a wrapped line may end (a long word moved to the next line) or over it a line may run."""
_UNSPACED = re.compile("[\u3040-\u30ff\u3400-\u9fff]")
"""Kana and CJK ideographs: Japanese and Chinese wrap without spaces, so a line of theirs is read
as a paragraph (Korean puts spaces between words, and is read as Latin text is)."""


def read_official_text(text: str, name: str, encoding: str = "") -> SourceText:
    """Read an official English CR text: one paragraph per non-blank line.

    Underscores used as italics markers (``_Magic_(TM)``, files 2008-07 to 2014-02) are dropped
    and counted in one ``"markup"`` diagnostic; every other character is kept as published.
    """
    paragraphs, diagnostics = _drop_italic_markers(line_paragraphs(numbered_lines(text)), name)
    return SourceText(name, "official-text", encoding, text, paragraphs, diagnostics)


def read_plain_text(text: str, name: str, encoding: str = "") -> SourceText:
    """Read a plain-text translation (Korean, Japanese): one paragraph per non-blank line."""
    return SourceText(name, "plain-text", encoding, text, line_paragraphs(numbered_lines(text)))


def read_hard_wrapped_text(text: str, name: str, encoding: str = "") -> SourceText:
    """Read a hard-wrapped CR text, joining each paragraph's wrapped lines.

    A line continues the previous one when the previous one was wrapped (ends in a space or a
    dash, and the line's first word would not have fit after it; in a text wrapped without
    trailing spaces, ``wrap_width``, when the line's first word would not have fit within that
    width), the line is not indented and is not an ``Example:``, and, if it begins with a rule
    number, the previous line ends mid-sentence (``See rule\\n103.4.`` is one paragraph). A blank
    line always ends a paragraph. Lines joined after a dash get no space (``Snow-\\nCovered`` ->
    ``Snow-Covered``).
    """
    paragraphs: list[Paragraph] = []
    start, parts, previous = 0, [], ""
    width = None if _trailing_wraps(text) else wrap_width(text)
    for number, line in numbered_lines(text):
        if parts and line.strip() and continues(previous, line, width):
            parts.append(line.strip())
        else:
            if parts:
                paragraphs.append(Paragraph(_join(parts), start))
            start, parts = number, [line.strip()] if line.strip() else []
        previous = line
    if parts:
        paragraphs.append(Paragraph(_join(parts), start))
    paragraphs, diagnostics = _drop_italic_markers(paragraphs, name)
    return SourceText(name, "hard-wrapped-text", encoding, text, paragraphs, diagnostics)


def continues(previous: str, line: str, width: int | None = None) -> bool:
    """True when ``line`` is the wrapped continuation of ``previous`` (both non-blank); ``width``:
    the column a text wrapped without trailing spaces is wrapped at (``wrap_width``)."""
    body = previous.rstrip()
    wrapped = previous != body or body.endswith(DASHES) or width is not None
    if not wrapped or line[:1].isspace() or line.startswith("Example:"):
        return False
    first_word = line.split(" ", 1)[0]  # a wrapper breaks at spaces, not at a no-break space
    if len(body) + 1 + len(first_word) <= (WRAP_WIDTH if width is None else width):
        return False
    if RULE_START.match(line):
        return bool(MID_SENTENCE.search(body))
    return True


def is_hard_wrapped(text: str) -> bool:
    """True when at least a fifth of the non-blank lines are wrapped onto the next line with a
    trailing space or a dash, or the text is wrapped at a width without them (``wrap_width``)."""
    return _trailing_wraps(text) or wrap_width(text) is not None


def _trailing_wraps(text: str) -> bool:
    lines = text.split("\n")
    non_blank = sum(1 for line in lines if line.strip())
    wrapped = sum(1 for a, b in zip(lines, lines[1:]) if a.strip() and b.strip() and continues(a, b))
    return non_blank > 0 and wrapped >= 0.2 * non_blank


def wrap_width(text: str) -> int | None:
    """The column a text in Latin letters or Hangul is wrapped at without trailing spaces (``fmt``, an email, a
    copy out of a PDF), or None: nearly all its non-blank lines (``WRAPPED_SHARE``) are at most
    that long and none much longer, it is ``MIN_WIDTH``-``MAX_WIDTH`` columns, and a fifth of the
    lines come within ``WIDTH_SLACK`` of it (an official text, a paragraph a line, has lines of
    hundreds of characters)."""
    lengths = sorted(len(line.rstrip()) for line in text.split("\n") if line.strip())
    if len(lengths) < MIN_LINES or _UNSPACED.search(text[:20000]):
        return None
    width = lengths[int(WRAPPED_SHARE * (len(lengths) - 1))]
    if not MIN_WIDTH <= width <= MAX_WIDTH or lengths[-1] > width + WIDTH_SLACK:
        return None
    near = sum(1 for length in lengths if length >= width - WIDTH_SLACK)
    return width if near >= 0.2 * len(lengths) else None


def _join(parts: list[str]) -> str:
    joined = parts[0]
    for part in parts[1:]:
        joined += part if joined.endswith(DASHES) else " " + part
    return joined


def _drop_italic_markers(paragraphs: list[Paragraph], name: str) -> tuple[list[Paragraph], list[Diagnostic]]:
    cleaned, count, first = [], 0, None
    for paragraph in paragraphs:
        text, n = ITALIC_MARKERS.subn(r"\1", paragraph.text) if "_" in paragraph.text else (paragraph.text, 0)
        if n:
            count += n
            first = first or paragraph
        cleaned.append(Paragraph(text, paragraph.line) if n else paragraph)
    if not count:
        return cleaned, []
    note = f"dropped {count} pairs of _italic_ underscores, first in: {first.text}"
    return cleaned, [diagnostic(name, first.line, "markup", note)]
