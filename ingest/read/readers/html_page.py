"""Reader for a CR text saved as an HTML page (a site's copy of the rules, a browser's "Save as").

Accepted input: a decoded HTML document (``<!DOCTYPE html>``, ``<html>``, ``<head>`` or
``<body>`` near the top: ``is_html_page``) in which each CR paragraph is a block element
(``<p>``, ``<div>``, ``<li>``, ``<dt>``/``<dd>``, ``<h1>``-``<h6>``, a table row, ...), a line of
a ``<pre>``, or a stretch between ``<br>``. The page's scripts, styles, head, navigation, forms,
asides and footers are dropped (one ``"boilerplate"`` diagnostic says how many of the visible
ones held text, with a sample). Inline markup is flattened; a table row's cells are joined by
spaces; an element holding a rule number alone is followed by a space
(``<span>702.19b</span><span>践踏…``), and a block holding one alone goes on in the next block
(``<dt>702.19b</dt><dd>The controller…</dd>``); a symbol image becomes its text (``T.gif`` ->
``{T}``, ``ingest.read.readers.jekyll.symbol_text``), else its ``alt``. lxml parses the page.

The paragraphs are then read as a text file's lines are: a scraped copy's site lines removed
(``scraped``), an English text as the official one, a translation as plain text
(``ingest.read.readers.text``). Every paragraph and diagnostic carries the line of the HTML where
its block starts; ``SourceText.text`` is the page's text, one paragraph per line (what
``ingest.read.detect`` reads the language and the effective date from).
"""

from __future__ import annotations

import re
from dataclasses import replace

import lxml.etree
import lxml.html

from ingest.read.detect import detect_meta
from ingest.read.readers import diagnostic
from ingest.read.readers.jekyll import symbol_text
from ingest.read.readers.scraped import is_scraped_page, read_scraped_page
from ingest.read.readers.text import read_official_text, read_plain_text
from ingest.sources import Paragraph, SourceError, SourceText
from kb.numbers import NUMBER_PATTERN

FORMAT = "html-page"
HTML_START = re.compile(r"\A\ufeff?\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*"
                        r"(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])",
                        re.IGNORECASE | re.DOTALL)
"""How an HTML document starts (after an XML declaration and comments)."""
HTML_SPACE = " \t\n\r\f"
"""The whitespace HTML collapses (not the ideographic space nor the no-break space: a browser shows them)."""
_SPACES = re.compile(f"[{HTML_SPACE}]+")
BODY_TAG = re.compile(r"<body[\s>]", re.IGNORECASE)
BLOCKS = frozenset(
    "address article blockquote body caption center dd details dialog div dl dt fieldset figcaption figure "
    "h1 h2 h3 h4 h5 h6 header hr html li main ol p pre section summary table tbody thead tfoot tr ul".split())
"""Elements that start and end a paragraph."""
CELLS = frozenset({"td", "th"})
"""Elements kept apart from their neighbours by a space (a row's cells: ``702.19b`` | its text)."""
NUMBER_ALONE = re.compile(rf"^\s*(?:{NUMBER_PATTERN}\.?|\d\.)\s*$")
"""An element holding a rule or section number alone (``<span class="num">702.19b</span>``,
``<b>7.</b>``): a space follows it, unless punctuation does (``_glued``)."""
HIDDEN = frozenset("head script style noscript template".split())
"""Elements whose text a browser does not show: left out."""
DROPPED = frozenset("nav footer aside form button select option textarea iframe svg object embed canvas menu".split())
"""Elements a browser shows whose text is no part of the CR (navigation, forms, footers): left
out, and reported."""


def is_html_page(text: str) -> bool:
    """True for a whole HTML document: ``<!DOCTYPE html>``, ``<html>``, ``<head>`` or ``<body>``
    opens it (after an XML declaration or comments), or a ``<body>`` tag is in its first 4,000
    characters."""
    return bool(HTML_START.match(text)) or bool(BODY_TAG.search(text, 0, 4000))


def read_html_page(text: str, name: str, encoding: str = "") -> SourceText:
    """Read an HTML page of the CR (see the module docstring). Raises ``SourceError`` naming the
    file when lxml finds no document in it."""
    paragraphs, dropped = page_paragraphs(text, name)
    page_text = "\n".join(paragraph.text for paragraph in paragraphs)
    if is_scraped_page(page_text):
        read = read_scraped_page(page_text, name, encoding)
    elif detect_meta(page_text).lang == "en":
        read = read_official_text(page_text, name, encoding)
    else:
        read = read_plain_text(page_text, name, encoding)
    lines = [paragraph.line for paragraph in paragraphs]

    def at(line: int) -> int:  # a line of page_text -> the HTML line its block starts on
        return lines[line - 1] if 0 < line <= len(lines) else line

    found = [Paragraph(paragraph.text, at(paragraph.line)) for paragraph in read.paragraphs]
    diagnostics = [replace(d, line=at(d.line)) for d in read.diagnostics]
    if dropped:
        first_line, count, sample = dropped[0][0], len(dropped), " | ".join(text for _, text in dropped[:5])
        diagnostics.insert(0, diagnostic(name, first_line, "boilerplate",
                                         f"{count} navigation, form or footer elements dropped: {sample}"))
    return SourceText(name, FORMAT, encoding, page_text, found, diagnostics)


