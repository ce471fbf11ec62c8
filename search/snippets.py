"""Search-result snippets: a rule's text, HTML-escaped, matched words wrapped in ``<mark>``."""

from __future__ import annotations

import html
from collections.abc import Iterable

from whoosh.analysis import Analyzer
from whoosh.highlight import ContextFragmenter, Formatter, Fragment, highlight

SNIPPET_CHARS = 240
SURROUND_CHARS = 60
FRAGMENTS = 2


class MarkFormatter(Formatter):
    """Escapes text and wraps matched tokens in ``<mark>``; overlapping or adjacent matches (CJK
    bigrams ``マリ リガ ガン``) become one ``<mark>マリガン</mark>``. A fragment that starts after
    the text's start or ends before its end gets ``…`` on that side."""

    def _text(self, text: str) -> str:
        return html.escape(text, quote=False)

    def format_fragment(self, fragment: Fragment, replace: bool = False) -> str:
        text = fragment.text
        spans: list[list[int]] = []
        for token in sorted(fragment.matches, key=lambda t: (t.startchar, t.endchar)):
            if token.startchar is None:
                continue
            if spans and token.startchar <= spans[-1][1]:
                spans[-1][1] = max(spans[-1][1], token.endchar)
            else:
                spans.append([token.startchar, token.endchar])
        out, index = [], fragment.startchar
        for start, end in spans:
            out.append(self._text(text[index:start]))
            out.append(f"<mark>{self._text(text[start:end])}</mark>")
            index = end
        out.append(self._text(text[index : fragment.endchar]))
        return "".join(out)

    def format(self, fragments: list[Fragment], replace: bool = False) -> str:
        if not fragments:
            return ""
        parts = [self.format_fragment(fragments[0], replace)]
        for before, after in zip(fragments, fragments[1:]):
            gap = after.text[before.endchar : after.startchar]
            parts.append(self._text(gap) if len(gap) <= 3 else " … ")
            parts.append(self.format_fragment(after, replace))
        body = "".join(parts)
        head = "… " if fragments[0].startchar > 0 else ""
        tail = " …" if fragments[-1].endchar < len(fragments[-1].text) else ""
        return head + body + tail


def snippet(text: str, terms: Iterable[str], analyzer: Analyzer) -> str:
    """Up to ``FRAGMENTS`` passages of ``text`` around the tokens in ``terms`` (token texts as
    ``analyzer`` gives them), HTML-escaped with matches in ``<mark>``; when nothing matches, the
    text's start (``SNIPPET_CHARS`` characters, ``…`` when cut). Safe to insert as markup."""
    terms = frozenset(terms)
    if terms:
        fragmenter = ContextFragmenter(maxchars=SNIPPET_CHARS, surround=SURROUND_CHARS)
        marked = highlight(text, terms, analyzer, fragmenter, MarkFormatter(), top=FRAGMENTS)
        if marked:
            return marked
    cut = text[:SNIPPET_CHARS]
    return html.escape(cut, quote=False) + ("…" if len(text) > SNIPPET_CHARS else "")
