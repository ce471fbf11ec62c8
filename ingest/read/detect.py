"""What a CR text says about itself: language, effective date and title.

The effective date comes from the text only, never from a file name and never guessed. Stated
dates: English "These rules are effective as of January 16, 2026." (also "current as of", with or
without the final period), Korean "이 규칙은 2021년 11월 19일부터 시행됩니다." (also the Jekyll
index's ``*...시행됩니다.*``), Chinese "此规则于2024年2月2日起生效。", Japanese
"このルールは2026年1月16日から有効です。" and the version in the Japanese title
"和訳 20230901.0 版". They are looked for in the header, then in the last lines (the Japanese
translation states its date at the very end). Only when none is stated, the Japanese header's
translation date "…が 2026-01-16 に翻訳したものです。" is taken. A text naming none has
``effective_date`` None.
"""

from __future__ import annotations

import datetime as dt
import re

from ingest.sources import SourceMeta
from kb.scripts import ASCII_LETTER, KANA, KANA_OR_KANJI, OTHER_LETTERS, script_language

UNKNOWN = "und"
"""The language of a text written in none of crkb's languages (ISO 639-2 "undetermined")."""

HEADER_LINES = 40
"""Title and date are looked for in this many non-blank lines from the top (after front matter);
a stated date also in as many lines from the end."""

SAMPLE_CHARS = 60_000
"""Chinese against Japanese and English against other Latin-script languages are told from this
many characters from the start (a CR text is written in one language throughout)."""
MIN_KANA_SHARE = 0.05
"""Japanese writes kana between its kanji (about 70% of a Japanese CR's CJK characters are kana);
a Chinese text has none. Below this share of kana among kana and kanji, a text is Chinese."""
ENGLISH_WORDS = frozenset(
    "the of and a an to is are in that this it its or be by for with on as if any from can has have "
    "each which not was at".split()
)
"""Common English words: about 30% of the words of every English CR text (2002-2026), under 2% of
a French one."""
MIN_ENGLISH_SHARE = 0.05
MIN_WORDS_TO_JUDGE = 1000
"""A Latin-script text of at least this many words with under ``MIN_ENGLISH_SHARE`` of common
English words is not English; shorter texts (excerpts, word lists) are not judged."""
_WORD = re.compile(r"[A-Za-z]+")

MONTHS = {name: n for n, name in enumerate(
    ["January", "February", "March", "April", "May", "June", "July", "August", "September",
     "October", "November", "December"], start=1)}

_MONTH = "(?:" + "|".join(MONTHS) + ")"
EN_DATE = re.compile(
    r"\b(?:effective|current)\s+as\s+of\s+(?:"
    rf"(?P<month>{_MONTH})\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<year>\d{{4}})"
    rf"|(?P<day2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<month2>{_MONTH}),?\s+(?P<year2>\d{{4}})"
    r"|(?P<iso>\d{4}-\d{2}-\d{2})\b)",
    re.IGNORECASE,
)
"""``Effective as of January 16, 2026`` as the official files print it, and the same with any
spaces (a no-break space), without the comma, with 16th, as 16 January 2026 or 2026-01-16."""
JA_DATE = re.compile(r"和訳\s*(\d{4})(\d{2})(\d{2})(?:\.\d+)?\s*版")
JA_EFFECTIVE = re.compile(r"(?:この|本)ルールは\s*(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日\s*(?:から|より)(?:有効|発効|施行|適用)")
"""``このルールは2026年1月16日から有効です。``, and the same with 本ルール, より, 発効, 施行 or 適用."""
JA_TRANSLATED = re.compile(r"(\d{4})-(\d{2})-(\d{2})\s*に翻訳")
KO_DATE = re.compile(
    r"(\d{4})\s*(?:년\s*|[.-]\s*)(\d{1,2})\s*(?:월\s*|[.-]\s*)(\d{1,2})\s*(?:일|\.)?\s*(?:부터|에|로부터)?\s*"
    r"(?:시행|적용|발효|효력)")
"""``2021년 11월 19일부터 시행``, as kormtgcr and dbyll print it, and the same as ``2021. 11. 19.`` or
``2021-11-19``, with 부터 or 에 or neither, and 시행, 적용, 발효 or 효력."""
ZH_DATE = re.compile(
    r"(?:[此本](?:[规規][则則]|[条條]例)\s*(?:[于於]|[自從从])|生效日期\s*[:：]?)\s*"
    r"(\d{4})\s*(?:年\s*|[.-])(\d{1,2})\s*(?:月\s*|[.-])(\d{1,2})\s*日?\s*(?:起?生效|开始生效|開始生效)?")
"""``此规则于2024年4月12日起生效``, as the Chinese translations print it, and the same with 本, 自 or
从 (Traditional too), or ``生效日期：2024年4月12日`` / ``2024-04-12``."""

