"""Rule texts reduced to what alignment compares.

Two keys per rule:

- ``plain``: the title and text with the typography that editions print differently made equal:
  full-width ASCII forms as ASCII (``／`` as ``/``: ja 2023-09-01 and 2026-01-16 print either),
  runs of whitespace made one, whitespace beside a Chinese or Japanese character or punctuation
  mark dropped (those scripts space nothing: zh 2023-11-17 printed ``参见规则 100.2a`` as
  ``参见规则100.2a``, no edit; Korean spaces its words, and keeps them), and every quote,
  apostrophe, dash, hyphen and question mark made a space, with the trademark signs: the 2008-05-01 edition prints ``?`` for every character outside ASCII
  (``opponent?s``, ``?Draw Step?``, ``cards?even``, ``DCI?`` where others print ``DCI(r)``), and a question mark
  is rare enough in the rules that blanking it on both sides hides no edit worth reporting.
  Equal ``plain`` keys: the rule is unchanged.
- ``masked``: ``plain`` with every rule number a reference names replaced by ``#``, so an edit that
  only renumbers cross-references ("See rule 805" -> "See rule 806") keeps the key.
- ``similar``: ``masked`` lower-cased with the terms the rules renamed written one way (the
  2009-07-11 edition wrote "enters the battlefield" for "comes into play", "exile" for "remove
  from the game", "cast" for "play" a spell; 2021-04-22 "mana value" for "converted mana cost"),
  only to measure how similar two texts are, never to call them unchanged.
"""

from __future__ import annotations

import re

from kb.numbers import NUMBER_PATTERN
from kb.scripts import KANJI

_SPACE = re.compile(r"\s+")

_CJK = f"{KANJI}\u3000-\u30ff\u31f0-\u31ff\uff00-\uffef"
"""Chinese and Japanese characters and punctuation: kanji/hanzi, CJK punctuation, kana, full-width forms."""
_CJK_SPACE = re.compile(rf"\s+(?=[{_CJK}])|(?<=[{_CJK}])\s+")
_QUOTES = re.compile(r"[?'\"\u2019\u2018\u201c\u201d\u00ae\u2122\u2014\u2013\-]|\((?:r|tm)\)")
_SPACED_MARKS = re.compile(r"\s*\((?:r|tm)\)|\s+(?=[,.;:!)\]])|(?<=[(\[])\s+", re.IGNORECASE)
"""A trademark sign spelt out in any case (``Oracle(TM)``, ``Oracle (TM)``), and a space before a
closing mark or after an opening one (``world , all``; ``Decks®,`` whose sign ``plain`` made a
space): ``tidy`` drops them."""
_BRACKETED_ADDRESS = re.compile(r"<([^<>]*\w\.\w[^<>]*)>")
"""A web address in angle brackets: some editions print ``(<www.wizards.com/...>)`` where the one
before printed ``(www.wizards.com/...)`` (206.5 of 2012-02-01, 2012-05-01, 2013-05-01, ...);
``tidy`` keeps the address alone (its ``?`` is a space in a ``plain`` key)."""
_RULE_NUMBER = re.compile(rf"(?<![0-9A-Za-z.]){NUMBER_PATTERN}(?:\.|(?![0-9A-Za-z]))")
"""A rule number in a text, whatever script is around it: there is no word boundary between two
word characters, and a CJK character is one (``规则903``, ``ルール702.169``, ``702.19c와``)."""
_TYPOGRAPHY = str.maketrans({"\u00a0": " ", "\u2212": " ", "\u3000": " ",
                             **{chr(code): chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F)}})
"""No-break and ideographic spaces, the minus sign, and full-width ASCII forms (``／``, ``［``) as
ASCII: a Japanese or Chinese edition prints either."""


def plain(title: str | None, text: str) -> str:
    """The rule's title and text with whitespace, quotes, apostrophes and dashes made uniform
    (whitespace beside Chinese or Japanese dropped)."""
    joined = f"{title or ''} {text or ''}".translate(_TYPOGRAPHY)
    joined = _QUOTES.sub(" ", joined)
    return _CJK_SPACE.sub("", _SPACE.sub(" ", joined)).strip()


def tidy(key: str) -> str:
    """A ``plain`` or ``masked`` key without the marks editions print one way or another
    (``_SPACED_MARKS``, angle brackets around a web address): two rules whose tidy keys are equal
    are no edit of each other. Only ``match.change_of`` asks: the keys the passes pair rules on stay
    as they are, as a space shifts a ratio and flips a close pairing (2016-09-30 508.2b)."""
    return _SPACED_MARKS.sub("", _BRACKETED_ADDRESS.sub(r"\1", key))


def masked(plain_key: str) -> str:
    """``plain_key`` with the rule numbers it names replaced by ``#``."""
    return _RULE_NUMBER.sub("#", plain_key)


def references(plain_key: str) -> tuple[str, ...]:
    """The rule numbers a text names, in order (translations are checked against them)."""
    return tuple(m.group(0).rstrip(".") for m in _RULE_NUMBER.finditer(plain_key))


_RENAMED = [(re.compile(pattern), replacement) for pattern, replacement in (
    (r"\b(?:comes?|came|coming) into play\b", "enters the battlefield"),
    (r"\b(?:put|puts|putting) (?:it |them |that card |)into play\b", "put onto the battlefield"),
    (r"\bleaves? play\b|\bleft play\b", "leaves the battlefield"),
    (r"\bin play\b", "on the battlefield"),
    (r"\b(?:is |are |)removed from the game\b", "exiled"),
    (r"\bremoved from the game zone\b", "exile zone"),
    (r"\bplay(?:s|ed|ing)? (?:a |the |that |)(spell|ability)\b", r"cast \1"),
    (r"\bconverted mana cost\b", "mana value"),
    (r"\bhis or her\b", "their"),
)]


def similar(masked_key: str) -> str:
    """``masked_key`` lower-cased with renamed terms written one way (see the module doc)."""
    key = masked_key.lower()
    for pattern, replacement in _RENAMED:
        key = pattern.sub(replacement, key)
    return key
