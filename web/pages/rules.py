"""Rule pages: ``/<lang>/cr/<number>`` (newest edition) and ``/<lang>/cr/<edition>/<number>``.

A number written loosely (``702.19B``, ``CR702.19b``, full-width digits, ``R70219b``) is answered
301 to its canonical URL; a date naming several editions is answered 300 with the choices
(``web.errors``). ``rule_page(edition, number)`` gathers what the page shows from the store: the
rules, breadcrumb, neighbours, citations, the terms the rules define, the editions holding the
number, and the tags a chat client unfurls; 404 with the nearest existing numbers when
``edition`` lacks ``number``.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, Response, abort, redirect, render_template, request
from flask_babel import gettext as _

from kb import numbers
from kb.model import Edition, Rule
from kb.store import history
from kb.store.coverage import english_stand_in
from web import args, state
from web.api.history_shapes import english_partners
from web.citations import stale_citations
from web.display import rule_displays
from web.errors import abort_with
from web.glossary_links import with_glossary
from web.i18n import LANGUAGE_NAMES
from web.identity import (Identity, all_later, copy_of, english_changes_under, english_of_its_day, identity,
                          number_now, of_its_day)
from web.pages.resolve import DATE, moved, newest_rule, pinned_rule
from web.render import linker
from web.terms import in_other_languages

bp = Blueprint("rules", __name__)


@bp.get("/<lang>/cr/<number>", defaults={"edition": None})
@bp.get("/<lang>/cr/<edition>/<number>")
def rule(lang: str, number: str, edition: str | None) -> Response | str:
    """The rule in the newest edition of ``lang``, or in the edition ``edition`` names (a date or an id);
    ``?edition=`` (as the contents and search pages take it) is sent to the edition's own URL."""
    wanted = request.args.get("edition")
    if edition is None and DATE.match(number):  # /en/cr/2019-01-25: that edition's contents
        return redirect(state.urls().contents(lang, args.edition(args.language(lang), number)), 302)
    if edition is None and wanted:
        pinned = pinned_rule(lang, wanted, number, lambda n, e: state.urls().rule(lang, n, e, pinned=True))
        return pinned if isinstance(pinned, Response) else \
            moved(state.urls().rule(lang, pinned[1], pinned[0], pinned=True), 301)
    found = newest_rule(lang, number, lambda n, _: state.urls().rule(lang, n)) if edition is None else \
        pinned_rule(lang, edition, number, lambda n, e: state.urls().rule(lang, n, e, pinned=True))
    return found if isinstance(found, Response) else render_template("rules/rule.html", **rule_page(*found))


OG_DESCRIPTION_CHARS = 200


@dataclass(frozen=True)
class Crumb:
    """One breadcrumb step: a number, its heading (or None) and its page (None: an excerpt that
    does not print that section heading has no page for it); ``printed_title`` is its title as
    printed (None for a rule without one, whose ``title`` is the start of its text)."""

    number: str
    title: str | None
    href: str | None
    printed_title: str | None = None


SWITCHER_NEWEST = 3
"""How many editions per language the edition switcher names (the rest: a link to all)."""

@dataclass(frozen=True)
class EditionLink:
    """An edition holding the rule, its page, whether it is the one shown, and the rule's number
    there (``number``: None when it is the number shown)."""

    edition: Edition
    href: str
    current: bool
    number: str | None = None


