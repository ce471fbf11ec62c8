"""Translators' term lists: files kept beside a translation that pair English terms with theirs.

The one kind known is the Chinese translators' list of provisional translations,
``translated-terms.txt`` (``../shared/corpus/zh/``, see SOURCES.md), UTF-8, one pair a line::

    暂译名称列表
    Abandon: 终止
    Alternative name: 别名（仅限于规则201.6所述之情形）

A pair is ``English: term`` (an ASCII colon after a Latin-script English term); a note in full-width
brackets after the term (``（仅限于…）``) is the translators' comment, not part of the term. Other
lines (the title, a sentence about where the names appear, blank lines) are not pairs and are
skipped. A term list is never an edition: ``ingest.plan`` skips these names, ``find_term_lists``
finds them among a build's paths, and the ``terms`` stage (``ingest.terms``) adds their pairs to the
term dictionary after those read from the texts (kind ``list``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from ingest.sources import SourceError

TERM_LISTS: dict[str, str] = {"translated-terms.txt": "zh"}
"""File name of a term list -> the language of its terms."""
_PAIR = re.compile(r"^(?P<english>[A-Za-z][A-Za-z0-9 '’,./-]*?)\s*:\s*(?P<term>[^:：]+?)\s*$")
_NOTE = re.compile(r"\s*[（(][^）)]*[）)]\s*$")


def find_term_lists(paths: Sequence[Path]) -> list[Path]:
    """The term lists among ``paths`` (files given, or found in folders given, hidden folders
    skipped), resolved, each once, in the order found."""
    found: list[Path] = []
    for path in map(Path, paths):
        if path.is_file():
            candidates = [path] if path.name in TERM_LISTS else []
        elif path.is_dir():
            candidates = sorted(p for name in TERM_LISTS for p in path.rglob(name)
                                if not any(part.startswith(".") for part in p.relative_to(path).parts))
        else:
            candidates = []
        found += [p.resolve() for p in candidates if p.resolve() not in found]
    return found


def read_term_list(path: Path) -> list[tuple[str, str]]:
    """The ``[(English term, translated term)]`` pairs of the term list at ``path``, in file order,
    notes dropped. Raises ``SourceError(path, line, reason)`` when the file is not UTF-8."""
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise SourceError(str(path), line, "a term list must be UTF-8") from None
    pairs = []
    for line in text.splitlines():
        match = _PAIR.match(line.strip())
        if match:
            term = _NOTE.sub("", match.group("term")).strip()
            if term:
                pairs.append((match.group("english").strip(), term))
    return pairs


def term_list_lang(path: Path) -> str:
    """The language of the terms of the term list at ``path`` (by its file name)."""
    return TERM_LISTS[Path(path).name]
