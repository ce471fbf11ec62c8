"""What a rule page shows, gathered from the store: the rules, breadcrumb, neighbours, citations,
the editions holding the number, and the tags a chat client unfurls.

``rule_page(edition, number)`` returns the template context of ``rules/rule.html``; it raises a
404 ``PageError`` with the nearest existing numbers when ``edition`` lacks ``number``.
"""

from __future__ import annotations

from dataclasses import dataclass

from kb import numbers
from kb.model import Edition, Rule
from web import state
from web.errors import abort_with
from web.display import rule_views

OG_DESCRIPTION_CHARS = 200


@dataclass(frozen=True)
class Crumb:
    """One breadcrumb step: a number, its heading (or None) and its page."""

    number: str
    title: str | None
    href: str


@dataclass(frozen=True)
class EditionLink:
    """An edition holding the number, its page, and whether it is the one shown."""

    edition: Edition
    href: str
    current: bool


def rule_page(edition: Edition, number: str) -> dict[str, object]:
    """The context of a rule page (section, three-digit rule, rule or subrule) of ``edition``."""
    store, urls = state.store(), state.urls()
    rules = _rules_shown(edition, number)
    if not rules:
        _not_found(edition, number)
    before, after = store.neighbours(edition.id, number)
    newest = store.find_edition(edition.lang)
    canonical = urls.absolute(urls.rule(edition.lang, number, edition))
    return {
        "edition": edition,
        "number": number,
        "level": numbers.level(number),
        "head": rules[0],
        "rules": rules,
        "children": store.children(edition.id, number) if numbers.level(number) == 0 else [],
        "crumbs": breadcrumb(edition, number),
        "previous": before,
        "next": after,
        "cited_by": store.rules_citing(edition.id, number),
        "glossary_cited_by": store.glossary_citing(edition.id, number),
        "switcher": editions_holding(number, edition),
        "newest": None if newest.id == edition.id else newest,
        "articles": rule_views(rules, state.linker(edition), edition.lang, edition),
        "canonical": canonical,
        "og_title": _og_title(rules[0], edition),
        "og_description": _og_description(rules),
    }


def _rules_shown(edition: Edition, number: str) -> list[Rule]:
    store = state.store()
    if numbers.level(number) == 0:
        return store.rules_numbered(edition.id, number)
    return store.subtree(edition.id, number)


def _not_found(edition: Edition, number: str) -> None:
    store, urls, labels = state.store(), state.urls(), state.labels()
    near = store.nearest_numbers(edition.id, number, limit=8)
    suggestions = [(n, urls.rule(edition.lang, n, edition)) for n in near]
    suggestions += [
        (f"{number} in {other.lang} {labels.name(other)}", urls.rule(other.lang, number, other))
        for other in store.editions_having(number)[:6]
    ]
    abort_with(404, f"Rule {number} is not in the {edition.lang} edition {labels.phrase(edition)}.", suggestions)


def breadcrumb(edition: Edition, number: str) -> list[Crumb]:
    """Section, three-digit rule and rule above ``number``, each with its heading when printed."""
    store, urls = state.store(), state.urls()
    crumbs = []
    for above in numbers.ancestors(number):
        found = store.rules_numbered(edition.id, above)
        title = (found[0].title or found[0].text[:60]) if found else None
        crumbs.append(Crumb(above, title, urls.rule(edition.lang, above, edition)))
    return crumbs


def editions_holding(number: str, shown: Edition) -> dict[str, list[EditionLink]]:
    """Per language (KB order), the editions holding ``number``, newest first."""
    store, urls = state.store(), state.urls()
    by_lang: dict[str, list[EditionLink]] = {lang: [] for lang in store.languages()}
    for other in store.editions_having(number):
        href = urls.rule(other.lang, number, other)
        by_lang.setdefault(other.lang, []).append(EditionLink(other, href, other.id == shown.id))
    return by_lang


def _og_title(head: Rule, edition: Edition) -> str:
    heading = f" {head.title}" if head.title else ""
    return f"CR {head.number}{heading} ({edition.lang}, {state.labels().name(edition)})"


def _og_description(rules: list[Rule]) -> str:
    text = " ".join(rule.text for rule in rules[:3] if rule.text)
    if len(text) <= OG_DESCRIPTION_CHARS:
        return text
    return text[: OG_DESCRIPTION_CHARS - 1].rsplit(" ", 1)[0] + "…"
