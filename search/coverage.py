"""Any-word hits ranked by how much of the query they hold, each word weighed by its rarity.

When no rule holds every word of a query (most questions, many lookups), the any-word pass adds
up the words a rule does hold: a rule repeating three common words of a question (506.5's
*creature*, *attacks*, *blocks* for "Ashley attacks with Storm Crow. Can Nico block it?")
outscores the one rule holding its rare word (702.9b's *flying*). whoosh's coordination counts
matched words alike. Here each hit's score is multiplied by its *coverage*: the idf of the query
words it holds over the idf of all of them, to the power ``COVERAGE_POWER`` (idf-weighted
coordination). The pass scores ``CANDIDATES`` times the hits it keeps, so that a rule holding the
rare words can rise from below the cut.

On the 45 dev questions and their keyword forms (whole-corpus KB, en 2026-01-16, with the card
list): question MRR@10 0.180 -> 0.227, keyword MRR@10 0.417 -> 0.437, hit@10 unchanged (0.311,
0.622); at power 0.3 and 0.7 both MRRs were 0.21-0.22 and 0.437-0.440, at 1.0 keyword hit@10 fell
to 0.600, at 2.0 both hits fell.
"""

from __future__ import annotations

from whoosh.searching import Searcher as WhooshSearcher

from search.informative import clause_idf
from search.query import MODES, ParsedQuery, clause_query
from search.scoring import Found, cached, matching_among

COVERAGE_POWER = 0.5
"""How strongly coverage counts (0: not at all; 1: in proportion)."""
CANDIDATES = 5
"""Any-word hits scored per hit kept, before coverage reorders them."""


def by_coverage(searcher: WhooshSearcher, parsed: ParsedQuery, lang: str, found: list[tuple[int, float]],
                limit: int | None = None) -> list[Found]:
    """``found`` (``(document, score)`` of ``parsed``'s any-word query in one edition of ``lang``,
    ``search.scoring.top_scores``) with each score
    times its coverage to the power ``COVERAGE_POWER``, best first (ties in the order given), the
    first ``limit`` of them (all when None). Words the index lacks weigh nothing; a query with no
    word of weight is returned as it is (cut to ``limit``)."""
    reader = searcher.reader()
    documents = reader.doc_count_all() or 1
    candidates = {docnum for docnum, _ in found}
    covered: dict[int, float] = {}  # the weight of the words each candidate holds, added in query order
    total = 0.0
    for clause in dict.fromkeys(parsed.clauses):
        weight = cached(searcher, ("clause idf", clause), lambda: clause_idf(clause, reader, lang, documents))
        query = clause_query(clause, lang, MODES["any"], True)
        if weight > 0 and query is not None:
            total += weight
            for doc in matching_among(searcher, query, candidates):
                covered[doc] = covered.get(doc, 0.0) + weight
    if not total:
        return [Found(searcher, docnum, score) for docnum, score in found[:limit]]
    scores = [score * (covered.get(docnum, 0.0) / total) ** COVERAGE_POWER for docnum, score in found]
    order = sorted(range(len(found)), key=lambda index: -scores[index])[:limit]
    return [Found(searcher, found[index][0], scores[index]) for index in order]
