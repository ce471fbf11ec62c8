"""The one function that turns a text plus its references into escaped HTML with links.

Texts come from scraped pages and are data, never markup: every character outside the tags made
here is escaped. A reference (``kb.model.Reference``, a character span and its target numbers)
becomes a link per target that exists in the edition; a target that does not exist is shown
unlinked and marked (``<span class="ref-missing">``). A range (``rule 103.2a-e``) links its words
to the first rule and is followed by a link to every rule in it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from kb import numbers
from kb.model import Reference

_NUMBER_WORD = re.compile(r"\d{3}\.\d+[a-zA-Z]?|\d{3}")


@dataclass(frozen=True)
class LinkTarget:
    """Where a reference to one rule points: the page ``href`` and the ``preview`` JSON URL;
    ``lang`` is set when the rule is only in another language's text of the same date (a
    translation that omits it links the English)."""

    href: str
    preview: str
    lang: str | None = None


LinkFor = Callable[[str], "LinkTarget | None"]
"""Maps a canonical rule number to its ``LinkTarget``, or None when the edition lacks the rule."""


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
        parts.append(_reference_html(text[ref.start : ref.end], ref.targets, link_for))
        cursor = ref.end
    parts.append(str(escape(text[cursor:])))
    return Markup("".join(parts))


def _reference_html(words: str, targets: Sequence[str], link_for: LinkFor) -> str:
    if not targets:
        return str(escape(words))
    if len(targets) == 1:
        return _link(words, targets[0], link_for)
    tokens = [(m.start(), m.end(), numbers.parse_number(m.group())) for m in _NUMBER_WORD.finditer(words)]
    if [t[2] for t in tokens] == list(targets):
        return _link_tokens(words, tokens, link_for)
    if all(link_for(t) is None for t in targets):
        return _link(words, "", link_for, missing=", ".join(targets))
    members = " ".join(_link(_short_label(t, targets[0]), t, link_for) for t in targets)
    return f'{_link(words, targets[0], link_for)} <span class="ref-range">[{members}]</span>'


def _link_tokens(words: str, tokens: list[tuple[int, int, str | None]], link_for: LinkFor) -> str:
    out, cursor = [], 0
    for start, end, number in tokens:
        out.append(str(escape(words[cursor:start])))
        out.append(_link(words[start:end], number or "", link_for))
        cursor = end
    out.append(str(escape(words[cursor:])))
    return "".join(out)


def _link(words: str, number: str, link_for: LinkFor, missing: str | None = None) -> str:
    target = link_for(number) if number else None
    if target is None:
        note = _missing_note(missing or number)
        return f'<span class="ref-missing" title="{escape(note)}">{escape(words)}</span>'
    other = f' hreflang="{escape(target.lang)}" title="Not in this translation: the {escape(target.lang)} text"' if target.lang else ""
    return (
        f'<a class="ref{" ref-other-lang" if target.lang else ""}" href="{escape(target.href)}" '
        f'data-preview="{escape(target.preview)}" data-number="{escape(number)}"{other}>{escape(words)}</a>'
    )


def _missing_note(number: str) -> str:
    return f"Not in this edition: {number}" if number else "Not a rule of this edition"


def _short_label(number: str, first: str) -> str:
    """``103.2c`` inside a range starting ``103.2a`` is labelled ``c``; other numbers in full."""
    if numbers.is_canonical(number) and numbers.level(number) == 3 and number[:-1] == first[:-1]:
        return number[-1]
    return number
