"""Rules and search hits prepared for display: everything a rule article prints, computed once
per page in Python so that the template only loops and prints (a three-digit page shows ~750
rules, and a template call per rule and per link was most of its time).

``rule_displays(rules, linked, lang, edition)`` gives one ``RuleDisplay`` per rule for the
``rule_list`` macro of ``_partial.html``; ``hit_displays(hits)`` one ``HitDisplay`` per search hit
(the search page and the API).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from markupsafe import Markup

from kb import numbers
from kb.model import Edition, Rule
from web import state
from web.render import Linker


class RuleDisplay(NamedTuple):
    """One rule as a page prints it: ``number`` (canonical, also its fragment id), ``level``
    (0-3), ``printed`` (``702.19.``, ``702.19b``), ``legacy_anchor`` (``R70219b``), ``href`` (its
    own page), ``heading`` (the rule is a heading), ``text`` and ``examples`` as linked, escaped
    HTML, ``duplicate`` (the publisher printed the number twice), ``defined_terms`` (the terms its
    text defines, from the store) and ``misprinted`` (the number as the source printed it, when the
    parser read a misprint back: ``432.2b`` for 423.2b; else None). A named tuple: a page makes
    hundreds, and a frozen dataclass takes three times as long to make."""

    number: str
    level: int
    printed: str
    legacy_anchor: str
    href: str
    heading: bool
    text: Markup
    examples: tuple[Markup, ...]
    duplicate: bool
    defined_terms: tuple[str, ...] = ()
    misprinted: str | None = None


def printed_number(number: str, level: int | None = None) -> str:
    """A canonical number as the CR prints it: ``702.19.`` and ``702.`` carry a period, subrules
    (``702.19b``) do not. ``level`` is the number's level when already known."""
    return number if (numbers.level(number) if level is None else level) == 3 else number + "."


def titled(text: str | None, title: str | None) -> str:
    """A rule's title and text as one line, the title once: a rule with a title alone is stored
    with the title as its text (``Blight``), and a Korean one may print the English beside it
    (``돌진 Trample``)."""
    text = text or ""
    return text if not title or text.startswith(title) else f"{title} {text}"


def rule_displays(rules: Sequence[Rule], linked: Linker, lang: str, edition: Edition | None) -> list[RuleDisplay]:
    """``rules`` (any order, kept) of ``edition`` in ``lang`` ready to print; references are
    linked through ``linked`` (``web.render.linker``). The rule pages' URL prefix is computed
    once for all of them."""
    urls = state.urls()
    prefix = urls.rule_prefix(lang, edition)
    views = []
    for rule in rules:
        level = numbers.level(rule.number)
        views.append(RuleDisplay(
            number=urls.anchor_of(rule.number),
            level=level,
            printed=printed_number(rule.number, level),
            legacy_anchor=urls.legacy_anchor_of(rule.number),
            href=prefix + rule.number,
            heading=bool(rule.title),
            text=linked(rule.text, rule.references),
            examples=tuple(linked(example.text, example.references) for example in rule.examples),
            duplicate="duplicate-number" in rule.flags,
            defined_terms=rule.defined_terms,
            misprinted=rule.printed_number,
        ))
    return views


_MARK = re.compile(r"(</?mark>)")


@dataclass(frozen=True)
class HitDisplay:
    """A search hit as shown: where it links and its snippet as safe HTML."""

    number: str
    edition: Edition
    title: str | None
    snippet: Markup
    score: float
    href: str


def hit_displays(hits: Iterable[Any]) -> list[HitDisplay]:
    """``search.searcher.Hit`` objects with their edition, page URL and a snippet that keeps only
    ``<mark>`` tags (anything else that looks like a tag is escaped again, whatever the index held)."""
    store, urls = state.store(), state.urls()
    views = []
    for hit in hits:
        edition = store.edition(hit.edition)
        views.append(
            HitDisplay(hit.number, edition, hit.title, safe_snippet(hit.snippet), hit.score,
                    urls.rule(edition.lang, hit.number, edition))
        )
    return views


def safe_snippet(snippet: str) -> Markup:
    """An escaped snippet with ``<mark>`` highlights: ``<`` and ``>`` outside ``<mark>``/``</mark>``
    are escaped (entities such as ``&amp;`` are kept as the index wrote them)."""
    parts = _MARK.split(snippet or "")
    return Markup("".join(p if _MARK.fullmatch(p) else p.replace("<", "&lt;").replace(">", "&gt;") for p in parts))


def cards_read(cards: Iterable[tuple[str, Iterable[str]]]) -> Markup:
    """The card names a search read (``search.corrections.SearchResult.cards``) as escaped HTML:
    ``<b class="card">Storm Crow</b> (flying creature)``, comma-separated."""
    return Markup(", ").join(Markup('<b class="card">{}</b> ({})').format(name, " ".join(words)) for name, words in cards)
