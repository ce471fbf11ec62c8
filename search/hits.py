"""Search results: ``Hit``, and a rule made a hit by number (a rule a query expansion adds,
``search.expand``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from whoosh.analysis import Analyzer
from whoosh.searching import Searcher as WhooshSearcher

from kb.model import Edition
from kb.store.read import Store
from search.snippets import snippet


class Marks(NamedTuple):
    """The words a snippet marks (``search.snippets.snippet``): ``terms``, token texts; ``words``,
    for CJK text, each query word as its tokens (None: every token in ``terms`` matches)."""

    terms: frozenset[str] = frozenset()
    words: Sequence[Sequence[str]] | None = None


@dataclass(frozen=True)
class Hit:
    """One search result: rule ``number`` of ``edition`` (id) in ``lang``; ``title`` is the rule's
    title or its nearest ancestor's (``""`` when none); ``snippet`` is escaped HTML with matched
    words in ``<mark>``; ``score`` orders hits (higher is better; not comparable across queries)."""

    number: str
    lang: str
    edition: str
    title: str
    snippet: str
    score: float

    def as_dict(self) -> dict[str, object]:
        """The hit as JSON-ready data (the CLI's and API's hit shape)."""
        return {"number": self.number, "lang": self.lang, "edition": self.edition,
                "title": self.title, "snippet": self.snippet, "score": round(self.score, 4)}


def rule_hit(store: Store, searcher: WhooshSearcher, edition: Edition, number: str, score: float,
             analyzer: Analyzer, marks: Marks = Marks()) -> Hit | None:
    """Rule ``number`` of ``edition`` (its first printing) as a hit scored ``score``, its snippet
    marking the query's words (``marks``; none: the text's start); None when the edition has no
    such rule. ``searcher`` is the edition's whoosh searcher (a document's number is its rule's
    ``seq``: ``search.index``)."""
    found = store.query("SELECT seq FROM rules WHERE edition = ? AND number = ? ORDER BY seq LIMIT 1",
                        (edition.id, number))
    if not found:
        return None
    seq = found[0][0]
    context = str(searcher.stored_fields(seq).get("context") or "")
    text = store.rule_texts(edition.id, [seq]).get(seq, "")
    return Hit(number, edition.lang, edition.id, context, snippet(text, marks.terms, analyzer, marks.words), float(score))
