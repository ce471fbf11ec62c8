"""Rules prepared for the page in one pass (web.display), on the small real KB."""

from __future__ import annotations

from flask import Flask
from markupsafe import Markup

from web import state
from web.display import RuleDisplay, rule_displays
from web.render import linker


def test_rule_views_of_a_pinned_rule_carry_links_anchors_and_linked_text(app: Flask) -> None:
    with app.test_request_context("/"):
        edition = state.store().find_edition("en", "2021-11-19")
        rules = state.store().subtree(edition.id, "702.19")
        views = rule_displays(rules, linker(edition), "en", edition)
    assert [v[:6] for v in views] == [
        ("702.19", 2, "702.19.", "R70219", "/en/cr/2021-11-19/702.19", True),
        ("702.19a", 3, "702.19a", "R70219a", "/en/cr/2021-11-19/702.19a", False),
        ("702.19b", 3, "702.19b", "R70219b", "/en/cr/2021-11-19/702.19b", False),
        ("702.19c", 3, "702.19c", "R70219c", "/en/cr/2021-11-19/702.19c", False),
    ]
    assert views[0] == RuleDisplay("702.19", 2, "702.19.", "R70219", "/en/cr/2021-11-19/702.19", True,
                                Markup("Trample"), (), False)
    assert '<a class="ref" href="/en/cr/2021-11-19/510"' in views[1].text
    assert [len(v.examples) for v in views] == [0, 0, 2, 1]
    assert all(isinstance(e, Markup) for v in views for e in v.examples)


def test_rule_prefix_is_what_rule_puts_before_the_number(app: Flask) -> None:
    with app.test_request_context("/"):
        urls, store = state.urls(), state.store()
        for edition in store.editions():
            for pinned in (False, True):
                assert urls.rule_prefix(edition.lang, edition, pinned=pinned) + "702.19b" == urls.rule(
                    edition.lang, "702.19b", edition, pinned=pinned)
        assert urls.rule_prefix("en", store.find_edition("en")) == "/en/cr/"
