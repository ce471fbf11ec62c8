"""Which of crkb's languages a text is written in, from its script."""

from __future__ import annotations

import re

HANGUL = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
"""Hangul syllables and jamo."""
KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f\u4e00-\u9fff]")
"""Hiragana, katakana (also half-width) and CJK ideographs."""


def script_language(text: str) -> str:
    """``"ja"`` when kana and kanji outnumber Hangul, ``"ko"`` when there is any Hangul, else
    ``"en"``. Works for a whole CR text and for a two-character query alike."""
    hangul = len(HANGUL.findall(text))
    if len(KANA_OR_KANJI.findall(text)) > hangul:
        return "ja"
    return "ko" if hangul else "en"