def rule_page(edition: Edition, number: str) -> dict[str, object]:
    """The context of a rule page (section, three-digit rule, rule or subrule) of ``edition``."""
    store, urls = state.store(), state.urls()
    rules = _rules_shown(edition, number)
    if not rules:
        _not_found(edition, number)
    before, after = store.neighbours(edition.id, number)
    newest = store.find_edition(edition.lang)
    canonical = urls.absolute(urls.rule(edition.lang, number, edition))
    known = identity(edition, number)
    held = history.everywhere(store, edition.id, number)
    crumbs = breadcrumb(edition, number)
    heading = rules[0].title or next((c.printed_title for c in reversed(crumbs) if c.printed_title), None)
    return {
        "edition": edition,
        "number": number,
        "level": numbers.level(number),
        "head": rules[0],
        "rules": rules,
        "children": store.children(edition.id, number) if numbers.level(number) == 0 else [],
        "crumbs": crumbs,
        "previous": before,
        "next": after,
        "cited_by": store.rules_citing(edition.id, number),
        "cited_under": _cited_under(edition, rules, number),
        "glossary_cited_by": store.glossary_citing(edition.id, number),
        **switcher(edition, number, held),
        "newest": None if newest.id == edition.id else newest,
        "newest_holds": newest.id != edition.id and number in state.numbers_of(newest),
        "identity": known,
        "unjoined": _unjoined(edition, known),
        "compare_href": _compare_href(edition, number, known, newest),
        "editions_by_id": {e.id: e for e in store.editions()},
        "copy_of": _copies_matched(edition, number, held),
        "other_terms": in_other_languages(rules[0].title, edition.lang) if rules[0].title else [],
        "english_changes": english_changes_under(edition, rules) if numbers.level(number) >= 2 else [],
        "stale_citations": stale_citations(edition, rules),
        "articles": rule_displays(rules, with_glossary(edition, linker(edition)), edition.lang, edition),
        "canonical": canonical,
        "heading": heading,
        "og_title": _og_title(rules[0].number, heading, edition),
        "og_description": _og_description(rules),
    }


def _cited_under(edition: Edition, rules: list[Rule], number: str) -> list[tuple[str, list[str]]]:
    """``[(subrule, numbers of the rules citing it)]`` for the rules the page shows under
    ``number`` that some rule cites, page order: 601.2 is cited once, its 601.2b by 57 rules."""
    if numbers.level(number) < 2:  # a section's or three-digit rule's page shows hundreds
        return []
    under = [rule.number for rule in rules if rule.number != number]
    citing = state.store().citing_numbers(edition.id, under)
    return [(sub, citing[sub]) for sub in dict.fromkeys(under) if sub in citing]


def _compare_href(edition: Edition, number: str, known: Identity | None, newest: Edition) -> str:
    """The compare page of the rule: by its number in the newest edition of its language (an older
    edition's 103.4, the mulligan, is compared as 103.5: ``/compare/103.4`` sets today's 103.4,
    starting life, beside it); pinned to the edition's date when the rule is gone from the newest."""
    urls = state.urls()
    if newest.id == edition.id:
        return urls.compare(number, lang=edition.lang)
    now = known.newest if known is not None else None
    if now is not None and now.number:
        return urls.compare(now.number, lang=edition.lang)
    return urls.compare(number, edition=edition.effective_date.isoformat() if edition.effective_date else None,
                        lang=edition.lang)


def _rules_shown(edition: Edition, number: str) -> list[Rule]:
    store = state.store()
    if numbers.level(number) == 0:
        return store.rules_numbered(edition.id, number)
    return store.subtree(edition.id, number)


def _not_found(edition: Edition, number: str) -> None:
    """Abort: a 302 to the rule the edition misprinted as ``number`` (en 2007-05-01's 432.2b is its
    423.2b, which says so), else the 404 naming where ``number`` is."""
    store, urls, labels = state.store(), state.urls(), state.labels()
    misprinted = store.rules_printed_as(edition.id, number)
    if misprinted:
        abort(redirect(urls.rule(edition.lang, misprinted[0].number, edition), 302))
    held = state.coverage_of(edition)
    stand_in = english_stand_in(store, edition) if held and not held.holds(number) else None
    if stand_in is not None and store.rules_numbered(stand_in.id, number):
        abort_with(404, _("The %(language)s edition %(edition)s holds rules %(span)s only: rule %(number)s is in "
                          "its English edition.", language=LANGUAGE_NAMES.get(edition.lang, edition.lang), edition=labels.phrase(edition),
                          span=held.span, number=number),
                   [(_("%(number)s in English (en), %(edition)s", number=number, edition=labels.phrase(stand_in)),
                     urls.rule("en", number, stand_in))])
    near = store.nearest_numbers(edition.id, number, limit=8)
    holding = store.editions_having(number)
    suggestions = _moved_here(edition, number, holding) + [(n, urls.rule(edition.lang, n, edition)) for n in near]
    suggestions += [
        (_("%(number)s in %(language)s %(edition)s", number=number, language=other.lang, edition=labels.name(other)),
         urls.rule(other.lang, number, other))
        for other in holding[:6]
    ]
    abort_with(404, _("Rule %(number)s is not in the %(language)s edition %(edition)s.", number=number,
                      language=LANGUAGE_NAMES.get(edition.lang, edition.lang), edition=labels.phrase(edition)),
               suggestions)


