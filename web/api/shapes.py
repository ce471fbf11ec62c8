"""JSON shapes of the KB, shared by the CLI (``crkb show/export/editions --json``) and the web API
(``/api/v1/...``), so both return the same data. Plain functions of the store: no Flask.

Shapes (dates ``YYYY-MM-DD`` or null; lists in document order):

- ``edition_json``: ``{"id", "lang", "effective_date", "title", "sources": [file names]}``, plus
  ``"newest"`` when asked (the API's editions).
- ``edition_summaries``: ``edition_json`` plus ``"rules"`` (count of printed rules).
- ``reference_json``: ``{"text", "start", "end", "targets": [numbers], "resolved": [numbers of
  targets present in the edition]}``; ``start``/``end`` index the holder's text.
- ``rule_json``: see its docstring; ``preview_json``: a referenced rule's preview.
- ``export_json``: ``edition_json`` plus ``"rules": [{"number", "title", "text", "examples":
  [texts], "references": [target numbers, text and examples, first citation order]}]`` and
  ``"glossary": [{"term", "definition", "references": [target numbers]}]``.
"""

from __future__ import annotations

import json
from typing import Any

from kb import numbers
from kb.model import Edition, GlossaryEntry, Reference, Rule
from kb.store.read import Store
from kb.store import history


def edition_json(edition: Edition, newest: bool | None = None) -> dict:
    """An edition as ``{"id", "lang", "effective_date", "title", "sources"}``, ``"partial": true`` for
    an official text that ends early (published with ``--partial``), plus ``"newest"``
    (whether it is its language's newest edition) when ``newest`` is given."""
    found = {
        "id": edition.id,
        "lang": edition.lang,
        "effective_date": edition.effective_date.isoformat() if edition.effective_date else None,
        "title": edition.title,
        "sources": list(edition.sources),
    }
    if edition.partial:
        found["partial"] = True
    return found if newest is None else {**found, "newest": newest}


def edition_summaries(store: Store, lang: str | None = None) -> list[dict]:
    """``edition_json`` plus ``"rules"`` (how many rules each prints) for every edition of
    ``lang`` (all when None), newest first. Counts come from the build report in the store's
    meta, or are counted from the rules when a store has no report."""
    report = json.loads(store.meta("report") or "{}")
    counts = {e["id"]: e["rules"] for e in report.get("editions", [])}
    return [
        {**edition_json(e), "rules": counts[e.id] if e.id in counts else len(store.rules(e.id))}
        for e in store.editions(lang)
    ]


def reference_json(ref: Reference) -> dict:
    """A reference with the targets that exist in its edition (see the module docstring)."""
    return {"text": ref.text, "start": ref.start, "end": ref.end, "targets": list(ref.targets),
            "resolved": list(ref.resolved)}


def rule_json(store: Store, edition: Edition, number: str) -> dict:
    """Rule ``number`` (canonical) of ``edition``, the shape of ``crkb show --json`` and of
    ``/api/v1/rules/<lang>/<number>``. Raises ``kb.errors.RuleNotFound``.

    ``{"lang", "edition": edition_json, "number", "title", "title_en", "text",
    "examples": [{"text", "references": [reference_json]}], "references": [reference_json],
    "flags": [str], "printed_number": number as misprinted | null, "source", "line", "parent": number | null,
    "previous": number | null, "next": number | null, "subrules": [{"number", "title", "title_en", "text",
    "examples", "references", "flags", "printed_number", "source", "line"}] (every rule under it, document order; a
    publisher's second printing of the same number is listed here too),
    "cited_by": [{"number", "title", "text"}] (rules whose text or examples cite it),
    "glossary_cited_by": [terms whose definition cites it],
    "same_rule": [{"lang", "edition", "number"}] (``same_rule_json``)}``
    """
    rule = store.rule(edition.id, number)
    before, after = store.neighbours(edition.id, number)
    subtree = store.subtree(edition.id, number)
    under = subtree[1:] if subtree and subtree[0] == rule else [r for r in subtree if r != rule]
    return {
        "lang": edition.lang,
        "edition": edition_json(edition),
        **_rule_body(rule),
        "parent": numbers.parent(rule.number),
        "previous": before,
        "next": after,
        "subrules": [_rule_body(r) for r in under],
        "cited_by": [
            {"number": r.number, "title": r.title, "text": r.text}
            for r in store.rules_citing(edition.id, rule.number) if r.number != rule.number
        ],
        "glossary_cited_by": [g.term for g in store.glossary_citing(edition.id, rule.number)],
        "same_rule": same_rule_json(store, edition, rule.number),
    }


def same_rule_json(store: Store, edition: Edition, number: str) -> list[dict]:
    """The same rule, by the stored alignment (``kb.store.history.everywhere``), in the newest
    edition of each language that holds it, whatever its number there, the rule's own edition
    left out: ``[{"lang", "edition": id, "number"}]`` in the KB's language order (en 2026-01-16
    103.5, the mulligan, is ko 2021-11-19 103.4). Empty when the KB holds no alignment for it."""
    held = history.everywhere(store, edition.id, number)
    out = []
    for lang in store.languages():
        newest = next((e for e in store.editions(lang) if e.id in held), None)
        if newest is not None and newest.id != edition.id:
            out.append({"lang": lang, "edition": newest.id, "number": held[newest.id]})
    return out


def _rule_body(rule: Rule) -> dict:
    return {
        "number": rule.number,
        "title": rule.title,
        "title_en": rule.title_en,
        "text": rule.text,
        "examples": [
            {"text": ex.text, "references": [reference_json(r) for r in ex.references]}
            for ex in rule.examples
        ],
        "references": [reference_json(r) for r in rule.references],
        "flags": list(rule.flags),
        "printed_number": rule.printed_number,
        "source": rule.source,
        "line": rule.line,
    }


def export_json(store: Store, edition: Edition) -> dict:
    """The whole edition, the shape of ``crkb export --format json`` (module docstring)."""
    return {
        **edition_json(edition),
        "rules": [
            {
                "number": r.number,
                "title": r.title,
                "text": r.text,
                "examples": [ex.text for ex in r.examples],
                "references": _targets(list(r.references) + [x for ex in r.examples for x in ex.references]),
            }
            for r in store.rules(edition.id)
        ],
        "glossary": [glossary_entry_json(g) for g in store.glossary(edition.id)],
    }


def glossary_entry_json(entry: GlossaryEntry) -> dict[str, Any]:
    """A glossary entry as JSON: ``{"term", "definition", "references": [target numbers]}``."""
    return {"term": entry.term, "definition": entry.definition, "references": _targets(entry.references)}


def _targets(refs: list[Reference] | tuple[Reference, ...]) -> list[str]:
    return list(dict.fromkeys(t for ref in refs for t in ref.targets))


def preview_json(rule: Rule, edition: Edition, href: str) -> dict[str, Any]:
    """What the hover/focus preview shows: ``{"number", "title", "text", "examples", "edition",
    "effective_date", "url"}`` (plain text; the script sets it as text, never as HTML)."""
    return {"number": rule.number, "title": rule.title, "text": rule.text,
            "examples": [e.text for e in rule.examples], "edition": edition.id,
            "effective_date": edition.date_text, "url": href}
