"""Rules prepared for display: everything a rule article prints, computed once per page in
Python so that the template only loops and prints (a three-digit page shows ~750 rules, and a
template call per rule and per link was most of its time).

``rule_views(rules, linked, lang, edition)`` gives one ``RuleView`` per rule for the
``rule_list`` macro of ``_partial.html``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from markupsafe import Markup

from kb import numbers
from kb.model import Edition, Rule
from web import state
from web.state import Linker


class RuleView(NamedTuple):
    """One rule as a page prints it: ``number`` (canonical, also its fragment id), ``level``
    (0-3), ``printed`` (``702.19.``, ``702.19b``), ``legacy_anchor`` (``R70219b``), ``href`` (its
    own page), ``heading`` (the rule is a heading), ``text`` and ``examples`` as linked, escaped
    HTML, and ``duplicate`` (the publisher printed the number twice). A named tuple: a page
    makes hundreds, and a frozen dataclass takes three times as long to make."""

    number: str
    level: int
    printed: str
    legacy_anchor: str
    href: str
    heading: bool
    text: Markup
    examples: tuple[Markup, ...]
    duplicate: bool


def printed_number(number: str, level: int | None = None) -> str:
    """A canonical number as the CR prints it: ``702.19.`` and ``702.`` carry a period, subrules
    (``702.19b``) do not. ``level`` is the number's level when already known."""
    return number if (numbers.level(number) if level is None else level) == 3 else number + "."


def rule_views(rules: Sequence[Rule], linked: Linker, lang: str, edition: Edition | None) -> list[RuleView]:
    """``rules`` (any order, kept) of ``edition`` in ``lang`` ready to print; references are
    linked through ``linked`` (``web.state.linker``). The rule pages' URL prefix is computed
    once for all of them."""
    urls = state.urls()
    prefix = urls.rule_prefix(lang, edition)
    views = []
    for rule in rules:
        level = numbers.level(rule.number)
        views.append(RuleView(
            number=urls.anchor_of(rule.number),
            level=level,
            printed=printed_number(rule.number, level),
            legacy_anchor=urls.legacy_anchor_of(rule.number),
            href=prefix + rule.number,
            heading=bool(rule.title),
            text=linked(rule.text, rule.references),
            examples=tuple(linked(example.text, example.references) for example in rule.examples),
            duplicate="duplicate-number" in rule.flags,
        ))
    return views
