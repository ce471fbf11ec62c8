"""Find the rules a CR text cites: ``See rule 601.2b``, ``rules 601.2a–d``, ``규칙 702.19 참조``,
``rule 614〔置換効果〕参照``, ``section 8``, ``8절``, or a bare ``101.4a``.

Input: one rule's text, one example or one glossary definition, as plain Unicode (no markup; a
Markdown link ``[702.105](/700#702.105)`` has already become its text ``702.105``).

What counts as a citation (all languages, since Korean and Japanese texts keep English ``See
rule``):

- a keyword (``rule``, ``rules``, ``subrule``, ``section``; Korean ``규칙``, ``규정``) followed by a
  list of items: ``rules 701.3a, 701.3b, and 701.3c``, ``rules 614 and 615``, ``rules 608.3a and
  b``, ``rule. 410`` (an old Korean seed); after ``section`` a one-digit item is a section, after
  ``rule`` only when a Japanese title bracket follows (``rule 9〔カジュアル変種ルール〕``);
- a dotted number without a keyword (``except as specified in 101.4a``, ``listed in 103.2a–e``,
  Korean ``702.19b 참고``) and the lists that follow it; a bare three-digit number only as ``See
  718, “Prototype Cards.”``;
- Korean ``8절`` (section 8).

An item is a number or a range (``601.2a–d``, ``119.7-8``, ``903.6–903.11``, ``704.5k〜p``),
expanded with ``kb.numbers.expand_range`` (subrule letters skip ``l`` and ``o``). A quoted title
after an item (``rule 510, “Combat Damage Step.”``) is not part of the span; a list that goes on
after a title (``rules 702.109, “Dash,” 702.152, “Blitz,”``) gives one reference per item group.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from kb.model import LANGUAGES, Reference
from kb.numbers import InvalidRuleNumber, expand_range, level, parse_number

_FULLWIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20, 0xFF0C: ord("、")}
"""Full-width ASCII (``７０２．１９ｂ``, ``（``) to ASCII, one character for one: spans stay valid. The
full-width comma is the list mark 、 (``规则403.3，603.6a``: as ``,`` it read as a thousands comma)."""

_NUMBER = r"[1-9]\d{2}(?:\.\d+(?:\.?[a-z](?![A-Za-z]))?)?(?!\d)"
_DOTTED = r"[1-9]\d{2}\.\d+(?:\.?[a-z](?![A-Za-z]))?(?!\d)"
_SECTION = r"[1-9](?!\d)(?!\.\d)"
_BEFORE = r"(?<![0-9A-Za-z.$#/\\\-–])(?<!\d,)"
"""What may not stand right before a number: it would be part of a longer number, a word or a path."""
_AFTER_KEYWORD = r"(?<![0-9.$#/\\\-–])(?<!\d,)"
"""``_BEFORE`` right after a keyword, which may end in a letter: ``See rule702.72`` (en 2009-07-11,
glossary Hideaway)."""
_SENTENCE_END = ".)”\"!?:。"
_DASH = r"(?:[-‐‑–−]|\s[-–]\s(?!a\s)|\s?[~〜]\s?(?:rules?\s*)?|\s*から\s*(?:rules?\s*)?|至|\?(?=[0-9a-z]))"
"""What joins the ends of a range: a dash (``601.2a–d``; spaced, ``601.2e - g``, as en 2012-02-01 prints
it), a wave dash (``704.5k〜p``, ja ``601.2f～rule 601.2h``), Japanese から (``608.2c から rule
608.2m``), Chinese 至 (``509.1b至c``), or the ``?`` a text of en 2008-05-01 and 2009-05-01 or ko
2016-07-22 prints for its dash (``306?311``, ``409.1f?h``)."""
_RANGE_END = _NUMBER + r"|\d{1,2}(?![\d.A-Za-z])|[a-z](?![A-Za-z])"
_KEYWORD = {
    "en": r"(?<![A-Za-z])(?i:(?:sub)?rules?|sections?)(?:\s*\.)?\s*",
    "ko": r"(?<![A-Za-z])(?i:(?:sub)?rules?|sections?)(?:\s*\.)?\s*|규칙\s*|규정\s*",
    "ja": r"(?<![A-Za-z])(?i:(?:sub)?rules?|sections?)(?:\s*\.)?\s*",
    "zh": r"(?<![A-Za-z])(?i:(?:sub)?rules?|sections?)(?:\s*\.)?\s*|[规規][则則]\s*",  # Simplified or Traditional
}
_SEPARATOR = {
    "en": r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|and/or)\s+",
    "ko": r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+|\s*(?:및|와|과|또는|그리고|이나|나)\s*",
    "ja": r"\s*[,、]\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+|\s*(?:および|及び|または|と|や)\s*",
    "zh": r"\s*[,、]\s*(?:(?:and|or|以及|和|或)\s*)?|\s+(?:and|or)\s+|\s*(?:以及|和|或者|或|及|与)\s*",
}
_TITLE = r"[,、]?\s*(?:[“\"'‘「『](?P<title>[^”\"'’」』\n]{1,100})[”\"'’」』]|〔[^〕\n]{1,60}〕)"
_AFTER_TITLE = r"\s*(?:,\s*)?(?:(?:and|or|및|와|과|および|、|以及|和|或)\s*)?"
_COUNTER = r"(?!\s*(?:장|점|개|명|번|턴|枚|点|人|個|%|cards?\b|life\b))"
"""A three-digit item continuing a list must not be a count (``100장``, ``100 cards``)."""

Span = tuple[int, int]
_Target = tuple[str, "Span | None"]
"""A target and the span of the number naming it (None inside a range or for a lone letter)."""
_Group = tuple[int, int, list[_Target]]
"""A citation being read: span start, span end, targets so far."""


_SECTION_WORDS = {
    "ko": r"|(?<![\d.])(?P<ko_section>[1-9])\s?절(?![차반])",
    "zh": r"|第(?P<ko_section>[1-9])章",
    "ja": rf"|(?P<ja_see>{_BEFORE}[1-9]\d{{2}})(?=\s*(?:〔[^〕\n]{{1,60}}〕)?\s*参照)",
}
"""A section cited by its own word, not by a keyword: ``8절``, ``第8章``; and a Japanese three-digit
rule cited by the 参照 ("see") after it (``727〔RADカウンター〕参照``, ``(719 参照)``)."""


def _anchor_pattern(lang: str) -> re.Pattern[str]:
    """The regex that starts a citation: a keyword and its first item, 8절, See NNN, or a bare number."""
    section = _SECTION_WORDS.get(lang, "")
    return re.compile(
        rf"(?P<keyword>{_KEYWORD[lang]})(?P<first>{_AFTER_KEYWORD}(?:{_NUMBER}|{_SECTION}))"
        rf"(?:{_DASH}(?P<end>{_RANGE_END}))?"
        rf"{section}"
        rf"|(?<![A-Za-z])(?i:see)\s+(?P<see>{_BEFORE}[1-9]\d{{2}})(?=,\s*[“\"])"
        rf"|(?P<bare>{_BEFORE}{_DOTTED})(?:{_DASH}(?P<bare_end>{_RANGE_END}))?"
    )


def _item_pattern(number: str) -> re.Pattern[str]:
    """An item continuing a list: a number (dotted only, after a bare number) or a range."""
    return re.compile(rf"{_BEFORE}(?P<num>{number}){_COUNTER}(?:{_DASH}(?P<end>{_RANGE_END}))?")


_ANCHOR = {lang: _anchor_pattern(lang) for lang in LANGUAGES}
_LIST_WORDS = {lang: re.compile(words) for lang, words in _SEPARATOR.items()}
_KEYWORD_ITEM = _item_pattern(_NUMBER)
_BARE_ITEM = _item_pattern(_DOTTED)
_TITLE_THEN = re.compile(_TITLE)
_AFTER_TITLE_THEN = re.compile(_AFTER_TITLE)
_LETTER = re.compile(r"[a-z](?![A-Za-z0-9])")
_RUN_IN = re.compile(r"\.?\s(?!\s*(?:〔[^〕\n]{1,60}〕\s*)?(?:참고|참조|参照))")


@lru_cache(maxsize=1 << 15)  # a build worker meets most texts again in the next edition
def find_references(text: str, lang: str) -> tuple[Reference, ...]:
    """The citations of rules in ``text``, in the order written.

    ``text`` is one rule's text, example or glossary definition (plain Unicode); ``lang`` is
    ``"en"``, ``"ko"``, ``"ja"`` or ``"zh"`` (it adds that language's keywords and list words to the English
    forms every text may hold). Each ``Reference`` has ``text[start:end] == text`` (the keyword
    and the numbers, without a trailing period or quoted title) and ``targets``: canonical numbers,
    ranges expanded, in the order written, without duplicates. Numbers that are not rule numbers
    (``20`` life, ``2/2``, ``rule 0``, ``100 cards``) give nothing. Raises ``ValueError`` for an
    unknown ``lang``.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {LANGUAGES}")
    norm = text.translate(_FULLWIDTH)
    refs: list[Reference] = []
    pos = 0
    while match := _ANCHOR[lang].search(norm, pos):
        first = _first_item(match, norm)
        if first is None:
            pos = match.start() + 1
            continue
        keyword = match.group("keyword") or match.group("see") or match.groupdict().get("ja_see")
        items = _KEYWORD_ITEM if keyword else _BARE_ITEM
        groups = _follow_list(norm, first, items, _LIST_WORDS[lang])
        refs += [_reference(text, start, end, found) for start, end, found in groups]
        pos = groups[-1][1]
    return tuple(refs)


