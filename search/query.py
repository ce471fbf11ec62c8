"""From what a user typed to whoosh queries (no query syntax: every input is searched as text).

``parse_query`` reads a query: a rule number in any common form (``702.19B``, ``CR 704.5j``,
``rule 601.2a``; a range, ``601.2a-d``, is its first number) is a number query; otherwise quoted parts (``"legend rule"``, ``“…”``) are
phrases, the rest words. Characters that are query syntax elsewhere (``AND``, ``:``, ``*``,
brackets, a lone quote) are plain text here. ``build_query`` turns the words into a whoosh query
over one edition's fields (``search.index``): every word must match a heading, the section title
or the text (``mode="all"``), or any word may match anywhere, examples too (``"any"``); headings
weigh as much as text, and a query that is a whole name or phrase of a rule gets a large bonus;
``ParsedQuery.related`` words (``search.related``) are weak optional words. Adjacent query words found adjacent in a rule's heading or text give
a smaller bonus (``PairTerm``: a whoosh query over the index's ``pairs.sqlite``, ``search.pairs``).
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from dataclasses import dataclass

from whoosh import query as wq
from whoosh.matching import ListMatcher, Matcher, NullMatcher
from whoosh.scoring import BM25F, WeightingModel, bm25
from whoosh.searching import Searcher

from kb.numbers import RULE_PATTERN, parse_number, parse_range_start
from search.analysis import (CJK_LANGUAGES, QUERY_ALSO, QUESTION_WORDS, analyzer_for, name_key, text_tokens,
                             token_pairs, word_starts)
from search.pairs import EditionPairs
from search.scoring import WordQuery

MAX_QUERY_CHARS = 400
"""A query is read up to here (a player's whole question is rarely over 250 characters)."""
FIELD_BOOSTS = {"heading": 1.0, "section": 0.7, "body": 1.0, "examples": 0.3}
MODES = {"all": ("heading", "section", "body"), "any": tuple(FIELD_BOOSTS)}
"""Fields each mode searches. Examples are left out of the every-word pass: they rarely decide a
rule (a rule whose example alone holds every word came first), and leaving them out makes the
common query about 12% faster."""
CLAUSES_KEPT = 8192
"""Clause queries kept made (``clause_query``: a search makes them twice, for its query and for
``search.coverage``)."""
NAME_BOOST = 40.0
DEFINED_BOOST = 25.0
SHORT_FIELDS = ("heading",)
HEADING_PHRASE_BOOST = 8.0
COORDINATION = 0.9
"""With mode "any", how much matching more of the words counts (whoosh Or scale, 0-1)."""
PAIR_BOOST = 2.0
REVERSED_PAIR_BOOST = 1.0
"""Weight of two adjacent query words found adjacent the other way round (``0 toughness``: 704.5f's
"toughness 0 or less", first; 208.5's section Power/Toughness led), half a pair in order. On
questions-dev (kb of four editions): keyword MRR@10 0.437 -> 0.446, hit@10 0.622 both; question
text, dev-queries and the extra set unchanged; at 2.0 keyword hit@10 fell 0.622 -> 0.578."""
REVERSED_PAIR_TOKENS = 6
"""Longest query (in tokens) whose pairs are also tried the other way round: a lookup's words are
a phrase in any order; a whole question's are not, and its pairs reversed doubled its time."""
RELATED_BOOST = 0.8
"""Weight of a word two named rules share (``search.related``), against 1.0 for a typed word."""
START_BOOST = 1.0
"""Weight of a Korean query word found where a word of the text starts (``레이어`` in ``레이어에서``,
not in ``플레이어``: ``search.analysis.word_starts``), a bonus."""
BM25_B = 0.75
BM25_K1 = 1.2
"""whoosh's BM25F defaults, named because ``PairTerm`` scores pairs with them outside whoosh."""

class _Or(wq.Or):
    """``Or`` that merges its parts lazily (whoosh's default for indexes under 5,000 documents
    preloads every posting of every part: about 1.5x slower here)."""

    matcher_type = wq.Or.DEFAULT_MATCHER


class _AnyOr(wq.Or):
    """``Or`` of a query's words when any may match: scores every matching document in arrays
    (whoosh's preloaded matcher), about 2x faster here than merging a tree of many parts."""

    matcher_type = wq.Or.ARRAY_MATCHER


_QUOTED = re.compile(r'"([^"]*)"|“([^”]*)”|「([^」]*)」')
_SYNTAX = re.compile(r"[\"“”「」()\[\]{}<>:*?^~!+=|&\\/#@;,§]+")
_NUMBER_WORD = re.compile(rf"^{RULE_PATTERN}(?:\.\d+[a-zA-Z]?)?\.?$")
_GLUED_NUMBER = re.compile(rf"(?<![\w.])({RULE_PATTERN}(?:\.\d+[a-zA-Z]?)?)(?=[^\x00-\x7f])"
                           rf"|(?<=[^\x00-\x7f\s])({RULE_PATTERN}(?:\.\d+[a-zA-Z]?)?)(?![\w.])")
"""A rule number written against a word of another script (``702.11bについて``, ``702.19b항``,
``総合ルール702.11b``): ``parse_query`` reads it as a word of its own."""


@dataclass(frozen=True)
class Clause:
    """One word (``phrase=False``) or quoted phrase of a query, as typed (NFKC)."""

    text: str
    phrase: bool = False


@dataclass(frozen=True)
class ParsedQuery:
    """A query read by ``parse_query``: ``number`` when the whole query is a rule number
    (canonical), else the text ``clauses``; ``numbers`` are rule numbers among the words;
    ``related`` are analysed words added as weak optional ones (``search.related``);
    ``card_text`` the lowercase words that come only from the Oracle texts of cards the query
    names (``search.card_names``: ranked below the query's own words by ``search.informative``);
    ``card_words`` every word the cards of a lookup were read as (``card_text`` among them), which
    the every-word pass does not require when the query has words of its own."""

    text: str
    number: str | None
    clauses: tuple[Clause, ...]
    numbers: tuple[str, ...] = ()
    related: tuple[str, ...] = ()
    card_text: frozenset[str] = frozenset()
    card_words: frozenset[str] = frozenset()


def parse_query(text: str) -> ParsedQuery:
    """Read a user's query (any string; never raises). Over ``MAX_QUERY_CHARS`` characters are
    ignored; a long query keeps every word here (``search.informative`` picks the informative
    ones against an edition's index)."""
    text = unicodedata.normalize("NFKC", text or "")[:MAX_QUERY_CHARS].strip()
    number = (parse_number(text) or parse_range_start(text)) if text else None  # 601.2a-d: its first rule
    if number is not None:
        return ParsedQuery(text, number, ())
    clauses: list[Clause] = []
    numbers: list[str] = []
    rest = text
    for match in _QUOTED.finditer(text):
        phrase = next(g for g in match.groups() if g is not None).strip()
        if phrase:
            clauses.append(Clause(_SYNTAX.sub(" ", phrase).strip(), phrase=True))
        rest = rest.replace(match.group(0), " ", 1)
    for word in _SYNTAX.sub(" ", _GLUED_NUMBER.sub(r" \1\2 ", rest)).split():
        if _NUMBER_WORD.match(word) and parse_number(word):
            numbers.append(parse_number(word) or "")
        elif word.strip("-.'’"):
            clauses.append(Clause(word.strip("-.'’")))
    clauses = [c for c in clauses if c.text]
    return ParsedQuery(text, None, tuple(clauses), tuple(numbers))


def field_tokens(field: str, text: str, lang: str) -> list[str]:
    """The tokens ``text`` gives in one field of an edition in ``lang``."""
    return text_tokens(text, lang)


def build_query(
    parsed: ParsedQuery, lang: str, mode: str = "all", pairs: EditionPairs | None = None
) -> wq.Query | None:
    """The whoosh query of ``parsed`` in an edition of ``lang``; ``mode`` is a key of ``MODES``
    (``"any"``: any clause may match, else every one must); ``pairs`` are the edition's token
    pairs for the phrase bonus (none without). A rule number typed among the words
    (``ParsedQuery.numbers``) matches its rule even when no word does (``诡则 702.19b``, a slip of
    the prefix word). None when no clause leaves a token (only stop words)."""
    fields = MODES[mode]
    loose = mode == "any"
    made = [(c, q) for c in parsed.clauses if (q := clause_query(c, lang, fields, loose)) is not None]
    clauses = [q for _, q in made]
    numbers = [wq.Term("number", n, boost=NAME_BOOST) for n in parsed.numbers]
    if not clauses and not numbers:
        return None
    if not clauses:
        return _Or(numbers)
    text = " ".join(c.text for c in parsed.clauses)
    names = name_queries(text, lang)
    typed = [q for c, q in made if c.text.lower() not in parsed.card_words]
    if mode == "any":
        required = _AnyOr(clauses, scale=COORDINATION)
    elif typed and len(typed) < len(clauses):  # "Lure block requirements": the card's words count, need not match
        required = wq.AndMaybe(wq.And(typed), _Or([q for c, q in made if c.text.lower() in parsed.card_words]))
    else:
        required = wq.And(clauses)
    if names:  # a whole name matches even when its words do not (상태참조행동 for 상태 참조 행동)
        required = _Or([required, *names])
    if numbers:  # a rule number typed with words is that rule, whatever its text says (诡则 702.19b)
        required = _Or([required, *numbers])
    related = [wq.Term("body", token, boost=RELATED_BOOST) for token in parsed.related]
    if loose and related:
        required = _Or([required, *related])
    starts = [wq.Term("starts", start, boost=START_BOOST) for start in word_starts(text)] if lang == "ko" else []
    bonus = names + numbers + related + starts + phrase_queries(text, lang, pairs)  # a number over a name it matches
    return wq.AndMaybe(required, _Or(bonus)) if bonus else required


@functools.lru_cache(maxsize=CLAUSES_KEPT)
def clause_query(
    clause: Clause, lang: str, fields: tuple[str, ...] = tuple(FIELD_BOOSTS), loose: bool = False
) -> wq.Query | None:
    """A word or phrase matched in any of ``fields``, each field with its boost; field scores add
    up (whoosh3's DisjunctionMax scores a document by the best score of any document: unusable).
    A word of several tokens needs them all, or with ``loose`` any of them (a Japanese query
    without spaces, ``マリガンの手順``, is one word of many bigrams). The last ``CLAUSES_KEPT``
    are kept (a query is never changed once made: whoosh's are not, nor is ``search.scoring``),
    and ``search.scoring`` keeps each one's scores per edition (``WordQuery``)."""
    parts = []
    for field in fields:
        boost = FIELD_BOOSTS[field]
        tokens = field_tokens(field, clause.text, lang)
        if tokens:
            parts.append(_tokens_query(field, tokens, lang, boost, clause.phrase, loose))
    return WordQuery(parts, key=(clause, lang, fields, loose)) if parts else None


def name_queries(text: str, lang: str) -> list[wq.Query]:
    """Exact-name matches of the whole query text (see ``search.analysis.name_key``)."""
    langs = (lang, "en") if lang in CJK_LANGUAGES else (lang,)
    keys = dict.fromkeys(k for k in (name_key(text, key_lang) for key_lang in langs) if k)
    return [wq.Term("name", key, boost=NAME_BOOST) for key in keys] + [
        wq.Term("defined", key, boost=DEFINED_BOOST) for key in keys
    ]


def weighting() -> WeightingModel:
    """BM25F without length normalisation in headings: most rules have none, so their average
    length is near 0 and normalising would crush every heading match."""
    return BM25F(B=BM25_B, K1=BM25_K1, **{f"{field}_B": 0.0 for field in SHORT_FIELDS})


def phrase_queries(text: str, lang: str, pairs: EditionPairs | None = None) -> list[wq.Query]:
    """The whole query as a phrase in headings (in Korean, in a rule whose words start as the
    query's do: ``word_starts``), and each pair of adjacent query tokens found adjacent in a
    heading or text of the edition (``pairs``, ``search.pairs``), in a Latin-script edition either
    way round (``REVERSED_PAIR_BOOST``)."""
    tokens = field_tokens("body", text, lang)
    if len(tokens) < 2:
        return []
    found = [PairTerm(pair, pairs, boost=PAIR_BOOST) for pair in dict.fromkeys(token_pairs(tokens))
             if not _question_pair(pair, lang)] if pairs else []
    if pairs and lang not in CJK_LANGUAGES and len(tokens) <= REVERSED_PAIR_TOKENS:  # CJK pairs are bigrams
        found += [PairTerm(pair, pairs, boost=REVERSED_PAIR_BOOST) for pair in dict.fromkeys(token_pairs(tokens[::-1]))
                  if not _question_pair(pair, lang)]
    heading: wq.Query = wq.Phrase("heading", tokens, slop=1, boost=HEADING_PHRASE_BOOST)
    starts = [wq.Term("starts", start, boost=0.0) for start in word_starts(text)] if lang == "ko" else []
    if starts:  # a Korean heading holds the query where its words start: 레이어 is no heading 플레이어
        heading = wq.And([heading, *starts])
    return [heading, *found]


@functools.lru_cache(maxsize=8)
def _question_tokens(lang: str) -> frozenset[str]:
    """The tokens of ``search.analysis.QUESTION_WORDS`` in an edition of ``lang`` (``happen``)."""
    return frozenset(token for word in QUESTION_WORDS for token in field_tokens("body", word, lang))


def _question_pair(pair: str, lang: str) -> bool:
    """Whether both tokens of a pair are question words (``what happen``): such a pair says what a
    question asks, not what it is about, and earns no phrase bonus (704.4, "pay no attention to
    what happens during the resolution", was first for any "what happens if ..." question)."""
    return all(token in _question_tokens(lang) for token in pair.split(" "))


class PairTerm(wq.Term):
    """A pair of adjacent tokens (``"state base"``) as a whoosh query over ``search.pairs``: matches
    the rules whose heading or text holds it, scored BM25 (``BM25_B``, ``BM25_K1``) on the pair's
    count, the rule's pair count and the edition's average, as a whoosh field would be."""

    def __init__(self, pair: str, pairs: EditionPairs, boost: float = 1.0) -> None:
        super().__init__("pairs", pair, boost=boost)
        self.pairs = pairs

    def estimate_size(self, ixreader: object) -> int:
        found = self.pairs.postings(self.text)
        return len(found[0]) if found else 0

    def matcher(self, searcher: Searcher, context: object = None) -> Matcher:
        found = self.pairs.postings(self.text)
        if found is None:
            return NullMatcher()
        docnums, counts = found
        return ListMatcher(docnums, weights=counts, scorer=_PairScorer(searcher, len(docnums), self.pairs, self.boost))


class _PairScorer:
    """whoosh scorer protocol for ``PairTerm`` (no block-quality skipping)."""

    def __init__(self, searcher: Searcher, doc_frequency: int, pairs: EditionPairs, boost: float) -> None:
        doc_count = searcher.doc_count_all()
        self.idf = math.log(doc_count / (doc_frequency + 1)) + 1
        self.average = pairs.stats.total_length / (doc_count or 1) or 1
        self.stats = pairs.stats
        self.boost = boost

    def supports_block_quality(self) -> bool:
        return False

    def block_quality(self, matcher: Matcher) -> float:
        """An upper bound of any score (BM25 tends to ``idf * (K1 + 1)``)."""
        return self.boost * self.idf * (BM25_K1 + 1)

    def score(self, matcher: Matcher) -> float:
        length = self.stats.length(matcher.id())
        return self.boost * bm25(self.idf, matcher.weight(), length, self.average, BM25_B, BM25_K1)


def _tokens_query(field: str, tokens: list[str], lang: str, boost: float, phrase: bool, loose: bool) -> wq.Query:
    if len(tokens) > 1:  # a quoted phrase, else a word of several tokens (state-based, 멀리건)
        if phrase:
            return wq.Phrase(field, tokens, boost=boost)
        if lang in CJK_LANGUAGES:  # a word counts once, whatever its number of bigrams
            boost /= len(tokens)  # (トランプル's four bigrams outweighed 接死's one)
        terms = [wq.Term(field, token) for token in dict.fromkeys(tokens)]
        return _Or(terms, boost=boost) if loose else wq.And(terms, boost=boost)
    token = tokens[0]
    if lang in CJK_LANGUAGES and len(token) == 1 and not token.isascii():
        return _Or([wq.Term(field, token), wq.Prefix(field, token)], boost=boost)
    if token in QUERY_ALSO:  # die: the term dies too; simultaneously: "at the same time"
        return _Or([wq.Term(field, token), *(_also(field, also, lang) for also in QUERY_ALSO[token])], boost=boost)
    return wq.Term(field, token, boost=boost)


def _also(field: str, also: str, lang: str) -> wq.Query:
    """A token of ``QUERY_ALSO`` (a term), or a phrase of its tokens when it is words (``at the same time``)."""
    tokens = text_tokens(also, lang) if " " in also else [also]
    return wq.Phrase(field, tokens) if len(tokens) > 1 else wq.Term(field, tokens[0])
