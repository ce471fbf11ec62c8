"""detect_meta: language, effective date and title from the text alone."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ingest.read.decode import decode_bytes
from ingest.read.detect import detect_meta
from ingest.read.formats import read_source
from ingest.sources import SourceMeta

EN = "Magic: The Gathering Comprehensive Rules"
JA_HEAD = "このファイルは、Comprehensive Rulesを、翻訳チーム が 2026-01-15 に翻訳したものです。\nもくじ\n"
JA_RULES = "".join(f"{n}. 原則のルール\n" for n in range(100, 160))
"""Written for the test: the translation date in the header, 60 rules, and (in one case) the
effective date stated on the last line, as the official Japanese text does."""
FRENCH = "100.1. Ces règles de Magic s'appliquent à toute partie de Magic avec deux joueurs ou plus. "


@pytest.mark.parametrize(
    ("text", "meta"),
    [
        (f"{EN}\n\nThese rules are effective as of January 16, 2026.\n\nIntroduction\n",
         SourceMeta("en", dt.date(2026, 1, 16), EN)),
        (f"{EN}\n\nThese rules are effective as of February 2, 2024\n", SourceMeta("en", dt.date(2024, 2, 2), EN)),
        (f"{EN}\n\nThese rules are current as of October 7, 2002.\n", SourceMeta("en", dt.date(2002, 10, 7), EN)),
        # the same sentence as a copy may have it: a no-break space, no comma, day first, 16th, an ISO date
        (f"{EN}\n\nThese rules are effective as of January\u00a016 2026.\n", SourceMeta("en", dt.date(2026, 1, 16), EN)),
        (f"{EN}\n\nThese Rules Are Effective As Of 16th January, 2026.\n", SourceMeta("en", dt.date(2026, 1, 16), EN)),
        (f"{EN}\n\nThese rules are effective as of 2026-01-16.\n", SourceMeta("en", dt.date(2026, 1, 16), EN)),
        ("マジック総合ルール(和訳 20230901.0 版)\nこのルールに関して、英語を正文とし\n",
         SourceMeta("ja", dt.date(2023, 9, 1), "マジック総合ルール")),
        ("매직: 더 개더링 종합 규칙서\n\n이 규칙은 2021년 11월 19일부터 시행됩니다.\n",
         SourceMeta("ko", dt.date(2021, 11, 19), "매직: 더 개더링 종합 규칙서")),
        ("소개\n2021년 11월 19일부터 시행\n", SourceMeta("ko", dt.date(2021, 11, 19), "매직: 더 개더링 종합 규칙서")),
        # other wordings a copy may have
        ("소개\n이 규칙은 2021. 11. 19.부터 적용됩니다.\n", SourceMeta("ko", dt.date(2021, 11, 19), "매직: 더 개더링 종합 규칙서")),
        ("702.19. 践踏\n本規則自2024年4月12日起生效。\n", SourceMeta("zh", dt.date(2024, 4, 12), "万智牌完整规则")),
        ("702.19. 践踏\n生效日期：2024-04-12\n", SourceMeta("zh", dt.date(2024, 4, 12), "万智牌完整规则")),
        ("702.19. 践踏 于2024年4月12日\n", SourceMeta("zh", None, "万智牌完整规则")),  # a date alone says nothing
        ("---\ntitle: 목차\ndate: 2021-03-05\n---\n### **매직: 더 개더링 종합 규칙서**\n\n*이 규칙은 2021년 2월 15일부터 시행됩니다.*\n",
         SourceMeta("ko", dt.date(2021, 2, 15), "매직: 더 개더링 종합 규칙서")),
        ("100.1. These Magic rules apply to any Magic game.\n", SourceMeta("en", None, EN)),
        ("These rules are effective as of February 30, 2024.\n", SourceMeta("en", None, EN)),
        ("Contents\n- 700. 일반\n700.1. 게임상에서 일어나는 모든 것은 이벤트입니다.\n", SourceMeta("ko", None, "매직: 더 개더링 종합 규칙서")),
        ("万智牌完整规则 \t\n\n此规则于2024年2月2日起生效。\n\n前言\n", SourceMeta("zh", dt.date(2024, 2, 2), "万智牌完整规则")),
        ("702.19. 践踏\n702.19a 践踏是一种静止式异能。\n", SourceMeta("zh", None, "万智牌完整规则")),
        (JA_HEAD + JA_RULES, SourceMeta("ja", dt.date(2026, 1, 15), "マジック総合ルール")),
        (JA_HEAD + JA_RULES + "このルールは2026年1月16日から有効です。\n", SourceMeta("ja", dt.date(2026, 1, 16), "マジック総合ルール")),
        (JA_HEAD + JA_RULES + "本ルールは2024年8月2日より発効します。\n", SourceMeta("ja", dt.date(2024, 8, 2), "マジック総合ルール")),
        ("100.1. Эти правила Magic применяются к любой игре Magic.\n", SourceMeta("und", None, "")),
        (FRENCH * 100, SourceMeta("und", None, "")),
        ("These rules are effective as of January 16, 2026.\n" + "Example: the of " * 400, SourceMeta("en", dt.date(2026, 1, 16), EN)),
    ],
)
def test_detect_meta(text: str, meta: SourceMeta) -> None:
    assert detect_meta(text) == meta


@pytest.mark.corpus
def test_seeds(shared_dir: Path) -> None:
    metas = [detect_meta(read_source(path).text) for path in sorted((shared_dir / "seeds").glob("*.txt"))]
    assert metas == [
        SourceMeta("ko", None, "매직: 더 개더링 종합 규칙서"),
        SourceMeta("ja", dt.date(2023, 9, 1), "マジック総合ルール"),
        SourceMeta("en", None, "Magic The Gathering Comprehensive Rules"),
        SourceMeta("ko", None, "매직: 더 개더링 종합 규칙서"),
        SourceMeta("ko", None, "매직: 더 개더링 종합 규칙서"),
    ]


@pytest.mark.corpus
def test_every_english_file_states_a_date_near_its_name(shared_dir: Path) -> None:
    far = {}
    for path in sorted((shared_dir / "corpus" / "en").glob("*.txt")):
        meta = detect_meta(decode_bytes(path.read_bytes(), str(path))[0])
        assert (meta.lang, meta.title) == ("en", EN), path.name
        named = dt.date.fromisoformat(path.stem)
        assert meta.effective_date is not None, path.name
        if abs((meta.effective_date - named).days) > 11:
            far[path.stem] = meta.effective_date
    # The header of 2006-06-01 says "June 1, 2004": reported as found, not corrected.
    assert far == {"2006-06-01": dt.date(2004, 6, 1)}


@pytest.mark.corpus
def test_every_korean_file_states_its_own_date(shared_dir: Path) -> None:
    for path in sorted((shared_dir / "corpus" / "ko" / "kormtgcr").glob("*.txt")):
        meta = detect_meta(decode_bytes(path.read_bytes(), str(path))[0])
        assert meta == SourceMeta("ko", dt.date.fromisoformat(path.stem), "매직: 더 개더링 종합 규칙서"), path.name
    dates = {path.name: detect_meta(decode_bytes(path.read_bytes(), str(path))[0]).effective_date
             for path in (shared_dir / "corpus" / "ko" / "dbyll-20210215").glob("*.md")}
    assert dates.pop("ko-20210215-dbyll-index.md") == dt.date(2021, 2, 15)
    assert set(dates.values()) == {None}


@pytest.mark.corpus
def test_japanese_and_chinese_files_state_their_dates(shared_dir: Path) -> None:
    ja = shared_dir / "corpus" / "ja" / "2026-01-16.txt"
    assert detect_meta(ja.read_text(encoding="utf-8")) == SourceMeta("ja", dt.date(2026, 1, 16), "マジック総合ルール")
    for path in sorted((shared_dir / "corpus" / "zh").glob("20*.txt")):
        meta = detect_meta(path.read_text(encoding="utf-8"))
        assert meta == SourceMeta("zh", dt.date.fromisoformat(path.stem), "万智牌完整规则"), path.name
