"""read_source: format recognition, refusals with the file named, and every corpus file read cleanly."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest

from ingest.read.formats import MAX_BYTES, read_source, recognise_format
from ingest.sources import SourceError

LEFTOVERS = re.compile(r"LightNovelFree|다음검색|\{%|\{:|<p|</p|<a |<br|\*\*|\ufffd|\]\((?:/|https?:)|!\[|^#+ ")
"""Markup and site boilerplate that must not survive in any paragraph."""

PROSE = (b"The quick brown fox jumps over the lazy dog. It was a bright cold day in April, and the clocks "
         b"were striking thirteen. Call me Ishmael. Some years ago I went to sea.\n") * 5


def _refusal(tmp_path: Path, data: bytes, **kwargs) -> SourceError:
    path = tmp_path / "input.txt"
    path.write_bytes(data)
    with pytest.raises(SourceError) as caught:
        read_source(path, **kwargs)
    assert caught.value.path == str(path) and str(path) in str(caught.value)
    return caught.value


def test_empty_file(tmp_path: Path) -> None:
    assert _refusal(tmp_path, b"").reason == "empty file"


def test_png_bytes(tmp_path: Path) -> None:
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00\x1f\xf3\xffa"
    assert _refusal(tmp_path, png).reason.startswith("binary data")


def test_unknown_format_prose(tmp_path: Path) -> None:
    assert _refusal(tmp_path, PROSE).reason == "not a CR text: 0 lines start with a rule number"


def test_truncated_utf16(tmp_path: Path) -> None:
    data = b"\xfe\xff" + "100.1. These Magic rules\n100.2. To play\n".encode("utf-16-be")[:-1]
    error = _refusal(tmp_path, data)
    assert (error.line, error.reason.split(":")[0]) == (2, "truncated utf-16-be data at byte 80")


def test_unknown_format_name(tmp_path: Path) -> None:
    assert "unknown format 'pdf'" in _refusal(tmp_path, b"100.1. a\n100.2. b\n100.3. c\n", fmt="pdf").reason


def test_oversized_file_refused_from_its_size(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:
        handle.truncate(200 * 1024 * 1024)  # sparse: nothing is written or read
    with pytest.raises(SourceError) as caught:
        read_source(path)
    assert caught.value.path == str(path)
    assert caught.value.reason == f"file too large ({200 * 1024 * 1024} bytes; limit {MAX_BYTES})"


def test_oversized_data_refused() -> None:
    with pytest.raises(SourceError, match="file too large"):
        read_source("given.txt", data=b"1" * (MAX_BYTES + 1))


def test_data_and_forced_format() -> None:
    source = read_source("dir/given.txt", data=b"100.1. A rule.\r\n\r\n100.2. Another.\r\n", fmt="official-text")
    assert (source.name, source.format, source.encoding, source.text) == (
        "given.txt", "official-text", "utf-8", "100.1. A rule.\n\n100.2. Another.\n")
    assert [(p.text, p.line) for p in source.paragraphs] == [("100.1. A rule.", 1), ("100.2. Another.", 3)]


def test_recognise_format() -> None:
    rules = "100.1. One.\n100.2. Two.\n100.3. Three.\n"
    assert recognise_format(rules) == "official-text"
    assert recognise_format("100.1. 하나.\n100.2. 둘.\n100.3. 셋.\n") == "plain-text"
    assert recognise_format("---\nlayout: post\n---\n" + rules) == "jekyll-markdown"
    assert recognise_format(rules + "- Related chapter:\n") == "scraped-page"


def _corpus(shared: Path) -> list[Path]:
    return sorted([*shared.glob("seeds/*.txt"), *shared.glob("corpus/en/*.txt"),
                   *shared.glob("corpus/ko/kormtgcr/*.txt"), *shared.glob("corpus/ko/dbyll-20210215/*.md")])


@pytest.mark.corpus
def test_every_source_reads_cleanly(shared_dir: Path) -> None:
    formats: dict[str, int] = {}
    numbered = {}
    for path in _corpus(shared_dir):
        source = read_source(path)
        formats[source.format] = formats.get(source.format, 0) + 1
        lines = source.text.split("\n")
        for paragraph in source.paragraphs:
            assert paragraph.text and paragraph.text == paragraph.text.strip(), (path.name, paragraph)
            assert not LEFTOVERS.search(paragraph.text), (path.name, paragraph)
            assert 1 <= paragraph.line <= len(lines) and lines[paragraph.line - 1].strip(), (path.name, paragraph)
        assert [p.line for p in source.paragraphs] == sorted(p.line for p in source.paragraphs), path.name
        numbered[path.name] = sum(1 for p in source.paragraphs if re.match(r"[1-9]\d{2}\.\d+[a-z]?\.? ", p.text))
    assert formats == {"official-text": 111, "hard-wrapped-text": 3, "plain-text": 20,
                       "scraped-page": 2, "jekyll-markdown": 11}
    assert (numbered["2003-10-01.txt"], numbered["2003-12-01.txt"], numbered["2004-02-01.txt"]) == (686, 688, 691)


@pytest.mark.corpus
def test_hard_wrapped_files_have_no_wrapped_reference_rules(shared_dir: Path) -> None:
    """Independent count: a rule starts after a blank line; every other line starting with a
    number is a wrapped reference and must sit inside a paragraph, never start one."""
    for name in ("2003-10-01", "2003-12-01", "2004-02-01"):
        source = read_source(shared_dir / "corpus" / "en" / f"{name}.txt")
        assert source.format == "hard-wrapped-text"
        lines = source.text.split("\n")
        rule_lines = {i + 1 for i, line in enumerate(lines)
                      if re.match(r"[1-9]\d{2}\.\d+[a-z]?\.?\s", line) and (i == 0 or not lines[i - 1].strip())}
        starts = {p.line for p in source.paragraphs if re.match(r"[1-9]\d{2}\.\d+[a-z]?\.?\s", p.text)}
        assert starts == rule_lines, name


def _docx(text: str) -> bytes:
    """A minimal Word file: a zip holding the content types and ``word/document.xml``."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as docx:
        docx.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/'
                      'package/2006/content-types"/>')
        docx.writestr("word/document.xml", f"<w:document><w:body><w:p>{text}</w:p></w:body></w:document>")
    return out.getvalue()


