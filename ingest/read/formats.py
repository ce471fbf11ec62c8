"""Read one CR source file: refuse oversized files, decode, recognise the format, run its reader."""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import re
import zlib
from collections.abc import Callable
from pathlib import Path

import filetype

from ingest.read.decode import decode_bytes
from ingest.read.detect import detect_meta
from ingest.read.readers.html_page import is_html_page, read_html_page
from ingest.read.readers.jekyll import is_jekyll_markdown, read_jekyll_markdown
from ingest.read.readers.scraped import is_scraped_page, read_scraped_page
from ingest.read.readers.text import is_hard_wrapped, read_hard_wrapped_text, read_official_text, read_plain_text
from ingest.sources import SourceError, SourceText
from kb.numbers import RULE_PATTERN

MAX_BYTES = 20_000_000
"""Largest source file read, in bytes (the biggest CR file, UTF-16 2022-11-18, is 1.7 MB); the
build's default (``crkb build --max-mb``)."""

Reader = Callable[[str, str, str], SourceText]

FORMATS: dict[str, Reader] = {
    "official-text": read_official_text,
    "hard-wrapped-text": read_hard_wrapped_text,
    "scraped-page": read_scraped_page,
    "plain-text": read_plain_text,
    "jekyll-markdown": read_jekyll_markdown,
    "html-page": read_html_page,
}
"""Every source format and its reader."""

RULE_LINE = re.compile(rf"^(?:[\s*#>\[-]|<[^>\n]*>)*{RULE_PATTERN}\.(?:\d+[a-z]?\.?)?(?:\*\*)?\s", re.MULTILINE)
MIN_RULE_LINES = 3
"""A CR text has at least this many lines starting with a rule number, possibly after Markdown or
HTML (``100.1.``, ``100. General``, ``**100.1a**``, ``<p class="clause">**100.1a**``)."""


def read_source(path: str | Path, data: bytes | None = None, fmt: str | None = None) -> SourceText:
    """Read the CR source at ``path`` (or its bytes ``data``) into clean paragraphs.

    ``fmt`` forces a format (a key of ``FORMATS``); by default it is recognised from the text.
    A file compressed whole with gzip, bzip2 or xz is read uncompressed (``decompressed``).
    Returns a ``SourceText`` whose ``name`` is the file name. Raises ``SourceError`` naming the
    file (and line where there is one) for a file over ``MAX_BYTES`` (refused from its size,
    without reading it), an unreadable, empty, binary or undecodable file, an unknown ``fmt``,
    and a text that is no CR text (fewer than ``MIN_RULE_LINES`` rule lines; in an HTML page,
    among the paragraphs of its text).
    """
    path = Path(path)
    if data is None:
        data = _read_bytes(path)
    if len(data) > MAX_BYTES:
        raise SourceError(str(path), None, f"file too large ({len(data)} bytes; limit {MAX_BYTES})")
    data = decompressed(data, str(path))
    _refuse_documents(data, str(path))
    text, encoding = decode_bytes(data, str(path))
    if fmt is None:
        fmt = recognise_format(text, str(path))
    elif fmt not in FORMATS:
        raise SourceError(str(path), None, f"unknown format {fmt!r} (one of {', '.join(FORMATS)})")
    source = FORMATS[fmt](text, path.name, encoding)
    if source.format == "html-page":  # its rules need not start lines of the HTML: a page may be one line
        _check_rule_lines(source.text, str(path))
    return source


COMPRESSED: dict[str, Callable[..., io.BufferedIOBase]] = {
    "gz": gzip.open, "bz2": bz2.open, "xz": lzma.open}
"""Single-file compressions read transparently (``MagicCompRules.txt.gz``), recognised from their
first bytes (``filetype``)."""
ARCHIVE_KINDS = {"zip": "a ZIP archive", "tar": "a tar archive", "7z": "a 7z archive", "rar": "a RAR archive"}
"""Archives of several files, refused by name: crkb builds a folder of files."""


def decompressed(data: bytes, path: str) -> bytes:
    """``data`` uncompressed when it is one file compressed with ``COMPRESSED`` (at most
    ``MAX_BYTES`` read), else as given. Raises ``SourceError`` for an archive (``ARCHIVE_KINDS``:
    extract it first), a damaged compressed file, and one over ``MAX_BYTES`` uncompressed."""
    kind = filetype.guess_extension(data[:8192])
    if kind in COMPRESSED:
        try:
            with COMPRESSED[kind](io.BytesIO(data)) as stream:
                data = stream.read(MAX_BYTES + 1)
        except (OSError, EOFError, lzma.LZMAError, zlib.error) as err:
            raise SourceError(path, None, f"a damaged {kind} file: {err}") from None
        if len(data) > MAX_BYTES:
            raise SourceError(path, None, f"file too large uncompressed (over {MAX_BYTES} bytes)")
        kind = filetype.guess_extension(data[:8192])  # a .tar.gz is a tar archive
    if kind in ARCHIVE_KINDS:
        raise SourceError(path, None, f"{ARCHIVE_KINDS[kind]}, not a text: extract its files and build those")
    return data


DOCUMENT_KINDS = {"rtf": "an RTF document", "pdf": "a PDF document", "doc": "a Word document (DOC)",
                  "docx": "a Word document (DOCX)", "odt": "an OpenDocument text", "epub": "an EPUB book"}
"""Document formats recognised from their first bytes (``filetype``) and refused by name."""


def _refuse_documents(data: bytes, path: str) -> None:
    """Raise ``SourceError`` naming the format when ``data`` is a word-processor or PDF document
    (crkb reads plain text, Markdown and HTML pages: save the document as plain text first)."""
    kind = filetype.guess_extension(data[:8192])
    if kind in DOCUMENT_KINDS:
        raise SourceError(path, None, f"{DOCUMENT_KINDS[kind]}, not a text: save it as plain text (UTF-8) "
                                      "and build that")


def recognise_format(text: str, path: str = "<text>") -> str:
    """The format of a decoded source text (a key of ``FORMATS``).

    An HTML document -> ``"html-page"`` (its text is checked once read: ``read_source``);
    Jekyll front matter or Markdown rules -> ``"jekyll-markdown"``; site boilerplate ->
    ``"scraped-page"``; wrapped lines -> ``"hard-wrapped-text"``; English -> ``"official-text"``;
    other languages -> ``"plain-text"``. Raises ``SourceError`` when any other text has no rule lines.
    """
    if is_html_page(text):
        return "html-page"
    _check_rule_lines(text, path)
    if is_jekyll_markdown(text):
        return "jekyll-markdown"
    if is_scraped_page(text):
        return "scraped-page"
    if is_hard_wrapped(text):
        return "hard-wrapped-text"
    return "official-text" if detect_meta(text).lang == "en" else "plain-text"


def _check_rule_lines(text: str, path: str) -> None:
    """Raise ``SourceError`` when fewer than ``MIN_RULE_LINES`` lines of ``text`` start with a rule number."""
    rule_lines = RULE_LINE.findall(text)
    if len(rule_lines) < MIN_RULE_LINES:
        raise SourceError(path, None, f"not a CR text: {len(rule_lines)} lines start with a rule number")


def _read_bytes(path: Path) -> bytes:
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise SourceError(str(path), None, f"file too large ({size} bytes; limit {MAX_BYTES})")
        return path.read_bytes()
    except OSError as err:
        raise SourceError(str(path), None, f"cannot read: {err.strerror or err}") from None
