"""The search page ``/search?q=&lang=&edition=`` on the app's ``search.searcher.Searcher``.

A query that is a rule number (``702.19b``, ``CR 702.19B``, ``규칙 702.19b``) goes straight to that
rule's page, in the language of its prefix word when no language is asked for (``规则 702.19b``:
the Chinese rule), in the edition asked for (the header's search box of an older edition's page
asks for it) or, when that lacks the number, in the newest edition of its language; a number only
older editions of the language hold goes to the newest of them, whose page says where its rule is
now (``502.9b`` of 2009 is 702.19b; ``713.12``, the meld rule merged into 712.19 in 2023). A query
searched with a spelling correction says so ("Showing results for trample") and links the search
of the words as typed (``literal=1``, uncorrected). Hits come ``PAGE_LIMIT`` a page (``page=2``
for the next, up to ``MAX_PAGES``).
"""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, request

from kb import numbers
from web import state
from kb.scripts import script_language as _script_of
from web.args import SearchArgs, script_languages, search_args
from web.i18n import LANGUAGE_NAMES
from web.display import hit_displays
from web.render import Linker, linker, translation_linker
from web.glossary_links import definition_html
from web.glossary_lookup import Glossed, searched_entry

bp = Blueprint("search", __name__)

PAGE_LIMIT = 20
MAX_PAGES = 5
"""Hits are shown ``PAGE_LIMIT`` a page, up to page ``MAX_PAGES`` (``?page=``): past 100 hits a
query says too little to read on."""
LANGUAGE_SAMPLES = {"en": "rule", "ko": "규칙", "ja": "ルール", "zh": "规则"}
"""A word of each language, for the script its editions are written in."""


@bp.get("/search")
def search() -> Response | str:
    """Results for ``q`` (empty: just the form)."""
    args: SearchArgs = search_args(request.args)
    number = (numbers.parse_number(args.query) or numbers.parse_range_start(args.query)) if args.query else None
    if number is not None:
        written = numbers.prefix_language(args.query)  # 规则 702.19b: the Chinese rule
        lang = args.lang or (written if written in state.store().languages() else None)
        store = state.store()
        edition = args.edition or store.find_edition(lang or "en")
        held = bool(store.rules_numbered(edition.id, number))
        holding = [] if held else store.editions_having(number)
        if args.edition is None:  # an older number: the newest edition holding it (a pinned page keeps its
            edition = next((e for e in holding if e.lang == edition.lang), edition)  # edition: its rule, or its 404)
        if held or holding:
            return redirect(state.urls().rule(edition.lang, number, edition))  # else its 404 says which editions do
    hits, corrected, cards = [], None, ()
    searched_as, other_script = None, False
    if args.query and args.lang:
        searched_as = state.searcher().as_searched(args.query, args.lang, args.edition.id if args.edition else None)
        other_script = _script_of(searched_as) not in ("en", _script_of(LANGUAGE_SAMPLES[args.lang]))
    page, more = _page(request.args.get("page")), False
    if args.query:
        found = state.searcher().find(args.query, lang=args.lang, edition=args.edition.id if args.edition else None,
                                      every_language=args.every_language,
                                      limit=PAGE_LIMIT * page + 1, literal=args.literal)
        page = min(page, max(1, -(-len(found.hits) // PAGE_LIMIT)))  # past the last hit: the last page
        shown = found.hits[PAGE_LIMIT * (page - 1): PAGE_LIMIT * page]
        more = len(found.hits) > PAGE_LIMIT * page and page < MAX_PAGES
        hits, corrected, cards = hit_displays(shown), found.corrected, found.cards
    glossed = None
    if args.query and page == 1:
        translated = searched_as if searched_as and searched_as != args.query else None  # 践踏 searched in Korean: 돌진
        glossed = searched_entry(args.query, corrected or translated, args.edition, args.lang,
                                 hits[0].edition if hits else None)
    return render_template("search/results.html", query=args.query, args=args, hits=hits, corrected=corrected,
                           cards=cards, page=page, more=more, first=PAGE_LIMIT * (page - 1) + 1, glossed=glossed,
                           linked=_glossary_linker(glossed) if glossed else None, glossary_definition=definition_html,
                           languages=state.store().languages(), other_script=other_script,
                           by_script=_by_script(args),
                           searched_as=searched_as if searched_as != " ".join(args.query.split()) else None)


def _by_script(args: SearchArgs) -> list[str]:
    """The names of the languages a query with no language asked for was searched in by its
    script (``践踏``: 日本語, 中文), for the page to say so; empty when a language, every language
    or an edition was asked for."""
    if not args.query or args.lang or args.every_language or args.edition:
        return []
    return [LANGUAGE_NAMES.get(lang, lang) for lang in script_languages(args.query, state.store().languages())]


def _glossary_linker(glossed: Glossed) -> Linker:
    """The links of the glossary entry's references: to the searched translation's rules when the
    entry is the English one it shows (Korean), else within the entry's edition."""
    if glossed.searched.lang != glossed.edition.lang:
        return translation_linker(glossed.edition, glossed.searched)
    return linker(glossed.edition)


def _page(raw: str | None) -> int:
    """The page asked for (``?page=``), 1 to ``MAX_PAGES``; 1 for anything else."""
    return int(raw) if raw and raw.isdigit() and 1 <= int(raw) <= MAX_PAGES else 1
