"""The compare page ``/<lang>/compare/<number>?langs=en,ko,ja``: one rule side by side.

``number`` is the rule's number in the newest edition of ``lang`` (the reader's language, whose
row comes first): ``/ko/compare/103.4`` and ``/en/compare/103.5`` are both the mulligan, and every
row shows that one rule, by identity, not number (``kb.store.history``): each translation's rule
joined to it, the English rule of the edition the translation was checked against (its own date),
and that rule in the newest English edition, whatever its number there (ko 2021-11-19 103.4 beside
en 2021-11-19 103.4 beside en 2026-01-16 103.5), with the English words changed since marked; a
language with no rule joined to it says so. Without a language (``/compare/<number>``, the form
other sites link), each translation's row is its own rule ``number`` with its English rules by
identity: ``/compare/103.4?langs=en,ko`` is the mulligan in every column, and a newest English
column whose edition prints the number for another rule says so. Without stored alignment,
columns pair by number; so does a translation's rule that the alignment joins to no English rule
(a rule the English dropped, a translator's copied text), with a note saying so. With a pinned
date (``/ko/compare/YYYY-MM-DD/<number>``) only editions of that date are shown, each with the
reader's rule by identity (a Korean text of 2017-01-20 numbers its rules as the English 2017-06-05
does: ko 508.1h is en 2017-01-20 508.1g).
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
from kb.store.coverage import english_stand_in
from web import args, state
from web.api.history_shapes import english_partners
from web.display import RuleDisplay, rule_displays
from web.glossary_links import with_glossary
from web.errors import abort_with
from web.i18n import N_
from web.identity import english_changes_under, in_force, number_now, translated_rules
from web.render import linker

bp = Blueprint("compare", __name__)

MAX_LANGS = 6


@bp.get("/compare/<number>", defaults={"lang": None, "date": None})
@bp.get("/compare/<date>/<number>", defaults={"lang": None})
@bp.get("/<lang>/compare/<number>", defaults={"date": None})
@bp.get("/<lang>/compare/<date>/<number>")
def compare(number: str, lang: str | None, date: str | None) -> Response | str:
    """Columns of ``number`` as the reader's language ``lang`` numbers it (None: each language its
    own); loosely written numbers and the older query forms (``?lang=ko``, ``?edition=YYYY-MM-DD``)
    are redirected to the canonical path (301); a number no column holds that an older English
    edition gave a rule still in force, to that rule's comparison (302); else 404 (the same page)."""
    canonical, exact = args.rule_number(number)
    langs = _langs(request.args.get("langs"))
    kept = langs if request.args.get("langs") else None
    if lang is not None:
        args.language(lang)
    asked_lang, asked_date = request.args.get("lang") or None, request.args.get("edition") or None
    if not exact or asked_lang or asked_date:
        lang = lang if lang is not None else _known(asked_lang)
        return redirect(state.urls().compare(canonical, kept, date or asked_date, lang), 301)
    rows = compare_rows(canonical, langs, date, lang)
    page = state.urls().absolute(state.urls().compare(canonical, kept, date, lang))
    html = render_template("compare/compare.html", number=canonical, langs=langs, date=date, lang=lang, rows=rows,
                           canonical=page)
    if any(column.rules for row in rows for column in row):
        return html
    now = _number_now(canonical) if date is None and lang in (None, ENGLISH) else None
    if now is not None:  # 502.9b, trample in 2009: compare what it is now
        return redirect(state.urls().compare(now, kept, date, lang), 302)
    return Response(html, status=404)  # the page still says so, column by column


def _known(lang: str | None) -> str | None:
    """``lang`` when the KB has editions in it (an old ``?lang=`` link), else None."""
    return lang if lang in state.store().languages() else None


def _number_now(number: str) -> str | None:
    """The number in the newest English edition of the rule an older English edition numbered
    ``number`` (``web.identity.number_now``), or None."""
    store = state.store()
    if "en" not in store.languages():
        return None
    found = number_now(store.find_edition("en"), number, store.editions_having(number))
    return found[1] if found else None


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
TRANSLATION, NEWEST_ENGLISH, SAME_EDITION = N_("translation"), N_("newest English edition"), N_("same edition")
"""Column roles: English in ``data-role`` (what scripts and tests select on), translated where shown."""
OWN_ENGLISH = "English of the {lang} edition"
"""The role of the English edition a translation (``lang``) was checked against."""


