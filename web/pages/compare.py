"""The compare page ``/compare/<number>?langs=en,ko,ja&edition=YYYY-MM-DD``: one rule side by side.

Without a pinned date, each translation stands beside its English rule by identity, not number
(``kb.store.history``): the English rule of the edition the translation was checked against (its
own date), and that rule in the newest English edition, whatever its number there (ko 2021-11-19
103.4 beside en 2021-11-19 103.4 beside en 2026-01-16 103.5), with the English words changed since
marked. When the newest edition prints the asked number for another rule, the column says so.
Without stored alignment, columns pair by number. With a pinned date (``?edition=YYYY-MM-DD``)
only editions of that date are shown, so only same-edition rules pair.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import Blueprint, Response, redirect, render_template, request
from flask_babel import gettext as _

from kb import numbers
from kb.diff import word_diff
from kb.errors import AmbiguousEdition, EditionNotFound
from kb.model import Edition, Rule
from kb.store import history
from web import args, state
from web.display import RuleDisplay, rule_displays
from web.errors import abort_with
from web.render import linker

bp = Blueprint("compare", __name__)

MAX_LANGS = 6


@bp.get("/compare/<number>")
def compare(number: str) -> Response | str:
    """Columns of ``number``; loosely written numbers are redirected to the canonical URL."""
    canonical, exact = args.rule_number(number)
    langs = _langs(request.args.get("langs"))
    date = request.args.get("edition") or None
    if not exact:
        return redirect(state.urls().compare(canonical, langs, date), 301)
    return render_template("compare/compare.html", number=canonical, langs=langs, date=date,
                           rows=compare_rows(canonical, langs, date))


def _langs(raw: str | None) -> list[str]:
    known = state.store().languages()
    if not raw:
        return known
    wanted = list(dict.fromkeys(x.strip() for x in raw.split(",") if x.strip()))[:MAX_LANGS]
    for lang in wanted:
        args.language(lang)
    if not wanted:
        abort_with(400, _("langs names no language (e.g. langs=en,ko,ja)."))
    return wanted


ENGLISH = "en"


@dataclass(frozen=True)
class Column:
    """One column: ``edition`` (None when the language has no edition to show), its ``rules``
    (empty when the edition lacks the number) ready to print as ``articles``, what it is
    (``role``) and a ``note`` for readers."""

    lang: str
    edition: Edition | None
    rules: list[Rule]
    role: str
    note: str | None
    articles: list[RuleDisplay] = field(default_factory=list)
    number: str | None = None
    diff: list[tuple[str, str]] = field(default_factory=list)


def compare_rows(number: str, langs: list[str], date: str | None) -> list[list[Column]]:
    """Rows of columns for ``number`` in ``langs`` (known languages, page order). Pinned to
    ``date``: one row, a column per language (per edition when a language has several of ``date``). Otherwise a row per translation: the translation,
    the English of its own edition, the newest English; only the newest English when ``langs``
    holds no translation."""
    if date:
        return [[column for lang in langs for column in _pinned_columns(number, lang, date)]]
    store = state.store()
    newest_en = store.find_edition(ENGLISH) if ENGLISH in store.languages() else None
    newest_column = [_column(number, newest_en, "newest English edition")] if newest_en else []
    rows = []
    for lang in (x for x in langs if x != ENGLISH):
        translation = _newest_holding(number, lang)
        by_identity = _identity_row(number, translation, newest_en)
        if by_identity is not None:
            rows.append(by_identity)
            continue
        row = [_column(number, translation, "translation")]
        if translation.effective_date is not None and newest_en is not None:
            row.append(_own_english(number, translation, newest_en))
        rows.append(row + newest_column)
    return rows or [newest_column]


def _column(number: str, edition: Edition, role: str, note: str | None = None,
            diff: list[tuple[str, str]] | None = None) -> Column:
    rules = _rules(edition, number)
    note = note if rules else f"No rule {number} in this edition."
    articles = rule_displays(rules, linker(edition), edition.lang, edition) if rules else []
    return Column(edition.lang, edition, rules, role, note, articles, number, diff or [])


def _identity_row(number: str, translation: Edition, newest_en: Edition | None) -> list[Column] | None:
    """The translation, its English rule and that rule in the newest English edition, by
    identity; None when the stored alignment does not join the translation's rule to English."""
    store = state.store()
    located = history.locate(store, translation.id, number)
    parts = history.counterparts(store, translation.lang, located) if located else []
    if not parts or newest_en is None:
        return None
    own = store.edition(parts[0]["edition"])
    own_number = parts[0]["number"]
    note = None if own_number == number else f"The translation's {number} is {own_number} in English."
    if own.effective_date != translation.effective_date:
        note = (note + " " if note else "") + f"The translation's text agrees best with the English edition {own.date_text}."
    own_role = f"English of the {translation.lang} edition"
    if own.id == newest_en.id:  # one English rule: shown once, in the newest English column
        return [_column(number, translation, "translation"),
                Column(ENGLISH, own, [], own_role, "The same edition as the newest English column."),
                _column(own_number, newest_en, "newest English edition", note)]
    row = [_column(number, translation, "translation"), _column(own_number, own, own_role, note)]
    if len(parts) < 2:
        return row
    now = parts[1]
    if now["number"] is None:
        reused = f" {number} in this edition is another rule." if store.rules_numbered(newest_en.id, number) else ""
        row.append(Column(ENGLISH, newest_en, [], "newest English edition",
                          f"This rule was removed from the English rules after {own.date_text}.{reused}"))
        return row
    notes = []
    if now["number"] != own_number:
        notes.append(f"Renumbered {own_number} → {now['number']} since {own.date_text}.")
        if store.rules_numbered(newest_en.id, own_number):
            notes.append(f"{own_number} in this edition is another rule.")
    diff: list[tuple[str, str]] = []
    if now["change"] in ("edited", "moved+edited"):
        notes.append(f"The English text changed since {own.date_text} (marked below).")
        diff = word_diff(_joined(store, own.id, own_number), _joined(store, newest_en.id, now["number"]))
    elif not notes:
        notes.append(f"Unchanged since {own.date_text}.")
    row.append(_column(now["number"], newest_en, "newest English edition", " ".join(notes), diff))
    return row