def test_documents_are_refused_by_name(tmp_path: Path) -> None:
    """An RTF file is text full of control words and would parse (its lines start with rule numbers
    after ``\\par``); it is refused naming its format, like PDF and Word files."""
    rule_lines = "".join(f"\\par 100.{n}. Text of rule 100.{n}.\n" for n in range(1, 30))
    documents = {
        "cr.rtf": ("{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}}\n" + rule_lines + "}").encode(),
        "cr.pdf": b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n" + rule_lines.encode(),
        "cr.docx": _docx(rule_lines),
    }
    for name, data in documents.items():
        (tmp_path / name).write_bytes(data)
    refused = {}
    for name in documents:
        with pytest.raises(SourceError) as caught:
            read_source(tmp_path / name)
        refused[name] = str(caught.value).split(": ", 1)[1]
    assert refused == {
        "cr.rtf": "an RTF document, not a text: save it as plain text (UTF-8) and build that",
        "cr.pdf": "a PDF document, not a text: save it as plain text (UTF-8) and build that",
        "cr.docx": "a Word document (DOCX), not a text: save it as plain text (UTF-8) and build that",
    }


def test_a_compressed_file_is_read_uncompressed_and_an_archive_is_refused_by_name(tmp_path: Path) -> None:
    import bz2
    import gzip
    import lzma
    import tarfile

    text = "".join(f"100.{n}. Invented text of rule 100.{n}, for the test.\n" for n in range(1, 30)).encode()
    plain = read_source(tmp_path / "cr.txt", data=text)
    for name, packed in {"cr.txt.gz": gzip.compress(text), "cr.bz2": bz2.compress(text), "cr": lzma.compress(text)}.items():
        (tmp_path / name).write_bytes(packed)
        read = read_source(tmp_path / name)
        assert (read.name, read.format, read.paragraphs) == (name, plain.format, plain.paragraphs)
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as packed:
        packed.writestr("cr.txt", text)
    tarred = io.BytesIO()
    with tarfile.open(fileobj=tarred, mode="w") as packed:
        member = tarfile.TarInfo("cr.txt")
        member.size = len(text)
        packed.addfile(member, io.BytesIO(text))
    refusals = {"cr.zip": archive.getvalue(), "cut.gz": gzip.compress(text)[:200], "cr.tar.gz": gzip.compress(tarred.getvalue())}
    found = {}
    for name, data in refusals.items():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(SourceError) as caught:
            read_source(tmp_path / name)
        found[name] = str(caught.value).split(": ", 1)[1]
    assert found == {"cr.zip": "a ZIP archive, not a text: extract its files and build those",
                     "cr.tar.gz": "a tar archive, not a text: extract its files and build those",
                     "cut.gz": "a damaged gz file: Compressed file ended before the end-of-stream marker was reached"}


