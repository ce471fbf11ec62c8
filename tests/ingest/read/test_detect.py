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


@pytest.mark.parametrize(
    ("text", "meta"),
    [
        (f"{EN}\n\nThese rules are effective as of January 16, 2026.\n\nIntroduction\n",
         SourceMeta("en", dt.date(2026, 1, 16), EN)),
        (f"{EN}\n\nThese rules are effective as of February 2, 2024\n", SourceMeta("en", dt.date(2024, 2, 2), EN)),
        (f"{EN}\n\nThese rules are current as of October 7, 2002.\n", SourceMeta("en", dt.date(2002, 10, 7), EN)),
        ("マジック総合ルール(和訳 20230901.0 版)\nこのルールに関して、英語を正文とし\n",
         SourceMeta("ja", dt.date(2023, 9, 1), "マジック総合ルール")),
        ("매직: 더 개더링 종합 규칙서\n\n이 규칙은 2021년 11월 19일부터 시행됩니다.\n",
         SourceMeta("ko", dt.date(2021, 11, 19), "매직: 더 개더링 종합 규칙서")),
        ("소개\n2021년 11월 19일부터 시행\n", SourceMeta("ko", dt.date(2021, 11, 19), "매직: 더 개더링 종합 규칙서")),
        ("---\ntitle: 목차\ndate: 2021-03-05\n---\n### **매직: 더 개더링 종합 규칙서**\n\n*이 규칙은 2021년 2월 15일부터 시행됩니다.*\n",
         SourceMeta("ko", dt.date(2021, 2, 15), "매직: 더 개더링 종합 규칙서")),
        ("100.1. These Magic rules apply to any Magic game.\n", SourceMeta("en", None, EN)),
        ("These rules are effective as of February 30, 2024.\n", SourceMeta("en", None, EN)),
        ("Contents\n- 700. 일반\n700.1. 게임상에서 일어나는 모든 것은 이벤트입니다.\n", SourceMeta("ko", None, "매직: 더 개더링 종합 규칙서")),
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
