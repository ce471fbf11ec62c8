"""Reader for the CR as Jekyll Markdown pages (youbeebee/dbyll, the Korean seed 004).

Accepted input: a Jekyll post: YAML front matter between ``---`` lines, Liquid tags
(``{% include toc.md %}``), kramdown attribute lists (``{:target="_blank"}``), and a CommonMark
body in which rules are Markdown paragraphs (``**900.1.** text``) or raw HTML blocks
(``<a name="100.1"></a>`` then ``<p class="clause" markdown="1">**100.1a** text</p>``),
headings (``### 100. 일반``), links (``[702.105](/700#702.105)``) and symbol images
(``![{T}](/assets/symbols/T.gif)``). Any other Markdown copy of the CR reads the same way:
headings (``## 702. Keyword Abilities``), list items (``- 702.19b text``; a line ``100. General``
is an ordered list item to Markdown, and keeps its number here). markdown-it-py parses the
Markdown, BeautifulSoup the HTML blocks; each physical line of text becomes one paragraph,
symbols written as the official text writes them (``{T}``, ``{W/U}``, ``{2/B}``, ``{W/P}``,
``{CHAOS}``, ``{PW}``).

A section page names its section only in the front matter (``title: 9. 캐주얼 규칙``,
``description: 9. 캐주얼 규칙 Casual Variants``): that becomes the page's first paragraph, a
section heading on the line of the front matter key it comes from (the description when it names
the same section, as it adds the English title).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from bs4 import BeautifulSoup, NavigableString, Tag
from markdown_it import MarkdownIt
from markdown_it.token import Token

from ingest.read.readers import diagnostic
from ingest.sources import Diagnostic, Paragraph, SourceText

LIQUID = re.compile(r"\{%.*?%\}|\{\{.*?\}\}")
KRAMDOWN_ATTRIBUTES = re.compile(r"\{:[^}\n]*\}")
FOOTNOTE_DEFINITION = re.compile(r"^\[\^[^\]\n]+\]:.*$")
"""A kramdown footnote's text (``[^5]:  주-단짝이 처음 나왔을 때는 ...``): a translator's note."""
FOOTNOTE_MARK = re.compile(r"\s*\[\^[^\]\n]+\](?!:)")
"""A kramdown footnote's mark in the text (``...변경사항입니다.[^5]``)."""
FRONT_MATTER_FENCE = "---"
FRONT_MATTER_KEY = re.compile(r"^(?P<key>[A-Za-z_][\w-]*)\s*:\s*(?P<value>.*?)\s*$")
SECTION_HEADING = re.compile(r"^(?P<section>[1-9])\.\s+\S")
COLOURS = frozenset("WUBRGC")
BLOCK_TAGS = frozenset({"p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "blockquote"})


MARKDOWN_RULES = re.compile(r"^(?:#{1,6}[ \t]+\d{1,3}\.|[-*+][ \t]+\**\d{3}\.\d|\**[1-9]\d{2}\.\d+[a-z]?\.?\*\*)", re.M)
"""A rule or section number written in Markdown: a heading (``## 702. Keyword Abilities``), a
list item of a rule (``- 702.19b``; not a list of contents, ``- 702. Keyword Abilities``, which a
plain text may hold) or bold (``**100.1.**``)."""
MIN_MARKDOWN_RULES = 3


def is_jekyll_markdown(text: str) -> bool:
    """True for text with YAML front matter, Liquid tags or at least ``MIN_MARKDOWN_RULES`` rule
    numbers written in Markdown (``MARKDOWN_RULES``): a Jekyll page, or any Markdown copy."""
    if text.startswith(FRONT_MATTER_FENCE + "\n") and "\n" + FRONT_MATTER_FENCE + "\n" in text[3:3000]:
        return True
    return bool(LIQUID.search(text)) or len(MARKDOWN_RULES.findall(text)) >= MIN_MARKDOWN_RULES


def read_jekyll_markdown(text: str, name: str, encoding: str = "") -> SourceText:
    """Read a Jekyll Markdown page of the CR into one paragraph per line of text.

    The removed front matter, Liquid tags and kramdown attributes are reported in one
    ``"markup"`` diagnostic each (with the line of the first one).
    """
    body, diagnostics = _strip_jekyll(text, name)
    md = MarkdownIt("commonmark", {"html": True}).disable("code")  # an indented paragraph is text, not code
    env: dict = {}
    tokens = md.parse(body, env)
    paragraphs: list[Paragraph] = []
    heading = front_matter_section(text)
    if heading is not None:
        paragraphs.append(heading)
    item = ""  # an ordered list item's number, which markdown-it keeps apart from its text
    for token in tokens:
        if token.type == "list_item_open" and token.info:
            item = f"{token.info}{token.markup} "  # ``100. General``: a list item numbered 100
        elif token.type == "inline" and token.map:
            paragraphs += _inline_lines(md, env, item + token.content, token.map[0] + 1)
            item = ""
        elif token.type == "html_block" and token.map:
            paragraphs += _html_lines(md, env, token.content, token.map[0] + 1)
    if heading is not None and any(_same_heading(heading.text, p.text) for p in paragraphs[1:]):
        paragraphs.pop(0)  # the body prints its section heading itself
    return SourceText(name, "jekyll-markdown", encoding, text, paragraphs, diagnostics)


def front_matter_section(text: str) -> Paragraph | None:
    """The section heading a page's YAML front matter names, or None.

    ``description: 9. 캐주얼 규칙 Casual Variants`` gives ``Paragraph("9. 캐주얼 규칙 Casual
    Variants", 7)`` (its 1-based line); ``title: 9. 캐주얼 규칙`` is used when no description
    names the same section. Only plain or quoted one-line ``key: value`` scalars are read; a page
    without front matter, or whose title names no section (the index), gives None.
    """
    front = {key: (line, value) for key, line, value in _front_matter(text)}
    title, description = front.get("title"), front.get("description")
    named = [item for item in (description, title) if item and SECTION_HEADING.match(item[1])]
    if not named:
        return None
    line, value = named[0]
    if len(named) == 2 and named[1][1][0] != value[0]:
        line, value = named[1]  # the description names another section than the title: trust the title
    return Paragraph(value, line)


def _same_heading(front: str, body: str) -> bool:
    """True when a body paragraph is the front matter's section heading, maybe without its
    English title (``9. 캐주얼 규칙`` for ``9. 캐주얼 규칙 Casual Variants``)."""
    return body == front or front.startswith(body + " ") and bool(SECTION_HEADING.match(body))


def _front_matter(text: str) -> list[tuple[str, int, str]]:
    """(key, 1-based line, unquoted value) of each one-line ``key: value`` of the front matter."""
    lines = text.split("\n")
    if not lines or lines[0].strip() != FRONT_MATTER_FENCE:
        return []
    items = []
    for number, line in enumerate(lines[1:], start=2):
        if line.strip() == FRONT_MATTER_FENCE:
            return items
        match = FRONT_MATTER_KEY.match(line)
        if match:
            value = match.group("value")
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
                value = value[1:-1].strip()
            items.append((match.group("key"), number, value))
    return []


def symbol_text(src: str) -> str | None:
    """The official text's symbol for an image file: ``T.gif`` -> ``{T}``, ``WU.gif`` -> ``{W/U}``,
    ``2B.gif`` -> ``{2/B}``, ``WP.gif`` -> ``{W/P}``; None when the file is not a symbol."""
    stem = PurePosixPath(src).stem.upper()
    if "symbols" not in src or not stem.isalnum():
        return None
    hybrid = len(stem) == 2 and stem[1] in COLOURS | {"P"} and (stem[0] in COLOURS or stem[0] == "2")
    return "{" + (f"{stem[0]}/{stem[1]}" if hybrid else stem) + "}"


def _strip_jekyll(text: str, name: str) -> tuple[str, list[Diagnostic]]:
    """Blank out front matter, Liquid tags, kramdown attributes and footnotes (their marks and
    their texts, the translator's notes), keeping line numbers."""
    lines = text.split("\n")
    diagnostics: list[Diagnostic] = []
    if lines[0].strip() == FRONT_MATTER_FENCE and FRONT_MATTER_FENCE in (l.strip() for l in lines[1:]):
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == FRONT_MATTER_FENCE)
        diagnostics.append(diagnostic(name, 1, "markup", "front matter: " + " | ".join(lines[1:end])))
        lines[: end + 1] = [""] * (end + 1)
    for pattern, what in ((LIQUID, "Liquid tag"), (KRAMDOWN_ATTRIBUTES, "kramdown attributes"),
                          (FOOTNOTE_DEFINITION, "footnote texts"), (FOOTNOTE_MARK, "footnote marks")):
        hits = [(i, m.group()) for i, line in enumerate(lines) for m in pattern.finditer(line)]
        if hits:
            diagnostics.append(diagnostic(name, hits[0][0] + 1, "markup", f"{len(hits)} {what}: {hits[0][1]}"))
            lines = [pattern.sub("", line) for line in lines]
    return "\n".join(lines), diagnostics


def _inline_lines(md: MarkdownIt, env: dict, content: str, first_line: int) -> list[Paragraph]:
    """One paragraph per non-empty physical line of Markdown inline content."""
    paragraphs = []
    for offset, line in enumerate(content.split("\n")):
        text = _inline_text(md.parseInline(line, env)).strip()
        if text:
            paragraphs.append(Paragraph(text, first_line + offset))
    return paragraphs


def _inline_text(tokens: list[Token]) -> str:
    parts: list[str] = []
    for token in tokens:
        for child in token.children or []:
            if child.type in ("text", "code_inline"):
                parts.append(child.content)
            elif child.type == "image":
                parts.append(symbol_text(str(child.attrs.get("src", ""))) or child.content)
            elif child.type in ("softbreak", "hardbreak"):
                parts.append(" ")
            elif child.type == "html_inline":
                parts.append(_html_inline_text(child.content))
    return "".join(parts)


def _html_inline_text(html: str) -> str:
    """Inline HTML: ``<img>`` symbols become their text, other tags vanish."""
    soup = BeautifulSoup(html, "html.parser")
    image = soup.find("img")
    if isinstance(image, Tag):
        return symbol_text(str(image.get("src", ""))) or str(image.get("alt", ""))
    return ""


def _html_lines(md: MarkdownIt, env: dict, html: str, first_line: int) -> list[Paragraph]:
    """The text of an HTML block: the Markdown inside each block element, line by line."""
    soup = BeautifulSoup(html, "html.parser")
    paragraphs: list[Paragraph] = []
    line = first_line
    for node in soup.contents:
        if isinstance(node, Tag):
            line = first_line + (node.sourceline or 1) - 1
            if node.name in BLOCK_TAGS:
                paragraphs += _inline_lines(md, env, _markdown_inside(node), line)
            line += str(node).count("\n")
        elif isinstance(node, NavigableString):
            paragraphs += _inline_lines(md, env, str(node), line)
            line += str(node).count("\n")
    return paragraphs


def _markdown_inside(node: Tag) -> str:
    """The element's content as Markdown: text kept, ``<img>`` written as a Markdown image,
    ``<br>`` as a line break, other tags unwrapped."""
    parts = []
    for child in node.descendants:
        if isinstance(child, NavigableString):
            parts.append(str(child))
        elif child.name == "img":
            parts.append(f"![{child.get('alt', '')}]({child.get('src', '')})")
        elif child.name == "br":
            parts.append("\n")
    return "".join(parts)
