"""Searching the KB: ``Searcher.search("trample", lang="ko")`` -> hits, best first.

How a query is answered, in one edition (see ``search.query`` for reading the query):

1. A rule number in any common form (``702.19B``, ``CR 704.5j``, ``rule 601.2a``) that the edition
   holds gives that rule first, then the rules under it in document order.
2. Otherwise the CR terms the query writes in another language are put in the edition's language
   (the term dictionary, ``kb.store.terms``: ``trample`` searched in Japanese is ``トランプル``,
   ``践踏`` in Korean ``돌진``), and the words are searched in the edition's index (``search.index``), every word required;
   titles, defined terms and glossary terms weigh as much as text, the title of the rule a
   subrule is under a little less, examples less, and a query that is a rule's whole name (title,
   English title, defined or glossary term) puts that rule first.
   Korean words are first read without their particles, and a Korean question without its
   question words (``search.korean``: ``멀리건은 어떻게 하나요 -> 멀리건``); Korean words no text
   holds that write an English term as it sounds are read as the edition's term
   (``search.loanwords``: ``트램플 -> 돌진``, ``레전드 룰 -> 전설 규칙``), and words typed without
   their spaces spaced as the texts write them (``격발능력 -> 격발 능력``); katakana words no text
   writes whole that write an English term as it sounds are read as the edition's term too
   (``search.loanwords``: ``ヘイスト -> 速攻``), then a Japanese run that
   is no rule's name is cut into its content words (``search.japanese``: ``マリガンはいつできますか
   -> マリガン``), and so is a Chinese one (``search.chinese``: ``什么是践踏 -> 践踏``).
   Latin words missing from the edition's vocabulary are first corrected (``search.spelling``:
   ``tramlpe -> trample``), and so are the script runs of Korean and Japanese words that no text
   holds (``search.spelling_cjk``): a bigram no text has (``돌짐 -> 돌진``, ``マリガソの手順 ->
   マリガンの手順``), or a katakana word no text has, or hiragana spelling a name or its reading
   (``たいしょう -> 対象``), either not found as a phrase; when the words are all held but find
   nothing together, runs that are no vocabulary word are corrected too. Chinese runs are
   corrected by sound (``search.spelling_zh``: ``践蹋 -> 践踏``), and a Japanese or Chinese query
   no text holds that is a rule's name once corrected is read as that name before it is cut
   (``迟续性效应的互动 -> 持续性效应的互动``). A word the texts hold is never changed.
3. A question (more than ``search.informative.LONG_QUERY`` words) keeps its informative words:
   those the edition holds, rarest first (``search.informative``); its capitalised words that no
   text holds are names, never spell-corrected.
4. A query naming two rules or more (``deathtouch trample``: spans of one to three words that are
   each a rule's whole name) also weighs the rare words the texts of those rules share (``lethal``,
   ``excess``: ``search.related``), where the rules meet.
5. When fewer than ``limit`` rules with text have every word, the results are filled from the
   rules with some of them (examples counted too; most and rarest words first), scored below the
   last full match. With ``limit`` or more, those could never be shown, and are not searched
   (``search.ordering.fills_with_text``).
6. A query that is the whole name of one or two rules (``trample``, ``legend rule``) lists those
   rules and the rules under them first, in document order (702.19, 702.19a, 702.19b, ...; of two,
   the one titled as typed first: ``Commander`` is 903, then 408), then the other results.
7. Judge vocabulary and glossary terms in the query (``search.expand``: ``fizzle`` -> 608.2b,
   ``LKI`` -> 608.2h, ``Total Cost`` -> 601.2f) add the rules they point to in that edition: as
   hits when the query is only jargon, else as a bonus by how much of the query they are; after
   the rules a query names (6.: ``dies`` is 700.4, then 603.6c). Jargon words no text holds are
   left out of the text search (not "corrected").
8. Twice ``limit`` results are scored, and a rule that is a title alone (``601. Casting Spells``)
   weighs half (``search.ordering.text_before_titles``): an answer is a rule with text.

Which editions: ``edition`` (an id or an effective date) when given, else the newest dated
edition of ``lang``, else (``lang=None``) the newest edition of every language: the hits in the
language the query is written in first, then the others (``search.ordering.merge_languages``).

Hits take their snippet text from the store (``Store.rule_texts``, kept per edition once read:
the index does not store rule texts) and the phrase bonus from the index's
``pairs.sqlite`` (``search.pairs``). ``Searcher`` refuses an index of another schema
(``kb.errors.IndexOutdated``: rebuild the KB).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path

import whoosh.index
from whoosh import query as wq
from whoosh.analysis import Analyzer
from whoosh.searching import Searcher as WhooshSearcher

from search.card_list import CardList, kb_card_list, together
from search.card_names import NameReading, read_names
from search.edition_terms import EditionTerms
from search.analysis import CJK_LANGUAGES, analyzer_for, english_analyzer, written_as_japanese
from search.index import check_schema, indexed_editions, rule_and_under
from kb import numbers
from kb.store import history
from kb.store.layout import BuildPaths
from kb.model import Edition
from kb.scripts import HANGUL, KANA
from search.expand import Expander, Expansion
from search.expand_hits import around_expansion, drop_jargon, jargon_only, own_scores, with_expansion
from search.hits import Hit, Marks, rule_hit
from search.chinese import ChineseWords, simplified
from search.cjk_words import IsName, corrected_name
from search.japanese import JapaneseWords, converted_reading
from search.katakana import KATAKANA_WORDS, katakana_words, written_forms
from search.loanwords import WORDS_KEPT, Loanwords, read_katakana, read_loanwords
from search.korean import (
    dictionary_forms, korean_words, named_without_particle, nouns_of, one_syllable_nouns, spaced_compounds,
    without_particles, without_question_words,
)
from search.pairs import PairsReader
from search.readers import EditionReaders
from search.query import (
    Clause,
    ParsedQuery,
    build_query,
    field_tokens,
    parse_query,
    weighting,
)
from search.correct import Speller, correct_query, held_in_texts, in_rule_texts, phrase_held
from search.corrections import SearchNotes, SearchResult
from search.informative import LONG_QUERY, informative
from search.coverage import CANDIDATES as COVERAGE_CANDIDATES, by_coverage
from search.ordering import (
    CANDIDATES, MIN_SHOWN, below, family_first, fills_with_text, merge_languages, named_rules_first, names_listed,
    list_rule, query_languages, query_name, text_before_titles, titled_as_typed,
)
from search.related import FamilyWords, is_rule_name, named_rules, related_words
from search.scoring import top_hits, top_scores
from search.snippets import snippet
from search.spelling import LatinSpeller
from search.spelling_cjk import KANJI_RUN, CJKSpeller, distance
from search.spelling_zh import ChineseSpeller
from kb.store.read import Store
from kb.store.terms import TermDictionary, fold

TRANSLATIONS_KEPT = 1024
"""How many (query, language) translations a Searcher keeps (``Searcher.in_language``)."""
NUMBER_SCORE = 1000.0
"""Score of the rule a number query names; the rules under it score just below, in order."""



class Searcher:
    """Searches one build's index. Open once per process and share: safe between threads (one
    whoosh searcher per edition shared by all threads, in a bounded LRU: ``search.readers``).
    Raises ``kb.errors.IndexOutdated`` for an index written with another ``search.index.SCHEMA_VERSION``
    (rebuild the KB)."""

    def __init__(self, index_dir: Path, store: Store, cards: CardList | None = None) -> None:
        self.index_dir = Path(index_dir)
        self.store = store
        check_schema(self.index_dir)
        self._editions = indexed_editions(self.index_dir)
        self._pairs = PairsReader(self.index_dir)
        self._analyzers = {lang: analyzer_for(lang) for lang in set(self._editions.values())}
        newest = {store.find_edition(lang).id for lang in store.languages()}
        self._readers = EditionReaders(self._open_searcher, newest & set(self._editions))
        self._terms: TermDictionary | None = None
        self._loanword_terms: Loanwords | None = None
        self._translated = functools.lru_cache(maxsize=TRANSLATIONS_KEPT)(self._translate)
        self.cards = cards
        self._expander = Expander(store)  # judge vocabulary and glossary terms (search.expand)
        self._japanese = JapaneseWords()  # a Japanese query's content words (search.japanese)
        self._chinese = ChineseWords()  # and a Chinese one's (search.chinese)

    def close(self) -> None:
        """Close the index's files (no thread may search any more)."""
        self._readers.close()
        self._pairs.close()

    def search(
        self,
        query: str,
        *,
        lang: str | None = None,
        edition: str | None = None,
        section: str | None = None,
        limit: int = 10,
    ) -> list[Hit]:
        """Hits for ``query``, best first, at most ``limit``. ``section`` keeps rules under a
        section or rule number (``"7"``, ``"702"``). Raises ``kb.errors.EditionNotFound`` /
        ``AmbiguousEdition`` for an ``edition`` or ``lang`` the store does not have."""
        return self.find(query, lang=lang, edition=edition, section=section, limit=limit).hits

    def find(
        self,
        query: str,
        *,
        lang: str | None = None,
        edition: str | None = None,
        section: str | None = None,
        limit: int = 10,
        literal: bool = False,
        every_language: bool = False,
    ) -> SearchResult:
        """``search``'s hits with the query as corrected (``search.corrections.SearchResult``:
        ``corrected`` is None when no spelling correction was used); ``literal`` searches the
        words as typed, uncorrected. Without ``lang``, the languages the query is written in come
        first and the others fill the list; with ``every_language``, each language is searched and
        their best hits come first, side by side (``merge_languages``). Raises as ``search`` does."""
        notes = SearchNotes(literal=literal)
        if limit <= 0:
            return SearchResult([])
        found: list[list[Hit]] = []
        cards: tuple[tuple[str, tuple[str, ...]], ...] = ()
        targets = self._targets(lang, edition)
        preferred = self._own_languages(query, {target.lang for target in targets})
        lookup = len(query.split()) <= LONG_QUERY  # "Lure block requirements", not a whole question
        for target in sorted(targets, key=lambda target: target.lang not in preferred):
            if len(targets) > 1 and target.lang not in preferred and sum(map(len, found)) >= limit and not every_language:
                break  # merge_languages would list every hit of another language after these
            with self._readers.use(target.id):
                reading = self.read_names(query, target.id, target.lang)
                cards = cards or tuple(zip(reading.cards, reading.read_as))  # as the query's own language read them
                parsed = replace(parse_query(self._in_edition(reading.text, target)), card_text=reading.card_text,
                                 card_words=reading.card_words if lookup else frozenset())
                card_texts = self._card_texts(reading)
                found.append(self._search_edition(target, parsed, section, limit, notes, query, card_texts))
        hits = found[0] if len(targets) == 1 else merge_languages(found, query, preferred, side_by_side=every_language)
        return SearchResult(hits[:limit], notes.corrected_query(query, hits[0].edition if hits else None), cards)

    def as_searched(self, query: str, lang: str, edition: str | None = None) -> str:
        """``query`` as ``find`` searches it in the edition of ``lang`` (``edition``: an id or an
        effective date; the newest by default): ``in_language``, unless the edition's own rules
        are named by the words as typed (``_in_edition``). Raises as ``search`` does."""
        targets = self._targets(lang, edition)
        if not targets:  # an edition the index lacks: find searches nothing
            return self.in_language(query, lang)
        with self._readers.use(targets[0].id):
            return self._in_edition(query, targets[0])

    def jargon_rules(self, query: str, edition: Edition) -> list[str]:
        """The rules in ``edition`` that the judge vocabulary says all of ``query`` means
        (``search.expand.Expander.jargon_of``: ``SBA`` is 704), best first; empty for none."""
        return self._expander.jargon_of(query, edition)

    def _in_edition(self, query: str, edition: Edition) -> str:
        """``query`` as searched in an edition the caller holds: ``in_language``, unless the words
        as typed name rules of the edition and the translation names none of them (the Korean
        2016-07-22 edition titles 702.34 ``Madness`` in English: the term dictionary's 광기 is in
        no rule of it; its ``Affinity`` is 702.40, not the rule 2021's term names). ``Equip``
        names 301 and 702.6 in Japanese (Equipment, once stemmed), 装備 702.6 alone: translated."""
        translated = self.in_language(query, edition.lang)
        if translated == query:
            return query
        searcher = self._searcher(edition.id)
        typed = set(named_rules(searcher, query, edition.lang))
        return query if typed and not typed & set(named_rules(searcher, translated, edition.lang)) else translated

    def _own_languages(self, query: str, searched: set[str]) -> set[str]:
        """The languages ``query`` is written in: a rule number's prefix word's (``규칙``, ``规则``:
        ``kb.numbers.prefix_language``), else ``ordering.query_languages``'s; of two (kanji alone:
        Japanese or Chinese), those the term dictionary did not have to translate it into, when
        one did (践踏 is Chinese: in Japanese it is searched as トランプル). First, a query that
        writes no Japanese term as typed is Chinese when Japanese writes its characters otherwise
        (``written_as_japanese``: 傳奇規則, 踐踏), or when it is in Traditional characters
        whose Simplified form writes a Chinese term (法術力; 呪文 and 探査 are Japanese)."""
        numbered = any(char.isdigit() for char in query) and parse_query(query).number
        written_in = numbers.prefix_language(query) if numbered else None
        if written_in in searched:  # 规则 510.1c: Chinese, as the site opens it (kb.numbers.PREFIX_LANGUAGES)
            return {written_in}
        preferred = query_languages(query)
        if len(preferred & searched) > 1:
            chinese, dictionary = simplified(query), self._dictionary()
            traditional = chinese != query and dictionary.writes_term_of(chinese, "zh")
            if (traditional or not written_as_japanese(query)) and not dictionary.writes_term_of(query, "ja"):
                return {"zh"}
            as_typed = {language for language in preferred & searched if self.in_language(query, language) == query}
            return as_typed or preferred
        return preferred

    def in_language(self, query: str, lang: str) -> str:
        """``query`` with the CR terms it writes in another language put in ``lang`` through the
        term dictionary (``kb.store.terms``: ``践踏`` searched in Korean is ``돌진``). Kept for the
        last ``TRANSLATIONS_KEPT`` queries (the search page asks twice: to say it, and to search)."""
        return self._translated(query, lang)

    def _translate(self, query: str, lang: str) -> str:
        """The dictionary's translation; Chinese is searched in Simplified characters, and a query
        of Chinese characters alone that the dictionary leaves as it is, is translated from its
        Simplified form when that holds a term (踐踏 searched in English is ``trample``), in
        Japanese only when it is terms whole (起動型能力 is Japanese: its Simplified 起动 made it
        起動する型能力), and never when it writes a term of ``lang`` as typed (探査 is Japanese
        for delve: its Simplified 探查 is Chinese for populate)."""
        dictionary = self._dictionary()
        translated = dictionary.translate(query, lang)[0]
        if lang == "zh":
            return simplified(translated)
        if (translated == query and not KANA.search(query) and not HANGUL.search(query)
                and not dictionary.writes_term_of(query, lang)):
            chinese = simplified(query)
            from_chinese, found = dictionary.translate(chinese, lang) if chinese != query else (chinese, [])
            rest = functools.reduce(lambda text, pair: text.replace(pair[0], ""), found, chinese)
            if found and (lang != "ja" or not KANJI_RUN.search(rest)):  # kanji alone may be Japanese
                return from_chinese
        return translated

    def _dictionary(self) -> TermDictionary:
        """The store's term dictionary, read on first use."""
        if self._terms is None:
            self._terms = TermDictionary(self.store)
        return self._terms

    def read_names(self, query: str, edition_id: str, lang: str) -> NameReading:
        """``query`` with the card and player names it writes read (``search.card_names``) for an
        edition the caller holds (``self._readers.use``)."""
        terms = self._readers.memo(edition_id, "terms", lambda: EditionTerms(self._searcher(edition_id), lang))
        return read_names(query, terms, self.cards, text_words=lang == "en")

    def _targets(self, lang: str | None, edition: str | None) -> list[Edition]:
        if edition is not None:
            found = [self.store.find_edition(lang, edition)]
        elif lang is not None:
            found = [self.store.find_edition(lang)]
        else:
            found = [self.store.find_edition(language) for language in self.store.languages()]
        return [e for e in found if e.id in self._editions]

    def _card_texts(self, reading: NameReading) -> tuple[str, ...]:
        """The Oracle texts (``Card.rules_text``) of the cards ``reading`` read, in query order,
        then what they do together (``card_list.together``: two replacement effects)."""
        return (*(card.rules_text() for card in reading.found), *together(reading.found))

    def _search_edition(
        self, edition: Edition, parsed: ParsedQuery, section: str | None, limit: int, notes: SearchNotes,
        query: str = "", card_texts: tuple[str, ...] = (),
    ) -> list[Hit]:
        searcher = self._searcher(edition.id)
        where = rule_and_under(section) if section else None
        if parsed.number:
            hits = self._number_hits(searcher, edition, parsed.number, where, limit)
            if hits:
                return hits
            parsed = ParsedQuery(parsed.text, None, (Clause(parsed.text),))
        expansion, parsed = self._expanded(searcher, edition, query, parsed, card_texts, section, notes)
        if not expansion:
            return self._text_hits(searcher, edition, parsed, where, limit, notes, query)[0]
        named = names_listed(searcher, query_name(parsed), edition.lang)
        all_jargon = jargon_only(query, expansion, edition.lang) and not any(c.phrase for c in parsed.clauses)
        if all_jargon and not titled_as_typed(searcher, named, query_name(parsed)):
            named = []  # the jargon's rules before a name's that only the stem matched (decked: deck)
        parsed = drop_jargon(parsed, expansion, searcher.reader(), edition.lang)
        hits, marks = self._text_hits(searcher, edition, parsed, where, limit, notes, query)
        analyzer, own = self._analyzers[edition.lang], own_scores(searcher, parsed, edition.lang, expansion)
        def make(number: str, score: float) -> Hit | None:
            return rule_hit(self.store, searcher, edition, number, score, analyzer, marks)

        hits = with_expansion(hits, expansion, limit, make, own)
        if all_jargon:  # its rules, then the rules around them
            hits += self._around(edition, expansion, hits, limit, section, make)
        return family_first(hits, named) if named else hits  # a name's rules before its jargon's

    def _around(self, edition: Edition, expansion: Expansion, hits: list[Hit], limit: int, section: str | None,
                make: Callable[[str, float], Hit | None]) -> list[Hit]:
        """Hits to fill ``hits`` to ``limit`` with the rules around the expanded ones
        (``search.expand_hits.around_expansion``; in ``section`` when given), scored below them:
        a jargon-only query lists its rules, then the rules around them."""
        if len(hits) >= limit:
            return []

        def subtree(number: str) -> list[str]:
            found = [rule.number for rule in self.store.subtree(edition.id, number)]
            return [n for n in found if n == section or section in numbers.ancestors(n)] if section else found

        lowest = min((hit.score for hit in hits), default=1.0)
        near = around_expansion(expansion, subtree, {hit.number for hit in hits}, limit - len(hits))
        return [hit for rank, number in enumerate(near, 1) if (hit := make(number, lowest * (1 - rank / (2 * limit))))]

    def _expanded(self, searcher: WhooshSearcher, edition: Edition, query: str, parsed: ParsedQuery,
                  card_texts: tuple[str, ...], section: str | None, notes: SearchNotes
                  ) -> tuple[Expansion, ParsedQuery]:
        """The judge vocabulary and glossary terms of the query as typed (``search.expand``), and
        the query to search. None found, they are looked for in the query put in the edition's
        language (``manaburn``: the term "Mana Burn"), then in the query with its Latin words'
        spelling corrected (``fizle``: ``fizzle``), which is then searched and noted."""
        def expand(text: str) -> Expansion:
            return self._expander.expand(text, edition, searcher.reader(), card_texts).within(section)

        expansion = expand(query)
        translated = self.in_language(query, edition.lang)
        if expansion or notes.literal or (translated != query and (expansion := expand(translated))):
            return expansion, parsed
        latin = self._spellers_of(edition.id)[0]
        typed = parsed if translated == parsed.text else parse_query(translated)  # most queries: parsed once
        spelled = correct_query(searcher, typed, edition.lang, latin=latin)
        if spelled is typed or not (expansion := expand(query_name(spelled))):
            return expansion, parsed
        corrected = correct_query(searcher, parsed, edition.lang, latin=latin)  # the same words, card names read
        notes.corrected(edition.id, parsed, corrected)
        return expansion, corrected

    def _number_hits(
        self, searcher: WhooshSearcher, edition: Edition, number: str, where: wq.Query | None, limit: int
    ) -> list[Hit]:
        query = rule_and_under(number) if where is None else wq.And([rule_and_under(number), where])
        docnums = sorted(searcher.docs_for_query(query))[:limit]  # document order (search.index)
        found = [searcher.stored_fields(docnum) for docnum in docnums]
        texts = self._rule_texts(edition.id, [fields["seq"] for fields in found])
        return [
            self._hit(edition, fields, snippet(texts.get(fields["seq"], ""), (), english_analyzer()),
                      NUMBER_SCORE - rank * 0.01)
            for rank, fields in enumerate(found)
        ]

    def _text_hits(
        self, searcher: WhooshSearcher, edition: Edition, parsed: ParsedQuery, where: wq.Query | None, limit: int,
        notes: SearchNotes, typed: str,
    ) -> tuple[list[Hit], Marks]:
        """The text search of ``parsed`` in the edition (steps 2-6, 8 of the module's list), and
        the words its snippets mark."""
        lang = edition.lang
        speller = self._speller(edition.id) if lang in CJK_LANGUAGES and not notes.literal else None
        latin = None if notes.literal else self._spellers_of(edition.id)[0]
        def is_name(text: str) -> bool:
            return is_rule_name(searcher, text, lang)

        if lang == "ko":
            parsed = without_question_words(parsed)
            if not notes.literal:
                parsed = self._read_loanwords(searcher, edition.id, parsed, notes)
                parsed = self._spaced(edition.id, parsed, notes, is_name)
                parsed = dictionary_forms(parsed, lambda text: in_rule_texts(searcher, text, lang))
        elif lang in ("ja", "zh"):
            if lang == "ja" and not notes.literal:
                parsed = self._read_loanwords(searcher, edition.id, parsed, notes)
            if not is_name(query_name(parsed)):
                parsed = self._read_words(searcher, edition.id, lang, parsed, speller, is_name, notes)
        corrected = correct_query(searcher, parsed, lang, speller, latin=latin)
        notes.corrected(edition.id, parsed, corrected)
        if lang == "ko" and not is_name(query_name(corrected)):  # a name keeps its particles: 두 배로 하다
            corrected = without_particles(corrected, self._korean_nouns(edition.id))
            corrected = named_without_particle(corrected, is_name)
        parsed = informative(corrected, searcher.reader(), lang)
        pairs = self._pairs.edition(edition.id)
        words = self._readers.memo(edition.id, "family words", lambda: FamilyWords(
            lambda seqs: self.store.rule_texts(edition.id, seqs), lang))
        parsed = replace(parsed, related=related_words(searcher, parsed, lang, words))
        pool = max(limit, MIN_SHOWN) * CANDIDATES  # more than shown: rules of a title alone are ranked down after
        results = _run(searcher, build_query(parsed, lang, "all", pairs), where, pool)
        if not results and speller is not None:
            thorough = correct_query(searcher, parsed, lang, speller, thorough=True, latin=latin)
            if thorough != parsed:
                results = _run(searcher, build_query(thorough, lang, "all", pairs), where, pool)
                if results:
                    notes.corrected(edition.id, parsed, thorough)
                parsed = thorough if results else parsed
        lists = self._list_rules(edition.id)
        if len(results) < pool and not fills_with_text(searcher, results, limit):
            seen = {found.docnum for found in results}  # a document's number is its seq (search.index)
            wanted = pool + len(results)
            any_word = build_query(parsed, lang, "any", pairs)  # scored as pairs: most are only reordered, then cut
            scored = [] if any_word is None else top_scores(searcher, any_word, where, wanted * COVERAGE_CANDIDATES)
            broader = by_coverage(searcher, parsed, lang, scored, wanted)
            results = [(found, found.score) for found in results] + below(
                [found for found in broader if found.docnum not in seen][: pool - len(results)],
                min((found.score for found in results), default=None))
        else:
            results = [(found, found.score) for found in results]
        glossed = self._glossed_names(edition, query_name(parsed))
        english = self._english_titles(edition.id) if lang != "en" and typed else {}
        results = named_rules_first(searcher, parsed, lang, text_before_titles(searcher, results, lists), where, limit,
                                    glossed, lambda number: fold(english.get(number, "")) == fold(typed))
        words = [field_tokens("body", text, lang) for text in self._marked_words(parsed, lang)]
        marks = Marks(frozenset(token for word in words for token in word),
                      words if lang in CJK_LANGUAGES else None)  # bigram runs: エンチャント marks no ント
        analyzer = self._analyzers[lang]  # reused: its stemming cache makes snippets 2x faster
        texts = self._rule_texts(edition.id, [found["seq"] for found, _ in results])

        def marked(seq: int) -> str:
            shown = snippet(texts.get(seq, ""), marks.terms, analyzer, marks.words)
            return shown if MARK in shown or not marks.terms else self._in_examples(edition, seq, marks, analyzer, shown)

        return [self._hit(edition, found, marked(found["seq"]), score) for found, score in results], marks

    def _glossed_names(self, edition: Edition, text: str) -> list[str]:
        """The rules of ``edition`` whose text glosses ``text`` as the English term naming them
        (``kb.store.terms.TermDictionary.glossed_names``: ``멀리건`` -> 103.4); for an older edition,
        whose glosses the dictionary leaves to the newest edition of its language, that edition's
        rules followed through the alignment (ko 2016-11-11 103.4)."""
        dictionary = self._dictionary()
        found = dictionary.glossed_names(edition.id, text)
        if found:
            return found
        elsewhere = [(other, number) for other, number in dictionary.glossing_editions(text)
                     if other != edition.id and self._editions.get(other) == edition.lang]
        there = (history.everywhere(self.store, other, number).get(edition.id) for other, number in elsewhere)
        return list(dict.fromkeys(number for number in there if number))

    def _in_examples(self, edition: Edition, seq: int, marks: Marks, analyzer: Analyzer, shown: str) -> str:
        """The snippet of a rule found by its examples alone (``summoning sickness`` in 702.51b's
        "Heartless Summoning"): the first example with a match, after ``Example:``; ``shown`` (the
        rule's text, nothing marked) when none has one."""
        kept: dict[int, list[str]] = self._readers.memo(edition.id, "example texts", dict)
        if seq not in kept:  # the same rules come back for many queries, as their texts do (_rule_texts)
            kept[seq] = self.store.example_texts(edition.id, seq)
        for text in kept[seq]:
            found = snippet(text, marks.terms, analyzer, marks.words)
            if MARK in found:
                return f"{EXAMPLE_LABELS.get(edition.lang, EXAMPLE_LABELS['en'])} {found}"
        return shown

    def _list_rules(self, edition_id: str) -> frozenset[int]:
        """The documents (seqs) of the edition's rules that are mostly lists of names
        (``search.ordering.list_rule``), found once per reader."""
        return self._readers.memo(edition_id, "list rules", lambda: frozenset(
            seq for seq, text in self.store.query("SELECT seq, text FROM rules WHERE edition = ?", (edition_id,))
            if text and list_rule(text)))

    def _marked_words(self, parsed: ParsedQuery, lang: str) -> list[str]:
        """The words a snippet marks: the query's, and in Chinese the words inside each
        (``search.chinese.ChineseWords.parts``: ``传奇规则`` marks ``规则`` in ``比赛规则``)."""
        texts = [clause.text for clause in parsed.clauses]
        return texts + [part for text in texts for part in self._chinese.parts(text)] if lang == "zh" else texts

    def _english_titles(self, edition_id: str) -> dict[str, str]:
        """The English titles a translation prints beside its rules' titles, by number (first
        printing), kept with its reader."""
        def read() -> dict[str, str]:
            rows = self.store.query("SELECT number, title_en FROM rules WHERE edition = ? AND title_en IS NOT NULL "
                                    "ORDER BY seq DESC", (edition_id,))
            return dict(rows)  # read last, the first printing wins
        return self._readers.memo(edition_id, "english titles", read)

    def _rule_texts(self, edition_id: str, seqs: list[int]) -> dict[int, str]:
        """``Store.rule_texts`` of an edition, each text kept with its reader once read (the same
        rules come back for many queries, as their stored fields do: ``search.scoring``)."""
        kept: dict[int, str] = self._readers.memo(edition_id, "rule texts", dict)
        missing = [seq for seq in seqs if seq not in kept]
        if missing:
            kept.update(self.store.rule_texts(edition_id, missing))
        return kept

    def _hit(self, edition: Edition, found: Mapping[str, object], marked: str, score: float) -> Hit:
        return Hit(str(found["number"]), edition.lang, edition.id, str(found["context"]), marked, float(score))

    def _read_words(self, searcher: WhooshSearcher, edition_id: str, lang: str, parsed: ParsedQuery,
                    speller: Speller | None, is_name: IsName, notes: SearchNotes) -> ParsedQuery:
        """A Japanese or Chinese query holding a slip no text holds that is a rule's name once
        corrected is that name (``search.cjk_words.corrected_name``); else it is cut into its
        words, a Japanese one opening with a term typed in hiragana once that is converted
        (``search.japanese.converted_reading``)."""
        if speller is None:
            return self._cut(searcher, edition_id, lang, parsed, is_name)
        if not held_in_texts(searcher.reader(), query_name(parsed), lang):  # before the speller: it reads sounds
            named = corrected_name(parsed, speller.correct, is_name)
            if named is not None:
                notes.corrected(edition_id, parsed, named)
                return named
        converted = converted_reading(parsed, speller.word_read_as)  # hiragana bigrams are all held
        if converted is not None:
            notes.corrected(edition_id, parsed, converted)
            parsed = converted
        return self._cut(searcher, edition_id, lang, parsed, is_name)

    def _read_loanwords(self, searcher: WhooshSearcher, edition_id: str, parsed: ParsedQuery,
                        notes: SearchNotes) -> ParsedQuery:
        """``parsed`` with Hangul or katakana words that write an English CR term as it sounds
        read as the term dictionary's Korean or Japanese term (``search.loanwords``: ``트램플 ->
        돌진``, ``ヘイスト -> 速攻``), when no text holds them and they are no slip of one jamo or
        kana in a word of the edition (``무덨`` is ``무덤``, not mutate); katakana when the texts do
        not write it as a whole word. What a run reads as, and whether the texts hold it, are kept
        per edition."""
        japanese = self._editions[edition_id] == "ja"
        if japanese and not any(KATAKANA_WORDS.search(clause.text) for clause in parsed.clauses):
            return parsed  # most Japanese queries: nothing to read, nothing to load
        term_for, held = self._readers.memo(edition_id, "loanword readings",
                                            lambda: self._loanword_readings(searcher, edition_id))
        read, replaced = (read_katakana if japanese else read_loanwords)(parsed, term_for, held)
        notes.read_as(edition_id, replaced, read)
        return read

    def _loanword_readings(self, searcher: WhooshSearcher, edition_id: str
                           ) -> tuple[Callable[[str], str | None], Callable[[str], bool]]:
        """The edition's ``term_for`` and ``held`` of ``search.loanwords.read_loanwords`` (or
        ``read_katakana``), each keeping its last ``WORDS_KEPT`` answers."""
        dictionary, speller, lang = self._dictionary(), self._speller(edition_id), self._editions[edition_id]

        @functools.lru_cache(maxsize=WORDS_KEPT)
        def in_texts(text: str) -> bool:
            return held_in_texts(searcher.reader(), text, lang) and phrase_held(searcher, text, lang)

        def slip(text: str, concept: str) -> bool:
            """A slip of one jamo or kana in a word of the edition (left to the speller); in katakana,
            where two words one kana apart are often two English words (フラッシュ, flash, is no
            スラッシュ, slash), only of a word sounding like the same term (カウンタ: カウンター)."""
            corrected = speller.correct(text)
            if corrected is None or distance(text, corrected) > 1:
                return False
            return lang != "ja" or self._loanwords().term(corrected) in (concept, f"{concept}s", concept[:-1])

        @functools.lru_cache(maxsize=WORDS_KEPT)
        def term_for(text: str) -> str | None:
            concept = self._loanwords().term(text)
            if concept is None or slip(text, concept):
                return None
            term = dictionary.term_in(concept, lang)
            return term or (concept if in_texts(concept) else None)

        if lang != "ja":
            return term_for, in_texts
        words = katakana_words(self._edition_texts(edition_id))  # whole words: フラッシュ only in フラッシュバック
        return term_for, lambda text: any(form in words for form in written_forms(text))

    def _edition_texts(self, edition_id: str) -> list[str]:
        """Every text of an edition: its rules' titles and texts, examples, glossary terms and
        definitions."""
        rows = [*self.store.query("SELECT title, text FROM rules WHERE edition = ?", (edition_id,)),
                *self.store.query("SELECT text, '' FROM examples WHERE edition = ?", (edition_id,)),
                *self.store.query("SELECT term, definition FROM glossary WHERE edition = ?", (edition_id,))]
        return [text for row in rows for text in row if text]

    def _spaced(self, edition_id: str, parsed: ParsedQuery, notes: SearchNotes, is_name: IsName) -> ParsedQuery:
        """``parsed`` with Korean words written without their spaces spaced as the edition's texts
        write them (``search.korean.spaced_compounds``: ``격발능력 -> 격발 능력``)."""
        words, nouns = self._korean_words(edition_id), self._korean_nouns(edition_id)
        short = self._readers.memo(edition_id, "korean one-syllable nouns", lambda: one_syllable_nouns(words, nouns))
        spaced, replaced = spaced_compounds(parsed, words, nouns, is_name, short)
        notes.read_as(edition_id, replaced, spaced)
        return spaced

    def _loanwords(self) -> Loanwords:
        """The term dictionary's English terms by sound (``search.loanwords``), made on first use."""
        if self._loanword_terms is None:
            self._loanword_terms = Loanwords(self._dictionary().concepts)
        return self._loanword_terms

    def _cut(self, searcher: WhooshSearcher, edition_id: str, lang: str, parsed: ParsedQuery,
             is_name: IsName) -> ParsedQuery:
        """A Japanese or Chinese query cut into its words (``search.japanese``, ``search.chinese``)."""
        if lang == "ja":
            return self._japanese(parsed, is_name, lambda text: in_rule_texts(searcher, text, lang))
        self._chinese.teach(edition_id, lambda: (str(name) for name in searcher.reader().field_terms("name")))
        return self._chinese(parsed, is_name)

    def _korean_words(self, edition_id: str) -> Counter[str]:
        """``search.korean.korean_words`` of a Korean edition's titles and texts, kept with its reader."""
        return self._readers.memo(edition_id, "korean words", lambda: korean_words(
            text for rule in self.store.rules(edition_id) for text in (rule.title or "", rule.text)))

    def _korean_nouns(self, edition_id: str) -> dict[str, int]:
        """``search.korean.korean_nouns`` of a Korean edition, from its words, kept with its reader."""
        return self._readers.memo(edition_id, "korean nouns", lambda: nouns_of(self._korean_words(edition_id)))

    def _speller(self, edition_id: str) -> Speller:
        """The edition's Korean, Japanese or Chinese speller."""
        return self._spellers_of(edition_id)[1]

    def _spellers_of(self, edition_id: str) -> tuple[LatinSpeller, Speller]:
        """The edition's spellers, made from its vocabulary in the store, kept with its searcher."""
        def make() -> tuple[LatinSpeller, Speller]:
            vocabulary = self.store.vocabulary(edition_id)
            latin = LatinSpeller(vocabulary, self._expander.table.latin_words())
            if self._editions[edition_id] == "zh":
                return latin, ChineseSpeller(vocabulary.names, self._chinese.is_word)
            return latin, CJKSpeller(vocabulary)

        return self._readers.memo(edition_id, "spellers", make)

    def _searcher(self, edition_id: str) -> WhooshSearcher:
        return self._readers.searcher(edition_id)

    def _open_searcher(self, edition_id: str) -> WhooshSearcher:
        """The one place an edition's whoosh index is opened (called by ``self._readers``)."""
        index = whoosh.index.open_dir(self.index_dir, indexname=edition_id)
        return index.searcher(weighting=weighting())


MARK = "<mark>"
EXAMPLE_LABELS = {"en": "Example:", "ko": "예시:", "ja": "例：", "zh": "例如："}
"""What a snippet taken from a rule's example opens with, per language (as the site labels an
example: web/translations)."""


def open_searcher(build: BuildPaths) -> Searcher:
    """A Searcher over a build's index and store (``kb.store.layout.current_build(kb_dir)``)."""
    return Searcher(build.index, Store(build.store), cards=kb_card_list(build.root))


def _run(searcher: WhooshSearcher, query: wq.Query | None, where: wq.Query | None, limit: int) -> list:
    if query is None:
        return []
    return top_hits(searcher, query, where, limit)  # whoosh's hits, scored term at a time (search.scoring)
