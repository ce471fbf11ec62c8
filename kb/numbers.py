"""Rule-number grammar of the Comprehensive Rules.

A rule number is one of four levels, written canonically as:

- section: ``"7"`` (the CR's "section 7"; one digit, 1-9),
- three-digit rule: ``"702"`` (the CR's "rule 702"),
- rule: ``"702.19"``,
- subrule: ``"702.19b"`` (letters skip ``l`` and ``o``).

Canonical forms never carry a trailing period and use lower-case letters. ``parse_number`` accepts
the variants people and other sites write (``702.19B``, ``702.19b.``, ``CR702.19b``, ``r702.19b``,
``rule 601.2a``, ``702,19b`` (a decimal comma), ``702.19.b``, ``규칙 702.19b``, ``ルール702.19b``,
``704.5j項``, ``規則``/``规则 702.19b``,
full-width digits, the anchor form ``R70219b``) and returns the canonical form.
"""

from __future__ import annotations

import re
import unicodedata

SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"
"""Subrule letters in order: the CR skips ``l`` and ``o``."""

RULE_PATTERN = r"[1-9]\d{2}"
"""A three-digit rule (``702``), for building other modules' patterns (the one rule-number grammar)."""
SUBRULE_PATTERN = RULE_PATTERN + r"\.\d+[a-z]?"
"""A rule or subrule as printed, without its trailing period (``702.19``, ``702.19b``)."""
NUMBER_PATTERN = RULE_PATTERN + r"(?:\.\d+[a-z]?)?"
"""A three-digit rule, rule or subrule (``702``, ``702.19``, ``702.19b``)."""

_CANONICAL = re.compile(rf"^(?P<rule>{RULE_PATTERN})(?:\.(?P<num>\d+)(?P<sub>[a-z])?)?$|^(?P<section>[1-9])$")
_LOOSE = re.compile(
    r"^\s*(?:(?:cr|r|rule|rules|section|§|comprehensive\s+rules?|종합\s*규칙|규칙|総合ルール|総合規則|综合规则|綜合規則"
    r"|ルール|規則|规则|제|第)\s*\.?\s*)?"
    rf"(?P<body>{RULE_PATTERN}(?:(?:\s*[.,]\s*|[-_])\d+(?:\s*\.?\s*[a-zA-Z])?)?|[1-9])\s*\.?"
    r"\s*(?:번\s*규칙|번|조|条|项|項|规则|の?\s*(?:ルール|規則)|규칙)?\s*[?？]?\s*$",
    re.IGNORECASE,
)
_RANGE = re.compile(r"^(?P<first>.+?\d[a-z]?)\s*(?:[-‐-―~〜]|\s(?:through|thru|to)\s)\s*"
                    r"(?P<last>\d{1,3}(?:\.\d+)?[a-z]?|[a-z])\s*\.?$", re.IGNORECASE)
_ANCHOR = re.compile(rf"^R(?P<rule>{RULE_PATTERN})(?P<num>\d+)?(?P<sub>[a-z])?$")
PREFIX_LANGUAGES = {"번": "ko", "규칙": "ko", "제": "ko", "조": "ko", "ルール": "ja", "規則": "ja", "の": "ja",
                    "項": "ja", "规则": "zh", "第": "zh", "条": "zh", "项": "zh"}
"""The language a word written with a number is in, the first found in this order (``规则`` is
simplified Chinese; ``規則``, the same word in Japanese kanji and traditional characters, is read as
Japanese; ``제702.19조`` is Korean, ``第702.19条`` Chinese)."""


class InvalidRuleNumber(ValueError):
    """Raised when a string is not a rule number in any accepted form."""

    def __init__(self, text: str) -> None:
        super().__init__(f"not a rule number: {text!r}")
        self.text = text


def is_canonical(number: str) -> bool:
    """True when ``number`` is already canonical (``"7"``, ``"702"``, ``"702.19"``, ``"702.19b"``)."""
    return bool(_CANONICAL.match(number))


