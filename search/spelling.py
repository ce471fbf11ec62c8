"""Spelling correction of query words against an edition's vocabulary (``tramlpe -> trample``).

Candidates come from whoosh's Levenshtein automaton over a vocabulary field (``spell_title``: the
words of titles and names, then ``spell_body``: the words of rule texts, all in an edition's
first document; see ``SEARCHES`` and ``search.index``); they
are ranked by the optimal-string-alignment distance (a swap of two letters costs 1), then by how
often the word occurs. whoosh's own corrector ranks by frequency alone, which prefers a common far word.
"""

from __future__ import annotations

from whoosh.reading import IndexReader

SEARCHES = (("spell_title", 1), ("spell_body", 1), ("spell_title", 0))
"""(vocabulary field, letters at the start that must be right), tried in order until one gives a
correction: whoosh's automaton is about 5x faster when the first letter is fixed, and first
letters are rarely the ones mistyped; a whole-word search of the body vocabulary (~25 ms) is
left out."""


def max_distance(word: str) -> int:
    """Edits allowed for a word: 0 up to 3 letters, 1 up to 5, else 2."""
    return 0 if len(word) <= 3 else 1 if len(word) <= 5 else 2


def correct_word(reader: IndexReader, word: str) -> str | None:
    """The best correction of a lower-case Latin ``word`` in the reader's vocabularies, or None
    when the word is too short or nothing is close enough."""
    limit = max_distance(word)
    if limit == 0:
        return None
    for field, prefix in SEARCHES:
        candidates = [
            (distance(word, term), -reader.frequency(field, term), term)
            for term in reader.terms_within(field, word, limit, prefix=prefix)
            if term != word
        ]
        close = [c for c in candidates if c[0] <= limit]
        if close:
            return min(close)[2]
    return None


def distance(a: str, b: str) -> int:
    """Optimal-string-alignment edit distance: insertions, deletions, substitutions and swaps of
    two adjacent letters each cost 1 (``distance("tramlpe", "trample") == 1``)."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[-1]
