"""Search-result snippets: a rule's text, HTML-escaped, matched words wrapped in ``<mark>``.

A rule text of at most ``SNIPPET_CHARS`` characters (most rules) is shown whole, every match
marked. The passages of a longer one are whoosh's (``whoosh.highlight.highlight`` with a
``ContextFragmenter`` and its basic fragment scorer, byte for byte), computed here over the text's tokens kept from earlier
searches (``TEXTS_KEPT`` texts per process): analysing a rule's text was most of a snippet's cost,
and the same rules come back for many queries. The tokens are kept in columns with an index of
where each token text occurs, so that a snippet walks only the tokens of its passages: between
passages whoosh's fragmenter only remembers where the last ``SURROUND_CHARS`` characters before
the next match start, which is read from the columns (``_Tokens.context_start``).
"""

from __future__ import annotations

import html
import re
import threading
from bisect import bisect_left, bisect_right
from collections import OrderedDict, deque
from collections.abc import Iterable, Sequence
from itertools import accumulate

from whoosh.analysis import Analyzer

from kb.scripts import HANGUL_RANGES, HIRAGANA, KANJI, KATAKANA
from search.korean import COPULA, PARTICLES, VERB_ENDINGS

SNIPPET_CHARS = 240
SURROUND_CHARS = 60
FRAGMENTS = 2
CHAR_LIMIT = 2**15
"""Tokens past this character are not read (whoosh's ``DEFAULT_CHARLIMIT``)."""
TEXTS_KEPT = 20000
"""Rule texts whose tokens stay cached (least recently used dropped; about 2 KB each)."""

Fragment = tuple[int, int, list[int]]
"""A passage: (start character, end character, indexes of its matched tokens in order)."""


class _Tokens:
    """The tokens of a text as whoosh's highlighter reads them, in columns: ``texts``,
    ``starts``/``ends`` (character spans), ``boosts``; ``at`` maps a token text to its indexes;
    ``read[i]`` is the length of tokens ``0..i-1`` added up (whoosh's fragmenter counts token
    characters, not spaces); ``stop`` is the index of the first token past ``CHAR_LIMIT``
    (``len(texts)`` when none); ``ordered`` is True when starts and ends never decrease and no
    token ends before it starts (every analyzer here); ``plain`` when the text has nothing to
    escape; ``unit`` when every boost is 1 (every analyzer here)."""

    __slots__ = ("texts", "starts", "ends", "boosts", "at", "read", "stop", "ordered", "plain", "unit")

    def __init__(self, text: str, spans: Iterable[tuple[str, int, int, float]]) -> None:
        columns = list(zip(*spans)) or [(), (), (), ()]
        self.texts: tuple[str, ...] = columns[0]
        self.starts: tuple[int, ...] = columns[1]
        self.ends: tuple[int, ...] = columns[2]
        self.boosts: tuple[float, ...] = columns[3]
        self.at: dict[str, list[int]] = {}
        for index, token in enumerate(self.texts):
            self.at.setdefault(token, []).append(index)
        self.stop = next((index for index, end in enumerate(self.ends) if end > CHAR_LIMIT), len(self.ends))
        self.read = (0, *accumulate(end - start for start, end in zip(self.starts, self.ends)))
        self.ordered = all(a <= b for a, b in zip(self.starts, self.starts[1:])) and all(
            a <= b for a, b in zip(self.ends, self.ends[1:])) and all(a <= b for a, b in zip(self.read, self.read[1:]))
        self.plain = not any(special in text for special in "&<>")
        self.unit = all(boost == 1.0 for boost in self.boosts)

    def matches(self, terms: frozenset[str]) -> list[int]:
        """The indexes of the tokens whose text is in ``terms``, in order."""
        found = [self.at[term] for term in terms if term in self.at]
        return found[0] if len(found) == 1 else sorted(index for indexes in found for index in indexes)

    def quiet(self, low: int, high: int, countdown: int, room: int) -> int:
        """Inside a passage, with ``countdown`` characters to read after the last match and
        ``room`` before the passage is full: the first token of ``low`` to ``high - 1`` whose
        reading would end the passage, ``high`` when none would (``low`` when not ``ordered``)."""
        if not self.ordered:
            return low
        read = self.read
        counted = bisect_left(read, read[low] + countdown, low + 1, high + 1) - 1
        full = bisect_right(read, read[low] + room, low + 1, high + 1) - 1
        return min(counted, full)

    def context_start(self, low: int, high: int) -> int | None:
        """Where whoosh's fragmenter starts a passage whose first match is token ``high`` after
        it read tokens ``low`` to ``high - 1`` without a match: the start of the first of them
        within ``SURROUND_CHARS`` of the last one's end (None when none is)."""
        if high <= low:
            return None
        if self.ordered:
            first = bisect_left(self.starts, self.ends[high - 1] - SURROUND_CHARS, low, high)
            return self.starts[first] if first < high else None
        firsts: deque[int] = deque()
        for index in range(low, high):  # whoosh's own bookkeeping
            firsts.append(self.starts[index])
            while firsts and self.ends[index] - firsts[0] > SURROUND_CHARS:
                firsts.popleft()
        return firsts[0] if firsts else None


