"""Readers for plain CR text: official English files, translations, and hard-wrapped files.

Accepted input: decoded text (``ingest.read.decode.decode_bytes``) in which every paragraph of the CR
is one line, usually with blank lines between (official text 2002-2026, the Korean and Japanese
plain-text translations), or in which paragraphs are wrapped at about 80-120 columns with a
trailing space or a hyphen at each wrap (English 2003-10-01, 2003-12-01, 2004-02-01), or at a
fixed width without them (a copy through ``fmt``, an email or a PDF; Japanese and Chinese ones
wrapped anywhere, widths counted in display columns: a full-width character is two).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from ingest.read.readers import diagnostic, line_paragraphs, numbered_lines
from ingest.sources import EXAMPLE_LABEL, Diagnostic, Paragraph, SourceText
from kb.numbers import RULE_PATTERN, SUBRULE_PATTERN

ITALIC_MARKERS = re.compile(r"(?<![\w_])_(?=[^\s_])([^_\n]*?[^\s_])_(?![\w_])")
"""``_Magic: The Gathering_``: underscores that mark italics in the 2008-2014 files."""

RULE_START = re.compile(rf"^(?:{SUBRULE_PATTERN}\.?|{RULE_PATTERN} ?\.|[1-9]\.)(?:\s|$|[\u3040-\u30ff\u3400-\u9fff「『【])")
"""A line that begins like a rule, a three-digit rule heading or a section heading (the number
followed by a space, or glued to Japanese or Chinese text, ``709.5g呪文``; not to punctuation, as a
reference in running text is, ``704.5m，然后是``, ``701.58〔偽装する〕``, nor to Hangul: Korean
spaces a rule's number)."""

MID_SENTENCE = re.compile(r"(?:(?<![A-Za-z])(?:rule|rules|See|see|and|or|to|through|in|of)|(?<!\w)(?:규칙|및|또는)"
                          r"|[,(–—-]|規則|规则|ルール|第)$")
"""How a line ends when the number starting the next line is a wrapped reference ("See rule\\n103.4.",
Korean "규칙\\n601.2b에", Chinese "规则\\n601.2b", Japanese "これはrule\\n312.2の例外")."""

WRAP_WIDTH = 60
"""A wrapped line is at least this long once the next line's first word is added back (in the
corpus: 84 or more; glossary headwords with a stray trailing space: 22 or less)."""

DASHES = ("-", "—", "–")

Measure = Callable[[str], int]
"""How long a line is: ``len`` (characters) or ``columns`` (display columns)."""

MIN_LINES, WRAPPED_SHARE, MIN_WIDTH, MAX_WIDTH, WIDTH_SLACK = 20, 0.98, 50, 140, 20
"""``wrap_width``: lines needed, the share of them at most the width, its bounds, and how far under
it a wrapped line may end (a long word moved to the next line) or over it a line may run."""
_UNSPACED = re.compile("[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]")
"""Kana, CJK ideographs and punctuation, full-width forms: Japanese and Chinese write no spaces
between words and wrap anywhere, so their wrapped lines join without a space (Korean puts spaces
between words, and is read as Latin text is)."""


_SENTENCE_END = re.compile(r"[。．.！？!?：:][」』）)”\"'〕]*$")
"""A line ending a sentence (or opening a list), in any script, closing quotes or brackets after."""
_CJK_SENTENCE_END = re.compile(r"[。．！？][」』）”〕]*$")
"""A line ending a Japanese or Chinese sentence."""
_FIRST_WORD = re.compile(f"[^ {_UNSPACED.pattern[1:-1]}]*{_UNSPACED.pattern}?")
"""What a wrapper would have had to fit on the line before: up to a space (not a no-break space),
or up to and with the first Japanese or Chinese character, after which it may break anywhere."""


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
    width), the line is not indented and is not an example (``Example:``, ``例：``), and, if it begins with a rule
    number, the previous line ends mid-sentence (``See rule\\n103.4.`` is one paragraph). A blank
    line always ends a paragraph. Lines joined after a dash get no space (``Snow-\\nCovered`` ->
    ``Snow-Covered``).
    """
    paragraphs: list[Paragraph] = []
    start, parts, previous = 0, [], ""
    width, measure = (None, len) if _trailing_wraps(text) else wrap_width(text) or (None, len)
    for number, line in numbered_lines(text):
        if parts and line.strip() and continues(previous, line, width, measure):
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


def continues(previous: str, line: str, width: int | None = None, measure: Measure = len) -> bool:
    """True when ``line`` is the wrapped continuation of ``previous`` (both non-blank); ``width``:
    the column a text wrapped without trailing spaces is wrapped at, in ``measure`` (``wrap_width``)."""
    body = previous.rstrip()
    wrapped = previous != body or body.endswith(DASHES) or width is not None
    if not wrapped or line[:1].isspace() or EXAMPLE_LABEL.match(line):
        return False
    first_word = _FIRST_WORD.match(line).group()
    if measure(body) + 1 + measure(first_word) <= (WRAP_WIDTH if width is None else width):  # and a space
        return False
    if RULE_START.match(line):
        return bool(MID_SENTENCE.search(body))
    return not (width is not None and _headword_after(body, line.rstrip(), width, measure))


def _headword_after(body: str, line: str, width: int, measure: Measure) -> bool:
    """True when ``line``, after a Japanese or Chinese sentence that fills its line, is short and
    ends no sentence: a glossary headword (``打ち消す（うちけす）／Counter(v)``), not the last line
    of a paragraph."""
    return (bool(_CJK_SENTENCE_END.search(body)) and measure(line) < width * 3 // 4
            and not _SENTENCE_END.search(line))


def is_hard_wrapped(text: str) -> bool:
    """True when at least a fifth of the non-blank lines are wrapped onto the next line with a
    trailing space or a dash, or the text is wrapped at a width without them (``wrap_width``)."""
    return _trailing_wraps(text) or wrap_width(text) is not None


def _trailing_wraps(text: str) -> bool:
    lines = text.split("\n")
    non_blank = sum(1 for line in lines if line.strip())
    wrapped = sum(1 for a, b in zip(lines, lines[1:]) if a.strip() and b.strip() and continues(a, b))
    return non_blank > 0 and wrapped >= 0.2 * non_blank


def wrap_width(text: str) -> tuple[int, Measure] | None:
    """The column a text is wrapped at without trailing spaces (``fmt``, an email, a copy out of
    a PDF) and how its lines were measured (``len``, characters, or ``columns``, a wide character
    two; Japanese and Chinese tried in columns first, other texts in characters), or None: nearly
    all its non-blank lines (``WRAPPED_SHARE``) are at most that long and none much longer, it
    is ``MIN_WIDTH``-``MAX_WIDTH`` long, and a fifth of the lines come within ``WIDTH_SLACK`` of
    it (an official text, a paragraph a line, has lines of hundreds of characters)."""
    lines = [line.rstrip() for line in text.split("\n") if line.strip()]
    if max(map(len, lines), default=0) > MAX_WIDTH + WIDTH_SLACK:  # longer still in columns
        return None
    measures: tuple[Measure, ...] = (columns, len) if _UNSPACED.search(text[:20000]) else (len, columns)
    for measure in measures:
        width = _width(sorted(map(measure, lines)))
        if width is not None:
            return width, measure
    return None


def _width(lengths: list[int]) -> int | None:
    """``wrap_width`` of a text whose sorted line lengths are ``lengths``."""
    if len(lengths) < MIN_LINES:
        return None
    width = lengths[int(WRAPPED_SHARE * (len(lengths) - 1))]
    if not MIN_WIDTH <= width <= MAX_WIDTH or lengths[-1] > width + WIDTH_SLACK:
        return None
    near = sum(1 for length in lengths if length >= width - WIDTH_SLACK)
    return width if near >= 0.2 * len(lengths) else None


def columns(line: str) -> int:
    """The display width of ``line``: two columns for a wide or full-width character (kana,
    kanji, Hangul, full-width forms), one for any other."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in line)


def _join(parts: list[str]) -> str:
    """Wrapped lines as one paragraph: a space between them, none after a dash or beside a
    Japanese or Chinese character (``_UNSPACED``)."""
    joined = parts[0]
    for part in parts[1:]:
        unspaced = joined.endswith(DASHES) or _UNSPACED.match(joined[-1:]) or _UNSPACED.match(part[:1])
        joined += part if unspaced else " " + part
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
