"""What a CR text says about itself: language, effective date and title.

The effective date comes from the text only, never from a file name and never guessed:
English "These rules are effective as of January 16, 2026." (also "current as of", with or without
the final period), Japanese "和訳 20230901.0 版", Korean "이 규칙은 2021년 11월 19일부터 시행됩니다."
(also the Jekyll index's ``*...시행됩니다.*``). A text naming none has ``effective_date`` None.
"""

from __future__ import annotations

import datetime as dt
import re

from ingest.sources import SourceMeta
from kb.scripts import script_language

HEADER_LINES = 40
"""Title and date are looked for in this many non-blank lines from the top (after front matter)."""

MONTHS = {name: n for n, name in enumerate(
    ["January", "February", "March", "April", "May", "June", "July", "August", "September",
     "October", "November", "December"], start=1)}

EN_DATE = re.compile(r"\b(?:effective|current) as of (" + "|".join(MONTHS) + r") (\d{1,2}), (\d{4})")
JA_DATE = re.compile(r"和訳\s*(\d{4})(\d{2})(\d{2})(?:\.\d+)?\s*版")
KO_DATE = re.compile(r"(\d{4})년\s*(\d{1,2})월\s*(\d{1,2})일\s*부터\s*시행")

TITLES = {
    "en": re.compile(r"Magic:? The Gathering Comprehensive Rules"),
    "ja": re.compile(r"^[^(（]*総合ルール"),
    "ko": re.compile(r"^[^(（]*종합\s*규칙서?"),
}
"""The official title's wording per language; the matched text is the title."""

DEFAULT_TITLES = {
    "en": "Magic: The Gathering Comprehensive Rules",
    "ja": "マジック総合ルール",
    "ko": "매직: 더 개더링 종합 규칙서",
}

MARKDOWN_DECORATION = re.compile(r"^[\s#*>_-]+|[\s*_]+$")


def detect_meta(text: str) -> SourceMeta:
    """Language, effective date (or None) and title of a decoded CR text.

    Language from the script (``kb.scripts.script_language``): more kana and kanji than Hangul ->
    ``"ja"``, any Hangul -> ``"ko"``, else ``"en"``. Title: the header line carrying the official title (Markdown decoration removed),
    else ``DEFAULT_TITLES[lang]``.
    """
    lang = detect_language(text)
    header = _header_lines(text)
    return SourceMeta(lang, detect_effective_date("\n".join(header)), _title(header, lang))


def detect_language(text: str) -> str:
    """``"ja"``, ``"ko"`` or ``"en"`` from the characters of ``text`` (see ``detect_meta``)."""
    return script_language(text)


def detect_effective_date(text: str) -> dt.date | None:
    """The first effective date ``text`` states (English, Japanese or Korean wording), or None."""
    found = []
    for pattern, to_date in ((EN_DATE, _en_date), (JA_DATE, _numeric_date), (KO_DATE, _numeric_date)):
        match = pattern.search(text)
        if match:
            try:
                found.append((match.start(), to_date(match)))
            except ValueError:
                continue
    return min(found)[1] if found else None


def _en_date(match: re.Match[str]) -> dt.date:
    month, day, year = match.groups()
    return dt.date(int(year), MONTHS[month], int(day))


def _numeric_date(match: re.Match[str]) -> dt.date:
    year, month, day = (int(g) for g in match.groups())
    return dt.date(year, month, day)


def _header_lines(text: str) -> list[str]:
    lines = text.split("\n")
    if lines and lines[0].strip() == "---" and "---" in (line.strip() for line in lines[1:]):
        lines = lines[lines.index("---", 1) + 1:] if "---" in lines[1:] else lines
    header: list[str] = []
    for line in lines:
        line = MARKDOWN_DECORATION.sub("", line)
        if line:
            header.append(line)
            if len(header) == HEADER_LINES:
                break
    return header


def _title(header: list[str], lang: str) -> str:
    for line in header:
        match = TITLES[lang].search(line)
        if match:
            return match.group().strip()
    return DEFAULT_TITLES[lang]