def _first_item(match: re.Match[str], text: str) -> _Group | None:
    """Span start, end and targets of the first item an anchor matched, or None when it is no citation."""
    if match.groupdict().get("ko_section"):
        return match.start(), match.end(), [(match.group("ko_section"), match.span("ko_section"))]
    for see in ("see", "ja_see"):
        if match.groupdict().get(see):
            return match.start(see), match.end(see), [(match.group(see), match.span(see))]
    if match.group("bare"):
        if _is_run_in_number(text, match):
            return None
        targets = _item_targets(match, "bare", "bare_end")
        return (match.start(), match.end(), targets) if targets else None
    first, keyword = match.group("first"), match.group("keyword").strip().lower()
    if len(first) == 1:
        is_section = keyword.startswith("section") or text.startswith("〔", match.end("first"))
        found = [(first, match.span("first"))]
        return (match.start(), match.end(), found) if is_section and not match.group("end") else None
    targets = _item_targets(match, "first", "end")
    return (match.start(), match.end(), targets) if targets else None


def _is_run_in_number(text: str, match: re.Match[str]) -> bool:
    """Whether a bare number is a rule's own number run into the text, not a citation.

    That is a number opening the text or a sentence and followed by a space: ``712.3b 혼합
    쌍인…`` (a stale number left by the translator), ``…Effects.") 506.4. The subgame…`` (two
    rules on one scraped line); not one followed by "see", maybe after its title (``。 702.169
    〔解明完了〕参照``, ja 2026-01-16 719.3c)."""
    before = text[: match.start()].rstrip()
    if match.group("bare_end") or (before and before[-1] not in _SENTENCE_END):
        return False
    return bool(_RUN_IN.match(text, match.end()))


