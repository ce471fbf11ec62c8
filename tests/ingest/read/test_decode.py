"""decode_bytes on real byte excerpts (tests/data/readers) and on every file of the shared corpus."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ingest.read.decode import cr_plausibility, decode_bytes, normalise_line_ends
from ingest.sources import SourceError

MOJIBAKE = re.compile(r"Ã|Â|â€|\wª|ª\w|Ð|\ufffd|[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
"""What a wrong single-byte guess or a double encoding leaves in CR text."""


def _read(test_data: Path, name: str) -> tuple[str, str]:
    path = test_data / "readers" / name
    return decode_bytes(path.read_bytes(), str(path))


def test_mac_roman_trademark_and_en_dash(corpus_data: Path) -> None:
    text, encoding = _read(corpus_data, "en-2004-02-01-100.5.txt")
    assert encoding == "mac_roman"
    assert "Gathering DCI™ Floor Rules" in text
    assert "\r" not in text and text.count("\n") == 9


def test_mac_roman_with_bare_cr_line_ends(corpus_data: Path) -> None:
    text, encoding = _read(corpus_data, "en-2006-10-01-mac-roman-cr.txt")
    assert encoding == "mac_roman"
    assert "El-Hajjâj, Enchantress" in text
    assert "\r" not in text and text.endswith("\n")


def test_cp1252_quotes_dashes_and_ae(corpus_data: Path) -> None:
    text, encoding = _read(corpus_data, "en-2014-09-26-cp1252.txt")
    assert encoding == "cp1252"
    assert "Abbey Matron; Æther Storm" in text and "Ghazbán Ogre" in text and "Ma’rûf" in text
    dash, _ = _read(corpus_data, "en-2014-09-26-dash.txt")
    assert "see rules 603.7d–f." in dash


def test_cp437_card_names(corpus_data: Path) -> None:
    text, encoding = _read(corpus_data, "en-2013-07-11-cp437.txt")
    assert encoding == "cp437"
    assert all(name in text for name in ("Dandân", "Ghazbán Ogre", "Junún Efreet", "Ma'rûf", "Æther Storm"))


@pytest.mark.parametrize(
    ("name", "encoding"),
    [("en-2022-11-18-utf16be.txt", "utf-16-be"), ("en-2016-08-26-utf16le.txt", "utf-16-le")],
)
def test_utf16_with_bom(corpus_data: Path, name: str, encoding: str) -> None:
    text, found = _read(corpus_data, name)
    assert found == encoding
    date = "November 18, 2022" if "2022" in name else "August 26, 2016"
    assert text == f"Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of {date}.\n\n"


def test_utf8_bom_and_bare_cr(corpus_data: Path) -> None:
    text, encoding = _read(corpus_data, "en-2026-01-16-head.txt")
    assert (text, encoding) == (
        "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of January 16, 2026.\n\n",
        "utf-8-sig",
    )


def test_line_ends_of_every_kind() -> None:
    assert normalise_line_ends("a\r\nb\rc\nd\r\r\ne") == "a\nb\nc\nd\n\ne"
    assert decode_bytes("x\r\ny\rz".encode("utf-16"), "mixed.txt")[0] == "x\ny\nz"


def test_bomless_utf16_is_recognised() -> None:
    assert decode_bytes("100.1. These Magic rules".encode("utf-16-le"), "f.txt") == ("100.1. These Magic rules", "utf-16-le")


def test_plausibility_prefers_cr_characters() -> None:
    assert cr_plausibility("Gathering DCI™ – “Dandân” Æther") == (6, 6)
    assert cr_plausibility("Gathering DCIª Ð creatureÆs Dandƒn") == (0, 4)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"", "empty file"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00", "binary data"),
        (b"\xff\xfe" + "100.1. Rules".encode("utf-16-le")[:-1], "truncated utf-16-le"),
        ("100.1. 규칙".encode("utf-8")[:-1], "truncated UTF-8"),
        ("Правила игры. Эти правила описывают игру. 100.1. Правила".encode("cp1251"), "not text in any supported encoding"),
        (b"\xef\xbb\xbf100.1. \xff\xfe rules", "invalid utf-8-sig"),
        (b"   \r\n\r\n", "no text"),
    ],
)
def test_bad_input_is_refused_with_the_file_name(data: bytes, reason: str) -> None:
    with pytest.raises(SourceError) as caught:
        decode_bytes(data, "bad/file.txt")
    assert caught.value.path == "bad/file.txt"
    assert reason in caught.value.reason
    assert str(caught.value).startswith("bad/file.txt")


def test_invalid_utf16_names_the_line() -> None:
    data = "100.1. a\n100.2. b\n".encode("utf-16-le")[:-1]
    with pytest.raises(SourceError) as caught:
        decode_bytes(b"\xff\xfe" + data, "odd.txt")
    assert caught.value.line == 2


def _corpus_files(shared: Path) -> list[Path]:
    return sorted(
        [*shared.glob("corpus/en/*.txt"), *shared.glob("corpus/ko/kormtgcr/*.txt"),
         *shared.glob("corpus/ko/dbyll-20210215/*.md"), *shared.glob("seeds/*.txt")]
    )


@pytest.mark.corpus
def test_every_corpus_file_decodes_without_mojibake(shared_dir: Path) -> None:
    files = _corpus_files(shared_dir)
    assert len(files) == 114 + 18 + 10 + 5
    encodings: dict[str, int] = {}
    for path in files:
        text, encoding = decode_bytes(path.read_bytes(), str(path))
        encodings[encoding] = encodings.get(encoding, 0) + 1
        assert "\r" not in text and not text.startswith("\ufeff"), path.name
        bad = MOJIBAKE.search(text)
        assert bad is None, f"{path.name}: {text[max(0, bad.start() - 30):bad.end() + 30]!r}"
    assert encodings == {"utf-8-sig": 55, "utf-8": 53, "cp1252": 23, "mac_roman": 5, "cp437": 6,
                         "utf-16-be": 2, "utf-16-le": 2, "cp949": 1}


@pytest.mark.corpus
def test_known_encodings_of_named_files(shared_dir: Path) -> None:
    expected = {"2004-02-01": "mac_roman", "2003-10-01": "cp1252", "2007-02-01": "mac_roman",
                "2013-07-11": "cp437", "2022-10-07": "cp1252", "2022-11-18": "utf-16-be",
                "2016-08-26": "utf-16-le", "2026-01-16": "utf-8-sig", "2002-10-07": "utf-8"}
    for date, encoding in expected.items():
        path = shared_dir / "corpus" / "en" / f"{date}.txt"
        assert decode_bytes(path.read_bytes(), str(path))[1] == encoding, date
    euc_kr = decode_bytes((shared_dir / "corpus/ko/kormtgcr/2016-07-22.txt").read_bytes(), "2016-07-22.txt")
    assert euc_kr[1] == "cp949" and euc_kr[0].split("\n")[2] == "이 규칙은 2016년 7월 22일부터 시행됩니다."
    text = decode_bytes((shared_dir / "corpus/en/2004-02-01.txt").read_bytes(), "2004-02-01.txt")[0]
    assert text.count("–") == 14 and text.count("™") == 9


def test_euc_kr_korean_is_read_as_cp949_and_english_never_is() -> None:
    korean = "이 규칙은 2016년 7월 22일부터 시행됩니다.\r\n702.19. 돌진 Trample\r\n"
    assert decode_bytes(korean.encode("euc-kr"), "ko.txt") == (korean.replace("\r\n", "\n"), "cp949")
    english = "702.19b The controller’s creature’s damage isn’t assigned.\r\n" * 3  # valid cp949 bytes too
    assert decode_bytes(english.encode("cp1252"), "en.txt")[1] == "cp1252"


@pytest.mark.corpus
@pytest.mark.parametrize(("name", "encoding"), [
    ("ja/2026-01-16.txt", "cp932"), ("ja/2026-01-16.txt", "euc_jp"),  # Shift_JIS, EUC-JP
    ("zh/2024-04-12.txt", "gb18030"), ("zh/2024-04-12.txt", "big5"),  # GBK, Big5 (in Traditional characters)
])
def test_japanese_and_chinese_in_legacy_encodings_are_read(shared_dir: Path, name: str, encoding: str) -> None:
    import opencc

    text = (shared_dir / "corpus" / name).read_text(encoding="utf-8-sig").replace("\r\n", "\n")
    if encoding == "big5":
        text = opencc.OpenCC("s2t").convert(text)
    expected = text.encode(encoding, errors="replace").decode(encoding)  # 14 symbols Shift_JIS lacks become ?
    assert decode_bytes(text.encode(encoding, errors="replace"), name) == (expected, encoding)


def test_english_and_korean_are_never_read_as_japanese_or_chinese() -> None:
    english = "702.19b The controller’s creature’s damage isn’t assigned.\r\n" * 3
    assert decode_bytes(english.encode("mac_roman"), "en.txt")[1] == "mac_roman"
    korean = "이 규칙은 2016년 7월 22일부터 시행됩니다.\r\n702.19. 돌진 Trample\r\n"
    assert decode_bytes(korean.encode("euc-kr"), "ko.txt")[1] == "cp949"
    japanese = "マジック総合ルール。このルールに関して、英語を正文とし"
    assert decode_bytes(japanese.encode("shift_jis"), "ja.txt") == (japanese, "cp932")


def test_a_rule_number_typed_in_full_width_starts_its_line_in_ascii() -> None:
    text = "７０２．１９ｂ　トランプルは静的能力である。\n１．ゲームの概念\n１つのカードは７０２．１９ｂを見よ。\n"
    assert decode_bytes(text.encode("utf-8"), "f.txt")[0] == (
        "702.19b　トランプルは静的能力である。\n1.ゲームの概念\n１つのカードは７０２．１９ｂを見よ。\n")  # the rest as published


def test_bomless_utf16_of_a_korean_text_is_recognised() -> None:
    # few NULs: only the digits, spaces and line ends have a NUL high byte
    text = "702.19b 돌진 능력을 가진 공격 생물은 초과 피해를 방어 플레이어에게 배정할 수 있습니다.\n" * 20
    assert decode_bytes(text.encode("utf-16-be"), "f.txt") == (text, "utf-16-be")
    assert decode_bytes(text.encode("utf-16-le"), "f.txt") == (text, "utf-16-le")


def test_an_euc_kr_page_of_bilingual_titles_is_korean() -> None:
    # a contents page: each title in Korean and in English
    text = "".join(f"{n}. 게임 개념 Game Concepts\n" for n in range(1, 10)) * 10  # a quarter Hangul
    assert decode_bytes(text.encode("cp949"), "index.md") == (text, "cp949")
