"""The reference renderer: escaping, single links, ranges, missing targets and bad spans."""

from __future__ import annotations

from kb.model import Reference
from web.render import LinkTarget, render_text

KNOWN = {"510", "601.2a", "601.2b", "601.2c", "601.2d", "702.19b"}


def link_for(number: str, resolved: bool) -> LinkTarget | None:
    return LinkTarget(f"/en/cr/{number}", f"/p/{number}") if resolved else None


def ref(start: int, end: int, text: str, targets: tuple[str, ...], spans: tuple = ()) -> Reference:
    """A reference as the store gives it back: its targets resolved against ``KNOWN``."""
    return Reference(start, end, text, targets, spans, tuple(t for t in targets if t in KNOWN))


def test_single_reference_is_linked_and_the_rest_escaped() -> None:
    text = "Trample … (See rule 510, “Combat Damage Step.”) <b>"
    start = text.index("See rule 510")
    html = render_text(text, [ref(start, start + 12, "See rule 510", ("510",), ((start + 9, start + 12),))], link_for)
    assert str(html) == (
        'Trample … (<a class="ref" href="/en/cr/510" data-preview="/p/510" data-number="510">See rule 510</a>, '
        "“Combat Damage Step.”) &lt;b&gt;"
    )


def test_a_range_links_its_words_and_every_rule_in_it() -> None:
    text = "rules 601.2a–d"
    html = str(render_text(text, [ref(0, len(text), text, ("601.2a", "601.2b", "601.2c", "601.2d"), (None,) * 4)], link_for))
    assert html.startswith('<a class="ref" href="/en/cr/601.2a"')
    assert html.count('class="ref"') == 5
    # the members are not text to copy: no brackets in the text (CSS draws them), not selectable
    assert '<span class="ref-range"> <a class="ref"' in html and ">d</a></span>" in html and "[" not in html


def test_several_numbers_in_one_reference_link_each_number() -> None:
    text = "rules 510 and 702.19b"
    html = str(render_text(text, [ref(0, len(text), text, ("510", "702.19b"), ((6, 9), (14, 21)))], link_for))
    assert html == (
        'rules <a class="ref" href="/en/cr/510" data-preview="/p/510" data-number="510">510</a> and '
        '<a class="ref" href="/en/cr/702.19b" data-preview="/p/702.19b" data-number="702.19b">702.19b</a>'
    )


def test_a_missing_target_is_marked_not_linked() -> None:
    html = str(render_text("see rule 999.1", [ref(4, 14, "rule 999.1", ("999.1",))], link_for))
    assert html == 'see <span class="ref-missing" title="Not in this edition: 999.1">rule 999.1</span>'


def test_bad_spans_are_ignored_and_never_break_escaping() -> None:
    refs = [ref(5, 2, "x", ("510",)), ref(0, 99, "x", ("510",)), ref(0, 3, "<a>", ("510",)),
            ref(1, 4, "overlap", ("510",))]
    assert str(render_text("<a> & </a>", refs, link_for)) == (
        '<a class="ref" href="/en/cr/510" data-preview="/p/510" data-number="510">&lt;a&gt;</a> &amp; &lt;/a&gt;'
    )


def test_a_text_without_references_is_only_escaped() -> None:
    html = render_text("A <b> & “Trample” 702.19b", [], link_for)
    assert (type(html).__name__, str(html)) == ("Markup", "A &lt;b&gt; &amp; “Trample” 702.19b")


def test_a_number_and_a_range_in_one_reference_link_each_written_number_then_the_range_members() -> None:
    # en 2026-01-16 prints "rules 601.2b and 601.2f–h" (its words "601.2f–h" opened 601.2b); here with
    # rules KNOWN holds
    text = "rules 601.2b and 601.2c–d"
    html = str(render_text(text, [ref(0, len(text), text, ("601.2b", "601.2c", "601.2d"), ((6, 12), (17, 23), None))],
                           link_for))
    assert html == (
        'rules <a class="ref" href="/en/cr/601.2b" data-preview="/p/601.2b" data-number="601.2b">601.2b</a> and '
        '<a class="ref" href="/en/cr/601.2c" data-preview="/p/601.2c" data-number="601.2c">601.2c</a>–d'
        '<span class="ref-range"> <a class="ref" href="/en/cr/601.2d" data-preview="/p/601.2d" data-number="601.2d">d</a></span>'
    )
