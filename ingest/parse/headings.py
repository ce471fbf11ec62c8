"""How one paragraph of a CR text looks: a numbered rule, an example, a heading, a marker.

Helpers of ``ingest.parse.parser``; each takes one paragraph's text and returns what it is. They know
the three languages' labels: ``Example:`` (English, Korean), ``例:`` (Japanese), ``예:``/``예시:``
(Korean), the glossary headings (``Glossary``, ``용어사전``, ``10. 用語集``) and the
credits heading (``Credits``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ingest.sources import EXAMPLE_LABEL
from kb.numbers import RULE_PATTERN, is_canonical, level

_NUMBERED = re.compile(
    rf"^(?P<number>{RULE_PATTERN}\.\d+[a-zA-Z]?|{RULE_PATTERN}|[1-9])"
    r"(?P<dot>(?P<spaced> )?\.)?"
    r"(?:\s+|(?=[^\x00-\x7f])|(?P<glued>(?<=\.)(?=[A-Z“\"]))|$)"
    r"(?P<text>.*)$",
    re.DOTALL,
)
_SPLIT_NUMBER = re.compile(rf"^(?P<rule>{RULE_PATTERN})\. (?P<rest>\d+[a-z]?)\.?\s+(?P<text>\S.*)$", re.DOTALL)
_GLOSSARY = frozenset({"glossary", "용어사전", "용어집", "용어 사전", "用語集", "10. 用語集", "词汇表", "詞彙表"})
_CREDITS = frozenset({"credits", "제작진", "クレジット", "版权信息", "版權信息", "版權資訊",  # zh Simplified, Traditional
                      "暂译名称列表", "暫譯名稱列表"})  # zh 2022-06-10: the translators' provisional names, after the glossary
_GLOSSARY_OMITTED = frozenset({"<생략>", "(생략)", "<省略>"})
_CLOSERS = "\"'”’」』)）]"
_SENTENCE_END = re.compile(r"[.:;,。．：]$")
_SPACES = re.compile(r"[^\S\n]")
_TRAILING_LATIN = re.compile(r"^(?P<native>.*[^\x00-\x7f])\s*(?P<latin>[\x00-\x7f]*)$", re.DOTALL)

HEADING_MAX_CHARS = 100
"""A section or three-digit heading is at most this long (longest real one: ~70)."""
TITLE_MAX_CHARS = 60
"""A rule (``702.19. Trample``) is a keyword heading only when its text is at most this long."""


@dataclass(frozen=True)
class Numbered:
    """A paragraph that starts with a rule number: canonical ``number``, text after it, and
    whether the number was misprinted and repaired (``606. 8b`` for ``606.8b``)."""

    number: str
    text: str
    repaired: bool = False


def numbered(text: str) -> Numbered | None:
    """The rule number a paragraph starts with, or None.

    Accepts ``1. Game Concepts``, ``100. General``, ``100.1. text``, ``102.8 text`` (no period),
    ``306.2b. text`` (period after a subrule), ``302.4b생물...`` (no space before Korean text),
    ``215. This section is now empty. ...`` (a three-digit rule with a sentence), and repairs the
    misprints ``606. 8b Players ...`` (``606.8b``) and ``901.4.All plane ...`` (no space after the
    number's period, en 2023-09-01) and ``720 . 前兆カード`` (a space before a three-digit rule's
    period, ja 2026-01-16) and a number printed twice (``702.189. 702.189. 火の技``, ja 2026-01-16)
    with ``repaired=True``. Sections and three-digit
    rules need their period (``100 cards`` is no rule); a section also needs a heading-like text
    (``1. Text on an object ...`` is a numbered list item, not section 1). An upper-case subrule
    letter is lowered; ``l``/``o`` letters (not in the CR) are kept as printed.
    """
    split = _SPLIT_NUMBER.match(text)
    if split:
        return Numbered(f"{split.group('rule')}.{split.group('rest')}", split.group("text").strip(), True)
    match = _NUMBERED.match(text)
    if not match:
        return None
    number = match.group("number").lower()
    body = match.group("text").strip()
    if not is_canonical(number):
        return None
    depth = level(number)
    if depth <= 1 and match.group("dot") is None or depth == 0 and not is_heading(body):
        return None
    again = re.match(rf"{re.escape(number)}\.?\s+", body, re.IGNORECASE)  # ja 2026-01-16: 702.189. 702.189. 火の技
    if again and body[again.end():]:
        return Numbered(number, body[again.end():], repaired=True)
    return Numbered(number, body, repaired=match.group("glued") is not None or match.group("spaced") is not None)


def example_text(text: str) -> str | None:
    """The text of an ``Example:``/``例:``/``예:`` paragraph without its label, or None."""
    match = EXAMPLE_LABEL.match(text)
    return text[match.end():].strip() if match else None


def is_glossary_heading(text: str) -> bool:
    """True for the heading that opens the glossary (``Glossary``, ``용어사전``, ``10. 用語集``)."""
    return _fold(text) in _GLOSSARY


def is_credits_heading(text: str) -> bool:
    """True for the heading that opens the back matter: the credits (``Credits``), or what a
    translation appends after its glossary (``暂译名称列表``, a list of provisional names)."""
    return _fold(text) in _CREDITS


def is_glossary_omitted(text: str) -> bool:
    """True for the note a translation prints instead of its glossary (``<생략>``)."""
    return _fold(text) in _GLOSSARY_OMITTED


def is_heading(text: str) -> bool:
    """True when ``text`` reads as a heading, not a sentence: short, no closing punctuation.

    Closing quotes and brackets are looked through (``(Turn Structure)`` is a heading,
    ``... (See rule 113.10.)`` is not); ``For Mirrodin!`` is a heading.
    """
    text = text.strip()
    if not text or len(text) > HEADING_MAX_CHARS:
        return False
    return not _SENTENCE_END.search(text.rstrip(_CLOSERS + " "))


def is_title(text: str) -> bool:
    """True when a rule's text is a keyword heading (``Trample``, ``돌진 Trample``)."""
    return len(text) <= TITLE_MAX_CHARS and is_heading(text)


def split_title(text: str, lang: str) -> tuple[str, str | None]:
    """A heading's (title, English title) as printed.

    English headings are their own title: ``("Trample", None)``. A Japanese keyword heading names
    the English term after a slash: ``"トランプル／Trample" -> ("トランプル", "Trample")`` (a heading
    without one is its own title). A Korean heading
    names the English term after the Korean one, with or without a space or parentheses:
    ``"돌진 Trample" -> ("돌진", "Trample")``, ``"턴의 구성 (Turn Structure)" -> ("턴의 구성",
    "Turn Structure")``, ``"주문, 능력, 효과Spells, Abilities, and Effects"`` splits the same way.
    A Korean heading printed only in English (``"Hand Modifier"``) gives the same text twice.
    Spaces of any kind (no-break, ideographic) are read as spaces.
    """
    text = text.strip()
    if lang == "ja":
        native, slash, latin = text.rpartition("／")
        return (native.strip(), latin.strip()) if slash and latin.isascii() and native else (text, None)
    if lang != "ko":
        return text, None
    text = _SPACES.sub(" ", text)  # a no-break space is no letter of either title
    match = _TRAILING_LATIN.match(text)
    if not match:
        return text, text
    latin = match.group("latin").strip()
    if latin.startswith("(") and latin.endswith(")"):
        latin = latin[1:-1].strip()
    if sum(ch.isalpha() for ch in latin) < 2 or not latin[:1].isalpha():
        return text, None
    return match.group("native").strip(), latin


def _fold(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split()).casefold()
