"""A CR saved as a web page (the HTML page reader) or written as Markdown reads as its text file does."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from ingest.read.decode import decode_bytes
from ingest.read.formats import read_source, recognise_format
from ingest.read.readers.html_page import is_html_page, read_html_page
from ingest.read.readers.jekyll import read_jekyll_markdown
from ingest.sources import Diagnostic, Paragraph, SourceError
from tests.corpus import shared_file

# Invented rules, laid out as sites lay the CR out: numbers in their own elements, a table, <br>
# lines, a <pre>, a symbol image, and a page's navigation, scripts and footer around them.
PAGE = """<!DOCTYPE html>
<html><head><title>Widget Rules</title><script>var x = "<p>100.9. not a rule</p>";</script>
<style>p { margin: 0 }</style></head>
<body><nav><a href="/">Home</a> | <a href="/about">About</a></nav>
<h1>Widget Comprehensive Rules</h1>
<p><span class="num">100.1.</span><span>Widgets are  <b>round</b>.</span></p>
<p><b>100.1a</b> A widget\xa0may <a href="#R1001">spin</a>; see rule 100.1, rules <a href="#R1001b">100.1b</a>-d
(and <a href="#R1002">100.2</a>).</p>
<table><tr><td>100.2.</td><td>Pay <img src="/assets/symbols/T.gif" alt="tap"> to spin.</td></tr></table>
<div>100.3. A long rule
written over two lines.<br>Example: A widget spins.<br/>100.4. Last\u3000rule.</div>
<dl><dt>100.4a</dt><dd>Listed.</dd></dl>
<pre>100.5. Kept  as typed.
100.6. Next line.</pre>
<!-- 100.7. a comment -->
<footer>Copyright the site</footer><form><button>Search</button></form>
</body></html>
"""


def test_an_html_page_reads_as_its_paragraphs_with_their_lines() -> None:
    source = read_html_page(PAGE, "rules.html", "utf-8")
    assert source.format == "html-page"
    assert source.paragraphs == [
        Paragraph("Widget Comprehensive Rules", 5),
        Paragraph("100.1. Widgets are round.", 6),
        Paragraph("100.1a A widget\xa0may spin; see rule 100.1, rules 100.1b-d (and 100.2).", 7),  # links keep ranges
        Paragraph("100.2. Pay {T} to spin.", 9),
        Paragraph("100.3. A long rule written over two lines.", 10),
        Paragraph("Example: A widget spins.", 11),
        Paragraph("100.4. Last\u3000rule.", 11),
        Paragraph("100.4a Listed.", 12),
        Paragraph("100.5. Kept  as typed.", 13),
        Paragraph("100.6. Next line.", 14),
    ]
    assert source.text == "\n".join(paragraph.text for paragraph in source.paragraphs)
    assert source.diagnostics == [Diagnostic(
        "rules.html", 4, "boilerplate",
        "3 navigation, form or footer elements dropped: Home | About | Copyright the site | Search")]


def test_read_source_recognises_a_page_and_refuses_one_without_rules(tmp_path: Path) -> None:
    page = tmp_path / "rules.html"
    page.write_text(PAGE.replace("\n", ""), encoding="utf-8")  # minified: one line
    assert recognise_format(PAGE) == "html-page"
    source = read_source(page)
    assert [p.text[:6] for p in source.paragraphs][1:4] == ["100.1.", "100.1a", "100.2."]
    assert {p.line for p in source.paragraphs} == {1}
    other = tmp_path / "blog.html"
    other.write_text("<html><body><p>100 reasons to play.</p><p>Rule 1: have fun.</p></body></html>")
    with pytest.raises(SourceError) as caught:
        read_source(other)
    assert caught.value.path == str(other) and caught.value.reason == "not a CR text: 0 lines start with a rule number"


def test_what_is_no_html_page() -> None:
    assert not is_html_page("100.1. Widgets are <b>round</b>.\n100.2. More.\n")
    assert not is_html_page("---\nlayout: page\n---\n**100.1.** Widgets\n")
    assert is_html_page("<?xml version='1.0' encoding='utf-8'?>\n<!-- saved -->\n<html>\n<body></body></html>")
    assert is_html_page("<div>header</div>\n<body>\n<p>100.1. x</p>")


MARKDOWN = """# Widget Rules

## 1. Widgets

100. General

