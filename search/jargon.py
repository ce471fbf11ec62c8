"""The judge vocabulary: words players and judges use for what the CR says otherwise (``fizzle``,
``LKI``, ``ETB``), as phrases to find in a query, each with the rules it points to.

Two kinds of entries:

- the table ``search/jargon.toml`` (written for crkb; its header says the format): each entry's
  words, its source (``SOURCES``) and its target rules, each a number in the English edition of
  the table's ``key_edition`` with an anchor (the rule's title or a phrase only its text holds)
  that finds it in other English editions; ``load_table`` reads and checks it;
- the CR's own informal phrases, read from an English edition's rules by ``mined_entries``:
  ``This rule is informally called the “summoning sickness” rule`` (302.6), ``often referred to
  as the “Active Player, Nonactive Player (APNAP) order” rule`` (101.4, also as ``APNAP`` and
  ``APNAP order``), ``previously called the “in-play zone”`` (403.5), ``Layer 7b:`` (613.4b).

Queries and phrases are compared as words (``phrase_words``: case, hyphens, slashes and
typographic apostrophes ignored; Latin letters and digits apart from other scripts, so ``ETB를``
holds ``etb``); ``PhraseMatcher`` finds the longest phrases first, and a Korean, Japanese or
Chinese phrase also inside a run of its script (``立ち消えとは``: those languages write no space
after a word), but inside a word its entry lists as ``unless`` (``吸血鬼``, vampire, holds no
``吸血``, lifelink). ``search.expand`` resolves the targets in the edition searched and turns them
into hits.
"""

from __future__ import annotations

import datetime as dt
import re
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, NamedTuple, TypeVar

from kb.model import Rule
from kb.numbers import is_canonical
from kb.scripts import HANGUL_SYLLABLES, HIRAGANA, KANA_OR_KANJI, KATAKANA

TABLE = Path(__file__).with_name("jargon.toml")
SOURCES = ("glossary", "cr", "older-cr", "judge", "player")
"""Where a usage comes from: the CR's glossary, the CR's own informal phrase, older editions'
wording, judges' abbreviations, common player usage."""

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "“": '"', "”": '"'})
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z0-9]+)*|[^\W\da-z_]+")
_SEPARATORS = re.compile(r"[-/‐‑–—]")
_QUOTE_OPEN, _QUOTE_CLOSE = "[“\"]", "[”\"]"
_INFORMAL = re.compile(
    r"\b(?:(?:informally|often|commonly|previously) (?:called|referred to as|known as)"
    r"|This (?:rule )?is (?:informally |often )?(?:called|referred to as)|was called)"
    rf" (?:the |an? )?{_QUOTE_OPEN}([^”\"]{{2,60}}){_QUOTE_CLOSE}"
)
_LAYER = re.compile(r"^Layer (\d+[a-d]?):")
_HIRAGANA = re.compile(f"[{HIRAGANA}]")
_CJK = re.compile(f"[{HANGUL_SYLLABLES}]|{KANA_OR_KANJI.pattern}")
_KATAKANA_WORD = re.compile(f"[{KATAKANA}ー]")
_HANGUL = re.compile(f"[{HANGUL_SYLLABLES}]")
_ABBREVIATION = re.compile(r"\s*\(([A-Z]{2,8})\)\s*")


class JargonError(ValueError):
    """The jargon table is not readable; the message names the file and line."""


@dataclass(frozen=True)
class Target:
    """A rule an entry points to: ``number`` in the entry's anchor edition, and ``anchor``: the
    rule's title or a phrase of its text (compared folded: ``fold``) that finds it elsewhere."""

    number: str
    anchor: str


