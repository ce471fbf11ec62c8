"""The one function that turns a text plus its references into escaped HTML with links.

Texts come from scraped pages and are data, never markup: every character outside the tags made
here is escaped. A reference (``kb.model.Reference``, a character span and its target numbers)
becomes a link per target that exists in the edition (the store's resolution: ``Reference.resolved``);
a target that does not exist is shown unlinked and marked (``<span class="ref-missing">``). A
reference that writes each of its targets' numbers links each number where it is written (the
store's target spans: ``Reference.spans``); a range (``rule 103.2a-e``) links its words to the first
rule and is followed by a link to every rule in it; a list holding a range (``rules 601.2b and
601.2f–h``) links each number written, then the range's other members.

``linker(edition)`` is the site's link policy: a resolved target links within the edition; a
translation that omits a rule links the English edition of the same effective date when that holds
it (``hreflang``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from flask_babel import gettext as _
from markupsafe import Markup, escape

from kb import numbers
from kb.model import Edition, Reference
from web import state
from web.identity import translated_number


@dataclass(frozen=True)
class LinkTarget:
    """Where a reference to one rule points: the page ``href`` and the ``preview`` JSON URL;
    ``lang`` is set when the rule is only in another language's text of the same date (a
    translation that omits it links the English)."""

    href: str
    preview: str
    lang: str | None = None


LinkFor = Callable[[str, bool], "LinkTarget | None"]
"""Maps a canonical rule number, and whether the edition holds it, to its ``LinkTarget`` (None:
no link)."""


def render_text(text: str, references: Sequence[Reference], link_for: LinkFor) -> Markup:
    """``text`` as escaped HTML where each reference span is linked through ``link_for``.

    References whose span is out of bounds, empty or overlaps an earlier one are ignored (the
    words stay as plain escaped text), so a bad span never breaks the page.
    """
    if not references:
        return escape(text)
    parts: list[str] = []
    cursor = 0
    for ref in sorted(references, key=lambda r: (r.start, r.end)):
        if ref.start < cursor or ref.end > len(text) or ref.start >= ref.end:
            continue
        parts.append(str(escape(text[cursor : ref.start])))
        parts.append(_reference_html(text, ref, link_for))
        cursor = ref.end
    parts.append(str(escape(text[cursor:])))
    return Markup("".join(parts))


def _reference_html(text: str, ref: Reference, link_for: LinkFor) -> str:
    words, targets = text[ref.start : ref.end], ref.targets

    def link(label: str, number: str, missing: str | None = None) -> str:
        return _link(label, number, link_for(number, number in ref.resolved) if number else None, missing)

    if not targets:
        return str(escape(words))
    if len(targets) == 1:
        return link(words, targets[0])
    spans = ref.spans
    written = [(number, span) for number, span in zip(targets, spans) if span] if len(spans) == len(targets) else []
    if len(written) > 1 and len({span for _, span in written}) == len(written):
        out, cursor = [], ref.start
        for number, (start, end) in sorted(written, key=lambda pair: pair[1]):  # type: ignore[arg-type]
            out += [str(escape(text[cursor:start])), link(text[start:end], number)]
            cursor = end
        out.append(str(escape(text[cursor : ref.end])))
        unwritten = [number for number, span in zip(targets, spans) if not span]
        if unwritten:  # "rules 601.2b and 601.2e-g": 601.2b, 601.2e, then f and g
            members = " ".join(link(_short_label(t, unwritten[0]), t) for t in unwritten)
            out.append(f'<span class="ref-range"> {members}</span>')
        return "".join(out)
    if all(link_for(t, t in ref.resolved) is None for t in targets):
        return link(words, "", missing=", ".join(targets))
    members = " ".join(link(_short_label(t, targets[0]), t) for t in targets)
    return f'{link(words, targets[0])}<span class="ref-range"> {members}</span>'


def _link(words: str, number: str, target: LinkTarget | None, missing: str | None = None) -> str:
    if target is None:
        note = _missing_note(missing or number)
        return f'<span class="ref-missing" title="{escape(note)}">{escape(words)}</span>'
    elsewhere = _("Not in this translation: the %(language)s text", language=target.lang) if target.lang else ""
    other = f' hreflang="{escape(target.lang)}" title="{escape(elsewhere)}"' if target.lang else ""
    return (
        f'<a class="ref{" ref-other-lang" if target.lang else ""}" href="{escape(target.href)}" '
        f'data-preview="{escape(target.preview)}" data-number="{escape(number)}"{other}>{escape(words)}</a>'
    )


def _missing_note(number: str) -> str:
    return _("Not in this edition: %(number)s", number=number) if number else _("Not a rule of this edition")


def _short_label(number: str, first: str) -> str:
    """``103.2c`` inside a range starting ``103.2a`` is labelled ``c``; other numbers in full."""
    if numbers.is_canonical(number) and numbers.level(number) == 3 and number[:-1] == first[:-1]:
        return number[-1]
    return number


Linker = Callable[[str, Sequence[Reference]], Markup]
"""Turns a text of an edition and its references into linked, escaped HTML (for templates)."""


def linker(edition: Edition) -> Linker:
    """A ``Linker`` for texts of ``edition`` (see the module docstring for the link policy)."""
    link = link_for(edition)
    return lambda text, references: render_text(text, references, link)


def link_for(edition: Edition) -> LinkFor:
    """The ``LinkFor`` of ``edition``: a resolved target links within it (pinned when it is not
    the newest); an unresolved one, in a translation, links the English edition of the same
    effective date when that holds it (its numbers are read once per app); else None."""
    urls = state.urls()
    english = _same_day_english(edition)
    held = state.numbers_of(english) if english is not None else frozenset()

    def link(number: str, resolved: bool) -> LinkTarget | None:
        holder = edition if resolved else english if number in held else None
        if holder is None or not numbers.is_canonical(number):
            return None
        return LinkTarget(urls.rule(holder.lang, number, holder), urls.api_preview(holder.lang, number, holder),
                          None if holder is edition else holder.lang)

    return link


def translation_linker(english: Edition, translation: Edition) -> Linker:
    """A ``Linker`` for texts of the English edition ``english`` shown for ``translation`` (the
    English glossary entry of a Korean search): a resolved target links the translation's rule
    that translates it (``web.identity.translated_number``), else the English rule."""
    in_english = link_for(english)
    urls = state.urls()

    def link(number: str, resolved: bool) -> LinkTarget | None:
        translated = translated_number(english, number, translation) if resolved else None
        if translated is None or not numbers.is_canonical(translated):
            return in_english(number, resolved)
        return LinkTarget(urls.rule(translation.lang, translated, translation),
                          urls.api_preview(translation.lang, translated, translation))

    return lambda text, references: render_text(text, references, link)


def _same_day_english(edition: Edition) -> Edition | None:
    if edition.lang == "en" or edition.effective_date is None:
        return None
    same_day = [e for e in state.store().editions("en") if e.effective_date == edition.effective_date]
    return same_day[0] if same_day else None
