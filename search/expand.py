"""Query expansion: the judge vocabulary and the glossary add the rules they point to.

``Expander.expand(query, edition)`` finds in a query (``search.jargon.phrase_words``):

- judge vocabulary (``search/jargon.toml``, and the CR's own informal phrases read from the
  English text: ``search.jargon.mined_entries``): ``fizzle`` -> 608.2b, ``LKI`` -> 608.2h, 113.7a;
- glossary terms of the edition searched, whole, in a longer query (``Timestamp Order``,
  ``Dies``; a query that is only the term finds its rules through the index): the rules their
  entry cites that have a text (not a heading alone: ``Trample`` cites 702.19, whose subrules the
  word finds anyway; an entry that only says ``See <term>.`` gives that term's), in editions written in
  Latin script; a one-word term the edition's texts use more than ``COMMON_WORD`` times
  (``Player``, ``Counter``) is too common to point anywhere and is left out.

- judge vocabulary in the Oracle texts of the cards the query names (``card_texts``: what a card
  does is what a question about it is about): Abrupt Decay's "can't be countered" -> 101.3,
  Relentless Assault's "additional combat phase" -> 500.8, Turn to Frog's "loses all abilities"
  -> 613.1f; and what the cards do together (``search.card_list.together``: two that replace
  events make "multiple replacement effects", 616.1). Not glossary terms: every card text holds
  some (opponent, mana value, tapped).

Each rule found is an ``Expanded`` with a ``share``: the part of the best text score it adds, by
how much of the query its phrase is (all of ``fizzle``: the rule first; one phrase of a long
question: a bonus among the others), lower for glossary terms (``JARGON_SHARE``,
``GLOSSARY_SHARE``), each further rule of one phrase a little lower (``DECAY``); a card text's
phrase by how much of that text it is (``CARD_SHARE``), and only as a bonus: it never lifts its
rule to a rank of its own (``search.expand_hits.floor_rank``), and never replaces what the query's
own words found.
``search.expand_hits`` adds them to the text hits; a query that is only jargon (its words in no
text) gets them as its hits.

Targets are found in the edition searched by identity, never by number alone (numbers move
between editions): a table entry's rule is the key edition's (``JargonTable.key_edition``, or
by its anchor in the newest English edition when the KB lacks it), followed through the stored
alignment (``kb.store.history``: its lineage in an English edition, its agreeing counterpart in
a translation), else found by its anchor in the edition searched (title or text in English, the
English title a translation's heading prints elsewhere), else, in a translation, by its
structure against its English partner, or the English edition nearest it when the alignment joins
it to none (``search.unjoined``). A target found nowhere adds nothing.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from whoosh.reading import IndexReader

from kb.model import Edition
from kb.numbers import ancestors
from kb.scripts import HAN, HANGUL, HIRAGANA_RUN
from kb.store.read import Store
from search.analysis import CJK_LANGUAGES, QUESTION_WORDS
from search.korean import PARTICLES, QUESTION_ENDINGS
from search.korean import QUESTION_WORDS as KOREAN_QUESTION_WORDS
from search.jargon import Entry, JargonTable, PhraseMatcher, Target, fold, load_table, mined_entries, phrase_words
from search.targets import TargetFinder, rule_rows
from search.query import field_tokens

JARGON_SHARE = 1.5
GLOSSARY_SHARE = 0.6
CARD_SHARE = 3 * JARGON_SHARE
"""A card text's phrase weighs three times a query's of the same part: a card's text is much
longer than the phrase a question asks about. Question hit@10 on the dev questions: 0.356
without, 0.444 with the cards' texts alone (from two to ten times), 0.489 with what two cards do
together (``search.card_list.together``) from two to ten times, 0.467 at once (MRR@10 0.240
without, 0.313 at three times, 0.286-0.321 from two to ten)."""
CARD = "card"
"""The ``Expanded.source`` of a rule found in a card's Oracle text."""
DECAY = 0.9
COMMON_WORD = 60
MAX_GLOSSARY_RULES = 4
@dataclass(frozen=True)
class Expanded:
    """A rule the query points to: ``number`` in the edition searched, ``share`` of the best text
    score it adds (up to ``JARGON_SHARE``), ``source`` (a ``search.jargon.SOURCES`` value; ``glossary`` for a
    glossary term, ``CARD`` for judge vocabulary in a named card's text), ``phrase`` the words that found it."""

    number: str
    share: float
    source: str
    phrase: str