@dataclass(frozen=True)
class Entry:
    """One usage: ``words`` as written (variants), ``source`` (one of ``SOURCES``), ``targets``
    (best first), ``line`` in the table (0 for a phrase read from a rule); ``card_text`` False
    when its words in a card's Oracle text do not mean it (``end of turn``: in ``until end of
    turn``, every pump spell's duration); ``unless``: words holding one of its Chinese or Japanese
    words that do not mean it, where a run of kanji holds it (``吸血鬼``, vampire, holds ``吸血``,
    Chinese players' lifelink)."""

    words: tuple[str, ...]
    source: str
    targets: tuple[Target, ...]
    line: int = 0
    card_text: bool = True
    unless: tuple[str, ...] = ()


@dataclass(frozen=True)
class JargonTable:
    """The table's entries; their target numbers are those of the English ``key_edition``."""

    key_edition: dt.date
    entries: tuple[Entry, ...]

    def latin_words(self) -> frozenset[str]:
        """The words of the entries' phrases written in Latin letters (``phrase_words`` form:
        ``fizzle``, ``burn`` of ``mana burn``): vocabulary a speller must know (``search.spelling``)."""
        return frozenset(word for entry in self.entries for variant in entry.words
                         for word in phrase_words(variant) if word.isascii() and word.isalpha())


def load_table(path: Path = TABLE) -> JargonTable:
    """Read and check the jargon table (TOML, the format in ``search/jargon.toml``'s header).
    Raises ``JargonError`` naming the file and line of what is wrong."""
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise JargonError(f"{path}: {error}") from None
    lines = [number for number, line in enumerate(text.splitlines(), 1) if line.strip() == "[[entry]]"]
    try:
        key = dt.date.fromisoformat(str(data.get("key_edition", "")))
    except ValueError:
        raise JargonError(f"{path}: key_edition must be an edition's effective date (YYYY-MM-DD)") from None
    raw = data.get("entry", [])
    entries = tuple(_entry(item, path, lines[index] if index < len(lines) else 0) for index, item in enumerate(raw))
    return JargonTable(key, entries)


def _entry(item: Mapping[str, object], path: Path, line: int) -> Entry:
    where = f"{path}:{line}"
    words, source, rules = item.get("words"), item.get("source"), item.get("rules")
    if not isinstance(words, list) or not words or not all(isinstance(w, str) and phrase_words(w) for w in words):
        raise JargonError(f"{where}: words must be a list of phrases holding letters or digits")
    if source not in SOURCES:
        raise JargonError(f"{where}: source must be one of {', '.join(SOURCES)}, not {source!r}")
    if not isinstance(rules, list) or not rules:
        raise JargonError(f"{where}: rules must list at least one {{ number, anchor }}")
    card_text = item.get("card_text", True)
    if not isinstance(card_text, bool):
        raise JargonError(f"{where}: card_text must be true or false, not {card_text!r}")
    unless = item.get("unless", [])
    if not isinstance(unless, list) or not all(
            isinstance(u, str) and any(len(phrase_words(w)) == 1 and phrase_words(w)[0] in u for w in words)
            for u in unless):
        raise JargonError(f"{where}: unless must list words that each hold one of the entry's one-word words")
    targets = []
    for rule in rules:
        number, anchor = (rule.get("number"), rule.get("anchor")) if isinstance(rule, dict) else (None, None)
        if not isinstance(number, str) or not is_canonical(number):
            raise JargonError(f"{where}: {number!r} is not a rule number in canonical form (702.19b)")
        if not isinstance(anchor, str) or not fold(anchor):
            raise JargonError(f"{where}: rule {number} needs an anchor (its title or a phrase of its text)")
        targets.append(Target(number, anchor))
    return Entry(tuple(words), str(source), tuple(targets), line, card_text, tuple(unless))


def phrase_words(text: str) -> tuple[str, ...]:
    """``text`` as the words a phrase is matched on: NFKC, case-folded, apostrophes inside a word
    dropped (``cant`` is typed for ``can't``), hyphens and slashes as spaces, punctuation dropped;
    a run of Latin letters and digits and a run of another script are separate words (``"ETB를
    can't-beats-can"`` -> ``("etb", "를", "cant", "beats", "can")``)."""
    text = unicodedata.normalize("NFKC", text).casefold().translate(_APOSTROPHES)
    return tuple(word.replace("'", "") for word in _WORD.findall(_SEPARATORS.sub(" ", text)))