@dataclass(frozen=True)
class Column:
    """One column: ``edition`` (None when the language has no edition to show), its ``rules``
    (empty when the edition lacks the number) ready to print as ``articles``, what it is
    (``role``, English: the ``data-role``; ``label`` is it in the reader's language) and a ``note``
    for readers (in their language); ``of``, for the English edition a translation was checked
    against, that translation's language (``role`` is ``OWN_ENGLISH`` of it)."""

    lang: str
    edition: Edition | None
    rules: list[Rule]
    role: str
    note: str | None
    articles: list[RuleDisplay] = field(default_factory=list)
    number: str | None = None
    diff: list[tuple[str, str]] = field(default_factory=list)
    of: str | None = None

    @property
    def label(self) -> str:
        """``role`` in the reader's language."""
        if self.of:
            return _("English of the %(language)s edition", language=self.of)
        return _(self.role) if self.role in (TRANSLATION, NEWEST_ENGLISH, SAME_EDITION) else self.role


def compare_rows(number: str, langs: list[str], date: str | None, lang: str | None = None) -> list[list[Column]]:
    """Rows of columns for ``number`` in ``langs`` (known languages, page order), the row of
    ``lang`` (the reader's language) first. Pinned to ``date``: one row, a column per language
    (per edition when a language has several of ``date``). Otherwise ``number`` is the rule's
    number in the newest edition of ``lang`` (ko 103.4 and en 103.5 are the mulligan), or when
    ``lang`` is None (or has no edition) each translation's own; each translation's row shows the
    rule joined to it by identity: the translation, the English of its own edition, the newest
    English; only the newest English when ``langs`` holds no translation. A rule the alignment
    joins to no English rule, or a store without alignment, pairs by number."""
    order = sorted(langs, key=lambda x: x != lang)
    if date:
        return [_pinned_row(number, order, date, lang)]
    store = state.store()
    newest_en = store.find_edition(ENGLISH) if ENGLISH in store.languages() else None
    source = lang if lang in store.languages() and lang != ENGLISH else None
    if source is not None and not any(e.lang == source for e in store.editions_having(number)):
        return [[_nowhere(number, source, newest_en)]]  # no other column: they would pair by number
    english = _english_number(number, source, newest_en)
    newest_column = [_column(english or number, newest_en, NEWEST_ENGLISH)] if newest_en else []
    translated = {part.edition.lang: part for part in translated_rules(newest_en, english)} if english else {}
    rows = []
    for other in (x for x in order if x != ENGLISH):
        part = translated.get(other)
        if lang is None or other == source or english is None:  # the translation's own number
            rows.append(_row_by_number(number, _newest_holding(number, other), newest_en, newest_column))
        elif part is not None:
            rows.append(_row_by_number(part.number, part.edition, newest_en, newest_column))
        elif _newest_holding(english, other).id in english_partners(store):
            rows.append([_not_joined(other, english, newest_en), *newest_column])
        else:  # an edition the alignment joins to no English edition: by number, as it is printed
            rows.append(_row_by_number(english, _newest_holding(english, other), newest_en, newest_column))
    return rows or [newest_column]


def _row_by_number(number: str, translation: Edition, newest_en: Edition | None, newest_column: list[Column]) -> list[Column]:
    """The row of the translation's rule ``number``: by identity (``_identity_row``), else by number."""
    row = _identity_row(number, translation, newest_en)
    if row is not None:
        return row
    row = [_column(number, translation, TRANSLATION, _unjoined(number, translation))]
    if translation.effective_date is not None and newest_en is not None:
        row.append(_own_english(number, translation, newest_en))
    return row + newest_column


def _english_number(number: str, source: str | None, newest_en: Edition | None) -> str | None:
    """The number in the newest English edition of the rule ``number`` of ``source``'s newest
    edition holding it (``number`` itself when ``source`` is None: English); None when there is no
    English edition or the alignment joins that rule to no English rule still in force."""
    if newest_en is None or source is None:
        return number if newest_en is not None else None
    store = state.store()
    located = history.locate(store, _newest_holding(number, source).id, number)
    parts = history.counterparts(store, source, located) if located else []
    return parts[-1]["number"] if parts else None


def _nowhere(number: str, lang: str, newest_en: Edition | None) -> Column:
    """The column of a number no edition of ``lang`` prints, naming the rule of ``lang`` that the
    newest English rule of that number is, when one is joined to it (ko has no 111.13: the
    English 111.13 is ko 111.11)."""
    newest = state.store().find_edition(lang)
    note = _("No rule %(number)s in any %(language)s edition.", number=number, language=lang)
    part = next((p for p in translated_rules(newest_en, number) if p.edition.lang == lang), None) if newest_en else None
    if part is not None:
        note += " " + _("The English %(number)s (%(date)s) is %(translated)s here.", number=number,
                        date=newest_en.date_text, translated=part.number)
    return Column(lang, newest, [], TRANSLATION, note)