def snippet(text: str, terms: Iterable[str], analyzer: Analyzer,
            words: Sequence[Sequence[str]] | None = None) -> str:
    """Up to ``FRAGMENTS`` passages of ``text`` around the tokens in ``terms`` (token texts as
    ``analyzer`` gives them), HTML-escaped with matches in ``<mark>``; a text of at most
    ``SNIPPET_CHARS`` characters is shown whole (whoosh's passages would cut a short rule around its
    matches, and need not be found); when nothing matches, the text's start (``SNIPPET_CHARS``
    characters, ``…`` when cut). Safe to insert as markup.

    ``words`` are the query's words as their tokens (``[("エン", "ンチ", "チャ", "ャン", "ント")]``),
    for CJK text, whose words are runs of overlapping bigrams: a token then matches only as part
    of a word (``whole_words``), so that ``エンチャント`` does not mark the ``ント`` of ``コントロール``.
    Without them every token in ``terms`` matches, as in whoosh's highlighter."""
    terms = frozenset(terms)
    if terms:
        tokens = _tokens(text, analyzer)
        matches = tokens.matches(terms)
        if matches and words is not None:
            matches = whole_words(text, tokens, matches, words)
        if matches and len(text) <= SNIPPET_CHARS:  # a short rule is shown whole, every match marked
            return _marked(text, tokens, [(0, len(text), matches)])
        if matches:
            scored = [(_fragment_score(tokens, f), f[0], f) for f in _fragments(text, tokens, matches)]
            scored.sort(key=lambda item: item[:2], reverse=True)  # heapq.nlargest's order, cheaper for a few
            best = sorted((f for score, _, f in scored[:FRAGMENTS] if score >= 1), key=lambda f: f[0])
            marked = _marked(text, tokens, best)
            if marked:
                return marked
    cut = text[:SNIPPET_CHARS]
    return html.escape(cut, quote=False) + ("…" if len(text) > SNIPPET_CHARS else "")


_cache: OrderedDict[tuple[int, str], tuple[Analyzer, _Tokens]] = OrderedDict()
_cache_lock = threading.Lock()


def _tokens(text: str, analyzer: Analyzer) -> _Tokens:
    """The tokens ``analyzer`` gives for ``text`` as whoosh's highlighter reads it (stop words
    kept), from the cache when ``text`` was analysed before by the same analyzer."""
    key = (id(analyzer), text)
    with _cache_lock:
        kept = _cache.get(key)
        if kept is not None and kept[0] is analyzer:
            _cache.move_to_end(key)
            return kept[1]
    tokens = _Tokens(text, ((t.text, t.startchar, t.endchar, t.boost)
                     for t in analyzer(text, chars=True, mode="query", removestops=False)))
    with _cache_lock:
        _cache[key] = (analyzer, tokens)
        if len(_cache) > TEXTS_KEPT:
            _cache.popitem(last=False)
    return tokens