def parse_number(text: str) -> str | None:
    """Return the canonical form of a rule number written loosely, or None.

    Accepts upper-case letters, a trailing period, a ``CR``/``r``/``rule``/``section``/``§`` prefix
    (and the Korean, Japanese and Chinese words, with "comprehensive rules": ``総合ルール702.11b``),
    inner spaces around the dot, a comma, hyphen or underscore for the dot (``702-19b``,
    ``702_19b``: URL slugs), a
    dot before the letter, full-width digits (NFKC) and the anchor form ``R70219b``. Subrule letters ``l``
    and ``o`` do not exist in the CR and give None.
    """
    text = unicodedata.normalize("NFKC", text).strip()
    anchor = _ANCHOR.match(text)
    if anchor:
        return _from_anchor(anchor)
    match = _LOOSE.match(text)
    if not match:
        return None
    body = re.sub(r"\s+", "", match.group("body")).lower().replace(",", ".").replace("-", ".").replace("_", ".")
    body = re.sub(r"(?<=\d)\.(?=[a-z])", "", body)  # 702.19.b
    if body[-1:] in ("l", "o"):
        return None
    return body if is_canonical(body) else None


_LINK_TAIL = re.compile(r"[\s,;:!?)\]}>»”’'\"。、，；：）」』]+$")
_LETTER_IN_BRACKETS = re.compile(r"(?<=\d)\(([a-zA-Z])\)$")


def parse_linked(text: str) -> str | None:
    """A rule number as links and chat messages carry it: ``parse_number``'s forms, then with the
    punctuation a linkifier kept after it (``702.19b,``, ``702.19b)``, ``702.19b。``), its letter
    in brackets (``702.19(b)``), or a range's first number (``702.19b-d``, ``702.19a–702.19c``:
    ``parse_range_start``); None when none reads."""
    found = parse_number(text) or parse_range_start(text)
    if found is None:
        normal = unicodedata.normalize("NFKC", text)
        trimmed = _LINK_TAIL.sub("", _LETTER_IN_BRACKETS.sub(r"\1", normal.rstrip(" ,;:.。")))
        found = parse_number(trimmed) or parse_range_start(trimmed) if trimmed else None
    return found


def parse_range_start(text: str) -> str | None:
    """The first number of a range written as judges do (``601.2a-d``, ``601.2a–601.2d``,
    ``rules 119.7-8``, ``704.5k through 704.5p``, ``601.2a~d``), the ends read as ``parse_number``
    and ``expand_range`` read them; None when ``text`` is no such range."""
    match = _RANGE.match(unicodedata.normalize("NFKC", text).strip())
    first = parse_number(match.group("first")) if match else None
    if first is None:
        return None
    try:
        expand_range(first, match.group("last").lower())
    except InvalidRuleNumber:
        return None
    return first


def canonical(text: str) -> str:
    """Like ``parse_number`` but raises ``InvalidRuleNumber`` instead of returning None."""
    number = parse_number(text)
    if number is None:
        raise InvalidRuleNumber(text)
    return number


def _from_anchor(match: re.Match[str]) -> str | None:
    rule, num, sub = match.group("rule"), match.group("num"), match.group("sub")
    if num is None:
        return None if sub else rule
    if sub in ("l", "o"):
        return None
    return f"{rule}.{num}{sub or ''}"


def level(number: str) -> int:
    """0 for a section, 1 for a three-digit rule, 2 for a rule, 3 for a subrule.

    Raises ``InvalidRuleNumber`` for a non-canonical number.
    """
    match = _CANONICAL.match(number)
    if not match:
        raise InvalidRuleNumber(number)
    if match.group("section"):
        return 0
    if match.group("num") is None:
        return 1
    return 3 if match.group("sub") else 2


def parent(number: str) -> str | None:
    """The number one level up: ``702.19b -> 702.19 -> 702 -> 7 -> None``."""
    depth = level(number)
    if depth == 0:
        return None
    if depth == 1:
        return number[0]
    if depth == 2:
        return number.split(".")[0]
    return number[:-1]


def ancestors(number: str) -> list[str]:
    """Numbers above ``number``, outermost first: ``702.19b -> ["7", "702", "702.19"]``."""
    chain: list[str] = []
    current = parent(number)
    while current is not None:
        chain.insert(0, current)
        current = parent(current)
    return chain


def section_of(number: str) -> str:
    """The section digit a number belongs to: ``"702.19b" -> "7"``."""
    level(number)
    return number[0]