def _joined(store, edition_id: str, number: str) -> str:
    found = store.rules_numbered(edition_id, number)
    return " ".join(t for t in (found[0].title, found[0].text) if t) if found else ""


def _pinned_columns(number: str, lang: str, date: str) -> list[Column]:
    """The column of ``lang``'s edition of ``date``; a column each when several texts share it."""
    store = state.store()
    try:
        editions = [store.find_edition(lang, date)]
    except AmbiguousEdition as several:
        editions = [store.edition(edition_id) for edition_id in several.ids]
    except EditionNotFound:
        return [Column(lang, None, [], "same edition", f"No {lang} edition effective {date} in the KB.")]
    return [_column(number, edition, "same edition") for edition in editions]


def _own_english(number: str, translation: Edition, newest_en: Edition) -> Column:
    same_day = [e for e in state.store().editions(ENGLISH) if e.effective_date == translation.effective_date]
    if not same_day:
        note = f"No English edition effective {translation.date_text} in the KB."
        return Column(ENGLISH, None, [], f"English of the {translation.lang} edition", note)
    if same_day[0].id == newest_en.id:
        return Column(ENGLISH, newest_en, [], f"English of the {translation.lang} edition",
                      "The same edition as the newest English column.")
    return _column(number, same_day[0], f"English of the {translation.lang} edition")


def _newest_holding(number: str, lang: str) -> Edition:
    holding = [e for e in state.store().editions_having(number) if e.lang == lang]
    return holding[0] if holding else state.store().find_edition(lang)


def _rules(edition: Edition, number: str) -> list[Rule]:
    store = state.store()
    if numbers.level(number) >= 2:
        return store.subtree(edition.id, number)
    head = store.rules_numbered(edition.id, number)
    return head + store.children(edition.id, number) if head else []
