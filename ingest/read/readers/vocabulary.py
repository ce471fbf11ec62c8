"""The English CR vocabulary: every word of four or more letters in the official English texts.

Used to repair scraped copies whose site broke words with dots (``a.s.sault``): a dotted word is
repaired only when its undotted form is a word the CR itself uses. The list ships as
``cr_words.txt`` next to this module; regenerate it with
``python -m ingest.read.readers.vocabulary ../shared/corpus/en > ingest/readers/cr_words.txt``.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

WORD = re.compile(r"[A-Za-z]{4,}")
"""A vocabulary word: ASCII letters only, at least four of them."""

WORD_LIST = "cr_words.txt"


def load_vocabulary() -> frozenset[str]:
    """The shipped CR vocabulary: lower-case words, one per line in ``cr_words.txt``."""
    text = resources.files(__package__).joinpath(WORD_LIST).read_text(encoding="utf-8")
    return frozenset(line for line in text.split("\n") if line)


def build_vocabulary(texts: Iterable[str]) -> list[str]:
    """The sorted lower-case words (see ``WORD``) occurring in any of ``texts``."""
    words: set[str] = set()
    for text in texts:
        words.update(word.lower() for word in WORD.findall(text))
    return sorted(words)


def main(argv: list[str]) -> None:
    """Print the vocabulary of every ``*.txt`` file in the folder ``argv[0]``."""
    from ingest.read.decode import decode_bytes

    files = sorted(Path(argv[0]).glob("*.txt"))
    texts = (decode_bytes(path.read_bytes(), str(path))[0] for path in files)
    sys.stdout.write("".join(word + "\n" for word in build_vocabulary(texts)))


if __name__ == "__main__":
    main(sys.argv[1:])
