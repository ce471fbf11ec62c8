"""What the Japanese and Chinese query readers (``search.japanese``, ``search.chinese``) share: a
run of text cut into tokens is read as its content words, or as the name it holds.

A token is ``(surface, kept, joins)``: its text, whether a rule would hold it (a content word),
and whether it joins the content word before it (a suffix, katakana after katakana). The
surfaces of a run's tokens make up the run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from search.query import Clause, ParsedQuery

Token = tuple[str, bool, bool]
NAME_REACH = 2
"""Function tokens a name may hold on either side of a run's content words (``read_run``)."""
NAME_CHARS = 12
"""The longest query ``corrected_name`` reads as a name (613's title, 持续性效应的互动, is 8)."""
IsName = Callable[[str], bool]
"""True when a text is a rule's whole name in the edition searched (``search.related.named_rules``)."""


def cut_clauses(parsed: ParsedQuery, cut: Callable[[str], list[str]]) -> ParsedQuery:
    """``parsed`` with each word ``cut`` gives words for replaced by them (``cut`` returns ``[]``
    for a word to keep as typed); the same query when none is cut."""
    clauses: list[Clause] = []
    for clause in parsed.clauses:
        words = [] if clause.phrase else cut(clause.text)
        clauses += [Clause(word) for word in words] if words else [clause]
    return parsed if tuple(clauses) == parsed.clauses else replace(parsed, clauses=tuple(clauses))


def corrected_name(parsed: ParsedQuery, correct: Callable[[str], str | None], is_name: IsName) -> ParsedQuery | None:
    """``parsed`` as the rule's name its one word is, once corrected (``correct``, the edition's
    speller: ``迟续性效应的互动 -> 持续性效应的互动``, 613's title; ``衍生伍 -> 衍生物``); None when
    ``parsed`` is more than one unquoted word, longer than ``NAME_CHARS``, or its correction is
    no name. Asked before a run is cut into words: a slip inside a name breaks it apart (``衍生``
    and ``伍``)."""
    if len(parsed.clauses) != 1 or parsed.clauses[0].phrase or parsed.related:
        return None
    if len(parsed.clauses[0].text) > NAME_CHARS:  # a question, not a name (and correcting it reads every stretch)
        return None
    fixed = correct(parsed.clauses[0].text)
    if not fixed or not is_name(fixed):
        return None
    return replace(parsed, clauses=(Clause(fixed),))


def read_run(tokens: Sequence[Token], is_name: IsName) -> list[str]:
    """The words of a run: a rule's name it holds around its content words, with up to
    ``NAME_REACH`` function tokens on either side (``特別な処理とは何ですか -> [特別な処理]``: the
    name holds な; ``什么是地行者 -> [地行者]``: jieba takes 地 for a particle), the fewest first;
    else its content words in order (``[伝説, クリーチャー, 2体, コントロール]``); ``[]`` when it has none."""
    words: list[str] = []
    kept_at: list[int] = []
    for index, (surface, kept, joins) in enumerate(tokens):
        if kept and kept_at and kept_at[-1] == index - 1 and joins:
            words[-1] += surface
        elif kept:
            words.append(surface)
        if kept:
            kept_at.append(index)
    if not words:
        return []
    bounds = [0]
    for surface, _, _ in tokens:
        bounds.append(bounds[-1] + len(surface))
    text, first, last = "".join(surface for surface, _, _ in tokens), kept_at[0], kept_at[-1] + 1
    spans = sorted(((i, j) for i in range(max(first - NAME_REACH, 0), first + 1)
                    for j in range(last, min(last + NAME_REACH, len(tokens)) + 1)),
                   key=lambda span: (first - span[0]) + (span[1] - last))
    name = next((text[bounds[i]:bounds[j]] for i, j in spans if is_name(text[bounds[i]:bounds[j]])), None)
    return [name] if name else words
