"""Links from a glossary definition to the other entries it sends the reader to.

Many entries are only a pointer to another (``Deal: See Damage.``, ``Forestwalk: See Landwalk.``;
ja ``与える／Deal: ダメージ参照。``; zh ``造成: 参见伤害。``): about 45 in each English edition and 30
in each Japanese and Chinese one. ``term_spans`` finds the entries a definition names after its
"see" word (English ``See``/``See also`` up to the sentence's end, Chinese ``参见`` up to ``。``;
Japanese: the words before ``参照`` back to the sentence's start), an item or a run of items
(``See Active Player, Nonactive Player Order.`` is one entry whose name holds a comma) that is the
name of an entry of the same glossary; ``linked_definition`` links them beside the definition's
rule references (``web.render``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from collections.abc import Callable, Iterable, Mapping, Sequence

from markupsafe import Markup, escape

from kb.model import Edition, GlossaryEntry, Reference
from web import state
from web.render import Linker

TermSpan = tuple[int, int, str]
"""(start, end, entry term) of a definition's words that name another entry."""

_SEE = {
    "en": re.compile(r"\bSee(?: also)? (?!rules?\b|section\b|\d)(?P<items>[^.]+?)\.?[”\"]?(?=\.|$)"),
    "zh": re.compile(r"参见(?!规则|\d)(?P<items>[^。；;]+)"),
    "ja": re.compile(r"(?P<items>[^。、()（）\s][^。()（）]*?)\s*参照"),
}
_SEPARATORS = {
    "en": re.compile(r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+"),
    "zh": re.compile(r"[、，,]|以及|和|或"),
    "ja": re.compile(r"[、,]|および|及び|または"),
}
_QUOTES = "“”\"「」『』 "
_ANY_QUOTE = re.compile("[“”\"'‘’「」『』]")


def _folded(name: str) -> str:
    """``name`` without its quotes, whatever their kind (en 2004-10-01 sends "If" to
    "Intervening 'If' Clause", whose entry is Intervening "If" Clause), folded."""
    return _ANY_QUOTE.sub("", name).strip().casefold()


def term_key(term: str, lang: str) -> str:
    """How a definition names the entry ``term``: its headword (ja ``与える（あたえる）／Deal``: 与える),
    without quotes (``_folded``)."""
    if lang == "ja":
        term = re.split(r"[（(／/]", term, maxsplit=1)[0]
    return _folded(term)


def term_keys(entries: Iterable[GlossaryEntry], lang: str) -> dict[str, str]:
    """``{term_key: entry term}`` of a glossary."""
    return {term_key(entry.term, lang): entry.term for entry in entries}


def term_spans(definition: str, lang: str, keys: Mapping[str, str], own: str = "") -> list[TermSpan]:
    """The spans of ``definition`` that name another entry of ``keys`` (``term_keys``) after a
    "see" word, in order; never the entry ``own`` itself. Empty for a language without such a word."""
    pattern = _SEE.get(lang)
    if pattern is None:
        return []
    found: list[TermSpan] = []
    for match in pattern.finditer(definition):
        found += _named(definition, match.start("items"), match.end("items"), lang, keys, own)
    return found


def _named(text: str, start: int, end: int, lang: str, keys: Mapping[str, str], own: str) -> list[TermSpan]:
    """The longest runs of items between ``start`` and ``end`` that name an entry, left to right."""
    cuts = [(m.start() + start, m.end() + start) for m in _SEPARATORS[lang].finditer(text[start:end])]
    items = [(a, b) for a, b in zip([start, *(c[1] for c in cuts)], [*(c[0] for c in cuts), end])]
    found: list[TermSpan] = []
    index = 0
    while index < len(items):
        for last in range(len(items) - 1, index - 1, -1):
            span = _stripped(text, items[index][0], items[last][1])
            term = keys.get(_folded(text[span[0]:span[1]]))
            if term is not None and term != own:
                found.append((*span, term))
                index = last + 1
                break
        else:
            index += 1
    return found


def _stripped(text: str, start: int, end: int) -> tuple[int, int]:
    """``start``-``end`` without the quotes and spaces around it."""
    while start < end and text[start] in _QUOTES:
        start += 1
    while end > start and text[end - 1] in _QUOTES:
        end -= 1
    return start, end


def linked_definition(text: str, references: Sequence[Reference], linked: Linker, spans: Sequence[TermSpan],
                      href: Callable[[str], str]) -> Markup:
    """``text`` with its rule references linked by ``linked`` and the ``spans`` (``term_spans``)
    linked to their entries' pages (``href(term)``); a span overlapping a rule reference stays text."""
    spans = [s for s in spans if not any(r.start < s[1] and s[0] < r.end for r in references)]
    if not spans:
        return linked(text, references)
    out, cursor = [], 0
    for start, end, term in [*spans, (len(text), len(text), "")]:
        inside = [_shifted(r, cursor) for r in references if cursor <= r.start and r.end <= start]
        out.append(str(linked(text[cursor:start], inside)))
        if term:
            out.append(f'<a class="glossary-ref" href="{escape(href(term))}">{escape(text[start:end])}</a>')
        cursor = end
    return Markup("".join(out))


def _shifted(reference: Reference, by: int) -> Reference:
    """``reference`` in the text cut ``by`` characters from its start."""
    spans = tuple(None if span is None else (span[0] - by, span[1] - by) for span in reference.spans)
    return replace(reference, start=reference.start - by, end=reference.end - by, spans=spans)


def definition_html(shown_in: Edition, holder: Edition, entry: GlossaryEntry, linked: Linker) -> Markup:
    """The definition of ``entry`` with its rule references linked (``linked``) and the entries it
    sends the reader to linked to their pages in ``shown_in``'s glossary; ``holder`` is the edition
    whose glossary holds the entry (the English one an edition omitting its glossary shows). The
    glossary's names are read once per build."""
    keys = state.cache("glossary keys")
    if holder.id not in keys:
        keys[holder.id] = term_keys(state.store().glossary(holder.id), holder.lang)
    spans = term_spans(entry.definition, holder.lang, keys[holder.id], entry.term)
    return linked_definition(entry.definition, entry.references, linked, spans,
                             lambda term: state.urls().glossary(shown_in.lang, term, shown_in))