def _not_joined(lang: str, english: str, newest_en: Edition) -> Column:
    """The column of a language whose editions hold no rule joined to the English rule."""
    edition = _newest_holding(english, lang)
    note = _("No rule of this edition is joined to the English %(number)s (%(date)s).", number=english,
             date=newest_en.date_text)
    return Column(lang, edition, [], TRANSLATION, note)


def _column(number: str, edition: Edition, role: str, note: str | None = None,
            diff: list[tuple[str, str]] | None = None, of: str | None = None) -> Column:
    rules = _rules(edition, number)
    note = note if rules else _("No rule %(number)s in this edition.", number=number)
    articles = rule_displays(rules, with_glossary(edition, linker(edition)), edition.lang, edition) if rules else []
    return Column(edition.lang, edition, rules, role, note, articles, number, diff or [], of)


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
    note = None if own_number == number else _("The translation's %(number)s is %(english)s in English.",
                                                number=number, english=own_number)
    if own.effective_date != translation.effective_date:
        note = (note + " " if note else "") + _("The translation's text agrees best with the English edition %(date)s.",
                                                 date=own.date_text)
    if own.id == newest_en.id:  # one English rule: shown once, in the newest English column
        return [_column(number, translation, TRANSLATION),
                _same_as_newest(own, translation.lang),
                _column(own_number, newest_en, NEWEST_ENGLISH, note)]
    row = [_column(number, translation, TRANSLATION), _own_column(own_number, own, translation.lang, note)]
    if len(parts) < 2:
        return row
    now = parts[1]
    if now["number"] is None:
        note = _("This rule was removed from the English rules after %(date)s.", date=own.date_text)
        if store.rules_numbered(newest_en.id, number):
            note += " " + _("%(number)s in this edition is another rule.", number=number)
        row.append(Column(ENGLISH, newest_en, [], NEWEST_ENGLISH, note))
        return row
    notes = []
    if now["number"] != own_number:
        notes.append(_("Renumbered %(old)s → %(new)s since %(date)s.", old=own_number, new=now["number"],
                       date=own.date_text))
        if store.rules_numbered(newest_en.id, own_number):
            notes.append(_("%(number)s in this edition is another rule.", number=own_number))
    diff: list[tuple[str, str]] = []
    under = [change.number for change in english_changes_under(translation, row[0].rules)] \
        if numbers.level(number) >= 2 else []  # row[0]: the translation's rules, read once
    if now["change"] in ("edited", "moved+edited"):
        notes.append(_("The English text changed since %(date)s (marked below).", date=own.date_text))
        diff = word_diff(_joined(store, own.id, own_number), _joined(store, newest_en.id, now["number"]))
    elif (english := history.locate(store, own.id, own_number)) and history.refs_renumbered(store, english,
                                                                                             newest_en.id):
        notes.append(_("Only the numbers of the rules it cites changed since %(date)s (marked below).",
                       date=own.date_text))
        diff = word_diff(_joined(store, own.id, own_number), _joined(store, newest_en.id, now["number"]))
    elif not notes and not under:
        notes.append(_("Unchanged since %(date)s.", date=own.date_text))
    if under:
        notes.append(_("The English rules of the translation's %(numbers)s changed since %(date)s (see the "
                       "translation's rule page).", numbers=", ".join(under), date=own.date_text))
    row.append(_column(now["number"], newest_en, NEWEST_ENGLISH, " ".join(notes), diff))
    return row


def _joined(store, edition_id: str, number: str) -> str:
    found = store.rules_numbered(edition_id, number)
    return " ".join(t for t in (found[0].title, found[0].text) if t) if found else ""


