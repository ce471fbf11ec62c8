"""History and changes pages.

- ``/<lang>/cr/<number>/history`` (newest edition) and ``/<lang>/cr/<edition>/<number>/history``:
  every edition of the language in which the rule existed, its number and what changed there, the
  words added and removed, and a translation's English rule then and now.
- ``/<lang>/changes`` (the previous edition to the newest) and ``/<lang>/changes/<old>...<new>``
  (either side may be empty for its default): created, removed, moved and edited rules by section,
  renumber-only moves listed apart from edits, under a form choosing two other editions;
- ``/<lang>/changes/pick?from=&to=``: that form's answer, 302 to the changes page of the two.

A pinned date that falls between editions is answered 302 with the edition in force on that date.
"""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, request
from flask_babel import gettext as _

from kb import numbers
from kb.errors import RuleNotFound, RuleUnaligned
from kb.model import Edition
from kb.store import history
from web import args, state
from web.api.history_shapes import changes_json, history_json
from web.errors import abort_with
from web.identity import first_printed
from web.pages.resolve import moved, newest_rule, pinned_rule

bp = Blueprint("history", __name__)


@bp.get("/<lang>/cr/<number>/history", defaults={"edition": None})
@bp.get("/<lang>/cr/<edition>/<number>/history")
def history_of(lang: str, number: str, edition: str | None) -> Response | str:
    """The history of rule ``number`` of the newest edition of ``lang``, or of ``edition``;
    ``?edition=`` (as the rule page takes it) is sent to the edition's own history URL (301)."""
    urls = state.urls()
    wanted = request.args.get("edition")
    if edition is None and wanted:
        pinned = pinned_rule(lang, wanted, number, lambda n, e: urls.history(lang, n, e), suffix="/history")
        return pinned if isinstance(pinned, Response) else moved(urls.history(lang, pinned[1], pinned[0]), 301)
    found = newest_rule(lang, number, lambda n, _: urls.history(lang, n)) if edition is None else \
        pinned_rule(lang, edition, number, lambda n, e: urls.history(lang, n, e), suffix="/history")
    return found if isinstance(found, Response) else render_template("rules/history.html", **history_page(*found))


def history_page(edition: Edition, number: str) -> dict[str, object]:
    """The history page's context: ``history`` (``history_json`` with details) and each step's
    page (``href``), the changes page of its edition (``changes_href``, for a change after the
    first step) and edition (``editions``); a first step ``created`` in the first edition
    here to hold its part of the CR says so (``first_here``), not that the rule was new then."""
    store, urls = state.store(), state.urls()
    try:
        found = history_json(store, edition, number, detail=True)
    except RuleUnaligned:
        abort_with(404, _("Rule %(number)s of %(edition)s has no history: this copy matches no dated edition.",
                          number=number, edition=edition.id), [(number, urls.rule(edition.lang, number, edition))])
    except RuleNotFound:
        near = store.nearest_numbers(edition.id, number, limit=8)
        abort_with(404, _("Rule %(number)s is not in %(edition)s.", number=number, edition=edition.id), [(n, urls.history(edition.lang, n, edition)) for n in near])
    editions = {e.id: e for e in store.editions()}
    first = found["steps"][0] if found["steps"] else None
    if first and first["change"] == "created" and first_printed(history.chain(store, edition.lang),
                                                                 first["edition"], first["number"]):
        first["first_here"] = True  # 702.19b is not new in 2002-10-07, the oldest edition here
    before = None
    for step in found["steps"]:
        target = editions[step["edition"]]
        step["href"] = urls.rule(target.lang, step["number"], target, pinned=True) if step["number"] else None
        step["changes_href"] = urls.changes(target.lang, before, target) \
            if before is not None and step["change"] != "unchanged" else None  # what else changed then
        before = target
        for part in (step.get("split_from"), step.get("merged_into")):
            if part is not None:
                part["href"] = urls.rule(target.lang, part["number"], editions[part["edition"]], pinned=True)
    for part in found["counterparts"]:
        target = editions[part["edition"]]
        part["href"] = urls.rule(target.lang, part["number"], target) if part["number"] else None
    head = store.rules_numbered(edition.id, number)
    return {"edition": edition, "number": number, "history": found, "editions": editions,
            "heading": head[0].title if head else None, "rule_href": urls.rule(edition.lang, number, edition),
            "canonical": urls.absolute(urls.history(edition.lang, number, edition))}


@bp.get("/<lang>/changes")
@bp.get("/<lang>/changes/<span>")
def changes(lang: str, span: str = "...") -> Response | str:
    """The changes between two editions of ``lang`` (``old...new``, dates or ids); the newer one
    first is the same page the other way round (301). The page's form (``chain``, newest first
    in the template) chooses two others through ``changes_choice``."""
    args.language(lang)
    if "..." not in span:
        abort_with(404, _("Changes are asked for as OLD...NEW (e.g. 2022-11-18...2023-04-14)."))
    old, new, ids = args.span_editions(lang, *span.split("...", 1))
    if old.id in ids and new.id in ids and ids.index(old.id) > ids.index(new.id):
        return moved(state.urls().changes(lang, new, old), 301)
    store = state.store()
    found = changes_json(store, old.id, new.id)
    return render_template("rules/changes.html", lang=lang, old=old, new=new, changes=found,
                           sections=_by_section(found["rules"]),
                           moves=[r for r in found["rules"] if r["change"] == "moved" and not r["refs_only"]],
                           chain=[store.edition(e) for e in ids],
                           canonical=state.urls().absolute(state.urls().changes(lang, old, new)))


@bp.get("/<lang>/changes/pick")
def changes_choice(lang: str) -> Response:
    """The changes page's form of two editions, ``?from=&to=`` (each as a side of a span names
    it; empty or missing: the span's default), answered 302 with their changes page, so that it
    works without JavaScript. A newer ``from`` is sent to the older-first page, as
    ``/en/changes/NEW...OLD`` is; an unknown edition is 404 and a date naming several 300, as a
    span's side; one edition twice (or one outside the chain) is the 400 its span answers."""
    args.language(lang)
    old, new, ids = args.span_editions(lang, request.args.get("from", ""), request.args.get("to", ""))
    if old.id in ids and new.id in ids and ids.index(old.id) > ids.index(new.id):
        old, new = new, old
    if old.id == new.id or old.id not in ids or new.id not in ids:
        changes_json(state.store(), old.id, new.id)  # raises NotAligned: 400, the span's own answer
    return redirect(state.urls().changes(lang, old, new), 302)


def _by_section(rules: list[dict]) -> list[tuple[str, list[dict]]]:
    """The created, removed and edited rules grouped by section (renumber-only moves left out)."""
    out: dict[str, list[dict]] = {}
    for rule in rules:
        if rule["change"] == "moved" and not rule["refs_only"]:
            continue
        out.setdefault(rule["section"], []).append(rule)
    return sorted(out.items(), key=lambda item: numbers.sort_key(item[0]))
