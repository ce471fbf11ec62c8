"""Which of crkb's languages a text is written in, from its script."""

from __future__ import annotations

import re

# Character ranges, for building the character classes of other modules' patterns.
HANGUL_SYLLABLES = "\uac00-\ud7a3"
"""Precomposed Hangul syllables (가-힣)."""
HANGUL_RANGES = "\u1100-\u11ff\u3130-\u318f\uac00-\ud7af"
"""Hangul syllables and jamo (also compatibility jamo)."""
HIRAGANA = "\u3041-\u3096"
"""Hiragana letters."""
KATAKANA = "\u30a1-\u30fa"
"""Katakana letters (without the middle dot and the long-vowel mark ー, \u30fc)."""
HALFWIDTH_KANA = "\uff66-\uff9f"
"""Half-width katakana."""
KANJI = "\u3005\u4e00-\u9fff\u3400-\u4dbf"
"""CJK ideographs (also extension A) and the iteration mark 々."""

HANGUL = re.compile(f"[{HANGUL_RANGES}]")
"""Hangul syllables and jamo."""
HAN = re.compile(f"[{KANJI}]")
"""CJK ideographs (Japanese kanji, Chinese hanzi) and the iteration mark."""

KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f\u4e00-\u9fff]")
"""Hiragana, katakana (also half-width) and CJK ideographs."""
KANA = re.compile(r"[\u3041-\u309f\u30a1-\u30fa\u30fd-\u30ff\u31f0-\u31ff\uff66-\uff9f]")
"""Hiragana and katakana letters (also half-width), without the middle dot and the long-vowel
mark that Chinese texts may borrow: Japanese writes them, Chinese does not."""
OTHER_LETTERS = re.compile(
    r"[\u0370-\u03ff\u0400-\u052f\u0530-\u058f\u0590-\u05ff\u0600-\u06ff\u0900-\u0dff\u0e00-\u0eff]"
)
"""Letters of scripts none of crkb's languages is written in: Greek, Cyrillic, Armenian, Hebrew,
Arabic, the Indic scripts, Thai and Lao."""
HIRAGANA_RUN = re.compile(f"[{HIRAGANA}ー]+")
"""Hiragana letters and the long-vowel mark: ``fullmatch`` for a word in hiragana alone."""
ASCII_LETTER = re.compile(r"[A-Za-z]")


def script_language(text: str) -> str:
    """``"ja"`` when kana and kanji outnumber Hangul, ``"ko"`` when there is any Hangul, else
    ``"en"``. Works for a whole CR text and for a two-character query alike."""
    hangul = len(HANGUL.findall(text))
    if len(KANA_OR_KANJI.findall(text)) > hangul:
        return "ja"
    return "ko" if hangul else "en"