@dataclass(frozen=True)
class Expansion:
    """What a query points to in one edition: ``rules`` (best share first) and ``jargon_words``:
    the query words of the judge-vocabulary phrases found (``phrase_words`` form)."""

    rules: tuple[Expanded, ...] = ()
    jargon_words: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.rules)

    def within(self, section: str | None) -> Expansion:
        """Only the rules in ``section`` (a section or rule number, as ``Searcher.search`` takes it)."""
        if not section:
            return self
        kept = tuple(e for e in self.rules if e.number == section or section in ancestors(e.number))
        return Expansion(kept, self.jargon_words)


@dataclass
class _EditionVocabulary:
    jargon: PhraseMatcher[list[tuple[Entry, str]]]
    glossary: PhraseMatcher[tuple[str, ...]]
    resolved: dict[tuple[str, Target], str | None] = field(default_factory=dict)


class Expander:
    """Expands queries against one KB's store (thread-safe: per-edition vocabularies are built
    once, on first use; a race builds one twice, harmlessly). ``table`` defaults to the bundled
    ``search/jargon.toml`` (``search.jargon.load_table``, raising ``JargonError``)."""

    def __init__(self, store: Store, table: JargonTable | None = None) -> None:
        self.store = store
        self.table = table or load_table()
        self._editions: dict[str, _EditionVocabulary] = {}
        english = self.store.editions("en")
        key = [e for e in english if e.effective_date == self.table.key_edition]
        self._key = key[0] if key else None
        dated = [e for e in english if e.effective_date is not None]
        self._english = self._key or (max(dated, key=lambda e: e.effective_date) if dated else None)
        self._finder = TargetFinder(store, self._english)

    def expand(self, query: str, edition: Edition, reader: IndexReader | None = None,
               card_texts: Sequence[str] = ()) -> Expansion:
        """The rules ``query`` points to in ``edition`` (see the module docstring), and the judge
        vocabulary of ``card_texts`` (the Oracle texts of the cards it names, ``Card.rules_text``).
        With ``reader`` (the edition's whoosh reader) a phrase's part of the query is weighed by
        idf (a word no text holds weighs most: ``spell fizzles hexproof`` is mostly ``fizzles``),
        else each word that says something counts one."""
        words = phrase_words(query)
        if not words:
            return Expansion()
        vocabulary = self._vocabulary(edition)
        weight = _Weights(reader, edition.lang)
        found: dict[str, Expanded] = {}
        jargon_words = self._jargon(words, vocabulary, weight, edition, found, JARGON_SHARE)
        content = functools.cache(lambda: weight(words))  # read when the query holds a glossary term
        for start, end, numbers, _ in vocabulary.glossary.find(words):
            if end - start == len(words):
                continue  # the query is the term: the index already has it (search.index: names, headings)
            share = GLOSSARY_SHARE * weight(words[start:end]) / content()
            _add(found, [(n, "glossary") for n in numbers], share, " ".join(words[start:end]))
        from_cards: dict[str, Expanded] = {}
        for text in dict.fromkeys(card_texts):
            self._jargon(phrase_words(text), vocabulary, weight, edition, from_cards, CARD_SHARE, CARD)
        found |= {number: expanded for number, expanded in from_cards.items() if number not in found}
        rules = tuple(sorted(found.values(), key=lambda e: -e.share))
        return Expansion(rules, frozenset(jargon_words))

    def jargon_of(self, query: str, edition: Edition) -> list[str]:
        """The rules in ``edition`` that the judge vocabulary says all of ``query`` means, the
        first target of each entry (``伝説ルール``: 704.5j; ``SBA``: 704); empty when no phrase is
        the whole query."""
        words = phrase_words(query)
        vocabulary = self._vocabulary(edition)
        found = [entries for start, end, entries, _ in vocabulary.jargon.find(words) if (start, end) == (0, len(words))]
        numbers = [self._found(vocabulary, Entry(entry.words, entry.source, entry.targets[:1]), base, edition)
                   for entries in found for entry, base in entries if entry.targets] if words else []
        return list(dict.fromkeys(number for listed in numbers for number in listed))

    def _jargon(self, words: tuple[str, ...], vocabulary: _EditionVocabulary, weight: _Weights, edition: Edition,
                found: dict[str, Expanded], scale: float, source: str | None = None) -> set[str]:
        """Adds to ``found`` the rules of the judge-vocabulary phrases of ``words`` (a share of
        ``scale`` for all of ``words``; ``source`` for each, else its entry's); returns the words
        of the phrases found."""
        content = functools.cache(lambda: weight(words))  # read when the words hold jargon
        matched: set[str] = set()
        for start, end, entries, part in vocabulary.jargon.find(words):
            matched.update(words[start:end])
            share = scale * part * weight(words[start:end]) / content()
            numbers = []
            for entry, base in entries:
                if source != CARD or entry.card_text:
                    numbers += [(n, source or entry.source) for n in self._found(vocabulary, entry, base, edition)]
            _add(found, numbers, share, " ".join(words[start:end]))
        return matched

    # Per edition -------------------------------------------------------------------------------

    def _vocabulary(self, edition: Edition) -> _EditionVocabulary:
        vocabulary = self._editions.get(edition.id)
        if vocabulary is None:
            vocabulary = self._editions[edition.id] = _EditionVocabulary(
                self._jargon_matcher(edition), self._glossary_matcher(edition))
        return vocabulary

    def _jargon_matcher(self, edition: Edition) -> PhraseMatcher[list[tuple[Entry, str]]]:
        """Phrases of the table (targets based in the key edition, ``""`` when the KB lacks it)
        and those the CR's English text calls informally (based in the edition mined). An English
        edition's own phrase is its alone: en 2017-08-25 calls its 704.5j the "planeswalker uniqueness
        rule", which the table, for the editions after it, points to the legend rule (704.5k then)."""
        base = self._key.id if self._key else ""
        sources = [(entry, base) for entry in self.table.entries]
        mined_from = edition if edition.lang == "en" else self._english
        mined = mined_entries(rule_rows(self.store, mined_from.id)) if mined_from is not None else []
        own = {phrase_words(variant) for entry in mined for variant in entry.words} if mined_from is edition else set()
        phrases: dict[tuple[str, ...], list[tuple[Entry, str]]] = {}
        unless: dict[str, list[str]] = {}
        for entry, entry_base in sources + [(entry, mined_from.id) for entry in mined if mined_from is not None]:
            for variant in entry.words:
                words = phrase_words(variant)
                if words in own and entry.line:  # a table entry (a mined one has no line)
                    continue  # the table's reading of a phrase the edition uses itself
                phrases.setdefault(words, []).append((entry, entry_base))
                if len(words) == 1:
                    held = ("".join(phrase_words(u)) for u in entry.unless)
                    unless.setdefault(words[0], []).extend(u for u in held if words[0] in u)
        # 立ち消えとは: the table's Japanese words end no run; 吸血鬼 (vampire) holds no 吸血 (lifelink)
        return PhraseMatcher(phrases, inside_runs=True, unless=unless)

    def _glossary_matcher(self, edition: Edition) -> PhraseMatcher[tuple[str, ...]]:
        if edition.lang in CJK_LANGUAGES:
            return PhraseMatcher({})
        entries = self.store.glossary(edition.id)
        held = {r.number for r in rule_rows(self.store, edition.id) if r.text and r.text != r.title}  # not heading-only
        cited = {fold(e.term): [n for ref in e.references for n in ref.targets if n in held] for e in entries}
        common = self.store.vocabulary(edition.id).text_words
        phrases: dict[tuple[str, ...], tuple[str, ...]] = {}
        for entry in entries:
            numbers = cited[fold(entry.term)] or _see_also(entry.definition, cited)
            for name in _glossary_names(entry.term):
                words = phrase_words(name)
                if numbers and words and not (len(words) == 1 and common.get(words[0], 0) > COMMON_WORD):
                    phrases.setdefault(words, tuple(dict.fromkeys(numbers))[:MAX_GLOSSARY_RULES])
        return PhraseMatcher(phrases)

    def _found(self, vocabulary: _EditionVocabulary, entry: Entry, base: str, edition: Edition) -> list[str]:
        """The numbers of ``entry``'s targets in ``edition`` (``search.targets``), remembered."""
        numbers = []
        for target in entry.targets:
            if (base, target) not in vocabulary.resolved:
                vocabulary.resolved[base, target] = self._finder.find(target, base, edition)
            if vocabulary.resolved[base, target]:
                numbers.append(vocabulary.resolved[base, target])
        return numbers