TITLES = {
    "en": re.compile(r"Magic:? The Gathering Comprehensive Rules"),
    "ja": re.compile(r"^[^(（]*総合ルール"),
    "ko": re.compile(r"^[^(（]*종합\s*규칙서?"),
    "zh": re.compile(r"^[^(（]*完整[规規][则則]"),  # Simplified or Traditional
}
"""The official title's wording per language; the matched text is the title."""

DEFAULT_TITLES = {
    "en": "Magic: The Gathering Comprehensive Rules",
    "ja": "マジック総合ルール",
    "ko": "매직: 더 개더링 종합 규칙서",
    "zh": "万智牌完整规则",
}

MARKDOWN_DECORATION = re.compile(r"^[\s#*>_-]+|[\s*_]+$")


def detect_meta(text: str) -> SourceMeta:
    """Language, effective date (or None) and title of a decoded CR text.

    Language: see ``detect_language``. Date: see the module docstring. Title: the header line
    carrying the official title (Markdown decoration removed), else ``DEFAULT_TITLES[lang]``
    (empty for an unknown language).
    """
    lang = detect_language(text)
    lines = text.split("\n")
    header = _header_lines(lines)
    date = (
        detect_effective_date("\n".join(header))
        or detect_effective_date("\n".join(_tail_lines(lines)))
        or _first_date("\n".join(header), (JA_TRANSLATED,))
    )
    return SourceMeta(lang, date, _title(header, lang))


def detect_language(text: str) -> str:
    """``"en"``, ``"ko"``, ``"ja"``, ``"zh"`` or ``UNKNOWN`` from the characters of ``text``.

    The script decides first (``kb.scripts.script_language``: more kana and kanji than Hangul ->
    CJK, any Hangul -> ``"ko"``); kana decide between Japanese and Chinese (``MIN_KANA_SHARE``);
    a text mostly in another script (Cyrillic, Greek, ...) or a long Latin-script text with
    almost no common English words (``MIN_ENGLISH_SHARE``) is ``UNKNOWN``.
    """
    lang = script_language(text)
    sample = text[:SAMPLE_CHARS]
    if lang == "ja":
        cjk = len(KANA_OR_KANJI.findall(sample))
        return "ja" if len(KANA.findall(sample)) >= MIN_KANA_SHARE * cjk else "zh"
    if lang == "en":
        if len(OTHER_LETTERS.findall(sample)) > len(ASCII_LETTER.findall(sample)):
            return UNKNOWN
        words = _WORD.findall(sample)
        english = sum(1 for word in words if word.lower() in ENGLISH_WORDS)
        if len(words) >= MIN_WORDS_TO_JUDGE and english < MIN_ENGLISH_SHARE * len(words):
            return UNKNOWN
    return lang


def detect_effective_date(text: str) -> dt.date | None:
    """The first effective date ``text`` states (English, Korean, Chinese or Japanese wording,
    see the module docstring; not the Japanese translation date), or None."""
    return _first_date(text, (EN_DATE, JA_DATE, JA_EFFECTIVE, KO_DATE, ZH_DATE))


def _first_date(text: str, patterns: tuple[re.Pattern[str], ...]) -> dt.date | None:
    found = []
    for pattern in patterns:
        match = pattern.search(text)
        if match:
            try:
                found.append((match.start(), _en_date(match) if pattern is EN_DATE else _numeric_date(match)))
            except ValueError:
                continue
    return min(found)[1] if found else None


def _en_date(match: re.Match[str]) -> dt.date:
    if match["iso"]:
        return dt.date.fromisoformat(match["iso"])
    month, day, year = (match["month"], match["day"], match["year"]) if match["month"] else \
        (match["month2"], match["day2"], match["year2"])
    return dt.date(int(year), MONTHS[month.capitalize()], int(day))


def _numeric_date(match: re.Match[str]) -> dt.date:
    year, month, day = (int(g) for g in match.groups())
    return dt.date(year, month, day)


def _header_lines(lines: list[str]) -> list[str]:
    if lines and lines[0].strip() == "---" and "---" in (line.strip() for line in lines[1:]):
        lines = lines[lines.index("---", 1) + 1:] if "---" in lines[1:] else lines
    return _non_blank(lines)


def _tail_lines(lines: list[str]) -> list[str]:
    return _non_blank(reversed(lines))[::-1]


def _non_blank(lines) -> list[str]:
    """The first ``HEADER_LINES`` non-blank lines of ``lines``, Markdown decoration removed."""
    kept: list[str] = []
    for line in lines:
        line = MARKDOWN_DECORATION.sub("", line)
        if line:
            kept.append(line)
            if len(kept) == HEADER_LINES:
                break
    return kept


def _title(header: list[str], lang: str) -> str:
    if lang not in TITLES:
        return ""
    for line in header:
        match = TITLES[lang].search(line)
        if match:
            return match.group().strip()
    return DEFAULT_TITLES[lang]