def sort_key(number: str) -> tuple[int, int, int, int]:
    """A key that orders numbers as the CR does, parents before children.

    ``sorted(["702.2", "702.19b", "702.19", "7"], key=sort_key)`` gives
    ``["7", "702.2", "702.19", "702.19b"]``. Letters order by ``SUBRULE_LETTERS``; an ``l`` or ``o``
    (a publisher typo) sorts after the letter before it.
    """
    match = _CANONICAL.match(number)
    if not match:
        raise InvalidRuleNumber(number)
    if match.group("section"):
        return (int(number), -1, -1, -1)
    rule = int(match.group("rule"))
    num = match.group("num")
    if num is None:
        return (rule // 100, rule, -1, -1)
    sub = match.group("sub")
    return (rule // 100, rule, int(num), -1 if sub is None else _letter_rank(sub))


def _letter_rank(letter: str) -> int:
    return "abcdefghijklmnopqrstuvwxyz".index(letter)


def next_letter(letter: str) -> str | None:
    """The subrule letter after ``letter`` (``k -> m``, ``n -> p``), None after ``z``."""
    index = SUBRULE_LETTERS.find(letter)
    if index < 0 or index + 1 >= len(SUBRULE_LETTERS):
        return None
    return SUBRULE_LETTERS[index + 1]


def expand_range(first: str, last: str) -> list[str]:
    """All numbers from ``first`` to ``last`` inclusive, skipping subrule letters ``l`` and ``o``.

    ``first`` and ``last`` are canonical and of the same level and parent, or ``last`` may be
    written short (``"d"`` for ``601.2d``, ``"8"`` for ``119.8``). Examples:
    ``expand_range("601.2a", "d") -> ["601.2a", "601.2b", "601.2c", "601.2d"]``,
    ``expand_range("119.7", "8") -> ["119.7", "119.8"]``,
    ``expand_range("704.5k", "704.5p") -> ["704.5k", "704.5m", "704.5n", "704.5p"]``.
    Raises ``InvalidRuleNumber`` when the two ends are not of one rule or run backwards, or the range
    is longer than 100 numbers.
    """
    last = _complete(first, last)
    depth = level(first)
    if depth != level(last) or parent(first) != parent(last):
        raise InvalidRuleNumber(f"{first}-{last}")
    if depth == 3:
        letters = SUBRULE_LETTERS
        start, end = letters.find(first[-1]), letters.find(last[-1])
        if start < 0 or end < start:
            raise InvalidRuleNumber(f"{first}-{last}")
        return [first[:-1] + letter for letter in letters[start : end + 1]]
    start_n, end_n = _tail_int(first, depth), _tail_int(last, depth)
    if end_n < start_n or end_n - start_n > 100:
        raise InvalidRuleNumber(f"{first}-{last}")
    prefix = first.split(".")[0] + "." if depth == 2 else ""
    return [f"{prefix}{n}" for n in range(start_n, end_n + 1)]


def _complete(first: str, last: str) -> str:
    if is_canonical(last) and level(last) == level(first):
        return last
    depth = level(first)
    if depth == 3 and re.fullmatch(r"[a-z]", last):
        return first[:-1] + last
    if depth == 2 and last.isdigit():
        return first.split(".")[0] + "." + last
    raise InvalidRuleNumber(f"{first}-{last}")


def _tail_int(number: str, depth: int) -> int:
    return int(number.split(".")[1]) if depth == 2 else int(number)


def anchor(number: str) -> str:
    """The widely linked anchor form: ``"702.19b" -> "R70219b"``, ``"702" -> "R702"``."""
    level(number)
    return "R" + number.replace(".", "")


def prefix_language(text: str) -> str | None:
    """The language of the word a rule number is written with, before or after it (``규칙 702.19b``
    and ``702.19b번`` -> ``"ko"``, ``702.19bのルール`` -> ``"ja"``, ``规则702.19b`` -> ``"zh"``);
    None without one, or for ``rule``/``CR``."""
    text = unicodedata.normalize("NFKC", text).strip()
    return next((lang for word, lang in PREFIX_LANGUAGES.items() if word in text), None)