def _pinned_row(number: str, order: list[str], date: str, lang: str | None) -> list[Column]:
    """The columns of the editions of ``date`` (one per language in ``order``; one each when
    several texts share it), each showing the rule ``number`` of the reader's edition (``lang``,
    else English, else the first that has one) by identity: a translation that follows a later
    English edition numbers its rules as that one (ko 2017-01-20 508.1h is en 2017-01-20 508.1g).
    By number without stored alignment."""
    store = state.store()
    found = {x: _editions_of(x, date) for x in dict.fromkeys([*order, *([lang] if lang else []), ENGLISH])}
    followed = _followed(found.get(lang, []) if lang else [], date)
    if followed is not None and followed not in found[ENGLISH]:
        found[ENGLISH] = [*found[ENGLISH], followed]
    anchor = next((editions[0] for x in ([lang] if lang else []) + [ENGLISH] + order
                   if (editions := found.get(x))), None)
    held = history.everywhere(store, anchor.id, number) if anchor is not None else {}
    columns = []
    for x in order:
        if not found[x]:
            columns.append(Column(x, None, [], SAME_EDITION,
                                  _("No %(language)s edition effective %(date)s in the KB.", language=x, date=date)))
            continue
        for edition in found[x]:
            there = held.get(edition.id) if held and edition.id != anchor.id else number
            if there is None:
                note = _("No rule of this edition is joined to %(language)s %(number)s.", language=anchor.lang,
                         number=number)
                columns.append(Column(edition.lang, edition, [], SAME_EDITION, note))
            else:
                note = None if there == number else _("The same rule as %(language)s %(number)s, numbered %(there)s "
                                                      "here.", language=anchor.lang, number=number, there=there)
                if edition == followed:
                    follows = _("The English edition this %(language)s translation follows.", language=lang)
                    note = f"{follows} {note}" if note else follows
                elif edition.date_text != date:
                    in_force_note = _("The edition in force on %(date)s.", date=date)
                    note = f"{in_force_note} {note}" if note else in_force_note
                columns.append(_column(there, edition, SAME_EDITION, note))
    return columns


def _followed(editions: list[Edition], date: str) -> Edition | None:
    """The English edition the reader's translation of ``date`` (``editions``: its language's of
    that date) follows, when it is not of that date, shown after the English of the date: ko
    2017-07-08 holds en 2017-08-25's rules (508.7b), and the English in force on 2017-07-08 does not."""
    if len(editions) != 1 or editions[0].lang == ENGLISH or editions[0].date_text != date:
        return None
    partner = english_stand_in(state.store(), editions[0])
    return partner if partner is not None and partner.date_text != date else None


def _editions_of(lang: str, date: str) -> list[Edition]:
    """The editions of ``lang`` effective ``date`` (several when texts share it), else the one in
    force then (``web.identity.in_force``: 2022-01-01 is en 2021-11-19, as rule pages read it);
    none before the language's first."""
    store = state.store()
    if lang not in store.languages():
        return []
    try:
        return [store.find_edition(lang, date)]
    except AmbiguousEdition as several:
        return [store.edition(edition_id) for edition_id in several.ids]
    except EditionNotFound:
        found = in_force(lang, date)
        return [found] if found is not None else []


def _unjoined(number: str, translation: Edition) -> str | None:
    """The note of a translation's rule that the stored alignment joins to no English rule though
    its edition is joined to English (``ingest.align.links``: a rule the English dropped, which
    the translation still prints, or a translator's slip), or None."""
    if translation.id not in english_partners(state.store()):
        return None
    return _("This translation's %(number)s is joined to no English rule: the English rule of that number reads "
             "otherwise (a rule the English dropped, or a translator's slip). The English columns show the number.",
             number=number)


def _own_english(number: str, translation: Edition, newest_en: Edition) -> Column:
    same_day = [e for e in state.store().editions(ENGLISH) if e.effective_date == translation.effective_date]
    of = translation.lang
    if not same_day:
        note = _("No English edition effective %(date)s in the KB.", date=translation.date_text)
        return Column(ENGLISH, None, [], OWN_ENGLISH.format(lang=of), note, of=of)
    if same_day[0].id == newest_en.id:
        return _same_as_newest(newest_en, of)
    return _own_column(number, same_day[0], of)


def _own_column(number: str, edition: Edition, of: str, note: str | None = None) -> Column:
    """``_column`` of the English edition a translation (language ``of``) was checked against."""
    return _column(number, edition, OWN_ENGLISH.format(lang=of), note, of=of)


def _same_as_newest(newest_en: Edition, of: str) -> Column:
    """The English column of a translation (language ``of``) whose English edition is the newest
    one, shown in the newest English column: empty, saying so."""
    note = _("The same edition as the newest English column.")
    return Column(ENGLISH, newest_en, [], OWN_ENGLISH.format(lang=of), note, of=of)


def _newest_holding(number: str, lang: str) -> Edition:
    holding = [e for e in state.store().editions_having(number) if e.lang == lang]
    return holding[0] if holding else state.store().find_edition(lang)


def _rules(edition: Edition, number: str) -> list[Rule]:
    store = state.store()
    if numbers.level(number) >= 2:
        return store.subtree(edition.id, number)
    head = store.rules_numbered(edition.id, number)
    return head + store.children(edition.id, number) if head else []