@pytest.mark.corpus
@pytest.mark.parametrize(("name", "lang"), [
    ("corpus/en/2026-01-16.txt", "en"), ("corpus/ko/kormtgcr/2021-11-19.txt", "ko"),
    ("corpus/ko/kormtgcr/2016-07-22.txt", "ko"),  # EUC-KR
])
def test_a_whole_edition_wrapped_without_trailing_spaces_parses_as_the_original(
        shared_dir: Path, tmp_path: Path, name: str, lang: str) -> None:
    """The edition as a copy through ``fmt`` would give it (78 columns, no trailing space, blank
    lines kept): the same rules and glossary but for a space or two around a dash."""
    import textwrap

    from ingest.parse.parser import parse_rules

    original = read_source(shared_dir / name)
    wrapped = tmp_path / "wrapped.txt"
    wrapped.write_text("\n".join("\n".join(textwrap.wrap(line, 78, break_long_words=False, break_on_hyphens=False))
                                 for line in original.text.split("\n")), encoding="utf-8")
    copy = read_source(wrapped)
    assert copy.format == "hard-wrapped-text"
    before, after = (parse_rules(s.paragraphs, lang=lang, source=s.name) for s in (original, copy))
    texts = [{(r.number, " ".join(r.text.split())) for r in parsed.rules} for parsed in (before, after)]
    assert len(after.rules) == len(before.rules) and len(texts[0] - texts[1]) <= 3
    glossaries = [{(g.term, " ".join(g.definition.split())) for g in parsed.glossary} for parsed in (before, after)]
    assert glossaries[0] == glossaries[1]  # a line break may become a space: "object.\nSee rule 707" wrapped


def _wrapped_in_columns(line: str, width: int) -> list[str]:
    """``line`` wrapped as a Japanese or Chinese text is: at ``width`` display columns (a wide
    character two), anywhere but inside a run of Latin letters and digits."""
    import unicodedata

    def columns(text: str) -> int:
        return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)

    lines, current = [], ""
    for token in re.findall(r"[\x21-\x7e]+| |.", line, re.DOTALL):
        if columns(current) + columns(token) > width and current.strip():
            lines.append(current.rstrip())
            current = "" if token == " " else token
        else:
            current += token
    return [*lines, current.rstrip()]


@pytest.mark.corpus
@pytest.mark.parametrize(("name", "lang", "width"), [
    ("corpus/ja/2026-01-16.txt", "ja", 80), ("corpus/zh/2024-04-12.txt", "zh", 78),
])
def test_a_whole_japanese_or_chinese_edition_wrapped_at_a_width_parses_as_the_original(
        shared_dir: Path, tmp_path: Path, name: str, lang: str, width: int) -> None:
    """The edition wrapped as a copy out of a PDF would be (``_wrapped_in_columns``): the same
    rules, texts joined without a space inside Japanese or Chinese (a space the wrap replaced
    may be lost: compared without spaces); the glossary nearly so (Japanese prints no blank
    line between its entries: a headword wrapped itself may be read as a definition's end)."""
    from ingest.parse.parser import parse_rules

    original = read_source(shared_dir / name)
    wrapped = tmp_path / "wrapped.txt"
    wrapped.write_text("\n".join("\n".join(_wrapped_in_columns(line, width)) for line in original.text.split("\n")),
                       encoding="utf-8")
    copy = read_source(wrapped)
    assert copy.format == "hard-wrapped-text"
    before, after = (parse_rules(s.paragraphs, lang=lang, source=s.name) for s in (original, copy))
    assert [(r.number, "".join(r.text.split())) for r in after.rules] == [
        (r.number, "".join(r.text.split())) for r in before.rules]
    glossaries = [{(g.term, "".join(g.definition.split())) for g in parsed.glossary} for parsed in (before, after)]
    assert len(glossaries[0] - glossaries[1]) <= 0.01 * len(glossaries[0])