- 100.1. Widgets are *round*.
- **100.1a** A widget may [spin](#R1001).

### 100.2. Spinning

100.2a Pay ![{T}](/assets/symbols/T.gif) to spin.
Example: A widget spins.
"""


def test_markdown_rules_keep_their_numbers() -> None:
    assert recognise_format(MARKDOWN) == "jekyll-markdown"
    assert read_jekyll_markdown(MARKDOWN, "rules.md").paragraphs == [
        Paragraph("Widget Rules", 1),
        Paragraph("1. Widgets", 3),
        Paragraph("100. General", 5),  # an ordered list item to Markdown
        Paragraph("100.1. Widgets are round.", 7),
        Paragraph("100.1a A widget may spin.", 8),
        Paragraph("100.2. Spinning", 10),
        Paragraph("100.2a Pay {T} to spin.", 12),
        Paragraph("Example: A widget spins.", 13),
    ]
    contents = "Contents\n- 100. General\n- 101. Widgets\n- 102. Spinning\n\n100.1. Widgets are round.\n"
    assert recognise_format(contents) == "official-text"  # a list of contents is no Markdown


def _number_joined(texts: list[str]) -> list[str]:
    """``texts`` with each one that is a rule number alone joined to the next."""
    out: list[str] = []
    for text in texts:
        if out and re.fullmatch(r"\d{3}\.\d+[a-z]?\.?", out[-1]):
            out[-1] += " " + text
        else:
            out.append(text)
    return out


def _bare(text: str) -> str:
    """``text`` without tags and whitespace, unescaped."""
    return re.sub(r"\s+", "", html.unescape(re.sub(r"<[^>]*>", "", text)))


_RULE = re.compile(r"^(\d{3}\.\d+[a-z]?\.?|\d{3}\.|\d\.)(\s+)(.*)$")


def _layouts(lines: list[str]) -> dict[str, str]:
    """The text's lines as five kinds of HTML page (each a common way sites print the CR) and two
    kinds of Markdown."""
    e = html.escape

    def split(line: str, number: str, text: str) -> str:
        found = _RULE.match(line)
        return number.format(e(found.group(1))) + text.format(e(found.group(3))) if found else text.format(e(line))

    return {
        "minified, <b> numbers": "<!DOCTYPE html><html><body><nav>Home</nav><div>" + "".join(
            f"<p>{split(line, '<b>{}</b> ', '{}')}</p>" for line in lines) + "</div><footer>site</footer></body></html>",
        "table rows": "<html>\n<body>\n<table>\n" + "\n".join(
            f"<tr>{split(line, '<td>{}</td>', '<td>{}</td>')}</tr>" for line in lines) + "\n</table>\n</body>\n</html>",
        "<br> lines": "<html><body><div class=post>" + "<br>\n".join(e(line) for line in lines) + "</div></body></html>",
        "list of spans": "<!doctype html>\n<body>\n<ul>\n" + "\n".join(
            f"<li>{split(line, '<span>{}</span>', '<span>{}</span>')}</li>" for line in lines) + "\n</ul>\n</body>",
        "definition list": "<html><body><dl>\n" + "\n".join(
            split(line, "<dt>{}</dt>", "<dd>{}</dd>") if _RULE.match(line) else f"<p>{e(line)}</p>" for line in lines)
        + "\n</dl></body></html>",
        "Markdown headings": "\n\n".join(_markdown(line, headings=True) for line in lines),
        "Markdown list": "\n".join(_markdown(line, headings=False) for line in lines),
    }


def _markdown(line: str, headings: bool) -> str:
    """A line in Markdown: a section or rule heading as a heading (``## 702. Keyword Abilities``),
    a subrule as a list item with its number in bold, or else (``headings`` False) every numbered
    line as a list item (``100. General`` is an ordered one); other lines escaped."""
    found = _RULE.match(line)
    escaped = re.sub(r"([\\`*_{}\[\]<>#+!|~-])", r"\\\1", line)
    if not found:
        return escaped
    number, space, rest = found.groups()
    rest = re.sub(r"([\\`*_{}\[\]<>#+!|~-])", r"\\\1", rest)
    if headings and number.count(".") < 3 and not number[-1:].isalpha():
        return "#" * (number.count(".") + 1) + f" {number}{space}{rest}"
    return f"- **{number}**{space}{rest}" if re.search(r"\.\d", number) else f"{number}{space}{rest}"


@pytest.mark.corpus
@pytest.mark.parametrize("name", ["en/2023-09-01.txt", "ko/kormtgcr/2021-11-19.txt", "ja/2026-01-16.txt",
                                  "zh/2024-04-12.txt"])
def test_a_corpus_text_as_a_web_page_reads_as_the_text_file(name: str) -> None:
    path = shared_file(name)
    text_file = read_source(path)
    lines = [line.strip() for line in decode_bytes(path.read_bytes(), name)[0].split("\n") if line.strip()]
    for layout, page in _layouts(lines).items():
        markdown = layout.startswith("Markdown")
        source = read_source(path.with_suffix(".md" if markdown else ".html"), data=page.encode("utf-8"))
        assert source.format == ("jekyll-markdown" if markdown else "html-page"), layout
        # a page shows runs of spaces as one: so does the reader (``600.1b  Text``); Markdown keeps them
        # and a number alone on its line (ja 500.10a) goes on in the next block
        expected = [p.text for p in text_file.paragraphs] if markdown else _number_joined(
            [re.sub(" +", " ", p.text) for p in text_file.paragraphs])
        assert [p.text for p in source.paragraphs] == expected, layout
        page_lines = [_bare(line) for line in page.split("\n")]
        if len(page_lines) > 1 and not markdown:  # each paragraph's line is the page line holding it
            assert all(_bare(p.text) in "".join(page_lines[p.line - 1 : p.line + 1])  # a number alone: two lines
                       and _bare(p.text)[:6] in page_lines[p.line - 1] for p in source.paragraphs), layout
