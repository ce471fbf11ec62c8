"""The best documents of a whoosh query, scored term at a time over cached postings.

whoosh scores a query document at a time through a tree of matchers (pure Python: about 100 us
per matching document for a query of a few words over heading, section, body and examples); on
a KB edition of 3,000-9,000 rules that was most of a search's time. ``top_hits`` gives the same
hits with the same scores (up to float rounding) by scoring each part of the query over all its
documents at once, with dicts:

- a ``Term`` is its postings scored by the searcher's weighting (whoosh's own scorer, read once
  per edition and term, kept in a bounded LRU per whoosh searcher: ``POSTINGS_KEPT``), times
  its boost; a subclass of ``Term`` with its own matcher (``search.query.PairTerm``, the
  phrase bonus) is kept the same way, by class, term and boost (its postings must depend on
  nothing else for one searcher: a searcher is one edition);
- ``Or`` (whoosh's default union, or its preloaded array union) adds its parts' scores, ``And`` keeps the documents of every
  part and adds their scores, ``AndMaybe`` adds the optional part's score where it matches;
  each times its boost; a compound of one part is that part, boost ignored, as in whoosh;
- a ``WordQuery`` (one query word in its fields, ``search.query.clause_query``) is an ``Or``
  whose scores are kept in the same LRU by its key (the word, language, fields and mode), like
  a term's postings; so are documents' stored fields (``stored_fields``), never a whole query;
- ``Or(scale=...)`` with whoosh's default union matcher applies whoosh's coordination ("SQR", ``whoosh.matching.CoordMatcher``) on
  the count of the query's terms each document matches. whoosh counts the terms left in its
  matcher tree, which shrinks as terms run out during a search (so a document's score depended
  on its place in the index); here the count is the query's, for every document;
- a ``Phrase`` of adjacent words (slop 1) is scored from its words' cached postings and
  positions (kept per word like postings): whoosh's span matchers gave the same scores, but
  were made, reading positions from the index, for every query's heading phrase; anything else
  (``Prefix``, ``search.query.PairTerm``, ...) is scored by its own whoosh matcher, document by
  document.

Ties are ordered as whoosh orders them: lower document number first. The searcher must be used
by one thread at a time (``search.readers``), which also guards its postings cache.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from operator import itemgetter
from typing import Any

import whoosh.reading
from whoosh import query as wq
from whoosh.searching import Searcher as WhooshSearcher

POSTINGS_KEPT = 4000
"""Terms whose scored postings stay cached per edition searcher (least recently used dropped)."""

Scores = dict[int, float]
Counts = dict[int, int]

_caches: weakref.WeakKeyDictionary[WhooshSearcher, OrderedDict[tuple, Any]] = weakref.WeakKeyDictionary()


class Found(Mapping[str, Any]):
    """One hit: ``docnum``, ``score``, and the document's stored fields by name (read when first
    asked for), like a whoosh ``Hit``."""

    __slots__ = ("docnum", "score", "_searcher", "_fields")

    def __init__(self, searcher: WhooshSearcher, docnum: int, score: float) -> None:
        self.docnum, self.score, self._searcher = docnum, score, searcher
        self._fields: dict[str, Any] | None = None

    def fields(self) -> dict[str, Any]:
        """The stored fields of the document (``stored_fields``: never change them)."""
        if self._fields is None:
            self._fields = stored_fields(self._searcher, self.docnum)
        return self._fields

    def __getitem__(self, name: str) -> Any:
        return self.fields()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.fields())

    def __len__(self) -> int:
        return len(self.fields())

    def __repr__(self) -> str:
        return f"Found(docnum={self.docnum}, score={self.score:.4f})"


class WordQuery(wq.Or):
    """An ``Or`` (whoosh's default union) whose scores in an edition depend on ``key`` alone: one
    query word in its fields (``search.query.clause_query``). ``top_hits`` keeps its scores per
    edition like a term's postings (``cached``), so that a word searched again, or twice in one
    search (the every-word and any-word passes share no query, but ``search.expand_hits`` and
    ``search.coverage`` reuse the any-word one), is not added up again. Without a ``key`` (a
    copy whoosh made) it is a plain ``Or``."""

    matcher_type = wq.Or.DEFAULT_MATCHER

    def __init__(self, subqueries: list[wq.Query], boost: float = 1.0, key: tuple | None = None,
                 **kwargs: Any) -> None:
        super().__init__(subqueries, boost=boost, **kwargs)
        self.key = key


def stored_fields(searcher: WhooshSearcher, docnum: int) -> dict[str, Any]:
    """The stored fields of document ``docnum`` (whoosh's ``stored_fields``), kept per edition
    searcher once read (a few short fields per rule): shared, never to be changed."""
    kept: dict[int, dict[str, Any]] = cached(searcher, ("stored fields",), dict)
    fields = kept.get(docnum)
    if fields is None:
        fields = kept[docnum] = searcher.stored_fields(docnum)
    return fields


def top_hits(searcher: WhooshSearcher, query: wq.Query, where: wq.Query | None, limit: int) -> list[Found]:
    """The ``limit`` best documents matching ``query`` (and ``where``, a filter, when given), best
    first, ties by document number, with whoosh's scores."""
    return [Found(searcher, doc, score) for doc, score in top_scores(searcher, query, where, limit)]


def top_scores(searcher: WhooshSearcher, query: wq.Query, where: wq.Query | None, limit: int
               ) -> list[tuple[int, float]]:
    """``top_hits`` as ``(document, score)`` pairs: for a pool only reordered before a few are kept."""
    scores, _counts, _terms = _evaluate(query, searcher, False)
    if where is not None:
        allowed = matching_docs(searcher, where)
        scores = {doc: score for doc, score in scores.items() if doc in allowed}
    return _best(scores, limit)


def _best(scores: Scores, limit: int) -> list[tuple[int, float]]:
    """The ``limit`` best ``(document, score)`` of ``scores``, best first, ties by document."""
    ranked = list(scores.items())
    if len(ranked) > limit and limit > 0:  # by score alone in C, then the ties at the cut by document
        ranked.sort(key=itemgetter(1), reverse=True)
        floor, end = ranked[limit - 1][1], limit
        while end < len(ranked) and ranked[end][1] >= floor:
            end += 1
        del ranked[end:]
    ranked.sort(key=lambda item: (-item[1], item[0]))
    return ranked[:limit]


def matching_docs(searcher: WhooshSearcher, query: wq.Query) -> set[int]:
    """The documents ``query`` matches (whoosh's ``docs_for_query``), its terms read from the
    cached postings: ``Or`` is the union of its parts, ``And`` their intersection."""
    if type(query) is wq.Term:
        return set(_term(query, searcher, False)[0])
    if isinstance(query, (wq.Or, wq.And)) and isinstance(query, wq.CompoundQuery):
        parts = [matching_docs(searcher, sub) for sub in query.subqueries]
        if not parts:
            return set()
        return set.union(*parts) if isinstance(query, wq.Or) else set.intersection(*parts)
    return set(searcher.docs_for_query(query))


def matching_among(searcher: WhooshSearcher, query: wq.Query, docs: set[int]) -> set[int]:
    """Those of ``docs`` that ``query`` matches (``matching_docs`` & ``docs``, without listing
    every document a common term matches; a ``WordQuery``'s from its kept scores)."""
    if type(query) is WordQuery and query.key is not None:
        return _evaluate(query, searcher, False)[0].keys() & docs
    if type(query) is wq.Term:
        postings = _term(query, searcher, False)[0]
        return {doc for doc in docs if doc in postings}
    if isinstance(query, (wq.Or, wq.And)) and isinstance(query, wq.CompoundQuery):
        found = set() if isinstance(query, wq.Or) else set(docs)
        for sub in query.subqueries:
            if isinstance(query, wq.Or):
                found |= matching_among(searcher, sub, docs - found)
            else:
                found = matching_among(searcher, sub, found)
        return found
    return matching_docs(searcher, query) & docs


def _evaluate(query: wq.Query, searcher: WhooshSearcher, counting: bool) -> tuple[Scores, Counts | None, int]:
    """(scores by document, matched term count by document when ``counting``, term count of the
    query as whoosh counts term matchers)."""
    kind = type(query)
    if kind is wq.Term:
        return _term(query, searcher, counting)
    if isinstance(query, wq.Term) and not counting:  # search.query.PairTerm: its own scorer, boost inside
        return cached(searcher, (kind.__name__, query.fieldname, query.text, query.boost),
                      lambda: _by_matcher(query, searcher, False)[:1] + (None, 0))
    if kind is wq.Phrase and not counting and query.slop == 1 and query.words:
        return _phrase(query, searcher), None, 0  # (the term count matters only under a coordinated Or, which counts)
    if kind is WordQuery and query.key is not None:
        return cached(searcher, ("word", query.key, counting), lambda: _compound(query, searcher, counting))
    if isinstance(query, wq.CompoundQuery) and isinstance(query, (wq.And, wq.Or)):
        return _compound(query, searcher, counting)
    if kind is wq.AndMaybe:
        return _and_maybe(query, searcher, counting)
    return _by_matcher(query, searcher, counting)


def _compound(query: wq.CompoundQuery, searcher: WhooshSearcher, counting: bool) -> tuple[Scores, Counts | None, int]:
    """An ``And`` or ``Or``'s scores (see ``_evaluate``)."""
    if isinstance(query, wq.Or) and query.matcher_type not in (wq.Or.DEFAULT_MATCHER, wq.Or.ARRAY_MATCHER):
        return _by_matcher(query, searcher, counting)  # whoosh picks its matcher by the search
    subs = query.subqueries
    if len(subs) == 1:  # whoosh matches a compound of one part with that part, boost ignored
        return _evaluate(subs[0], searcher, counting)
    if not subs:
        return {}, ({} if counting else None), 0
    if isinstance(query, wq.And):
        return _and(query, searcher, counting)
    return _or(query, searcher, counting)


def cached(searcher: WhooshSearcher, key: tuple, make: Any) -> Any:
    """The value kept for ``key`` in the searcher's LRU (``POSTINGS_KEPT`` values: postings, and
    what callers keep per edition), made by ``make()`` when missing."""
    cache = _caches.get(searcher)
    if cache is None:
        cache = _caches[searcher] = OrderedDict()
    found = cache.get(key)
    if found is None:
        found = cache[key] = make()
        if len(cache) > POSTINGS_KEPT:
            cache.popitem(last=False)
    else:
        cache.move_to_end(key)
    return found


def _term(query: wq.Term, searcher: WhooshSearcher, counting: bool) -> tuple[Scores, Counts | None, int]:
    postings = cached(searcher, (query.fieldname, query.text),
                      lambda: _by_matcher(wq.Term(query.fieldname, query.text), searcher, False)[0])
    boost = query.boost
    scores = postings if boost == 1.0 else cached(  # a boosted term comes back with every query that has it
        searcher, ("boosted", query.fieldname, query.text, boost), lambda: {doc: score * boost for doc, score in postings.items()})
    held = bool(postings) or cached(searcher, ("held", query.fieldname, query.text), lambda: _held(query, searcher))
    return scores, (dict.fromkeys(postings, 1) if counting else None), 1 if held else 0


def _phrase(phrase: wq.Phrase, searcher: WhooshSearcher) -> Scores:
    """The scores whoosh's phrase matcher gives (slop 1: the words one after another), from the
    words' cached postings and positions: in the documents where the words follow each other,
    the sum of their term scores (added as whoosh's binary tree of intersections adds them),
    times the phrase's boost."""
    field = phrase.fieldname
    postings = [_term(wq.Term(field, word), searcher, False)[0] for word in phrase.words]
    docs = _common(postings) if len(postings) > 1 else postings[0].keys()
    if not docs:
        return {}
    positions = [_positions(searcher, field, word) for word in phrase.words]
    boost = phrase.boost
    scores: Scores = {}
    for doc in docs:
        if _in_a_row([kept[doc] for kept in positions]):
            score = _tree_sum([part[doc] for part in postings])
            scores[doc] = score * boost if boost != 1.0 else score
    return scores


def _positions(searcher: WhooshSearcher, field: str, word: str) -> dict[int, frozenset[int]]:
    """The positions of ``word`` in ``field`` by document, read once per edition (kept like postings)."""
    def read() -> dict[int, frozenset[int]]:
        found: dict[int, frozenset[int]] = {}
        try:
            matcher = searcher.reader().postings(field, searcher.schema[field].to_bytes(word))
        except (KeyError, ValueError, whoosh.reading.TermNotFound):
            return found
        while matcher.is_active():
            found[matcher.id()] = frozenset(matcher.value_as("positions"))
            matcher.next()
        return found

    return cached(searcher, ("positions", field, word), read)


def _in_a_row(positions: list[frozenset[int]]) -> bool:
    """True when some position of the first word is followed by one of each next word in turn."""
    rest = positions[1:]
    return any(all(start + offset in kept for offset, kept in enumerate(rest, 1)) for start in positions[0])


def _tree_sum(scores: list[float]) -> float:
    """``scores`` added as ``whoosh.util.make_binary_tree`` pairs matchers (halves, recursively)."""
    if len(scores) == 1:
        return scores[0]
    half = len(scores) // 2
    return _tree_sum(scores[:half]) + _tree_sum(scores[half:])


def _held(query: wq.Term, searcher: WhooshSearcher) -> bool:
    """True when the index holds the term (whoosh then makes a term matcher, counted by
    coordination, even for a term no document of a segment holds)."""
    field = searcher.schema[query.fieldname] if query.fieldname in searcher.schema else None
    try:
        return field is not None and (query.fieldname, field.to_bytes(query.text)) in searcher.reader()
    except ValueError:
        return False


def _or(query: wq.Or, searcher: WhooshSearcher, counting: bool) -> tuple[Scores, Counts | None, int]:
    # whoosh's preloaded union (ARRAY_MATCHER) adds scores and ignores ``scale``
    scale = query.scale if query.matcher_type == wq.Or.DEFAULT_MATCHER else None
    parts = [_evaluate(sub, searcher, counting or bool(scale)) for sub in query.subqueries]
    scores: Scores = _summed([part[0] for part in parts], 0.0)
    counts: Counts | None = None
    if counting or scale:
        counts = _summed([part[1] or {} for part in parts], 0)
    terms = sum(part[2] for part in parts)
    boost = query.boost
    if boost != 1.0:
        scores = {doc: score * boost for doc, score in scores.items()}
    if scale and terms > 1 and terms != scale:  # whoosh.matching.CoordMatcher._sqr
        assert counts is not None
        shrink, step = (terms - 1) / terms, 1 / (terms - scale) ** 2
        scores = {doc: (score + (counts[doc] - 1) * step) * shrink for doc, score in scores.items()}
    return scores, counts if counting else None, terms


def _summed(parts: list[dict[int, Any]], zero: Any) -> dict[int, Any]:
    """The parts added up by document: a copy of the largest (at C speed), the others added in."""
    if not parts:
        return {}
    largest = max(range(len(parts)), key=lambda index: len(parts[index]))
    total = dict(parts[largest])
    get = total.get
    for index, part in enumerate(parts):
        if index != largest:
            for doc, value in part.items():
                total[doc] = get(doc, zero) + value
    return total


def _and(query: wq.And, searcher: WhooshSearcher, counting: bool) -> tuple[Scores, Counts | None, int]:
    parts = [_evaluate(sub, searcher, counting) for sub in query.subqueries]
    terms = sum(part[2] for part in parts)
    docs = _common([part[0] for part in parts])
    scores = {doc: parts[0][0][doc] for doc in docs}
    for part in parts[1:]:  # added part by part, as sum() adds them
        part_scores = part[0]
        scores = {doc: score + part_scores[doc] for doc, score in scores.items()}
    boost = query.boost
    if boost != 1.0:
        scores = {doc: score * boost for doc, score in scores.items()}
    counts = {doc: sum((part[1] or {})[doc] for part in parts) for doc in docs} if counting else None
    return scores, counts, terms


def _common(parts: list[Scores]) -> set[int]:
    """The documents every one of ``parts`` (two or more) holds."""
    parts = sorted(parts, key=len)
    docs = parts[0].keys() & parts[1].keys()
    for part in parts[2:]:
        docs = part.keys() & docs
    return docs


def _and_maybe(query: wq.AndMaybe, searcher: WhooshSearcher, counting: bool) -> tuple[Scores, Counts | None, int]:
    required, required_counts, required_terms = _evaluate(query.a, searcher, counting)
    optional, optional_counts, optional_terms = _evaluate(query.b, searcher, counting)
    scores = _plus(required, optional)
    counts = None
    if counting:
        counts = {doc: count + (optional_counts or {}).get(doc, 0) for doc, count in (required_counts or {}).items()}
    return scores, counts, required_terms + optional_terms


def _plus(required: Scores, optional: Scores) -> Scores:
    """``required`` with ``optional``'s score added where both match (``required`` itself when
    they share nothing to add: scores are never changed once made)."""
    if not optional:
        return required
    if len(optional) >= len(required):
        return {doc: score + optional[doc] if doc in optional else score for doc, score in required.items()}
    scores = dict(required)
    for doc, score in optional.items():
        if doc in scores:
            scores[doc] += score
    return scores


def _by_matcher(query: wq.Query, searcher: WhooshSearcher, counting: bool) -> tuple[Scores, Counts | None, int]:
    """Every document of the query's own whoosh matcher, with its score (and matched terms)."""
    matcher = query.matcher(searcher, searcher.context())
    terms = sum(1 for _ in matcher.term_matchers())
    scores: Scores = {}
    counts: Counts | None = {} if counting else None
    while matcher.is_active():
        doc = matcher.id()
        scores[doc] = matcher.score()
        if counts is not None:
            counts[doc] = sum(1 for _ in matcher.matching_terms(doc))
        matcher.next()
    return scores, counts, terms
