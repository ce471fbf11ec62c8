"""Bytes to text: find a CR file's encoding, remove the BOM and normalise line ends.

The corpus holds UTF-8 (with and without BOM), UTF-16 LE/BE (with BOM), cp1252, Mac Roman and,
in a few old English files, DOS cp437 (card names such as "Dandân" and "Ghazbán"), and in the
oldest Korean translation EUC-KR (read as its superset cp949): bytes that are not UTF-8 but
decode as cp949 to text whose letters are mostly Hangul. Japanese and Chinese translations of
the same era may come as Shift_JIS, EUC-JP, Big5 or GBK, read the same way (``LEGACY_CJK``). Single-byte
encodings cannot be told apart by their bytes alone, and charset-normalizer's first guess for these
files is often a Central-European code page, so the single-byte candidates are re-ranked by what a
CR text plausibly contains: curly quotes, dashes, ™/®/© and accented letters inside words.
"""

from __future__ import annotations

import codecs
import re
import unicodedata

from charset_normalizer import from_bytes

from ingest.sources import SourceError
from kb.scripts import HAN, HANGUL_SYLLABLES, HIRAGANA, KATAKANA

SINGLE_BYTE_CANDIDATES = ("cp1252", "mac_roman", "cp437")
"""Tried in this order when the bytes are not UTF-8; earlier wins a tie."""

CR_PUNCTUATION = frozenset("‘’“”–—™®©…•")
"""Non-ASCII punctuation the CR uses."""

LATIN_LETTERS = frozenset("ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåæçèéêëìíîïñòóôõöøùúûüýÿŒœ")
"""Accented letters that occur in card and person names."""

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
"""Control characters other than tab, LF, CR and form feed: binary data in a text file."""

MAX_CONTROL_SHARE = 0.01
"""Above this share of other control characters, the data is binary, not text."""

MIN_HANGUL_SHARE = 0.15
"""A cp949 decoding is taken when at least this share of its letters are Hangul syllables (an
English text in a single-byte code page decoded as cp949 gives a few Hangul among many Latin
letters: at most 0.002% in the corpus's 45 English files cp949 decodes; a Korean translation is
mostly Hangul, a page of bilingual titles, as the dbyll index, a quarter)."""
_HANGUL = re.compile(f"[{HANGUL_SYLLABLES}]")
_LETTER = re.compile(r"[^\W\d_]")

_KANA = re.compile(f"[{HIRAGANA}{KATAKANA}]")
MIN_SCRIPT_SHARE = 0.2
"""A Japanese or Chinese decoding is taken when at least this share of its letters are in its
script (a Japanese text is about half kana, a Chinese one nearly all Han; an English text in a
single-byte code page decoded as one of these is mostly Latin letters)."""
LEGACY_CJK = (("cp949", _HANGUL, MIN_HANGUL_SHARE, False),
              ("cp932", _KANA, MIN_SCRIPT_SHARE, True), ("euc_jp", _KANA, MIN_SCRIPT_SHARE, True),
              ("big5", HAN, MIN_SCRIPT_SHARE, True), ("gb18030", HAN, MIN_SCRIPT_SHARE, True))
"""Legacy encodings of Korean (EUC-KR as cp949), Japanese (Shift_JIS as cp932, EUC-JP) and
Chinese (Big5, GBK/GB2312 as their superset GB18030) texts, tried in this order, each with the
script that at least the given share of its letters must be in, and whether it must write 。，、
(Korean writes Western stops): a Japanese translation writes kana throughout (its kanji alone
would pass for Chinese); GB18030 decodes nearly any bytes, so Big5, which a GB text rarely
decodes as whole, comes first."""

_CJK_STOPS = re.compile("[。，、]")
MIN_STOPS_SHARE = 0.01
"""A Japanese or Chinese text writes 。，、 every 20-40 characters."""

MIN_PLAUSIBLE_SHARE = 0.5
"""A single-byte decoding is accepted only if this share of its non-ASCII characters is plausible."""


