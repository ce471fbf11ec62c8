"""The domain model: editions, rules, examples, glossary entries and references.

All classes are frozen dataclasses; collections are tuples so that values are hashable and safe to
share. Rule numbers are canonical (see ``kb.numbers``). Texts are plain Unicode, never markup.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

LANGUAGES = ("en", "ko", "ja", "zh")
"""Languages crkb knows, as ISO 639-1 codes."""

ALL_LANGUAGES = "all"
"""The language value that means every language: ``crkb search --lang all``, ``/search?lang=all``
(each language's newest edition searched)."""

LANGUAGE_ALIASES = {"kr": "ko", "jp": "ja", "cn": "zh", "zh-cn": "zh", "zh-hans": "zh", "en-us": "en", "en-gb": "en"}
"""Language codes people and sites write for the KB's languages (country codes, locale tags)."""


def language_code(written: str) -> str:
    """``written`` as the KB's language code: lower-case, an alias read (``KR``, ``jp``, ``zh-CN``);
    any other text lower-cased, for the caller to check against ``LANGUAGES``."""
    lowered = written.strip().lower()
    return LANGUAGE_ALIASES.get(lowered, lowered)


@dataclass(frozen=True)
class Reference:
    """A citation of rules inside a text.

    ``start``/``end`` are the character span (Python string offsets, end exclusive) of the cited
    words in the text that holds the reference (a rule's text, an example or a glossary
    definition). ``text`` is that span as written (``"rules 601.2a–d"``). ``targets`` are the
    canonical numbers it names, ranges expanded (``("601.2a", "601.2b", "601.2c", "601.2d")``);
    a section reference has a one-digit target (``"8"``).

    ``spans`` give, per target (same order), the span of the number that names it in the holder's
    text, or None when the text names it only through a range or a lone letter (``601.2b`` in
    ``rules 601.2a–d``, ``608.3b`` in ``rules 608.3a and b``); empty when unknown (a reference
    made by hand). ``resolved`` are the targets the edition holds, filled by the build
    (``ingest.annotate``) and read back from the store; empty before.
    """

    start: int
    end: int
    text: str
    targets: tuple[str, ...]
    spans: tuple[tuple[int, int] | None, ...] = ()
    resolved: tuple[str, ...] = ()


@dataclass(frozen=True)
class Example:
    """An ``Example:`` paragraph (``例:`` in Japanese), without its label."""

    text: str
    references: tuple[Reference, ...] = ()


@dataclass(frozen=True)
class Rule:
    """One numbered paragraph of the CR: a section, a three-digit rule, a rule or a subrule.

    - ``number``: canonical (``"7"``, ``"702"``, ``"702.19"``, ``"702.19b"``).
    - ``text``: the rule's text without its number; continuation paragraphs (text after the
      rule that carries no number and is no example) are appended, separated by ``"\\n"``.
      For a section or a three-digit rule, and a keyword heading such as ``702.19. Trample``,
      the text is the heading itself.
    - ``title``: the heading of a section, a three-digit rule or a keyword rule (``"Trample"``,
      ``"돌진"``), else None.
    - ``title_en``: the English name a translation prints beside its heading
      (``702.19. 돌진 Trample`` gives title ``"돌진"`` and title_en ``"Trample"``), else None.
    - ``flags``: what the parser noticed, e.g. ``"duplicate-number"`` (the publisher printed the
      number twice), ``"out-of-sequence"`` (a number out of document order), ``"renumbered"``
      (a misprinted number the rule's place reads back: ``201.3a`` printed for 201.2a).
    - ``printed_number``: the number as printed when it was read back (``renumbered``: ``"201.3a"``), else None.
    - ``source``/``line``: the file name and 1-based line the rule starts on.
    - ``defined_terms``: the terms its text says it defines (``This is called the “legend
      rule.”``), filled by the build (``ingest.annotate``) and read back from the store.
    """

    number: str
    text: str
    title: str | None = None
    title_en: str | None = None
    examples: tuple[Example, ...] = ()
    references: tuple[Reference, ...] = ()
    flags: tuple[str, ...] = ()
    source: str = ""
    line: int = 0
    defined_terms: tuple[str, ...] = ()
    printed_number: str | None = None


@dataclass(frozen=True)
class GlossaryEntry:
    """A glossary headword and its definition (several numbered senses stay in one text)."""

    term: str
    definition: str
    references: tuple[Reference, ...] = ()
    source: str = ""
    line: int = 0


@dataclass(frozen=True)
class Edition:
    """One text of the CR in one language.

    ``id`` is unique in a KB: ``"en-2026-01-16"``, or with a variant when one language and date
    has several texts (``"ko-2021-02-15-dbyll"``), or ``"<lang>-undated-<slug>"`` for a source
    that names no date. ``effective_date`` is the date the text says it takes effect, never a
    guess. ``sources`` are the file names (not paths) the edition was read from, in order.
    ``partial``: the text ends early and was published anyway (``--partial``).
    """

    id: str
    lang: str
    effective_date: dt.date | None
    title: str
    sources: tuple[str, ...] = field(default_factory=tuple)
    partial: bool = False
    """The official text ends early (a cut file) and was published with ``crkb build --partial``."""

    @property
    def date_text(self) -> str:
        """The effective date as ``YYYY-MM-DD``, or ``"undated"``."""
        return self.effective_date.isoformat() if self.effective_date else "undated"


@dataclass(frozen=True)
class Vocabulary:
    """The words an edition's search corrects query words against (``search.spelling``):
    ``title_words`` and ``text_words`` are the lower-case Latin words of the rules' names and of
    their texts, with how often each occurs; ``names`` the Korean/Japanese/Chinese name words
    (Chinese: also the words of the texts) with their weights; ``readings`` katakana readings of Japanese words holding kanji (reading -> word)."""

    title_words: Mapping[str, int] = field(default_factory=dict)
    text_words: Mapping[str, int] = field(default_factory=dict)
    names: Mapping[str, int] = field(default_factory=dict)
    readings: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class GlossaryNames:
    """Which rules each glossary term names (its rule's title is the term) and which it only
    mentions, by rule number, terms in glossary order (``ingest.annotate.glossary_names``)."""

    names: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    mentions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class EditionText:
    """One edition as the build stores it: its rules in document order (references resolved,
    defined terms filled), its glossary, what its glossary terms name, and its spelling
    vocabulary. The store's writer takes it whole; the search index is built from the store."""

    edition: Edition
    rules: Sequence[Rule]
    glossary: Sequence[GlossaryEntry]
    glossary_names: GlossaryNames = GlossaryNames()
    vocabulary: Vocabulary = Vocabulary()
