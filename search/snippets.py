"""Search-result snippets: a rule's text, HTML-escaped, matched words wrapped in ``<mark>``.

The passages are whoosh's (``whoosh.highlight.highlight`` with a ``ContextFragmenter`` and its
basic fragment scorer), computed here over the text's tokens kept from earlier searches
(``TEXTS_KEPT`` texts per process): analysing a rule's text was most of a snippet's cost, and the
same rules come back for many queries.
"""

from __future__ import annotations

import html
import threading
from collections import OrderedDict, deque
from collections.abc import Iterable, Iterator

from whoosh.analysis import Analyzer
from whoosh.highlight import Formatter, Fragment

SNIPPET_CHARS = 240
SURROUND_CHARS = 60
FRAGMENTS = 2
CHAR_LIMIT = 2**15
"""Tokens past this character are not read (whoosh's ``DEFAULT_CHARLIMIT``)."""
TEXTS_KEPT = 20000
"""Rule texts whose tokens stay cached (least recently used dropped; about 2 KB each)."""


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
        tokens = _tokens(text, analyzer)
        if any(token.text in terms for token in tokens):
            scored = [(_fragment_score(f), f.startchar, f) for f in _fragments(text, tokens, terms)]
            scored.sort(key=lambda item: item[:2], reverse=True)  # heapq.nlargest's order, cheaper for a few
            best = sorted((f for score, _, f in scored[:FRAGMENTS] if score >= 1), key=lambda f: f.startchar)
            marked = MarkFormatter().format(best)
            if marked:
                return marked
    cut = text[:SNIPPET_CHARS]
    return html.escape(cut, quote=False) + ("…" if len(text) > SNIPPET_CHARS else "")


class _Token:
    """A token of a text: its text, character span and boost (what passages read of whoosh's)."""

    __slots__ = ("text", "startchar", "endchar", "boost")

    def __init__(self, text: str, startchar: int, endchar: int, boost: float) -> None:
        self.text, self.startchar, self.endchar, self.boost = text, startchar, endchar, boost


_cache: OrderedDict[tuple[int, str], tuple[Analyzer, tuple[_Token, ...]]] = OrderedDict()
_cache_lock = threading.Lock()


def _tokens(text: str, analyzer: Analyzer) -> tuple[_Token, ...]:
    """The tokens ``analyzer`` gives for ``text`` as whoosh's highlighter reads it (stop words
    kept), from the cache when ``text`` was analysed before by the same analyzer."""
    key = (id(analyzer), text)
    with _cache_lock:
        kept = _cache.get(key)
        if kept is not None and kept[0] is analyzer:
            _cache.move_to_end(key)
            return kept[1]
    tokens = tuple(_Token(t.text, t.startchar, t.endchar, t.boost)
                   for t in analyzer(text, chars=True, mode="query", removestops=False))
    with _cache_lock:
        _cache[key] = (analyzer, tokens)
        if len(_cache) > TEXTS_KEPT:
            _cache.popitem(last=False)
    return tokens


def _fragments(text: str, tokens: tuple[_Token, ...], terms: frozenset[str]) -> Iterator[Fragment]:
    """whoosh's ``ContextFragmenter(maxchars=SNIPPET_CHARS, surround=SURROUND_CHARS)`` over the
    tokens, a token matching when its text is in ``terms``."""
    maxchars, surround = SNIPPET_CHARS, SURROUND_CHARS
    first: int | None = None
    firsts: deque[int] = deque()
    countdown = -1
    matched: list[_Token] = []
    endchar = 0
    currentlen = 0
    for token in tokens:
        startchar, endchar = token.startchar, token.endchar
        length = endchar - startchar
        if endchar > CHAR_LIMIT:
            break
        is_match = token.text in terms
        if countdown < 0 and not is_match:
            firsts.append(startchar)
            while firsts and endchar - firsts[0] > surround:
                firsts.popleft()
        elif currentlen + length > maxchars:
            countdown = 0
        elif is_match:
            countdown = surround
            if first is None:
                if firsts:
                    first = firsts[0]
                else:
                    first = startchar
                    countdown += surround
            matched.append(token)
        if countdown >= 0:
            currentlen += length
            countdown -= length
            if countdown <= 0:
                yield _fragment(text, matched, first, endchar)
                matched, firsts, first, currentlen = [], deque(), None, 0
    if matched:
        yield _fragment(text, matched, first, endchar)


def _fragment(text: str, matched: list[_Token], first: int | None, endchar: int) -> Fragment:
    """whoosh's ``mkfrag``."""
    startchar = first if first is not None else (matched[0].startchar if matched else 0)
    return Fragment(text, matched, max(0, startchar), min(len(text), endchar))


def _fragment_score(fragment: Fragment) -> float:
    """whoosh's ``BasicFragmentScorer``: the matches' boosts, times 100 per distinct term."""
    return sum(t.boost for t in fragment.matches) * ((len(fragment.matched_terms) * 100) or 1)
