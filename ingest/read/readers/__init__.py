"""Readers: pure functions from decoded text to a ``SourceText`` of clean paragraphs.

One reader per source format (see ``ingest.read.formats.FORMATS``). Each takes the decoded,
line-end-normalised text and the file name, never touches files, and returns a ``SourceText``
whose paragraphs carry the 1-based line of the decoded text where they start.
"""

from __future__ import annotations

from ingest.sources import Diagnostic, Paragraph

SAMPLE_CHARS = 200
"""Longest sample of text kept in a Diagnostic."""


def numbered_lines(text: str) -> list[tuple[int, str]]:
    """The lines of ``text`` (split on "\\n" only) with their 1-based line numbers."""
    return list(enumerate(text.split("\n"), start=1))


def line_paragraphs(lines: list[tuple[int, str]]) -> list[Paragraph]:
    """One paragraph per non-blank line, stripped of surrounding whitespace."""
    return [Paragraph(line.strip(), number) for number, line in lines if line.strip()]


def diagnostic(source: str, line: int, kind: str, text: str) -> Diagnostic:
    """A Diagnostic whose sample text is cut to ``SAMPLE_CHARS`` characters."""
    text = text.strip()
    if len(text) > SAMPLE_CHARS:
        text = text[: SAMPLE_CHARS - 1] + "…"
    return Diagnostic(source, line, kind, text)