def _follow_list(
    text: str, first: _Group, items: re.Pattern[str], list_words: re.Pattern[str]
) -> list[_Group]:
    """Extend a citation from its first item over the list that follows (``, 601.2c, and 601.2d``).

    Returns (start, end, targets) groups: one, or more when quoted titles stand between items
    (``rules 702.109, “Dash,” 702.152, “Blitz,”``), each item after a title starting a new group.
    """
    groups = [first]
    while True:
        start, end, targets = groups[-1]
        title = _TITLE_THEN.match(text, end)
        if title:
            after = _AFTER_TITLE_THEN.match(text, title.end())
            listed = after.group().strip() or (title.group("title") or "").endswith(",")
            item = items.match(text, after.end()) if listed else None
            new = _item_targets(item, "num", "end") if item else []
            if not new:
                return groups
            groups.append((item.start(), item.end(), new))
            continue
        words = list_words.match(text, end)
        if words is None:
            return groups
        item = items.match(text, words.end())
        if item:
            new, item_end = _item_targets(item, "num", "end"), item.end()
        else:
            new, item_end = _letter_item(text, words.end(), targets), words.end() + 1
        if not new:
            return groups
        groups[-1] = (start, item_end, targets + new)


def _letter_item(text: str, pos: int, previous: list[_Target]) -> list[_Target]:
    """``rules 608.3a and b``: a lone letter after a subrule, later in the alphabet (never ``a``)."""
    letter = _LETTER.match(text, pos)
    before = previous[-1][0] if previous else ""
    if not letter or not before or level(before) != 3 or letter.group() <= before[-1]:
        return []
    number = parse_number(before[:-1] + letter.group())
    return [(number, None)] if number else []


def _item_targets(match: re.Match[str], first: str, end: str) -> list[_Target]:
    """Canonical targets of one item (groups ``first`` and ``end`` of ``match``): a number with
    its span, or a range expanded (l/o skipped; its first number has its span, the members after
    it none of their own).

    A range that does not expand (backwards, mixed levels) gives its two ends, each if valid.
    """
    number = _canonical(match.group(first))
    if number is None:
        return []
    written_end = match.group(end)
    if written_end is None:
        return [(number, match.span(first))]
    last = _canonical(written_end) if len(written_end) >= 3 else written_end
    try:
        expanded = expand_range(number, last) if last else [number]
        return [(n, match.span(first) if index == 0 else None) for index, n in enumerate(expanded)]
    except InvalidRuleNumber:
        ends = [(last, match.span(end))] if last and _canonical(last) == last else []
        return [(number, match.span(first)), *ends]


def _reference(text: str, start: int, end: int, found: list[_Target]) -> Reference:
    """A Reference of ``text[start:end]``, each target once (its first span kept)."""
    spans: dict[str, Span | None] = {}
    for number, span in found:
        spans.setdefault(number, span)
    return Reference(start, end, text[start:end], tuple(spans), tuple(spans.values()))


def _canonical(written: str) -> str | None:
    """``702.9.m`` (a translator's typo) and ``702.19b`` alike to canonical form, or None."""
    return parse_number(re.sub(r"\.(?=[a-z]$)", "", written))


def _unique(numbers: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(numbers))


def resolve_references(refs: Iterable[Reference], known: set[str]) -> tuple[list[str], list[str]]:
    """Split the targets of ``refs`` into (resolved, unresolved) against ``known`` rule numbers.

    ``known`` holds the canonical numbers of one edition (sections, three-digit rules, rules,
    subrules). Both lists keep the order of first citation and hold each number once.
    """
    targets = _unique(target for ref in refs for target in ref.targets)
    return [t for t in targets if t in known], [t for t in targets if t not in known]