def _moved_here(edition: Edition, number: str, holding: list[Edition]) -> list[tuple[str, str]]:
    """``web.identity.number_now`` as a suggestion of the 404: ``[(label, page)]``, empty when
    there is none (a translation's label names the English edition: "420.5e of en 2009-05-01").
    ``holding``: the editions holding ``number``, newest first."""
    found = number_now(edition, number, holding)
    if found is None:
        return []
    old, now, merged = found
    name = state.labels().name(old) if old.lang == edition.lang else f"{old.lang} {state.labels().name(old)}"
    label = _("%(number)s of %(old)s is part of %(now)s here") if merged else _("%(number)s of %(old)s is %(now)s here")
    return [(label % {"number": number, "old": name, "now": now}, state.urls().rule(edition.lang, now, edition))]


def breadcrumb(edition: Edition, number: str) -> list[Crumb]:
    """Section, three-digit rule and rule above ``number``, each with its heading when printed and
    its page (a section page needs its printed heading; the others show the rules under them)."""
    store, urls = state.store(), state.urls()
    crumbs = []
    for above in numbers.ancestors(number):
        found = store.rules_numbered(edition.id, above)
        title = (found[0].title or found[0].text[:60]) if found else None
        page = found or numbers.level(above) > 0
        crumbs.append(Crumb(above, title, urls.rule(edition.lang, above, edition) if page else None,
                            found[0].title if found else None))
    return crumbs


def _copies_matched(edition: Edition, number: str, held: dict[str, str]) -> list[tuple[Edition, float, str | None]]:
    """The (up to three) editions a copy's rules match, each with its share identical and the page
    of this rule there by identity (``held``: ko-2021-02-15-dbyll 116.2i is 116.2h of 2020-09-25);
    None when the alignment joins it to none there. Without alignment, the page of the number."""
    urls = state.urls()
    out = []
    for other, share in copy_of(edition)[:3]:
        there = held.get(other.id) if held else number
        out.append((other, share, urls.rule(other.lang, there, other) if there else None))
    return out


def _unjoined(edition: Edition, known: Identity | None) -> Edition | None:
    """The English edition a translation follows when the stored alignment joins this rule of
    it to no English rule (ja 2026-01-16 805.10f, the damage-assignment order rule the English
    dropped; a translator's slip), for the page to say so; else None."""
    if edition.lang == "en" or known is not None and known.english is not None:
        return None
    partner = english_partners(state.store()).get(edition.id)
    return state.store().edition(partner["edition"]) if partner else None


def switcher(edition: Edition, number: str, held: dict[str, str]) -> dict[str, object]:
    """The switcher's context: ``switcher`` (per language, ``EditionLink`` newest first, the
    editions ``_shown`` picks: on a page of an older edition, those of its day), ``switcher_totals``
    (per language, how many editions hold the rule), ``switcher_later`` (the languages whose
    every edition holding it came after the page's day, as ja 2026-01-16 after en 2017-08-25:
    the date they are later than, ``_later``) and ``by_identity``: True when the editions
    are those the stored alignment joins the rule to, whatever its number there
    (``kb.store.history.everywhere``: from en 103.5, the mulligan, to ko 2021-11-19 103.4); False,
    without alignment, when they are the editions printing ``number``. ``held``: the rule's
    ``kb.store.history.everywhere``."""
    store, urls = state.store(), state.urls()
    english = None if urls.is_newest(edition) else english_of_its_day(edition)
    if not held:
        holding = _holding(number)
        return {"switcher": editions_holding(number, edition, english), "switcher_totals": switcher_totals(number),
                "switcher_later": _later(holding, edition, english), "by_identity": False}
    links, totals, found_in = {}, {}, {}
    for lang in store.languages():
        found = found_in[lang] = [e for e in store.editions(lang) if e.id in held]
        links[lang] = [EditionLink(e, urls.rule(lang, held[e.id], e), e.id == edition.id,
                                   None if held[e.id] == number else held[e.id])
                       for e in _shown(found, edition, english)]
        totals[lang] = len(found)
    return {"switcher": links, "switcher_totals": totals, "switcher_later": _later(found_in, edition, english),
            "by_identity": True}


