"""Reading the term dictionary (``kb.store.schema``: ``terms``, written by ``ingest.terms``): the
CR's terms across English, Korean, Japanese and Chinese, and a query's terms put into another
language (``trample`` in Japanese is ``トランプル``, ``践踏`` in Korean is ``돌진``).

A concept is the folded English term (``legend rule``); a term belongs to one language. Terms are
matched folded the same way (NFKC, case-folded, spaces collapsed); Korean, Japanese and Chinese
terms also without their spaces and middle dots (``레전드룰`` is not needed, but ``전설규칙``
finds ``전설 규칙``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from kb.scripts import HIRAGANA_RUN
from kb.store.read import Store

KIND_ORDER = {"heading": 0, "glossary": 1, "defined": 2, "gloss": 3, "list": 4}
"""Which pairing a language's term is preferred from when a concept has several (a translators'
term list, ``list``, last)."""
MAX_PIECES = 16
"""Longest term looked for, in pieces of the query (a Latin word, a space, or one other character)."""
_PIECE = re.compile(r"[A-Za-z0-9'’-]+|\s+|.", re.DOTALL)
_TRANSLATOR_NOTE = re.compile(r"\s*[（(](?:[译譯]者?[注註][：:]|번역자\s?주|역주).*[）)]$")
"""A translators' closing note: Chinese ``（译者注：…）`` (Traditional ``（譯者註：…）``), Korean
``(번역자 주-…)``."""
_FOLD_CJK = re.compile(r"[\s・·]+")
MIN_KANA_BEFORE_KANA = 3
"""Kana a reading needs to be read as a term before more hiragana (``_inside_kana``)."""
_HEADWORD = re.compile(r"^(?P<term>[^（／]+?)\s*(?:[（(](?P<reading>[^）)]+)[）)])?\s*／\s*(?P<english>[ -~]+)$")


@dataclass(frozen=True)
class Term:
    """A term of ``lang`` as printed, its kana ``reading`` (Japanese) or None, the pairing it came
    from (``kind``) and the rule it names (``edition``, ``number``; number None for a glossary
    headword)."""

    lang: str
    term: str
    reading: str | None
    kind: str
    edition: str
    number: str | None


def split_headword(headword: str) -> tuple[str, str | None, str | None]:
    """A Japanese glossary headword as (term, kana reading, English term):
    ``"トランプル（とらんぷる）／Trample" -> ("トランプル", "とらんぷる", "Trample")``; the term may
    hold half-width brackets (``生息条件(島)（せいそくじょうけんしま）／Islandhome``); a headword
    without the English term, or without the term (``（へや）／Room``, a misprint), is
    ``(headword, None, None)``, less a Chinese translators' closing note:
    ``"反击/指示物（译者注：在英文中这两个词是相同的。）" -> ("反击/指示物", None, None)``, and a
    Korean one: ``"Banding(번역자 주-잘 쓰이지 않는 키워드라 번역하지 않음)" -> ("Banding", None, None)``."""
    match = _HEADWORD.match(headword.strip())
    if not match:
        return _TRANSLATOR_NOTE.sub("", headword.strip()) or headword.strip(), None, None
    return match.group("term").strip(), match.group("reading"), match.group("english").strip()


def fold(text: str) -> str:
    """The form terms are matched in: NFKC, case-folded, spaces collapsed, a closing period dropped."""
    return " ".join(unicodedata.normalize("NFKC", text).split()).rstrip(".").casefold()


def _fold_tight(text: str) -> str:
    return _FOLD_CJK.sub("", fold(text))


class TermDictionary:
    """The store's term dictionary in memory (about 3,000 rows for the whole corpus): build once
    per store and share (read-only)."""

    def __init__(self, store: Store) -> None:
        rows = store.query("SELECT concept, lang, term, reading, kind, edition, number FROM terms "
                           "ORDER BY concept, lang")
        self.concepts: dict[str, list[Term]] = {}
        self._by_form: dict[str, set[str]] = {}
        self._by_singular: dict[str, set[str]] = {}
        self._glossed: dict[tuple[str, str], list[str]] = {}
        self._glossing: dict[str, list[tuple[str, str]]] = {}
        for concept, *fields in rows:
            term = Term(*fields)
            self.concepts.setdefault(concept, []).append(term)
            if term.kind == "gloss" and term.number:
                self._glossed.setdefault((term.edition, _fold_tight(term.term)), []).append(term.number)
                self._glossing.setdefault(_fold_tight(term.term), []).append((term.edition, term.number))
            for form in {fold(term.term), _fold_tight(term.term), *(() if not term.reading else (term.reading,))}:
                self._by_form.setdefault(form, set()).add(concept)
            if term.lang == "en" and term.kind == "heading":
                singular = english_singular(fold(term.term))
                if singular != fold(term.term):
                    self._by_singular.setdefault(singular, set()).add(concept)
        for terms in self.concepts.values():
            terms.sort(key=lambda t: (t.lang, KIND_ORDER.get(t.kind, 9)))
        self._longest = max((len(form) for form in self._by_form), default=0)

    def lookup(self, text: str) -> list[tuple[str, list[Term]]]:
        """``[(concept, terms)]`` whose term in some language is ``text`` (folded), concepts in
        name order; ``[]`` when none."""
        found = self._by_form.get(fold(text), set()) | self._by_form.get(_fold_tight(text), set())
        return [(concept, self.concepts[concept]) for concept in sorted(found)]

    def glossed_names(self, edition: str, text: str) -> list[str]:
        """The numbers of the rules of ``edition`` whose text glosses ``text`` (folded, spaces
        aside) as the English term that names them (kind ``gloss``: ``멀리건`` -> ``["103.4"]``
        in ko 2021-11-19), or ``[]``."""
        return list(self._glossed.get((edition, _fold_tight(text)), ()))

    def glossing_editions(self, text: str) -> list[tuple[str, str]]:
        """``[(edition, number)]``: every edition whose rule ``number`` glosses ``text`` (as
        ``glossed_names``); only the newest edition of a language to gloss a term keeps its row
        (``ingest.terms``), so an older one is found through the alignment from it."""
        return list(self._glossing.get(_fold_tight(text), ()))

    def search(self, text: str, limit: int = 20) -> list[tuple[str, list[Term]]]:
        """``lookup`` first, then concepts with a term that contains ``text`` (folded, at least two
        characters), at most ``limit`` in all."""
        exact = self.lookup(text)
        wanted = fold(text)
        if len(wanted) < 2:
            return exact[:limit]
        seen = {concept for concept, _ in exact}
        more = sorted({c for form, concepts in self._by_form.items() if wanted in form for c in concepts} - seen)
        return (exact + [(c, self.concepts[c]) for c in more])[:limit]

    def term_in(self, concept: str, lang: str) -> str | None:
        """The preferred term of ``concept`` in ``lang`` (headings before glossary before defined
        terms before term lists), or None."""
        return next((t.term for t in self.concepts.get(concept, ()) if t.lang == lang), None)

    def translate(self, query: str, lang: str) -> tuple[str, list[tuple[str, str]]]:
        """``query`` with each known term of another language replaced by its term in ``lang``,
        longest terms first, and the ``[(found, put)]`` replacements. A term that is also a term
        of ``lang`` itself (``Trample`` in a Korean heading) is kept as written. An English word
        whose concepts have no term in ``lang`` is read as the singular of a plural heading
        (``creature`` in Korean is 302 ``Creatures``' ``생물``: the Korean CR has no glossary)."""
        pieces = _PIECE.findall(query)
        out: list[str] = []
        done: list[tuple[str, str]] = []
        i = 0
        while i < len(pieces):
            found = self._longest_at(pieces, i, lang)
            if found is None:
                out.append(pieces[i])
                i += 1
                continue
            end, put = found
            if put != "".join(pieces[i:end]):
                done.append(("".join(pieces[i:end]).strip(), put))
            out.append(put)
            i = end
        return _join(out), done

    def writes_term_of(self, query: str, lang: str) -> bool:
        """Whether ``query`` writes, as typed, a term of ``lang`` (``探査``, Japanese for delve,
        is one of Japanese, though its Simplified form 探查 is another term of Chinese)."""
        pieces = _PIECE.findall(query)
        for start in range(len(pieces)):
            found = self._longest_at(pieces, start, lang)
            if found is not None and found[1] == "".join(pieces[start:found[0]]):
                return True
        return False

    def _longest_at(self, pieces: list[str], start: int, lang: str) -> tuple[int, str] | None:
        """The longest run of ``pieces`` from ``start`` naming a concept with a term in ``lang``:
        (end, the term in ``lang``), or (end, the run as written) when it is itself a term of
        ``lang`` (no shorter term inside it is then translated: 先制攻撃 is Japanese for first
        strike, though 先制 is Chinese for the initiative)."""
        for end in range(min(len(pieces), start + MAX_PIECES), start, -1):
            if pieces[end - 1].isspace() or pieces[start].isspace():
                continue
            text = "".join(pieces[start:end])
            if len(_fold_tight(text)) < 2 or _inside_kana(pieces, start, end):
                continue
            found = self.lookup(text)
            if any(fold(t.term) == fold(text) for _, terms in found for t in terms if t.lang == lang):
                return end, text  # a term of ``lang`` for some concept: kept as written
            for concept in [c for c, _ in found] + sorted(self._by_singular.get(fold(text), ())):
                put = self.term_in(concept, lang)
                if put:
                    return end, put
        return None


def english_singular(term: str) -> str:
    """``term`` (folded English) with its last word singular, as a heading's plural names what
    a query writes in the singular: ``creatures`` -> ``creature``, ``triggered abilities`` ->
    ``triggered ability``, ``replacement effects`` -> ``replacement effect``, ``sorceries`` ->
    ``sorcery``; ``mass`` and ``status`` stay as they are."""
    head, _, last = term.rpartition(" ")
    if last.endswith("ies") and len(last) > 4:
        last = last[:-3] + "y"
    elif last.endswith("s") and not last.endswith(("ss", "us", "is")) and len(last) > 3:
        last = last[:-1]
    return f"{head} {last}" if head else last


def _inside_kana(pieces: list[str], start: int, end: int) -> bool:
    """True when ``pieces[start:end]`` is hiragana inside a run of hiragana: after hiragana, or
    before it when shorter than ``MIN_KANA_BEFORE_KANA``: a reading (しま, 島's) inside a Japanese
    word (機能しますか), not a term. A longer reading may open a run, a term typed unconverted
    before its particle (もんしょうとは: 紋章とは)."""
    def kana(index: int) -> bool:
        return 0 <= index < len(pieces) and bool(HIRAGANA_RUN.fullmatch(pieces[index]))
    if not all(kana(i) for i in range(start, end)):
        return False
    return kana(start - 1) or (kana(end) and end - start < MIN_KANA_BEFORE_KANA)


def _join(pieces: list[str]) -> str:
    return " ".join("".join(pieces).split())
