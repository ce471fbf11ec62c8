"""What the readers hand to the parser: a source's clean paragraphs and what was taken out.

A reader turns a file's bytes into a ``SourceText``: decoded, line ends normalised, markup and
site boilerplate removed, hard-wrapped lines joined, so that every ``Paragraph`` is one logical
paragraph of the CR (a rule, an example, a heading, a glossary line, a continuation).
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from dataclasses import dataclass, field

EXAMPLE_LABEL = re.compile(r"^(?:Example|例如|例|예시|예)\s*[:：]\s*", re.IGNORECASE)
"""How an example paragraph opens, in the languages of the CR: ``Example:`` (English, Korean),
``例:`` (Japanese), ``예:``/``예시:`` (Korean), ``例如:`` (Chinese); full-width colons too."""


class SourceError(Exception):
    """A source could not be read: ``path`` (and ``line``, 1-based, where there is one) and why."""

    def __init__(self, path: str, line: int | None, reason: str) -> None:
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {reason}")
        self.path = path
        self.line = line
        self.reason = reason


@dataclass(frozen=True)
class Paragraph:
    """One logical paragraph and the 1-based line of the source it starts on."""

    text: str
    line: int


@dataclass(frozen=True)
class Diagnostic:
    """Something a reader or the parser noticed: ``kind`` is a short slug such as
    ``"boilerplate"``, ``"markup"``, ``"repeated-text"``, ``"duplicate-number"``,
    ``"out-of-sequence"``, ``"deobfuscated"``, ``"split-run-together"``, ``"unparsed"``,
    ``"unresolved-reference"``; ``text`` is a short sample (at most ~200 characters)."""

    source: str
    line: int
    kind: str
    text: str


@dataclass(frozen=True)
class SourceMeta:
    """What a text says about itself: language (``en``/``ko``/``ja``), effective date (None when
    the text names none) and title (its first heading, or a default per language)."""

    lang: str
    effective_date: dt.date | None
    title: str


@dataclass
class SourceText:
    """A reader's output for one file.

    ``name`` is the file name; ``format`` one of ``"official-text"``, ``"hard-wrapped-text"``,
    ``"scraped-page"``, ``"plain-text"``, ``"jekyll-markdown"``, ``"html-page"``; ``encoding``
    the codec the bytes were decoded with; ``text`` the decoded, line-end-normalised text (of an
    HTML page: its text, one paragraph per line), for metadata detection; ``diagnostics`` what
    was removed, repaired or doubted, with line numbers.
    """

    name: str
    format: str
    encoding: str
    text: str
    paragraphs: list[Paragraph]
    diagnostics: list[Diagnostic] = field(default_factory=list)


def display_path(path: Path) -> str:
    """``path`` relative to the current folder when it is below it, else as given."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


class BuildCrashed(Exception):
    """Something unexpected failed while building ``path``; nothing was published."""

    def __init__(self, path: str, error: BaseException) -> None:
        super().__init__(f"{path}: {type(error).__name__}: {error}")
        self.path = path
        self.error = error

    def __reduce__(self):
        """Crosses from a worker process: the error travels as its type name and message."""
        return _crashed, (self.path, type(self.error).__name__, str(self.error))


def _crashed(path: str, kind: str, message: str) -> BuildCrashed:
    return BuildCrashed(path, type(kind, (Exception,), {})(message))
