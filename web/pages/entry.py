"""Entry pages other sites and readers start from: ``/editions`` (every edition of every
language), ``/<lang>`` and ``/<lang>/cr`` (a language's contents: its newest edition, or
``?edition=`` one edition, with its sections and three-digit rules, and its editions).

Links written other ways are sent to the page they mean (301): a rule number with no language
(``/702.19b``, ``/cr/702.19b``, ``/rule/702.19b``) to the English rule, and a language code in
capitals (``/EN/cr/702.19b``) to its own URL.

Every page is rendered once per build and URL (the KB never changes under a build).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, Response, redirect, render_template, request

from kb import numbers
from kb.model import Edition, Rule, language_code
from kb.store import history
from web import args, state
from web.api.history_shapes import edition_matches, english_partners
from web.i18n import page_locale

bp = Blueprint("entry", __name__)

SECTIONS = tuple(str(n) for n in range(1, 10))


@dataclass(frozen=True)
class EditionRow:
    """One edition on ``/editions``: its rule count, what part of the CR it holds (None: all),
    its first rule's URL, the official editions an undated copy matches (``(edition, share)``),
    for a translation the English edition it translates (the one its rules agree with best; None
    when no English edition is near it) and, for a text published cut short
    (``Edition.partial``), its last rule."""

    edition: Edition
    rules: int
    coverage: str | None
    href: str
    matches: list[tuple[Edition, float]]
    translates: Edition | None = None
    last: str | None = None
    changes: str | None = None
    """The changes page from the edition before it in its language's chain (None: the first)."""


@bp.get("/editions")
def editions() -> str:
    """Every edition of every language, newest first per language."""
    return _once(f"editions:{page_locale()}", lambda: render_template("entry/editions.html",
                                                                      languages=_edition_rows()))


@bp.get("/<lang>")
def language(lang: str) -> Response:
    """A language's home: its contents (``/<lang>/cr``); a rule number instead (``/702.19b``) is
    the English rule (301)."""
    number = numbers.parse_number(lang)
    if number is not None and lang not in state.store().languages():
        return redirect(state.urls().rule("en", number), 301)
    args.language(lang)
    return redirect(state.urls().contents(lang), 302)


@bp.get("/cr/<number>")
@bp.get("/rule/<number>")
@bp.get("/rules/<number>")
def unlanguaged_rule(number: str) -> Response:
    """A rule linked without a language: the English rule (301; 404 for no rule number)."""
    return redirect(state.urls().rule("en", args.rule_number(number)[0]), 301)


PAGE_WORDS = frozenset(("cr", "compare", "glossary", "changes"))
"""Path words after the language that a link may write in capitals (``/EN/CR/702.19B``)."""


@bp.before_app_request
def _lower_case_language() -> Response | None:
    """``/EN/cr/702.19b``, ``/EN/CR/702.19B`` and ``/jp/cr/702.19b`` (``kb.model.language_code``) are
    the page of ``/en/cr/702.19b`` or ``/ja/cr/702.19b`` (301, the query string kept; the rule page
    then reads the number)."""
    first, _, rest = request.path.lstrip("/").partition("/")
    word, slash, after = rest.partition("/")
    lowered = word.lower() if word.lower() in PAGE_WORDS else word
    lang = language_code(first)
    if (first != lang or lowered != word) and lang in state.store().languages():
        query = request.query_string.decode("utf-8", "replace")
        path = f"/{lang}/{lowered}{slash}{after}".rstrip("/")
        return redirect(request.script_root + path + (f"?{query}" if query else ""), 301)
    return None


@bp.get("/<lang>/cr")
def contents(lang: str) -> str:
    """The contents of the newest edition of ``lang`` (or of ``?edition=``) and its editions."""
    args.language(lang)
    edition = args.edition(lang, request.args.get("edition") or None)
    pinned = bool(request.args.get("edition"))  # a pinned page offers no other language (web.page_languages)
    return _once(f"contents:{edition.id}:{pinned}", lambda: render_template(
        "entry/contents.html", lang=lang, edition=edition, sections=sections(edition),
        editions=state.store().editions(lang), first=first_rule_href(edition)))


def _once(key: str, render) -> str:
    cache = state.cache("entry")
    full = (request.script_root, key)
    if full not in cache:
        cache[full] = render()
    return cache[full]


def sections(edition: Edition) -> list[tuple[Rule | None, list[Rule]]]:
    """The edition's sections, each with its three-digit rules, in document order. An excerpt that
    holds rules whose section or three-digit rule it lacks (the seed copying subrules of 208-310
    under a lone section 3 heading) adds ``(None, those rules)``, so each is listed once."""
    store = state.store()
    found: list[tuple[Rule | None, list[Rule]]] = []
    for number in SECTIONS:
        heads = store.rules_numbered(edition.id, number)
        if heads:
            found.append((heads[0], store.children(edition.id, number)))
    held = state.numbers_of(edition)
    listed = {rule.number for _head, rules in found for rule in rules}
    roots = sorted((n for n in held if numbers.level(n) > 0 and numbers.parent(n) not in held and n not in listed),
                   key=numbers.sort_key)
    if found and roots:
        found.append((None, [store.rules_numbered(edition.id, n)[0] for n in roots]))
    return found


def first_rule_href(edition: Edition) -> str:
    """The page of the edition's first rule (an excerpt may not start at section 1)."""
    first = state.store().query("SELECT number FROM rules WHERE edition = ? ORDER BY seq LIMIT 1", (edition.id,))
    return state.urls().rule(edition.lang, first[0][0] if first else "1", edition, pinned=True)


def _edition_rows() -> list[tuple[str, list[EditionRow]]]:
    store = state.store()
    counts = dict(store.query("SELECT edition, COUNT(*) FROM rules GROUP BY edition"))
    matches, partners = edition_matches(store), english_partners(store)
    out = []
    for lang in store.languages():
        rows = []
        chain = [e for e, _date in history.chain(store, lang)]
        before = dict(zip(chain[1:], chain))
        for edition in store.editions(lang):
            held = state.coverage_of(edition)
            found = [(store.edition(m["edition"]), m["share"]) for m in matches.get(edition.id, [])[:3]]
            last = store.query("SELECT number FROM rules WHERE edition = ? ORDER BY seq DESC LIMIT 1",
                               (edition.id,)) if edition.partial else []
            partner = partners.get(edition.id)
            translates = store.edition(partner["edition"]) if partner else None
            changes = state.urls().changes(lang, store.edition(before[edition.id]), edition) \
                if edition.id in before else None
            rows.append(EditionRow(edition, counts.get(edition.id, 0), held.span if held else None,
                                   first_rule_href(edition), found, translates, last[0][0] if last else None, changes))
        out.append((lang, rows))
    return out