def _add(found: dict[str, Expanded], numbers: list[tuple[str, str]], share: float, phrase: str) -> None:
    for rank, (number, source) in enumerate(dict.fromkeys(numbers)):
        expanded = Expanded(number, share * DECAY ** rank, source, phrase)
        if number not in found or found[number].share < expanded.share:
            found[number] = expanded


class _Weights:
    """How much query words say, summed: 0 for a question's own words and particles
    (``says_nothing``), else the word's idf in the edition (``1 + log(N / (df + 1))``, df its
    headings and texts holding it; a word none holds has the highest), or 1 without a reader; at
    least a small positive total."""

    def __init__(self, reader: IndexReader | None, lang: str) -> None:
        self.reader, self.lang = reader, lang
        self.documents = reader.doc_count_all() if reader is not None else 0
        self._known: dict[str, float] = {}

    def __call__(self, words: tuple[str, ...]) -> float:
        return max(1e-6, sum(self._word(word) for word in words if not says_nothing(word)))

    def _word(self, word: str) -> float:
        if self.reader is None:
            return 1.0
        if word not in self._known:
            tokens = field_tokens("body", word, self.lang)
            frequency = max((self.reader.doc_frequency(f, t) for f in ("heading", "body") for t in tokens), default=0)
            self._known[word] = 1 + math.log(max(1, self.documents) / (frequency + 1)) if tokens else 0.0
        return self._known[word]