def fold(text: str) -> str:
    """``text`` for anchor comparison: NFKC, case-folded, quotes and apostrophes plain,
    whitespace collapsed."""
    text = unicodedata.normalize("NFKC", text).casefold().translate(_APOSTROPHES)
    return " ".join(text.split())


T = TypeVar("T")


class Found(NamedTuple, Generic[T]):
    """A phrase ``PhraseMatcher.find`` found: query words ``start`` to ``end`` (exclusive), the
    phrase's ``value``, and the ``part`` of those words it is (1.0, or less for a phrase inside a
    run: ``_content_part``)."""

    start: int
    end: int
    value: T
    part: float = 1.0


class PhraseMatcher(Generic[T]):
    """Finds known phrases in a query's words (``phrase_words``), longest first, left to right,
    without overlap. Built from ``{phrase words: value}``; with ``inside_runs``, a one-word phrase
    in Korean, Japanese or Chinese script is also found inside a query word of that script, the
    longest first: those languages write no space after a word (``立ち消えとは``, ``사령관은``),
    but not inside a word of ``unless`` (``{phrase word: words holding it that are not it}``:
    ``吸血鬼`` holds ``吸血``); and the last word of a longer phrase, in Korean script, also
    begins a query word (``커맨더 피해는``: its particle)."""

    def __init__(self, phrases: Mapping[tuple[str, ...], T], inside_runs: bool = False,
                 unless: Mapping[str, Iterable[str]] | None = None) -> None:
        self._by_first: dict[str, list[tuple[tuple[str, ...], T]]] = {}
        for words, value in phrases.items():
            if words:
                self._by_first.setdefault(words[0], []).append((words, value))
        for found in self._by_first.values():
            found.sort(key=lambda item: -len(item[0]))
        inside = [(words[0], value) for words, value in phrases.items() if len(words) == 1 and _CJK.search(words[0])]
        self._inside: dict[str, list[tuple[int, str, T]]] = {}  # by first character, in order: the longest first
        for order, (phrase, value) in enumerate(sorted(inside, key=lambda item: -len(item[0])) if inside_runs else ()):
            self._inside.setdefault(phrase[0], []).append((order, phrase, value))
        self._runs = inside_runs
        self._unless = {word: tuple(held) for word, held in (unless or {}).items()}

    def __len__(self) -> int:
        return sum(len(found) for found in self._by_first.values())

    def find(self, words: tuple[str, ...]) -> list[Found[T]]:
        """Each phrase found in ``words``, left to right (``Found``: word offsets, end exclusive)."""
        found: list[Found[T]] = []
        at = 0
        while at < len(words):
            for phrase, value in self._by_first.get(words[at], ()):
                if words[at:at + len(phrase)] == phrase or self._begins_last(phrase, words[at:at + len(phrase)]):
                    found.append(Found(at, at + len(phrase), value))
                    at += len(phrase)
                    break
            else:
                inside = self._inside_run(words[at]) if self._inside else None
                if inside is not None:
                    found.append(Found(at, at + 1, inside[1], _content_part(inside[0], words[at])))
                at += 1
        return found

    def _inside_run(self, word: str) -> tuple[str, T] | None:
        """The longest one-word phrase inside ``word`` as a word of its own (``_inside_word``), or None."""
        candidates = sorted(found for char in set(word) for found in self._inside.get(char, ()))
        return next(((p, value) for _, p, value in candidates if _inside_word(p, word, self._unless.get(p, ()))), None)

    def _begins_last(self, phrase: tuple[str, ...], words: tuple[str, ...]) -> bool:
        """Whether ``words`` are the longer ``phrase`` but for a last word that begins with the
        phrase's last word in Hangul and goes on (its particle: ``피해는``), with ``inside_runs``."""
        return (self._runs and len(phrase) > 1 and len(words) == len(phrase) and words[:-1] == phrase[:-1]
                and _HANGUL.fullmatch(phrase[-1][-1]) is not None and words[-1].startswith(phrase[-1]))