def page_paragraphs(text: str, name: str = "<html>") -> tuple[list[Paragraph], list[tuple[int, str]]]:
    """The paragraphs of an HTML page (see the module docstring), each with the line its block
    starts on, and the dropped elements that held text (line, their text squeezed). Raises
    ``SourceError`` when lxml reads no document."""
    text = re.sub(r"\A\ufeff?\s*<\?xml[^>]*>", "", text)  # lxml refuses a str that declares its encoding
    try:
        root = lxml.html.document_fromstring(text)
    except (lxml.etree.ParserError, ValueError) as err:
        raise SourceError(name, None, f"not an HTML page lxml can read: {err}") from None
    lines = _Lines()
    _walk(root, lines)
    lines.flush(last=True)
    return lines.paragraphs, lines.dropped


class _Lines:
    """The paragraphs read so far and the one being read (its pieces and the line it starts on)."""

    def __init__(self) -> None:
        self.paragraphs: list[Paragraph] = []
        self.dropped: list[tuple[int, str]] = []
        self.pieces: list[str] = []
        self.line = 0

    def add(self, piece: str | None, line: int) -> None:
        """Add text to the paragraph being read (it starts on the ``line`` of its first visible text)."""
        if not piece:
            return
        if not self.line and piece.strip():
            self.line = line
        self.pieces.append(piece)

    def flush(self, last: bool = False) -> None:
        """End the paragraph being read (none when it holds only spaces); one that holds a rule
        number alone goes on in the next block, unless ``last`` (``<dt>702.19b</dt><dd>text``)."""
        squeezed = _SPACES.sub(" ", "".join(self.pieces)).strip(HTML_SPACE)
        if squeezed and NUMBER_ALONE.match(squeezed) and not last:
            self.pieces = [squeezed, " "]
            return
        if squeezed:
            self.paragraphs.append(Paragraph(squeezed, self.line or 1))
        self.pieces, self.line = [], 0


def _walk(element: lxml.html.HtmlElement, lines: _Lines) -> None:
    """Read ``element`` and what it holds into ``lines`` (not its tail: its parent reads that)."""
    tag = element.tag if isinstance(element.tag, str) else ""  # comments and processing instructions
    line = element.sourceline or 0
    if not tag or tag in HIDDEN or tag in DROPPED:
        held = " ".join(element.text_content().split()) if tag in DROPPED else ""
        if held:
            lines.dropped.append((line, held[:80]))
        return
    if tag == "br":
        lines.flush()
        return
    if tag == "img":
        lines.add(symbol_text(str(element.get("src", ""))) or element.get("alt", ""), line)
        return
    block, cell = tag in BLOCKS, tag in CELLS
    if block:
        lines.flush()
    if cell:
        lines.add(" ", line)
    if tag == "pre":
        _pre(element, lines)
    else:
        _content(element, lines, line)
    if cell or not block and len(element) <= 1 and NUMBER_ALONE.match(element.text_content()) and _glued(element):
        lines.add(" ", line)
    if block:
        lines.flush()


def _glued(element: lxml.html.HtmlElement) -> bool:
    """Whether the text after ``element`` would run into it: none follows in the element's parent
    (another element may bring it) or it starts with a letter or digit (``<b>7.</b>Game``), not
    with punctuation (``<a>603.7d</a>-f``, ``<a>601.2b</a>)``: a reference keeps its range)."""
    tail = element.tail or ""
    return not tail or tail[0].isalnum()


def _content(element: lxml.html.HtmlElement, lines: _Lines, line: int) -> None:
    """The text and children of ``element`` (starting on ``line``), each child's tail after it."""
    lines.add(element.text, line + _leading_lines(element.text))
    children = list(element)
    for child, after in zip(children, [*children[1:], None]):
        _walk(child, lines)
        if child.tail:
            lines.add(child.tail, _tail_line(child, after, line))


def _leading_lines(text: str | None) -> int:
    """How many line ends come before ``text``'s first visible character."""
    return text[: len(text) - len(text.lstrip())].count("\n") if text else 0


def _tail_line(child: lxml.html.HtmlElement, after: lxml.html.HtmlElement | None, line: int) -> int:
    """The line where the visible text after ``child`` (its tail) starts: counted back from the
    element ``after`` it, which lxml knows the line of, else forward from ``child`` (exact for a
    ``<br>`` or an ``<img>``, which end on the line they start on)."""
    tail = child.tail or ""
    visible = tail.lstrip()
    if after is not None and after.sourceline:
        return after.sourceline - visible.count("\n")
    return (child.sourceline or line) + _leading_lines(tail)


def _pre(element: lxml.html.HtmlElement, lines: _Lines) -> None:
    """A ``<pre>``: each of its lines is a paragraph, its spaces kept (a text file pasted into a page)."""
    first = element.sourceline or 1
    for offset, text in enumerate(element.text_content().split("\n")):
        if text.strip():
            lines.paragraphs.append(Paragraph(text.strip(), first + offset))
