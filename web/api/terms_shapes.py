"""The term dictionary's JSON shape, shared by ``GET /api/v1/terms`` and ``crkb terms --json``
(a contract other tools read)."""

from __future__ import annotations

from kb.model import LANGUAGES
from kb.store.terms import Term, TermDictionary
from search.analysis import simplified


def terms_json(dictionary: TermDictionary, query: str, limit: int = 20) -> dict:
    """``{"query", "concepts": [{"concept", "terms": {lang: [{"term", "reading", "kind",
    "edition", "number"}]}}]}``: the concepts with a term equal to ``query`` (folded) first, then
    those with a term containing it, then those of ``query`` written in Simplified Chinese
    characters (``search.analysis.simplified``); languages in ``kb.model.LANGUAGES`` order, each
    term once."""
    found, chinese = dictionary.search(query, limit), simplified(query)
    if chinese != query:  # 踐踏, 傳奇規則: the Chinese CR's terms are written in Simplified characters
        seen = {concept for concept, _ in found}
        found += [(c, t) for c, t in dictionary.search(chinese, limit) if c not in seen]
    return {"query": query,
            "concepts": [{"concept": concept, "terms": _by_language(terms)} for concept, terms in found[:limit]]}


def _by_language(terms: list[Term]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for lang in LANGUAGES:
        seen: set[str] = set()
        for t in terms:
            if t.lang == lang and t.term not in seen:
                seen.add(t.term)
                out.setdefault(lang, []).append(
                    {"term": t.term, "reading": t.reading, "kind": t.kind, "edition": t.edition, "number": t.number})
    return out
