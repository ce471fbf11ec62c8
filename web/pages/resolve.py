"""The edition and rule number a rule URL names, shared by the rule and history page families:
``/<lang>/cr/<number>[/history]`` (the newest edition) and ``/<lang>/cr/<edition>/<number>[/history]``
(pinned). A number written another way (``702.19B``) or an edition named another way answers 301
to the page's own URL; a date between two editions answers 302 with the edition in force then.
Either keeps the request's query string (but ``edition``, which the URL then names)."""

from __future__ import annotations

import re
from collections.abc import Callable

from urllib.parse import urlencode

from flask import Response, redirect, request

from kb.errors import EditionNotFound
from kb.model import Edition
from web import args, state
from web.identity import in_force

DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")

PageURL = Callable[[str, "Edition | None"], str]
"""The URL of the page family's page for (canonical number, edition; None: the newest)."""


def newest_rule(lang: str, number: str, page_url: PageURL) -> tuple[Edition, str] | Response:
    """(the newest edition of ``lang``, the canonical number), or a 301 to ``page_url``."""
    args.language(lang)
    canonical, exact = args.rule_number(number)
    if not exact:
        return moved(page_url(canonical, None), 301)
    return args.edition(lang, None), canonical


def pinned_rule(lang: str, edition: str, number: str, page_url: PageURL, suffix: str = "") -> tuple[Edition, str] | Response:
    """(the edition ``edition`` names, the canonical number), a 301 to ``page_url`` when either is
    written another way, or a 302 to the edition in force on a date between editions (its rule
    page plus ``suffix``, e.g. ``/history``)."""
    args.language(lang)
    canonical, exact = args.rule_number(number)
    found = edition_or_in_force(lang, edition, canonical)
    if isinstance(found, Response):
        return moved(found.location + suffix, 302)
    if not exact or edition != state.urls().edition_segment(found):
        return moved(page_url(canonical, found), 301)
    return found, canonical


def moved(location: str, status: int) -> Response:
    """A redirect (``status`` 301 or 302) to ``location`` with the request's query string, but
    ``edition`` (``?utm_source=x`` is kept; ``?edition=2021-11-19`` is what ``location`` names)."""
    kept = [(name, value) for name, value in request.args.items(multi=True) if name != "edition"]
    return redirect(location + ("&" if "?" in location else "?") + urlencode(kept) if kept else location, status)


WRITTEN_DATE = re.compile(r"^(\d{4})[-/.]?(\d{1,2})[-/.]?(\d{1,2})$")
"""A date as links write it otherwise: ``2017-9-29``, ``20170929``, ``2017/09/29``, ``2017.09.29``."""


def written_date(wanted: str) -> str:
    """``wanted`` as ``YYYY-MM-DD`` when it is a date written another way (``WRITTEN_DATE``), else as it is."""
    found = WRITTEN_DATE.match(wanted)
    if not found or DATE.match(wanted):
        return wanted
    year, month, day = found.groups()
    if "-" not in wanted and "/" not in wanted and "." not in wanted and (len(month), len(day)) != (2, 2):
        return wanted  # 2017929: no telling 9-29 from 92-9
    return f"{year}-{int(month):02d}-{int(day):02d}"


NEWEST_WORDS = frozenset({"latest", "newest", "current"})
"""Words a link may put where an edition goes, meaning the newest (``/en/cr/latest/702.19b``)."""


def edition_or_in_force(lang: str, wanted: str, number: str = "") -> Edition | Response:
    """The edition ``wanted`` names (a date as ``written_date`` reads it), or a 302 to the edition
    in force on a date between editions, or to the newest edition's unpinned page for a word of
    ``NEWEST_WORDS`` (``number`` the rule page to send to)."""
    if wanted.lower() in NEWEST_WORDS:
        return redirect(state.urls().rule(args.language(lang), number).rstrip("/"), 302)
    wanted = written_date(wanted)
    try:
        return state.store().find_edition(lang, wanted)
    except EditionNotFound:
        if DATE.match(wanted):
            found = in_force(lang, wanted)
            if found is not None:
                return redirect(state.urls().rule(lang, number, found, pinned=True).rstrip("/"), 302)
        return args.edition(lang, wanted)