def decode_bytes(data: bytes, path: str) -> tuple[str, str]:
    """Decode a CR source file's bytes and normalise its line ends.

    Returns ``(text, encoding)``: ``text`` has no BOM, every line end (LF, CRLF, bare CR, and
    mixes of them) written as ``"\\n"``, and a rule number starting a line in full-width digits
    in ASCII (``ascii_line_numbers``); ``encoding`` is the Python codec name used (``"utf-8"``,
    ``"utf-8-sig"``, ``"utf-16-le"``, ``"utf-16-be"``, ``"cp1252"``, ``"mac_roman"``, ``"cp437"``,
    ``"cp949"``).

    Raises ``SourceError(path, line, reason)`` for an empty file, binary data (NUL bytes that are
    not UTF-16, or other control characters), truncated or invalid UTF-8/UTF-16, and text that no
    supported encoding decodes plausibly.
    """
    if not data:
        raise SourceError(path, None, "empty file")
    encoding = _bom_encoding(data) or _bomless_utf16(data)
    if encoding:
        text = _strict_decode(data, encoding, path)
    elif b"\x00" in data:
        raise SourceError(path, _line_at(data, data.index(b"\x00")), "binary data (NUL bytes)")
    else:
        text, encoding = _decode_8bit(data, path)
    text = ascii_line_numbers(normalise_line_ends(text.removeprefix("\ufeff")))
    _refuse_binary(text, path)
    if not text.strip():
        raise SourceError(path, None, "no text (only blanks)")
    return text, encoding


_FULL_WIDTH_NUMBER = re.compile(r"(?m)^([ \t\u3000]*)([０-９]{3}[．.](?:[０-９]+[ａ-ｚＡ-Ｚ]?[．.]?)?|[０-９][．.])")
"""A section (``１．``), three-digit rule (``７０２．``), rule or subrule number (``７０２．１９ｂ``) in
full-width digits at a line's start; digits that start a sentence (``１つの``) are no number."""


def ascii_line_numbers(text: str) -> str:
    """``text`` with each rule number that starts a line written in full-width digits
    (``７０２．１９ｂ　トランプルは…``, as a CJK input method types it) in ASCII (``702.19b``); the
    rest of every line is kept as published."""
    return _FULL_WIDTH_NUMBER.sub(lambda m: m[1] + unicodedata.normalize("NFKC", m[2]), text)


def normalise_line_ends(text: str) -> str:
    """Write every CRLF and bare CR as LF."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _bom_encoding(data: bytes) -> str | None:
    if data.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if data.startswith(codecs.BOM_UTF16_LE):
        return "utf-16-le"
    if data.startswith(codecs.BOM_UTF16_BE):
        return "utf-16-be"
    return None


UTF16_NULS, UTF16_STRAY_NULS = 0.2, 0.1
"""UTF-16 without BOM: at least this share of the bytes of one parity are NUL (the high bytes of
the ASCII digits, spaces and line ends: a Korean, Japanese or Chinese text has a fifth or more),
and at most the second share of the other's (가, U+AC00, has a NUL low byte: up to 3% of a Korean
text's; random binary data has about 0.4% in both)."""


