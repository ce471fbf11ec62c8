"""The compare page ``/compare/<number>?langs=en,ko,ja&edition=YYYY-MM-DD``: one rule side by side.

Without a pinned date, each translation stands beside the English text of its own edition (same
effective date) when the KB has it, and beside the newest English edition. With a pinned date
(``?edition=YYYY-MM-DD``) only editions of that date are shown, so only same-edition rules pair.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import Blueprint, Response, redirect, render_template, request

from kb import numbers
from kb.errors import AmbiguousEdition, EditionNotFound
from kb.model import Edition, Rule
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
        abort_with(400, "langs names no language (e.g. langs=en,ko,ja).")
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
        row = [_column(number, translation, "translation")]
        if translation.effective_date is not None and newest_en is not None:
            row.append(_own_english(number, translation, newest_en))
        rows.append(row + newest_column)
    return rows or [newest_column]


def _column(number: str, edition: Edition, role: str) -> Column:
    rules = _rules(edition, number)
    note = None if rules else f"No rule {number} in this edition."
    articles = rule_displays(rules, linker(edition), edition.lang, edition) if rules else []
    return Column(edition.lang, edition, rules, role, note, articles)


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