def whole_words(text: str, tokens: _Tokens, matches: list[int], words: Sequence[Sequence[str]]) -> list[int]:
    """The ``matches`` (token indexes of ``text``, in order) that are a word of ``words`` (the
    query's words as tokens) or part of one: a word of one token; two or more overlapping tokens
    (one CJK run) each following the one before it in a word (``マリ リガ ガン`` of ``マリガン``);
    or a token of a word that is the whole stretch of its script in the text (``手札`` of
    ``初期手札`` in ``その手札に``, ``상태`` of ``상태참조행동`` in ``상태 참조 행동``), or for Hangul a
    noun before its particle (``피해`` in ``피해를``: ``_stands_alone``). ``ント`` of ``エンチャント``
    in ``コントロール`` is none of these."""
    singles = {word[0] for word in words if len(word) == 1}
    follows = {pair for word in words for pair in zip(word, word[1:])}
    texts, starts, ends = tokens.texts, tokens.starts, tokens.ends
    last = len(texts) - 1
    kept: set[int] = set()
    for index in matches:
        if index < last and starts[index + 1] < ends[index] and (texts[index], texts[index + 1]) in follows:
            kept.update((index, index + 1))
        elif index not in kept and (texts[index] in singles or _stands_alone(text, starts[index], ends[index])):
            kept.add(index)
    return [index for index in matches if index in kept]


_SCRIPTS = tuple(re.compile(f"[{letters}]") for letters in (HANGUL_RANGES, HIRAGANA, f"{KATAKANA}ー", KANJI))
HANGUL_SCRIPT = 0
_AFTER_NOUN = frozenset(("", *PARTICLES, *VERB_ENDINGS, *COPULA))
_script_of: dict[str, int] = {}


def _script(char: str) -> int:
    """The index in ``_SCRIPTS`` of the script ``char`` is written in, -1 for none (kept per character)."""
    found = _script_of.get(char)
    if found is None:
        found = _script_of[char] = next((n for n, script in enumerate(_SCRIPTS) if script.match(char)), -1)
    return found


