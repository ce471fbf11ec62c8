"""JSON shapes of rule history, shared by the CLI (``crkb history/changes/editions --json``) and
the API (``/api/v1/history/...``, ``/api/v1/changes/...``). Plain functions of the store.

- ``history_json``: ``{"lang", "edition", "number", "steps": [{"edition", "effective_date",
  "number", "change"}], "counterparts": [{"lang", "edition", "number", "change"}]}``: ``steps``
  one per edition of the language's chain holding the rule, oldest first, from its creation to
  the newest edition holding it, then ``{"number": null, "change": "removed"}`` at the first
  edition without it; ``change`` one of ``kb.store.history.CHANGES``. A ``created`` step whose text
  a rule of the edition before held whole has ``"split_from": {"edition", "effective_date",
  "number"}``; a ``removed`` step whose text a rule of that edition holds whole has
  ``"merged_into"`` (the same shape; ``kb.store.history.Part``). ``counterparts``: a
  translation's English rule of its own edition and of the newest English edition; an older English
  edition's rule in the newest one. With ``detail`` each step also has ``"title"``, ``"text"``
  and ``"diff"`` (``[[op, words]]``, ``kb.diff.word_diff`` from the previous step's text; ``[]``
  unless the text changed) and ``"refs_only"``.
- ``changes_json``: ``{"lang", "old", "new", "counts": {change: n}, "rules": [{"change", "old",
  "new", "section", "title", "refs_only", "diff"}], "outside": n}`` (document order of the new
  edition, removed rules last; ``outside``: the rules an excerpt on one side lacks, not listed as
  created or removed: ``kb.store.changes``).
- ``edition_matches``: ``{edition id: [{"edition", "share"}]}`` for the editions outside a chain.
- ``english_partners``: ``{edition id: {"edition", "share"}}`` for the translations joined to English.
"""

from __future__ import annotations

from kb import numbers
from kb.diff import word_diff
from kb.errors import RuleNotFound, RuleUnaligned
from kb.model import Edition
from kb.store import history
from kb.store.changes import changes
from kb.store.read import Store


def history_json(store: Store, edition: Edition, number: str, detail: bool = False) -> dict:
    """The history of rule ``number`` of ``edition`` (module docstring). Raises ``RuleNotFound``,
    ``RuleUnaligned`` when the edition holds the rule but is a copy aligned to nothing."""
    found = history.history(store, edition.lang, edition.id, number)
    if found is None:
        held = bool(store.rules_numbered(edition.id, number))
        raise (RuleUnaligned if held else RuleNotFound)(edition.lang, edition.id, number)
    steps = []
    previous = None
    for step in found.steps:
        shape = {"edition": step.edition, "effective_date": step.effective_date, "number": step.number,
                 "change": step.change}
        if step.part is not None:
            shape["split_from" if step.change == "created" else "merged_into"] = {
                "edition": step.part.edition, "effective_date": step.part.effective_date, "number": step.part.number}
        if detail:
            text = _text(store, step) if step.seq is not None else None
            shape.update(text or {"title": None, "text": None})
            shape["refs_only"] = step.refs_only
            old = _joined(previous)
            changed = step.change in ("edited", "moved+edited") or step.refs_only
            shape["diff"] = word_diff(old, _joined(text)) if previous and text and changed else []
            previous = text or previous
        steps.append(shape)
    return {"lang": edition.lang, "edition": edition.id, "number": number, "steps": steps,
            "counterparts": found.counterparts}


def _text(store: Store, step: history.Step) -> dict | None:
    rows = store.query("SELECT title, text FROM rules WHERE edition = ? AND seq = ?", (step.edition, step.seq))
    return {"title": rows[0][0], "text": rows[0][1]} if rows else None


def _joined(text: dict | None) -> str:
    if not text:
        return ""
    return " ".join(t for t in (text.get("title"), text.get("text")) if t)


def changes_json(store: Store, old: str, new: str) -> dict:
    """The changes from edition ``old`` to ``new`` (module docstring). Raises ``NotAligned``."""
    found = changes(store, old, new)
    rules = []
    for c in found.rules:
        before = " ".join(t for t in (c.old_title, c.old_text) if t)
        after = " ".join(t for t in (c.new_title, c.new_text) if t)
        diff = word_diff(before, after) if c.change in ("edited", "moved+edited") or c.refs_only else []
        rules.append({"change": c.change, "old": c.old, "new": c.new,
                      "section": numbers.section_of(c.new or c.old), "title": c.new_title or c.old_title,
                      "text": c.new_text if c.new_text is not None else c.old_text,
                      "refs_only": c.refs_only, "diff": diff})
    return {"lang": found.lang, "old": old, "new": new, "counts": found.counts, "rules": rules,
            "outside": found.outside}


def edition_matches(store: Store) -> dict[str, list[dict]]:
    """The official editions each edition outside a chain matches, best first (module docstring)."""
    out: dict[str, list[dict]] = {}
    for edition, official, share in store.query(
            "SELECT edition, anchor, share FROM links WHERE kind = 'copy' ORDER BY edition, rank"):
        out.setdefault(edition, []).append({"edition": official, "share": share})
    return out


def english_partners(store: Store) -> dict[str, dict]:
    """``{translation edition id: {"edition": English edition id, "share": 0-1}}``: the English
    edition each translation was joined to (``ingest.align.links.join_translation``: the one its
    rules agree with best, which may be months newer than the translation's own header date) and
    the share of its rules that agree; a translation with no English edition near it is absent."""
    return {edition: {"edition": english, "share": share} for edition, english, share in store.query(
        "SELECT edition, anchor, share FROM links WHERE kind = 'translation' ORDER BY edition")}
