"""The order of one edition's results: fills scored below full matches, and a named rule's
rules first. Results are ``(search.scoring.Found, score)`` pairs, best first; a document's number
is its seq (``search.index``), and its stored fields are read only for the results shown."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from whoosh import query as wq
from whoosh.searching import Searcher as WhooshSearcher

from kb import numbers
from kb.scripts import KANA, script_language
from kb.store.terms import fold
from search.analysis import name_key
from search.index import rule_and_under
from search.query import MODES, ParsedQuery, clause_query
from search.related import named_rules
from search.scoring import Found, cached, matching_docs, stored_fields

CANDIDATES = 2
"""Results scored per shown result before ``text_before_titles`` reorders them."""
MIN_SHOWN = 20
"""The pool is scored for at least this many shown results, so that the first ten do not depend
on how many are asked for (a page of the site asks for 21: ``priority`` asked for 10 left 117.2a
out of its family)."""
TITLE_ONLY = 0.5
"""Score factor of a rule that is a title alone (``601. Casting Spells``, ``702.19 Trample``)."""
LIST_RULE = 0.6
"""Score factor of a rule that is mostly a list of names (``list_rule``: 122.1b's keyword
counters, 205.3m's creature types): it holds any two keywords of its list without being about
either (``deathtouch trample`` is answered by 702.2c and 702.19c, not 122.1b). A name only such
a list holds (``landfall``: 207.2c) still finds it first."""
LIST_ITEMS = 12
"""A list rule has at least this many items of one to three words and at most ``LIST_ITEM_CHARS``
characters, ..."""
LIST_ITEM_CHARS = 20
LIST_SHARE = 0.8
"""... which make at least this share of its comma-separated parts (a Japanese or Chinese
sentence, cut at its 、 and ，, gives short parts too, but fewer of them are this short: ja
2026-01-16 has 4 list rules, en 2026-01-16 14)."""
_LIST_SEPARATORS = re.compile(r"[,;:、，；：]")
MAX_NAMED = 2
"""A query naming more rules than this (a glossary term citing many) is ranked, not listed."""


def query_name(parsed: ParsedQuery) -> str:
    """The words of ``parsed`` as one name (``named_rules_first`` looks it up)."""
    return " ".join(clause.text for clause in parsed.clauses)


def named_rules_first(
    searcher: WhooshSearcher, parsed: ParsedQuery, lang: str, results: list[tuple[Found, float]],
    where: wq.Query | None, limit: int, glossed: Sequence[str] = (),
    typed_title: Callable[[str], bool] = lambda number: False,
) -> list[tuple[Found, float]]:
    """``results`` with, when the whole query is the name of one or two rules (``trample``, ``legend
    rule``: a title, defined or glossary term; or a term the rules ``glossed`` gloss with it,
    ``kb.store.terms.TermDictionary.glossed_names``), those rules and the rules under them first,
    in document order (702.19, 702.19a, 702.19b, ...: a judge reads a keyword's rules in order),
    then the other results; of a rule not titled as typed (a glossary term citing a section:
    Vehicle names 301, Artifacts), the rule and those under it among ``results`` (301, 301.7,
    301.7a: not 301.1-301.6, which say nothing of vehicles); of two rules, the one titled
    exactly as typed first (``Commander``: 903 before 408, the command zone, whose name is the same once stemmed),
    else the two taken in turn (``_listed``); of more, those titled
    exactly as typed, when they are one or two (``In Play`` in 2004: 217.5, not 217 and 409-411,
    named Play once stemmed). A query that also
    types a rule number (``copy 707.10``) is no name: its results stay in score order, where that
    rule leads. Of rules titled alike, one whose English title is what was typed
    (``typed_title``) comes first: ``Enchant`` searched in Japanese is エンチャント, the title of
    702.5 (Enchant) and of 303 (Enchantments). A step or phase typed without its noun, or with
    the other one, is its name (``step_title``: ``upkeep``, ``combat phase``)."""
    if parsed.numbers:
        return results[:limit]
    named = names_listed(searcher, query_name(parsed), lang, glossed, typed_title)
    if not named:
        return results[:limit]
    name = query_name(parsed)
    if not glossed and not named_rules(searcher, name, lang):
        name = step_title(searcher, name, lang) or name
    families: list[list[int]] = []
    for number in named:
        family = rule_and_under(number) if where is None else wq.And([rule_and_under(number), where])
        found = sorted(matching_docs(searcher, family))
        if found and not _titled(searcher, number, name, lang):  # a term whose glossary entry cites a section:
            held = _mentioning(searcher, parsed, lang, family, results)  # Vehicle names 301, then 301.7, not 301.1
            found = found[:1] + [d for d in found[1:] if d in held]
        families.append(found)
    docnums = _listed(families, [_titled(searcher, number, name) for number in named])
    top = max((score for _, score in results), default=1.0)
    shown = docnums[:limit]
    scores = [top + (len(docnums) - rank) * 0.01 for rank in range(len(shown))]
    first = [(Found(searcher, docnum, score), score) for docnum, score in zip(shown, scores)]
    listed = set(shown)
    return (first + [(found, score) for found, score in results if found.docnum not in listed])[:limit]


def _listed(families: list[list[int]], titled: list[bool]) -> list[int]:
    """The documents of the named rules' ``families`` (each in document order) as listed: one
    after the other when the first is titled as typed and the next is not (``Commander``: 903 and
    its rules, then 408); else taken in turn, so that each rule shows among the first
    (``triggered abilities``, a glossary term citing 113 and 603: 113, 603, 113.1, 603.1 ...;
    before, 113's rules filled the first ten)."""
    if len(families) < 2 or titled[0] and not all(titled):
        return list(dict.fromkeys(d for found in families for d in found))
    turns = (found[rank] for rank in range(max(map(len, families))) for found in families if rank < len(found))
    return list(dict.fromkeys(turns))


def _mentioning(searcher: WhooshSearcher, parsed: ParsedQuery, lang: str, family: wq.Query,
                results: list[tuple[Found, float]]) -> set[int]:
    """The documents of ``family`` whose heading, section or body holds every word of the query
    (whatever the pool of ``results`` held: the list must not depend on how many results were
    asked for); those of ``results`` when the query makes no such query."""
    parts = [clause_query(clause, lang, MODES["all"]) for clause in parsed.clauses]
    if not parts or any(part is None for part in parts):
        return {found.docnum for found, _ in results}
    return matching_docs(searcher, wq.And([family, *parts]))


def names_listed(searcher: WhooshSearcher, name: str, lang: str, glossed: Sequence[str] = (),
                 typed_title: Callable[[str], bool] = lambda number: False) -> list[str]:
    """The rules a query that is their ``name`` lists first (see ``named_rules_first``), in the
    order listed; ``[]`` when it names none, or more than ``MAX_NAMED`` of which no one or two are
    titled exactly as typed."""
    named = list(dict.fromkeys([*named_rules(searcher, name, lang), *glossed]))
    step = None if named else step_title(searcher, name, lang)
    if step:
        named = named_rules(searcher, step, lang)
    titled = {number for number in named if _titled(searcher, number, name)}
    if len(named) > MAX_NAMED:  # In Play names Play too, once stemmed: the rule titled In Play is listed
        named = [number for number in named if number in titled]
    if not lists_named(named):
        return []
    return sorted(named, key=lambda number: (number not in titled, not typed_title(number)))


STEP_NOUNS = {"en": ("step", "phase"), "ko": ("단", "단계"), "ja": ("ステップ", "フェイズ"), "zh": ("步骤", "阶段")}
"""The words each language's titles of the turn's steps and phases end with (Upkeep Step,
Combat Phase; 유지단, 전투 단계; アップキープ・ステップ, 戦闘フェイズ; 维持步骤, 战斗阶段)."""
STEP_WORDS, STEP_CHARS = 4, 30
"""The longest query ``step_title`` reads (``beginning of combat step``; ``전투 시작단``)."""


def step_title(searcher: WhooshSearcher, name: str, lang: str) -> str | None:
    """The title of the step or phase a query ``name`` naming no rule means, typed without its
    noun or with the other one (``upkeep``, ``upkeep phase``, ``维持阶段``: Upkeep Step, 503):
    the first of ``name`` with each ``STEP_NOUNS`` word in place of its own, or added, that is
    the title of one rule; None when none is, or ``name`` is longer than a step's name
    (``STEP_WORDS``, ``STEP_CHARS``: a question is not looked up)."""
    folded = name.strip()
    if len(folded.split()) > STEP_WORDS or len(folded) > STEP_CHARS:
        return None
    nouns = STEP_NOUNS.get(lang, ())
    space = " " if lang == "en" else ""
    base = next((folded[: -len(noun)].rstrip(" ・") for noun in nouns if folded.lower().endswith(noun)), folded)
    for noun in nouns:
        variant = f"{base}{space}{noun}"
        if not base or variant.lower() == folded.lower():
            continue
        found = named_rules(searcher, variant, lang)
        if len(found) == 1 and _titled(searcher, found[0], variant, lang):
            return variant
    return None


class _Numbered(Protocol):
    number: str


NumberedHit = TypeVar("NumberedHit", bound=_Numbered)


def family_first(hits: list[NumberedHit], named: Sequence[str]) -> list[NumberedHit]:
    """``hits`` (with a ``number``) with those of the ``named`` rules and the rules under them
    first, in document order, then the others in their order: a rule's name lists its rules as
    ``named_rules_first`` does, before the rules a judge's word in it points to (``Declare
    Blockers Step``: 509, 509.1, 509.1a ...; the glossary's Declare Blockers, 509.1, led)."""
    def under(number: str) -> bool:
        return any(number == rule or rule in numbers.ancestors(number) for rule in named)

    family = sorted((hit for hit in hits if under(hit.number)), key=lambda hit: numbers.sort_key(hit.number))
    return family + [hit for hit in hits if not under(hit.number)]


def lists_named(named: Sequence[str]) -> bool:
    """Whether rules named by a query (``named_rules``) are listed first: one or ``MAX_NAMED``
    (``extra turn`` names three rules, and is searched as words)."""
    return 0 < len(named) <= MAX_NAMED


def titled_as_typed(searcher: WhooshSearcher, numbers: Sequence[str], name: str) -> bool:
    """Whether one of the rules ``numbers`` is titled ``name`` as typed (case and width aside)."""
    return any(_titled(searcher, number, name) for number in numbers)


def _titled(searcher: WhooshSearcher, number: str, name: str, lang: str | None = None) -> bool:
    """Whether rule ``number``'s title is ``name`` as typed (case and width aside); with ``lang``,
    once stemmed too (``search.analysis.name_key``: ``artifact`` is the title Artifacts)."""
    docnums = matching_docs(searcher, wq.Term("number", number))
    titles = {str(stored_fields(searcher, docnum)["context"]) for docnum in docnums}
    if fold(name) in {fold(title) for title in titles}:
        return True
    return lang is not None and bool(name_key(name, lang)) and name_key(name, lang) in {name_key(t, lang) for t in titles}


def below(found: list, floor: float | None) -> list[tuple[object, float]]:
    """``found`` (whoosh hits, best first) with scores scaled to stay under ``floor`` (None: kept)."""
    if floor is None or not found:
        return [(hit, hit.score) for hit in found]
    top = max(hit.score for hit in found) or 1.0
    return [(hit, floor * 0.999 * hit.score / top) for hit in found]


def title_factors(searcher: WhooshSearcher) -> Callable[[int], float]:
    """A document's score factor: ``TITLE_ONLY`` for one that is a title alone (its text no
    longer than its heading, or than 4 tokens), else 1.0; kept per searcher, filled as read."""
    factors: dict[int, float] = cached(searcher, ("title factors",), dict)
    reader = searcher.reader()

    def factor(docnum: int) -> float:
        kept = factors.get(docnum)
        if kept is None:
            text, title = reader.doc_field_length(docnum, "body") or 0, reader.doc_field_length(docnum, "heading") or 0
            kept = factors[docnum] = TITLE_ONLY if text <= max(title, 4) else 1.0
        return kept

    return factor


def list_rule(text: str) -> bool:
    """Whether a rule's text is mostly a list of names: ``LIST_ITEMS`` or more parts of one to
    three words between commas, semicolons or colons (also the CJK ones), ``LIST_SHARE`` of all."""
    parts = [part.strip() for part in _LIST_SEPARATORS.split(text)]
    short = sum(1 for part in parts if 0 < len(part.split()) <= 3 and len(part) <= LIST_ITEM_CHARS)
    return short >= LIST_ITEMS and short >= LIST_SHARE * len(parts)


def text_before_titles(searcher: WhooshSearcher, results: list[tuple[Found, float]],
                       lists: frozenset[int] = frozenset()) -> list[tuple[Found, float]]:
    """``results`` reordered with the score of each rule that is a title alone (``title_factors``)
    times ``TITLE_ONLY``, and of each list rule (``lists``: their documents, ``list_rule``) times
    ``LIST_RULE``: a question is answered by a rule with text, not by the title of the section
    holding it nor a list naming its words (a rule's name still lists it first:
    ``named_rules_first``)."""
    factor = title_factors(searcher)
    return sorted(((found, score * factor(found.docnum) * (LIST_RULE if found.docnum in lists else 1.0))
                   for found, score in results), key=lambda pair: -pair[1])


def fills_with_text(searcher: WhooshSearcher, results: list[Found], limit: int) -> bool:
    """Whether ``results`` hold at least ``limit`` rules with text. Hits added after them with
    lower scores (``below``) can then never be shown among the first ``limit``, whatever
    ``text_before_titles`` and ``named_rules_first`` do: only a title alone is moved down, and
    only past the hits after it. (A list rule, ranked down too, still holds every word: it is
    not worth a broader search, which cost the slowest typo queries a quarter more.)"""
    factor = title_factors(searcher)
    return sum(1 for found in results if factor(found.docnum) == 1.0) >= limit


def query_languages(query: str) -> set[str]:
    """The languages ``query`` is written in, as ``merge_languages`` puts them first: one, or
    ``{"ja", "zh"}`` for kanji without kana."""
    preferred = {script_language(query)}
    if preferred == {"ja"} and not KANA.search(query):
        preferred.add("zh")
    return preferred


def merge_languages(found: list[list[Any]], query: str, preferred: set[str] | None = None,
                    side_by_side: bool = False) -> list[Any]:
    """Hits of several editions (``search.searcher.Hit`` lists, each best first) as one list: the
    hits in the language the query is written in first (``kb.scripts``: Latin letters are
    English, Hangul Korean, kana Japanese, kanji alone Japanese or Chinese), then the others.
    Within each group a hit ranks by its score relative to its edition's first (``_in_order``: an
    edition's own order kept): scores are not
    comparable between languages (a Japanese bigram query scores far above an English word, and
    an English question searched in Korean finds only stray words). ``preferred`` overrides the
    languages the query's script gives (``query_languages``). ``side_by_side``: by that relative
    score alone, the query's languages first only on ties (every language's best hit leads)."""
    preferred = query_languages(query) if preferred is None else preferred
    ranked = []
    for hits in found:
        for relative, hit in zip(_in_order(hits), hits):
            ranked.append(((-relative, hit.lang not in preferred) if side_by_side
                           else (hit.lang not in preferred, -relative), hit))
    ranked.sort(key=lambda pair: pair[0])  # stable: editions in the store's order on ties
    return [hit for _, hit in ranked]


ORDER_STEP = 1e-9
"""How much lower than the hit before it a hit's relative score is kept at least (``_in_order``)."""


def _in_order(hits: list[Any]) -> list[float]:
    """Each hit's score relative to its edition's first (1.0 for the first), always below the one
    before it: an edition's hits keep the order its search gave them (a name's rules are listed
    first whatever their scores: ``maximum hand size`` in every language listed 514.1, which scores
    higher, before 402.2)."""
    first = (hits[0].score if hits else 1.0) or 1.0
    relative: list[float] = []
    for hit in hits:
        relative.append(min(hit.score / first, relative[-1] - ORDER_STEP) if relative else 1.0)
    return relative