def _stands_alone(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is in one CJK script and is all of its stretch of that script
    in ``text``, or for Hangul a noun starting its word before a particle, a form of 하다 or
    이다, or the plural 들 (``피해를``, ``공격하는``, ``행동입니다``, ``상태들을``; not the 치명 of ``치명적인``)."""
    script = _script(text[start])
    if script < 0 or any(_script(char) != script for char in text[start + 1 : end]):
        return False
    if start > 0 and _script(text[start - 1]) == script:
        return False
    stretch = end
    while stretch < len(text) and _script(text[stretch]) == script:
        stretch += 1
    rest = text[end:stretch]
    return not rest or script == HANGUL_SCRIPT and (rest in _AFTER_NOUN or rest[0] == "들" and rest[1:] in _AFTER_NOUN)


def _fragments(text: str, tokens: _Tokens, matches: list[int]) -> list[Fragment]:
    """whoosh's ``ContextFragmenter(maxchars=SNIPPET_CHARS, surround=SURROUND_CHARS)`` over the
    tokens, a token matching when its index is in ``matches`` (in order).
    It reads only the tokens where something happens, as whoosh reads them: between passages it
    jumps to the next match (``_Tokens.context_start``), inside one to the next match or to the
    token that ends the passage (``_Tokens.quiet``)."""
    maxchars, surround = SNIPPET_CHARS, SURROUND_CHARS
    starts, ends, read, stop = tokens.starts, tokens.ends, tokens.read, tokens.stop
    wanted = frozenset(matches)
    found: list[Fragment] = []
    first: int | None = None
    countdown = -1
    matched: list[int] = []
    currentlen = 0
    following = 0  # matches[following] is the next match not yet read
    index = 0
    while index < stop:
        while following < len(matches) and matches[following] < index:
            following += 1
        upcoming = matches[following] if following < len(matches) else stop
        if upcoming > stop:
            upcoming = stop
        head = None
        if countdown < 0:  # between passages: whoosh only notes where the tokens up to a match start
            if upcoming >= stop:
                break
            head = tokens.context_start(index, upcoming)
            index = upcoming
        elif countdown > 0 and index < upcoming:  # inside one: tokens that neither match nor end it only count
            quiet = tokens.quiet(index, upcoming, countdown, maxchars - currentlen)
            currentlen += read[quiet] - read[index]
            countdown -= read[quiet] - read[index]
            index = quiet
            if index >= stop:
                break
        startchar, endchar = starts[index], ends[index]
        length = endchar - startchar
        if currentlen + length > maxchars:
            countdown = 0
        elif index in wanted:
            countdown = surround
            if first is None:
                if head is not None:
                    first = head
                else:
                    first = startchar
                    countdown += surround
            matched.append(index)
        currentlen += length
        countdown -= length
        if countdown <= 0:
            found.append(_fragment(text, tokens, matched, first, endchar))
            matched, first, currentlen = [], None, 0
        index += 1
    if matched:  # read up to the end (whoosh's last token read: the one past CHAR_LIMIT, if any)
        endchar = ends[stop] if stop < len(ends) else ends[-1]
        found.append(_fragment(text, tokens, matched, first, endchar))
    return found


def _fragment(text: str, tokens: _Tokens, matched: list[int], first: int | None, endchar: int) -> Fragment:
    """whoosh's ``mkfrag``."""
    startchar = first if first is not None else (tokens.starts[matched[0]] if matched else 0)
    return max(0, startchar), min(len(text), endchar), matched


def _fragment_score(tokens: _Tokens, fragment: Fragment) -> float:
    """whoosh's ``BasicFragmentScorer``: the matches' boosts, times 100 per distinct term."""
    matched = fragment[2]
    boosts, texts = tokens.boosts, tokens.texts
    total = float(len(matched)) if tokens.unit else sum(boosts[index] for index in matched)  # 1.0 + 1.0 ... exactly
    return total * ((len({texts[index] for index in matched}) * 100) or 1)


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


def _kept(text: str) -> str:
    return text


def _marked(text: str, tokens: _Tokens, fragments: list[Fragment]) -> str:
    """The passages escaped and joined, their matches in ``<mark>`` (overlapping or adjacent
    matches, CJK bigrams ``マリ リガ ガン``, become one ``<mark>マリガン</mark>``): a gap of up to 3
    characters between two passages is kept, a longer one is `` … ``; ``…`` before the first when
    it starts after the text's start, after the last when it ends before the text's end. Empty
    for no passage."""
    if not fragments:
        return ""
    fragments = _merged(fragments)
    escape = _kept if tokens.plain else _escape
    out = ["… "] if fragments[0][0] > 0 else []
    before = None
    for startchar, endchar, matched in fragments:
        if before is not None:
            gap = text[before:startchar]
            out.append(escape(gap) if len(gap) <= 3 else " … ")
        index = startchar
        for start, end in _spans(tokens, matched):
            out += (escape(text[index:start]), "<mark>", escape(text[start:end]), "</mark>")
            index = end
        out.append(escape(text[index:endchar]))
        before = endchar
    if fragments[-1][1] < len(text):
        out.append(" …")
    return "".join(out)


def _merged(fragments: list[Fragment]) -> list[Fragment]:
    """``fragments`` (in order) with each that starts before the one before it ends joined to it."""
    out = [fragments[0]]
    for start, end, matched in fragments[1:]:
        last_start, last_end, last_matched = out[-1]
        if start < last_end:
            out[-1] = (last_start, max(last_end, end), last_matched + [i for i in matched if i not in last_matched])
        else:
            out.append((start, end, matched))
    return out


def _spans(tokens: _Tokens, matched: list[int]) -> list[list[int]]:
    """The character spans of the ``matched`` tokens, in order, those that overlap or touch made one."""
    starts, ends = tokens.starts, tokens.ends
    pairs = ((starts[index], ends[index]) for index in matched)
    spans: list[list[int]] = []
    for start, end in (pairs if tokens.ordered else sorted(pairs)):
        if spans and start <= spans[-1][1]:
            spans[-1][1] = max(spans[-1][1], end)
        else:
            spans.append([start, end])
    return spans
