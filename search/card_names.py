"""Card and player names in a question, read before the query is parsed.

Rules questions name cards and players ("Ashley casts Storm Crow. Can Nico block it?"). Searched
as words, one word of a card name that is also a rule's name (Storm Crow -> 702.40 Storm, Clash of
Titans -> 701.30 Clash, Abrupt Decay -> 702.147 Decayed) outranks the rule the question is about,
and a player's name is "corrected" to some word of the rules. ``read_names`` rewrites the query:

1. With a card list (``search.card_list``, written by ``crkb fetch --cards``), each card name the
   query writes (longest first, capitalised as printed, a possessive ``'s`` allowed: ``Heliod,
   Sun-Crowned's``) is replaced by its keywords and card types (Storm Crow -> ``flying creature``,
   Blight Mamba -> ``infect regenerate creature``). A name that is also a rule's name or term of
   the edition (a card named ``Flash``) stays a rule term, and so does a one-word name opening a
   sentence when the rules use that word; no name is read inside a rule term of two words or
   more (``Manifest Dread``, ``End the Turn``: the cards Dread and Turn are not read there). A
   query that is only a card name of two words or more is read in any case (``storm crow``).
   In a lookup (``Lure block requirements``) the words a card is read as count but need not all
   match (``ParsedQuery.card_words``): the Aura rules held enchant, aura and block, 509.1c only
   the words typed.
2. In a question (three lowercase words or more), the capitalised words left are read as names:
   runs of capitalised words (with ``of``, ``the``, ``to`` ... inside: ``Rest in Peace``), split at
   commas (``Oko, Thief of Crowns``), are dropped, except the parts that are a rule's name, defined
   or glossary term, or a phrase of the rules (``Two-Headed Giant``, ``Legend Rule``), and except a
   single word the rules use (``Trample``, ``the Adventure portion``: a lone name such as
   ``Brainstorm`` or ``Nico`` is a word no rule holds).
   All-capital words (``ETB``, ``APNAP``) and quoted text are never touched. When nothing worth
   searching would be left, the query is searched as typed.

``search.edition_terms.EditionTerms`` answers, for one edition's index, whether words are a rule term and whether the
rules use a word at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from kb.scripts import HANGUL_RANGES, KANJI
from search.card_list import Card


CONNECTORS = frozenset({"of", "the", "to", "in", "from", "for", "on", "at", "into", "upon", "de"})
"""Lowercase words inside a card name (``Champion of the Flame``, ``Called to the Hunt``)."""
FUNCTION_WORDS = frozenset((
    "a an and are as at be but by can could did do does during each else for from had has have how if in "
    "instead is it its may might must no not of on once or should since so suppose that the then there "
    "these they this those to was were what when whenever where whether which while who why will with "
    "would after before because both either neither let yes my your our their his her"
).split())
"""Words that open a sentence without being part of a name (``In Two-Headed Giant``, ``Can Ashley``)."""
MAX_TERM_WORDS = 5
"""The longest rule term looked for where a card name may start (``Declare Blockers Step``)."""
MAX_CARDS_TYPED = 8
"""A lowercase query of more words than this is no list of card names (``_cards_typed_lowercase``)."""
MIN_LOWERCASE_WORDS = 3
"""A query with fewer lowercase words is a title or a name typed alone, not a question: only card
names from the list are read in it."""
_CJK = f"{HANGUL_RANGES}\u3000-\u30ff\u31f0-\u31ff\uff00-\uffef{KANJI}"
"""Hangul, kana, CJK punctuation, full-width forms and kanji: a chunk of them is never part of a
name (``Storm Crow는``, ``Abrupt Decayは``: the card's name ends where the Korean or Japanese starts)."""
_CHUNK = re.compile(rf"[^\s,;:!?()\[\]\"“”.{_CJK}]+(?:\.[^\s,;:!?()\[\]\"“”.{_CJK}]+)*|[{_CJK}]+|[,;:!?.]")
_LATIN_LETTER = re.compile("[A-Za-z]")
_QUOTED = re.compile(r'"[^"]*"|“[^”]*”|「[^」]*」')
_ENDS_SENTENCE = frozenset(".!?:;")
_POSSESSIVE = re.compile(r"(?:'s|’s|'|’)$")


class Terms(Protocol):
    """What ``read_names`` asks of an edition (``search.edition_terms.EditionTerms``)."""

    def is_term(self, text: str) -> bool: ...

    def uses(self, word: str) -> bool: ...


class CardNames(Protocol):
    """What ``read_names`` asks of a card list (``search.card_list.CardList``)."""

    def match(self, words: list[str]) -> tuple[int, Card] | None: ...

    def card(self, name: str) -> Card | None: ...


@dataclass(frozen=True)
class NameReading:
    """A query as searched (``text``), the cards read as their keywords and types (``found``;
    ``cards`` their names as printed: ``Storm Crow`` for ``storm crow``) and the name-like
    spans dropped (``dropped``), in query order; ``card_text`` are the words the text holds only
    from the Oracle texts of those cards (weaker than the question's own: ``search.informative``)."""

    text: str
    found: tuple[Card, ...] = ()
    """The cards read, in query order (their texts are read for judge vocabulary: ``search.expand``)."""
    dropped: tuple[str, ...] = ()
    card_text: frozenset[str] = frozenset()
    card_words: frozenset[str] = frozenset()
    """Every word the cards were read as that the query did not type (``card_text`` among them)."""

    @property
    def cards(self) -> tuple[str, ...]:
        """The names of the cards read, as the cards print them."""
        return tuple(card.name for card in self.found)

    @property
    def read_as(self) -> tuple[tuple[str, ...], ...]:
        """Per card of ``cards``, its ``Card.words`` (what the card is: ``("flying", "creature")``)."""
        return tuple(tuple(card.words()) for card in self.found)


@dataclass(frozen=True)
class _Chunk:
    start: int
    end: int
    text: str
    sentence_start: bool
    quoted: bool

    @property
    def word(self) -> bool:
        return self.text not in _ENDS_SENTENCE and self.text != ","

    @property
    def capitalised(self) -> bool:
        """Capitalised like a name: ``Storm``, ``Sun-Crowned's`` (not ``ETB``, ``X=1``, ``{B}``)."""
        letters = self.text.replace("'", "").replace("’", "").replace("-", "")
        return bool(letters) and letters.isalpha() and letters[0].isupper() and any(c.islower() for c in letters)


def read_names(query: str, terms: Terms, cards: CardNames | None = None, text_words: bool = True) -> NameReading:
    """``query`` with card names replaced by their keywords and types (``cards``, none without)
    and other name-like spans dropped, as described in the module docstring. ``text_words``:
    the words of the cards' Oracle texts are added too (for an English edition; a translation's
    index holds none of them, and ``Card.words`` are CR terms its term dictionary translates).
    A card name in a Korean, Japanese or Chinese question is read where it stands
    (``Storm Crow는``). Never raises; gives ``query`` unchanged when it names nothing (at once
    when it has no Latin letter: every card and player name read here is written in Latin letters)."""
    if not _LATIN_LETTER.search(query):
        return NameReading(query)
    if cards is not None:
        alone = _card_alone(query, terms, cards)
        if alone is not None:
            return alone
        query = _cards_typed_lowercase(query, terms, cards)
    chunks = _chunks(query)
    edits: list[tuple[int, int, str]] = []
    used: set[int] = set()
    found_cards: list[Card] = []
    card_text: set[str] = set()
    card_words: set[str] = set()
    if cards is not None:
        found_cards = _read_cards(query, chunks, terms, cards, edits, used, card_text if text_words else None,
                                  card_words)
    dropped: list[str] = []
    lowercase = sum(1 for c in chunks if c.word and not c.quoted and c.text[:1].islower())
    if lowercase >= MIN_LOWERCASE_WORDS:
        dropped = _drop_names(query, chunks, terms, edits, used)
        if dropped and not _informative_left(chunks, used, terms):
            edits = [edit for edit in edits if edit[2]]
            dropped = []
    if not edits:
        return NameReading(query)
    text = query
    for start, end, replacement in sorted(edits, reverse=True):
        text = f"{text[:start]} {replacement} {text[end:]}" if replacement else f"{text[:start]} {text[end:]}"
    return NameReading(" ".join(text.split()), tuple(found_cards), tuple(dropped), frozenset(card_text),
                       frozenset(card_words))


def _card_alone(query: str, terms: Terms, cards: CardNames) -> NameReading | None:
    """A query that is a card name of two words or more in any case (``storm crow``), read as the
    card's words; None for any other query, and for a name that is a rule term."""
    name = query.strip().strip("?!.")
    if len(name.split()) < 2 or _QUOTED.search(name):
        return None
    card = cards.card(name)
    if card is None or terms.is_term(name):
        return None
    words = card.words()
    return NameReading(" ".join(words), (card,))


def _cards_typed_lowercase(query: str, terms: Terms, cards: CardNames) -> str:
    """A query in lowercase that is only card names, each written as the card prints it
    (``mindslaver`` -> ``Mindslaver``, ``humility opalescence`` -> ``Humility Opalescence``), to be
    read as cards; ``query`` unchanged otherwise. A name of one word counts only when the rules do
    not use that word (``fog`` names a card, and ``ward`` one more), none that is a rule term."""
    words = query.split()
    if not words or len(words) > MAX_CARDS_TYPED or query != query.lower() or not query.isascii():
        return query  # the card list's names are English
    names: list[str] = []
    start = 0
    while start < len(words):
        for size in range(min(MAX_TERM_WORDS, len(words) - start), 0, -1):
            text = " ".join(words[start:start + size])
            card = cards.card(text)
            if card is not None and not terms.is_term(text) and (size > 1 or not terms.uses(text)):
                names.append(card.name)
                start += size
                break
        else:
            return query
    return " ".join(names)


def _chunks(query: str) -> list[_Chunk]:
    quoted = [(m.start(), m.end()) for m in _QUOTED.finditer(query)]
    chunks: list[_Chunk] = []
    for match in _CHUNK.finditer(query):
        inside = any(start <= match.start() < end for start, end in quoted)
        first = not chunks or chunks[-1].text in _ENDS_SENTENCE
        chunks.append(_Chunk(match.start(), match.end(), match.group(), first, inside))
    return chunks


def _read_cards(query: str, chunks: list[_Chunk], terms: Terms, cards: CardNames,
                edits: list[tuple[int, int, str]], used: set[int],
                card_text: set[str] | None, card_words: set[str]) -> list[Card]:
    """Replace the card names of the list: longest match at each capitalised word, by the card's
    ``Card.words`` and then its ``Card.text_words`` (those added to ``card_text``; none when it
    is None); every word added goes into ``card_words``; returns the cards, in query order."""
    found: list[Card] = []
    seen: set[str] = {c.text.lower() for c in chunks if c.word}
    i = 0
    while i < len(chunks):
        chunk = chunks[i]
        if not (chunk.word and chunk.capitalised and not chunk.quoted):
            i += 1
            continue
        positions = _name_positions(chunks, i)
        term = _rule_term_length(query, chunks, positions, terms)
        if term:  # End the Turn, City's Blessing: no card Turn, no card Blessing inside
            i = positions[term - 1] + 1
            continue
        match = cards.match([chunks[p].text for p in positions])
        if match is None:
            i += 1
            continue
        count, card = match
        words, text_words = card.words(), card.text_words() if card_text is not None else []
        span = positions[:count]
        name = query[chunks[span[0]].start:chunks[span[-1]].end]
        if _stays_rule_term(name, chunks[i], count, terms):
            i = span[-1] + 1
            continue
        added = [w for w in dict.fromkeys(words + text_words) if w not in seen]
        if card_text is not None:
            card_text.update(w for w in added if w not in words)
        seen.update(added)
        card_words.update(added)
        edits.append((chunks[span[0]].start, chunks[span[-1]].end, " ".join(added)))
        used.update(range(span[0], span[-1] + 1))
        found.append(card)
        i = span[-1] + 1
    return found


def _rule_term_length(query: str, chunks: list[_Chunk], positions: list[int], terms: Terms) -> int:
    """How many words of ``positions`` (from a capitalised word) make the longest rule term of
    two words or more that ends in a capitalised word (``Manifest Dread``, ``End the Turn``);
    0 when they make none. A term of the rules is never read as card names. A run opening with a
    function word other than ``the`` is no term (``Can Storm`` in ``Can Storm Crow block?``: its
    key is ``storm``, but the name is Storm Crow)."""
    first = chunks[positions[0]].text.lower() if positions else ""
    if first in FUNCTION_WORDS and first != "the":
        return 0
    for count in range(min(len(positions), MAX_TERM_WORDS), 1, -1):
        last = chunks[positions[count - 1]]
        if last.capitalised and terms.is_term(query[chunks[positions[0]].start:last.end]):
            return count
    return 0


def _name_positions(chunks: list[_Chunk], i: int) -> list[int]:
    """Positions of the words from ``i`` a card name may span: commas skipped, up to the end of
    the sentence or a quote."""
    positions = []
    for p in range(i, len(chunks)):
        chunk = chunks[p]
        if chunk.quoted or chunk.text in _ENDS_SENTENCE:
            break
        if chunk.word:
            positions.append(p)
    return positions


def _stays_rule_term(name: str, first: _Chunk, count: int, terms: Terms) -> bool:
    """A card name that is also a rule term (a card named ``Flash``), or a one-word name opening a
    sentence whose word the rules use, is read as the rules' word."""
    bare = _POSSESSIVE.sub("", name)
    if terms.is_term(bare):
        return True
    return count == 1 and first.sentence_start and terms.uses(bare)


def _drop_names(query: str, chunks: list[_Chunk], terms: Terms,
                edits: list[tuple[int, int, str]], used: set[int]) -> list[str]:
    """Drop the capitalised runs left that are no rule term (see the module docstring)."""
    dropped: list[str] = []
    for run in _runs(chunks, used):
        for start, end in _name_spans(chunks, run, terms):
            edits.append((chunks[start].start, chunks[end].end, ""))
            used.update(range(start, end + 1))
            dropped.append(query[chunks[start].start:chunks[end].end])
    return dropped


def _runs(chunks: list[_Chunk], used: set[int]) -> list[list[int]]:
    """Runs of capitalised words (connectors inside), split at commas and sentence ends; a
    function word opening a sentence is in none."""
    runs: list[list[int]] = []
    current: list[int] = []
    for p, chunk in enumerate(chunks):
        free = chunk.word and not chunk.quoted and p not in used
        if free and chunk.capitalised:
            if chunk.sentence_start and _bare(chunk.text).lower() in FUNCTION_WORDS:
                continue  # "In Two-Headed Giant", "Can Ashley": not part of a name
            current.append(p)
        elif free and current and chunk.text in CONNECTORS and _next_capitalised(chunks, p, used):
            current.append(p)
        else:
            if current:
                runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


def _next_capitalised(chunks: list[_Chunk], p: int, used: set[int]) -> bool:
    for q in range(p + 1, len(chunks)):
        if chunks[q].text in CONNECTORS:
            continue
        return q not in used and chunks[q].word and chunks[q].capitalised and not chunks[q].quoted
    return False


def _name_spans(chunks: list[_Chunk], run: list[int], terms: Terms) -> list[tuple[int, int]]:
    """The parts of a run to drop, as (first, last) chunk positions: all of it but the rule
    terms of two words or more in it, and then its one-word rule terms too (a run of rule terms
    only is kept whole; ``Storm Crow`` is no run of rule terms: ``Storm`` goes with ``Crow``); a single word is kept when the rules use it (``the Adventure portion``, ``Swamps``,
    ``Trample``: the rules write subtypes and keywords capitalised too)."""
    words = [_bare(chunks[p].text) for p in run]
    if len(run) == 1:
        if terms.is_term(words[0]) or terms.uses(words[0]):
            return []
        return [(run[0], run[0])]
    keep: set[int] = set()
    i = 0
    while i < len(run):
        for j in range(len(run), i + 1, -1):  # longest rule term of two words or more from i
            if chunks[run[j - 1]].capitalised and terms.is_term(" ".join(words[i:j])):
                keep.update(range(i, j))
                i = j
                break
        else:
            i += 1
    capitalised = [k for k in range(len(run)) if chunks[run[k]].capitalised]
    lone_terms = {k for k in capitalised if k not in keep and terms.is_term(words[k])}
    if keep or len(lone_terms) == len(capitalised):  # "Planeswalker's Loyalty Ability", "Flying Trample"
        keep |= lone_terms
    spans: list[tuple[int, int]] = []
    for k in range(len(run)):
        if k in keep:
            continue
        if spans and spans[-1][1] == run[k - 1] and k - 1 not in keep:
            spans[-1] = (spans[-1][0], run[k])
        else:
            spans.append((run[k], run[k]))
    return spans


def _informative_left(chunks: list[_Chunk], used: set[int], terms: Terms) -> bool:
    """True when a word the rules use, other than a function word, is left to search."""
    return any(
        chunk.word and p not in used and _bare(chunk.text).lower() not in FUNCTION_WORDS
        and terms.uses(_bare(chunk.text))
        for p, chunk in enumerate(chunks)
    )


def _bare(word: str) -> str:
    return _POSSESSIVE.sub("", word)