_HAN_QUESTION_WORDS = sorted((w for w in QUESTION_WORDS if HAN.search(w)), key=len, reverse=True)
_HAN_FILLERS = frozenset("是的吗呢吧啊")
"""Chinese characters a question is made with around its question words (``是什么``: "is what")."""


def says_nothing(word: str) -> bool:
    """Whether a query word (``phrase_words``) says nothing a question is about: one of
    ``QUESTION_WORDS``; a Korean particle or a Korean question's predicate (Korean writes the
    particle right after an abbreviation: ``LKI란``, ``ETB가 뭔가요`` are ``lki``, ``란``; ``etb``,
    ``가``, ``뭔가요``); Japanese hiragana, with a question word or not (``LKIとは``,
    ``とは何ですか``); Chinese question words with 是 and sentence particles (``LKI是什么``)."""
    if word in QUESTION_WORDS:
        return True
    if HANGUL.fullmatch(word[:1] or " "):
        return word in PARTICLES or word in KOREAN_QUESTION_WORDS or word.endswith(QUESTION_ENDINGS)
    rest = HIRAGANA_RUN.sub("", word)
    if rest != word:
        return not rest or rest in QUESTION_WORDS
    for question in _HAN_QUESTION_WORDS:
        rest = rest.replace(question, "")
    return rest != word and set(rest) <= _HAN_FILLERS


def _glossary_names(term: str) -> list[str]:
    """The names a glossary headword is matched by: without ``(Obsolete)``; ``You, Your`` as
    each of its one-word parts."""
    term = term.replace("(Obsolete)", "").strip()
    parts = [part.strip() for part in term.split(",")]
    if len(parts) > 1 and all(len(phrase_words(part)) == 1 for part in parts):
        return parts
    return [term]


def _see_also(definition: str, cited: dict[str, list[str]]) -> list[str]:
    """The rules of the entry a definition that is only ``See <term>.`` points to."""
    text = fold(definition)
    if text.startswith("see ") and text.endswith("."):
        return cited.get(text[4:-1].strip(), [])
    return []