def _bomless_utf16(data: bytes) -> str | None:
    """UTF-16 without BOM: NULs in the bytes of one parity only (``UTF16_NULS``)."""
    sample = data[:4000]
    if len(sample) < 4 or b"\x00" not in sample:
        return None
    odd_nuls = sample[1::2].count(0) / (len(sample) // 2)
    even_nuls = sample[0::2].count(0) / ((len(sample) + 1) // 2)
    if odd_nuls >= UTF16_NULS and even_nuls <= UTF16_STRAY_NULS:
        return "utf-16-le"
    if even_nuls >= UTF16_NULS and odd_nuls <= UTF16_STRAY_NULS:
        return "utf-16-be"
    return None


def _strict_decode(data: bytes, encoding: str, path: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as err:
        kind = "truncated" if err.end >= len(data) and ("end of data" in err.reason or "truncated" in err.reason) else "invalid"
        line = _line_in_prefix(data[: err.start], encoding)
        raise SourceError(path, line, f"{kind} {encoding} data at byte {err.start}: {err.reason}") from None


def _decode_8bit(data: bytes, path: str) -> tuple[str, str]:
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as err:
        if err.end >= len(data) and "end of data" in err.reason:
            line = _line_at(data, err.start)
            raise SourceError(path, line, f"truncated UTF-8 sequence at byte {err.start}") from None
    for encoding, script, share, stops in LEGACY_CJK:
        text = _legacy_text(data, encoding, script, share, stops)
        if text is not None:
            return text, encoding
    return _best_single_byte(data, path)


def _legacy_text(data: bytes, encoding: str, script: re.Pattern[str], share: float, stops: bool) -> str | None:
    """The text of ``data`` in a legacy CJK ``encoding`` when all of it decodes, at least
    ``share`` of its letters are in ``script`` and, with ``stops``, it writes sentences as
    Japanese and Chinese text does (``MIN_STOPS_SHARE``: 。，、 against those letters; bytes of
    another language read as GB18030 make Han characters without them), else None."""
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError:
        return None
    letters, in_script = len(_LETTER.findall(text)), len(script.findall(text))
    if not letters or in_script < share * letters:
        return None
    return text if not stops or len(_CJK_STOPS.findall(text)) >= MIN_STOPS_SHARE * in_script else None


def _best_single_byte(data: bytes, path: str) -> tuple[str, str]:
    """Decode with the most CR-plausible single-byte code page (see module docstring)."""
    guesses = from_bytes(data, cp_isolation=list(SINGLE_BYTE_CANDIDATES))
    chaos = {codecs.lookup(m.encoding).name: m.chaos for m in guesses}
    scored = []
    for rank, encoding in enumerate(SINGLE_BYTE_CANDIDATES):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        plausible, total = cr_plausibility(text)
        scored.append((plausible - (total - plausible), -chaos.get(codecs.lookup(encoding).name, 1.0), -rank, text, encoding, plausible, total))
    if not scored:
        raise SourceError(path, None, "not text in any supported encoding")
    *_, text, encoding, plausible, total = max(scored)
    if total and plausible / total < MIN_PLAUSIBLE_SHARE:
        raise SourceError(path, None, f"not text in any supported encoding (best guess {encoding})")
    return text, encoding


def cr_plausibility(text: str) -> tuple[int, int]:
    """Count the non-ASCII characters of ``text`` that are plausible in a CR file.

    Returns ``(plausible, total)``. Plausible: CR punctuation (quotes, dashes, ™®©), or an accented
    letter inside a word that fits its neighbours' case (``Dandân``, ``Æther``; not ``creatureÆs``).
    """
    plausible = total = 0
    for i, char in enumerate(text):
        if char < "\x80":
            continue
        total += 1
        if char in CR_PUNCTUATION or (char in LATIN_LETTERS and _fits_word(text, i)):
            plausible += 1
    return plausible, total


def _fits_word(text: str, i: int) -> bool:
    """An accented letter with ASCII neighbours: lower case after a letter (``Dandân``,
    ``Cátinò,``), upper case at a word start before a lower-case letter (``Æther``)."""
    before = text[i - 1] if i else " "
    after = text[i + 1] if i + 1 < len(text) else " "
    if not (before.isascii() and after.isascii()):
        return False
    if text[i].isupper():
        return not before.isalpha() and after.islower()
    return before.isalpha()


def _refuse_binary(text: str, path: str) -> None:
    controls = [m.start() for m in _CONTROL.finditer(text)]
    if len(controls) > MAX_CONTROL_SHARE * len(text) or (controls and len(text) < 100):
        line = text.count("\n", 0, controls[0]) + 1
        raise SourceError(path, line, f"binary data ({len(controls)} control characters)")


def _line_at(data: bytes, offset: int) -> int:
    """1-based line of a byte offset in 8-bit data, counting LF, CRLF and bare CR."""
    return normalise_line_ends(data[:offset].decode("latin-1")).count("\n") + 1


def _line_in_prefix(prefix: bytes, encoding: str) -> int:
    text = prefix.decode(encoding, errors="replace")
    return normalise_line_ends(text).count("\n") + 1
