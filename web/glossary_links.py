"""Links from a glossary definition to the other entries it sends the reader to.

Many entries are only a pointer to another (``Deal: See Damage.``, ``Forestwalk: See Landwalk.``; ja
``与える／Deal: ダメージ参照。``; zh ``造成: 参见伤害。``): about 20 in each English, Japanese and Chinese edition,
which with the entries' "See also" make about 49 links in each. ``term_spans`` finds the entries a
definition names after its "see" word (English ``See``/``See also`` up to the sentence's end,
Chinese ``参见`` up to ``。``; Japanese: the words before ``参照`` back to the sentence's start), an item
or a run of items (``See Active Player, Nonactive Player Order.`` is one entry whose name holds a
comma) that is the name of an entry of the same glossary; ``linked_definition`` links them beside
the definition's rule references (``web.render``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

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
    spans = term_spans(entry.definition, holder.lang, _keys(holder), entry.term)
    return linked_definition(entry.definition, entry.references, linked, spans,
                             lambda term: state.urls().glossary(shown_in.lang, term, shown_in))


_POINTER = re.compile(r"under [“\"?](?P<under>[^”\"?\n]{1,40})[”\"?] in the glossary"
                      r"|the [“\"?](?P<entry>[^”\"?\n]{1,40})[”\"?] entry in the glossary"
                      r"|[Ss]ee glossary, [“\"?](?P<see>[^”\"?\n]{1,40}?)[.,]?[”\"?]")
"""A rule text of the English editions of 2002-2009 sending the reader to a glossary entry: ``under
"Creature Types" in the glossary``, ``the "Creature Types" entry in the glossary``, ``(See glossary,
"Timestamp Order.")`` (the ``?`` of the 2008-2009 texts for their quotes)."""


_LISTED = re.compile(r"in the glossary at the end of this document under (?P<names>[^()]*)")
"""``(You can find complete lists of subtypes in the glossary at the end of this document under
"Creature Types," "Land Types," and so on.)`` (en 2006-10-01 to 2009-05-01, 205.3d)."""
_QUOTED_NAME = re.compile(r"[“\"?](?P<name>[^”\"?\n]{1,40}?)[,.]?[”\"?]")


def glossary_pointers(text: str, keys: Mapping[str, str]) -> list[TermSpan]:
    """The spans of a rule's ``text`` naming an entry of ``keys`` (``term_keys``) as in the glossary,
    in order."""
    named = [(m.start(g), m.end(g)) for m in _POINTER.finditer(text)
             for g in ("under", "entry", "see") if m.group(g)]
    for listed in _LISTED.finditer(text):
        named += [(m.start("name") + listed.start("names"), m.end("name") + listed.start("names"))
                  for m in _QUOTED_NAME.finditer(listed.group("names"))]
    found = []
    for start, end in sorted(named):
        name = _folded(text[start:end])  # the glossary's entry is "Creature Type", the rules say "Creature Types"
        term = keys.get(name) or (keys.get(name[:-1]) if name.endswith("s") else None)
        if term is not None:
            found.append((start, end, term))
    return found


def with_glossary(edition: Edition, linked: Linker) -> Linker:
    """``linked`` (a rule text's ``Linker``) that also links the glossary entries an English rule
    text sends the reader to (``glossary_pointers``) to the edition's glossary pages; ``linked``
    itself for another language or an edition without a glossary."""
    if edition.lang != "en":
        return linked
    keys = _keys(edition)
    if not keys:
        return linked

    def link(text: str, references: Sequence[Reference]) -> Markup:
        spans = glossary_pointers(text, keys) if "glossary" in text else []
        return linked_definition(text, references, linked, spans, lambda term: state.urls().glossary(
            edition.lang, term, edition)) if spans else linked(text, references)

    return link


def _keys(holder: Edition) -> dict[str, str]:
    """``term_keys`` of the glossary of ``holder``, read once per build."""
    keys = state.cache("glossary keys")
    if holder.id not in keys:
        keys[holder.id] = term_keys(state.store().glossary(holder.id), holder.lang)
    return keys[holder.id]