def _inside_word(phrase: str, run: str, unless: Iterable[str] = ()) -> bool:
    """Whether ``phrase`` is in ``run`` as a word of its own: a phrase in katakana or Hangul must
    not continue a word of its script before it, nor a katakana one after it (``レイヤー``, layer,
    is no part of ``プレイヤー``, player; ``레이어`` none of ``플레이어``; ``사령관은`` holds
    ``사령관`` before its particle). Kanji phrases are found anywhere (``立ち消えとは``, ``控制``)
    but inside a word of ``unless`` (``吸血鬼``, vampire, holds no ``吸血``, lifelink)."""
    start = run.find(phrase)
    while start >= 0:
        end = start + len(phrase)
        if not _continues(phrase[0], run[start - 1: start]) and not (
                _KATAKANA_WORD.fullmatch(phrase[-1]) and _KATAKANA_WORD.fullmatch(run[end: end + 1] or " ")
        ) and not any(_holds_at(run, start, phrase, word) for word in unless):
            return True
        start = run.find(phrase, start + 1)
    return False


def _holds_at(run: str, start: int, phrase: str, word: str) -> bool:
    """Whether ``run`` holds ``word`` around its ``phrase`` at ``start``."""
    offset = word.find(phrase)
    while offset >= 0:
        if start >= offset and run[start - offset: start - offset + len(word)] == word:
            return True
        offset = word.find(phrase, offset + 1)
    return False


def _continues(first: str, before: str) -> bool:
    """Whether ``before`` (a character or "") continues a katakana or Hangul word into ``first``."""
    return any(pattern.fullmatch(first) and pattern.fullmatch(before or " ") for pattern in (_KATAKANA_WORD, _HANGUL))


def _content_part(phrase: str, run: str) -> float:
    """The part of ``run`` that ``phrase``, inside it, is, counting no hiragana (particles and
    endings: 立ち消え is 2/3 of 立ち消えとは何ですか, 控制 2/17 of a 17-character Chinese question)."""
    def content(text: str) -> int:
        return max(1, len(_HIRAGANA.sub("", text)))

    return min(1.0, content(phrase) / content(run))


def mined_entries(rules: Iterable[Rule]) -> list[Entry]:
    """The CR's own informal phrases in an English edition's ``rules`` (see the module docstring),
    one entry (source ``cr``) per phrase and rule, targets numbered in that edition. The first
    rule printing a phrase is kept (``legend rule``: 205.4d mentions it, 704.5j says it is
    called so: both are kept, each its own entry)."""
    entries = []
    for rule in rules:
        text = rule.text or ""
        for match in _INFORMAL.finditer(text):
            phrase = match.group(1).strip(" .,;:")
            variants = _variants(phrase)
            if variants and (len(phrase_words(phrase)) > 1 or "informally" in match.group(0)):
                entries.append(Entry(variants, "cr", (Target(rule.number, match.group(0)),)))
        layer = _LAYER.match(text)
        if layer:
            entries.append(Entry((f"layer {layer.group(1)}",), "cr", (Target(rule.number, layer.group(0)),)))
    return entries


def _variants(phrase: str) -> tuple[str, ...]:
    """A phrase and, when it holds an abbreviation in brackets, the phrase without it, the
    abbreviation alone and the abbreviation with the rest (``Active Player, Nonactive Player
    (APNAP) order``: ``APNAP``, ``APNAP order``)."""
    found = _ABBREVIATION.search(phrase)
    if not found:
        return (phrase,)
    before, after = phrase[: found.start()], phrase[found.end():]
    abbreviation = found.group(1)
    return tuple(dict.fromkeys(v for v in (phrase, f"{before} {after}".strip(), abbreviation,
                                           f"{abbreviation} {after}".strip()) if phrase_words(v)))