def _later(found: dict[str, list[Edition]], edition: Edition, english: Edition | None) -> dict[str, str]:
    """Per language whose editions in ``found`` all came after the day of ``english`` (the English
    edition of the page of ``edition``; None: a newest page, none), the date they are later than:
    the page's (ko 2017-07-08, whose English is of 2017-08-25), or the English one's for an
    undated page."""
    if english is None:
        return {}
    date = edition.date_text if edition.effective_date else english.date_text
    return {lang: date for lang, editions in found.items() if all_later(editions, english)}


def _shown(found: list[Edition], edition: Edition, english: Edition | None) -> list[Edition]:
    """Of one language's editions holding the rule (``found``, newest first), those the switcher
    names for the page of ``edition``: without ``english`` (a page of the newest edition), the
    newest ``SWITCHER_NEWEST`` and ``edition`` when it is older; else those of the day of the
    English edition ``english`` (``web.identity.english_of_its_day``), so that a reader of en
    2017-08-25 stays in 2017: the one of that day (``edition`` in its own language, else
    ``web.identity.of_its_day``: ko 2017-07-08), the one after it and the ones before."""
    if not found:
        return []
    if english is None:
        return found[:SWITCHER_NEWEST] + ([edition] if edition in found[SWITCHER_NEWEST:] else [])
    at = found.index(edition if edition in found else of_its_day(found, english))
    start = max(0, min(at - 1, len(found) - SWITCHER_NEWEST))
    return found[start:start + SWITCHER_NEWEST]


def editions_holding(number: str, shown: Edition, english: Edition | None = None) -> dict[str, list[EditionLink]]:
    """Per language (KB order), the editions holding ``number`` that ``_shown`` names for the
    page of ``shown`` (``english``: the English edition of its day, None on a newest page). The
    editions are listed once per build and number, so a page costs the same however many
    editions the KB holds (``switcher_totals`` counts them all)."""
    urls = state.urls()
    return {lang: [EditionLink(e, urls.rule(lang, number, e), e.id == shown.id) for e in _shown(found, shown, english)]
            for lang, found in _holding(number).items()}


def switcher_totals(number: str) -> dict[str, int]:
    """Per language, how many editions hold ``number``."""
    return {lang: len(found) for lang, found in _holding(number).items()}


def _holding(number: str) -> dict[str, list[Edition]]:
    """Per language (KB order): the editions holding ``number``, newest first."""
    cache = state.cache("holding")
    if number not in cache:
        store = state.store()
        by_lang: dict[str, list[Edition]] = {lang: [] for lang in store.languages()}
        for other in store.editions_having(number):
            by_lang.setdefault(other.lang, []).append(other)
        cache[number] = by_lang
    return cache[number]


def _og_title(number: str, heading: str | None, edition: Edition) -> str:
    heading = f" {heading}" if heading else ""
    return f"CR {number}{heading} ({edition.lang}, {state.labels().name(edition)})"


def _og_description(rules: list[Rule]) -> str:
    text = " ".join(rule.text for rule in rules[:3] if rule.text)
    if len(text) <= OG_DESCRIPTION_CHARS:
        return text
    return text[: OG_DESCRIPTION_CHARS - 1].rsplit(" ", 1)[0] + "…"
