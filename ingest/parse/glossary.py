"""The glossary of a CR text: headword paragraphs, each followed by its definition paragraphs.

Helper of ``ingest.parse.parser``. Input: the paragraphs between the ``Glossary`` heading and the
``Credits`` heading (both excluded), e.g.::

    Abandon
    To turn a face-up ongoing scheme card face down and put it on the bottom ...
    Ability
    1. Text on an object that explains what that object does or can do.
    2. An activated or triggered ability on the stack. This kind of ability is an object.
    See rule 113, "Abilities," and section 6, "Spells, Abilities, and Effects."

A headword reads as a heading (short, no closing period) and is followed by a paragraph that does
not (its definition); every other paragraph is a definition line of the headword before it. So
the 2002-2003 list of expansion symbols under ``Expansion Symbol`` (``Expansions and Editions``,
``Arabian Nights(r) [symbol]``, ...: short lines one after another) stays in that definition. The old editions (2002-2008) use the same layout with indented
extra senses and ``Example:`` lines, which stay in the definition. All lines of a definition are
joined with ``"\\n"``. A paragraph that the publisher glued to its headword (``Ability1. Text on
...``, 2021-06-09) is split back. The Japanese glossary's headwords carry their reading and English
term (``トランプル（とらんぷる）／Trample``, ``kb.store.terms.split_headword``); only the term
counts toward the headword's length. A Chinese headword's closing translator's note
(``放置（译注：…。）``) is looked through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ingest.parse.headings import is_heading
from ingest.sources import Diagnostic, Paragraph
from kb.model import GlossaryEntry
from kb.store.terms import split_headword

HEADWORD_MAX_CHARS = 70
"""The longest real headword is ~45 characters; a longer paragraph is a definition line."""

_GLUED_SENSE = re.compile(r"^(?P<term>[A-Z][^\d.]*?[a-z])(?P<sense>1\. \S.*)$", re.DOTALL)
_SAMPLE = 200


def parse_glossary(
    paragraphs: Sequence[Paragraph], *, source: str
) -> tuple[list[GlossaryEntry], list[Diagnostic]]:
    """Glossary entries in document order, and a Diagnostic ``unparsed`` for each definition line
    that has no headword before it and each headword that has no definition."""
    entries: list[GlossaryEntry] = []
    diagnostics: list[Diagnostic] = []
    term: Paragraph | None = None
    lines: list[str] = []

    def close() -> None:
        if term is None:
            return
        if lines:
            headword = term.text.replace("\u00a0", " ")  # a term is a page's name: Alternative Cost, not Alternative\xa0Cost
            entries.append(GlossaryEntry(headword, "\n".join(lines), source=source, line=term.line))
        else:
            diagnostics.append(_unparsed(source, term, "glossary headword without definition"))

    texts = [p.text.strip() for p in paragraphs]
    for index, paragraph in enumerate(paragraphs):
        text = texts[index]
        glued = _GLUED_SENSE.match(text)
        following = texts[index + 1] if index + 1 < len(texts) else None
        if glued and not _is_headword(text):
            close()
            term, lines = Paragraph(glued.group("term").strip(), paragraph.line), [glued.group("sense")]
        elif _is_headword(text) and following and not _is_headword(following) and (term is None or lines):
            close()
            term, lines = Paragraph(text, paragraph.line), []
        elif term is None:
            diagnostics.append(_unparsed(source, paragraph, "glossary text without headword"))
        else:
            lines.append(text)
    close()
    return entries, diagnostics


def _is_headword(text: str) -> bool:
    # ``split_headword`` drops a Chinese headword's closing translator's note (``反击/指示物（译者注：
    # 在英文中这两个词是相同的。）``: its period does not make it a sentence) and measures a Japanese
    # headword without its reading and English term (``アクティブ・プレイヤー・非アクティブ・プレイヤー順
    # （…）／Active Player, Nonactive Player Order`` is over 70 in all)
    term, _, english = split_headword(text)
    if "。" in term:  # a CJK sentence inside: a definition whatever its end (zh 2022-06-10 ends one in a stray ``v``)
        return False
    if english:
        return len(term) <= HEADWORD_MAX_CHARS and is_heading(term) and is_heading(english)
    return len(term) <= HEADWORD_MAX_CHARS and is_heading(term) and not term.startswith("Example")


def _unparsed(source: str, paragraph: Paragraph, why: str) -> Diagnostic:
    return Diagnostic(source, paragraph.line, "unparsed", f"{why}: {paragraph.text[:_SAMPLE]}")
