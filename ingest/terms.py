"""The term dictionary stage of a build: the CR's terms in every language, paired through the texts.

Run on the finished, aligned store (after ``ingest.align``), it fills the ``terms`` table
(``kb.store.schema``). Each row pairs a term of one language with a *concept*: the English term,
folded (``concept_key``). The pairs come from the texts themselves, newest edition first:

- headings that print the English term: Korean ``702.19. 돌진 Trample`` and Japanese
  ``702.19. トランプル／Trample`` (``rules.title_en``), kind ``heading``;
- the Japanese glossary's headwords ``トランプル（とらんぷる）／Trample`` (with the kana reading),
  kind ``glossary``;
- a translation's rule and its English counterpart of the same date (the alignment's
  ``counterparts``): their headings (``702.19. 践踏`` ≙ ``702.19. Trample``), kind ``heading``;
  the terms their texts define when both define as many (``전설 규칙`` ≙ ``legend rule``), kind
  ``defined``; and the glossary terms that name them when each names it once (``传奇规则`` ≙
  ``Legend Rule``), kind ``glossary``, unless the entry prints an English term of its own that is
  another (a stale citation: the Japanese glossary cites 725 for メインゲーム／Main Game); and
  the term a Korean text glosses with the English glossary term that names the rule
  (``멀리건(mulligan)`` in 103.4: ``ingest.glosses``), kind ``gloss``; and a glossary translated
  entry for entry in the English order (the Chinese ``词汇表``: ``再调度`` ≙ ``Mulligan``),
  paired along the runs of entries that cite the same rules, kind ``glossary``.

Then the translators' term lists given to the build (``ingest.term_lists``: the Chinese
``translated-terms.txt``, ``Abandon: 终止``), kind ``list``, credited to the newest edition of the
list's language (and its English partner), naming no rule.

Every English term paired is a row of its own (lang ``en``). A (concept, language, term) is kept
once, from the newest edition that pairs it (a term list comes after every text); a translation's
term that is the English term itself (a Korean heading printed in English only: ``Abandon``) is
left out.
"""

from __future__ import annotations

import difflib
import re
import sqlite3
from collections import defaultdict
from collections.abc import Iterator, Sequence
from pathlib import Path

from ingest.glosses import RulePair, named_glosses
from ingest.sources import SourceError
from ingest.term_lists import read_term_list
from kb.store.terms import fold, split_headword

Row = tuple[str, str, str, "str | None", str, str, "str | None"]
"""(concept, lang, term, reading, kind, edition, number): one ``terms`` row."""


MAX_TERM_CHARS = 40
"""A translation's term longer than this is a sentence, not a term: ko 2016-07-22 prints ``112.``
for 112.6a, so its text reads as the heading of a second rule 112."""


def concept_key(english: str) -> str:
    """The concept an English term names: NFKC, case-folded, spaces collapsed, closing period
    dropped (``"Legend Rule"`` and ``"legend rule"`` are one concept)."""
    return fold(english)


def terms_stage(build, report) -> None:
    """The build's post-build stage (``ingest.build.POST_BUILD_STAGES``, after ``align``):
    ``write_terms`` on the new build's store (``build``: ``kb.store.layout.BuildPaths``) with the
    term lists ``report.term_lists`` names, whose entries get their ``pairs`` count (terms the list
    added) or their ``error`` (a list that cannot be read is reported, not fatal)."""
    lists = []
    for entry in report.term_lists:
        try:
            lists.append((entry, read_term_list(Path(entry["path"]))))
        except SourceError as error:
            entry["error"] = str(error)
    write_terms(build.store, lists)


def write_terms(path: Path, term_lists: Sequence[tuple[dict, list[tuple[str, str]]]] = ()) -> int:
    """Fill the ``terms`` table of the store at ``path`` (replacing what it held) from its texts,
    then from ``term_lists``: ``(entry, [(English, term)])`` with ``entry`` a report dict holding
    ``lang``, whose ``pairs`` is set to the number of terms the list added. Returns the number of
    rows."""
    db = sqlite3.connect(path)
    try:
        db.execute("DELETE FROM terms")
        rows = _unique(_pairs(db))
        for entry, pairs in term_lists:
            added = _unique(_listed(db, entry["lang"], pairs), {(r[0], r[1], r[2]) for r in rows})
            entry["pairs"] = sum(1 for row in added if row[1] == entry["lang"])
            rows += added
        db.executemany("INSERT INTO terms VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        db.commit()
    finally:
        db.close()
    return len(rows)


def _listed(db: sqlite3.Connection, lang: str, pairs: list[tuple[str, str]]) -> Iterator[Row]:
    """A term list's pairs as rows of the newest edition of ``lang`` (none when the build holds no
    edition of it) and its English partner (else the newest English edition)."""
    editions = [edition for edition, edition_lang in _editions(db) if edition_lang == lang]
    if not editions:
        return
    partner = dict(db.execute("SELECT edition, anchor FROM links WHERE kind = 'translation'"))
    english = partner.get(editions[0]) or next((e for e, l in _editions(db) if l == "en"), editions[0])
    for en_term, term in pairs:
        yield from _both(en_term, lang, term, None, "list", editions[0], None, english, None)


def _unique(rows: Iterator[Row], seen: set[tuple[str, str, str]] | None = None) -> list[Row]:
    seen = set() if seen is None else seen
    out = []
    for row in rows:
        key = (row[0], row[1], row[2])
        untranslated = row[1] != "en" and fold(row[2]) == row[0]  # a heading printed in English only
        sentence = row[1] != "en" and len(row[2]) > MAX_TERM_CHARS  # a misprinted number read as a heading
        if row[0] and row[2] and not untranslated and not sentence and key not in seen:
            seen.add(key)
            out.append(row)
    return out


def _editions(db: sqlite3.Connection) -> list[tuple[str, str]]:
    """(edition id, lang) of every edition, newest first (undated last)."""
    sql = "SELECT id, lang FROM editions ORDER BY effective_date IS NULL, effective_date DESC, id"
    return list(db.execute(sql))


def _pairs(db: sqlite3.Connection) -> Iterator[Row]:
    partner = dict(db.execute("SELECT edition, anchor FROM links WHERE kind = 'translation'"))
    glossed: set[tuple[str, str]] = set()
    for edition, lang in _editions(db):
        if lang == "en":
            continue
        if edition in partner:  # first: the English term is then credited to an English edition's rule
            yield from _counterpart_headings(db, edition, lang, partner[edition])
            yield from _counterpart_defined(db, edition, lang, partner[edition])
            yield from _counterpart_glossary(db, edition, lang, partner[edition])
            yield from _ordered_glossary(db, edition, lang, partner[edition])
            yield from _counterpart_glosses(db, edition, lang, partner[edition], glossed)
        yield from _printed_english(db, edition, lang, partner.get(edition, edition))


def _both(concept_of: str, lang: str, term: str, reading: str | None, kind: str, edition: str,
          number: str | None, english_edition: str, english_number: str | None) -> Iterator[Row]:
    concept = concept_key(concept_of)
    yield concept, lang, term.strip(), reading, kind, edition, number
    yield concept, "en", concept_of.strip(), None, kind, english_edition, english_number


def _printed_english(db: sqlite3.Connection, edition: str, lang: str, english_edition: str) -> Iterator[Row]:
    """Headings that print the English term (both rows credited to the translation's rule), and
    Japanese glossary headwords, whose English term is credited to ``english_edition`` (the
    translation's English partner, else the translation: the English words are printed there)."""
    sql = "SELECT number, title, title_en FROM rules WHERE edition = ? AND title_en IS NOT NULL AND title != title_en"
    for number, title, english in db.execute(sql, (edition,)):
        yield from _both(english, lang, title, None, "heading", edition, number, edition, number)
    for (headword,) in db.execute("SELECT term FROM glossary WHERE edition = ?", (edition,)):
        term, reading, english = split_headword(headword)
        if english:
            yield from _both(english, lang, term, reading, "glossary", edition, None, english_edition, None)


_COUNTERPART_RULES = """
SELECT t.seq, t.number, t.title, e.seq, e.number, e.title FROM counterparts c
JOIN rules t ON t.edition = c.edition AND t.seq = c.seq
JOIN rules e ON e.edition = c.anchor AND e.seq = c.anchor_seq
WHERE c.edition = ? AND c.anchor = ?
"""


def _counterpart_headings(db: sqlite3.Connection, edition: str, lang: str, english: str) -> Iterator[Row]:
    for _, number, title, _, en_number, en_title in db.execute(_COUNTERPART_RULES, (edition, english)):
        if title and en_title:
            native = split_headword(title)[0]
            yield from _both(en_title, lang, native, None, "heading", edition, number, english, en_number)


_DEFINED = "SELECT rule_seq, term FROM defined_terms WHERE edition = ? ORDER BY rule_seq, idx"
_NAMING = "SELECT number, term FROM glossary_names WHERE edition = ? AND role = 'names'"


def _grouped(db: sqlite3.Connection, sql: str, edition: str) -> dict:
    """``{key: [term, ...]}`` of ``sql`` (rows of key and term) for ``edition``, in row order."""
    out: dict = defaultdict(list)
    for key, term in db.execute(sql, (edition,)):
        out[key].append(term)
    return out


def _counterpart_defined(db: sqlite3.Connection, edition: str, lang: str, english: str) -> Iterator[Row]:
    ours, theirs = _grouped(db, _DEFINED, edition), _grouped(db, _DEFINED, english)
    for seq, number, _, en_seq, en_number, _ in db.execute(_COUNTERPART_RULES, (edition, english)):
        native = _native(ours.get(seq, ()))
        if native and len(native) == len(theirs.get(en_seq, ())):
            for term, en_term in zip(native, theirs[en_seq]):
                yield from _both(en_term, lang, term, None, "defined", edition, number, english, en_number)


def _native(terms: Sequence[str]) -> list[str]:
    """A translation's defined terms in its own words: less those written in English, and less the
    term printed with its English one when both parts are listed on their own
    (``装備しているクリーチャー／equipped creature``, ``장착된 생물(equipped creature)``)."""
    listed = set(terms)
    return [term for term in terms if not term.isascii() and not _with_parts(term, listed)]


def _with_parts(term: str, listed: set[str]) -> bool:
    parts = re.match(r"^(.+?)\s*(?:[／/]\s*|[(（])([ -~]+?)[)）]?$", term)
    return bool(parts) and parts.group(1) in listed and parts.group(2) in listed


def _counterpart_glossary(db: sqlite3.Connection, edition: str, lang: str, english: str) -> Iterator[Row]:
    ours, theirs = _grouped(db, _NAMING, edition), _grouped(db, _NAMING, english)
    for _, number, _, _, en_number, _ in db.execute(_COUNTERPART_RULES, (edition, english)):
        if len(ours.get(number, ())) == 1 and len(theirs.get(en_number, ())) == 1:
            term, reading, printed = split_headword(ours[number][0])
            if printed and not _alike(printed, theirs[en_number][0]):
                continue  # the entry's own English contradicts the number it cites (a stale citation)
            yield from _both(theirs[en_number][0], lang, term, reading, "glossary", edition, number, english, en_number)


ORDERED_SHARE = 0.8
"""A translation's glossary follows its English glossary entry for entry when at least this share
of its entries fall in runs citing the same rules (zh 2024-04-12: 671 of 681, in English order;
the Japanese glossary, in kana order: 71 of 728)."""
_CITED = re.compile(r"\d{3}(?:\.\d+[a-z]?)?")


def _ordered_glossary(db: sqlite3.Connection, edition: str, lang: str, english: str) -> Iterator[Row]:
    """A glossary translated entry for entry in the English glossary's order (the Chinese one:
    ``再调度`` where ``Mulligan`` is), kind ``glossary``: entries paired along the longest runs
    of entries that cite the same rules (``difflib.SequenceMatcher``), then between two runs the
    entries that fill the same gap one for one (``成为`` ≙ ``Becomes``, citing 603.2e where the
    English cites 603.2f). Nothing when the two orders do not agree (``ORDERED_SHARE``)."""
    sql = "SELECT term, definition FROM glossary WHERE edition = ? ORDER BY seq"
    ours, theirs = list(db.execute(sql, (edition,))), list(db.execute(sql, (english,)))
    cited = [[tuple(_CITED.findall(definition)) for _, definition in entries] for entries in (ours, theirs)]
    matcher = difflib.SequenceMatcher(None, *cited, autojunk=False)
    if not ours or sum(b.size for b in matcher.get_matching_blocks()) < ORDERED_SHARE * min(len(ours), len(theirs)):
        return
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            for i, j in zip(range(i1, i2), range(j1, j2)):
                term, reading, _ = split_headword(ours[i][0])
                english_term = split_headword(theirs[j][0])[0]
                yield from _both(english_term, lang, term, reading, "glossary", edition, None, english, None)


GLOSSED_LANGUAGES = frozenset({"ko"})
"""Translations whose glosses are read (``ingest.glosses``): languages written with spaces
between words, so that a gloss's term is a cut of the words before it."""
_COUNTERPART_TEXTS = """
SELECT t.number, t.text, e.number, e.text FROM counterparts c
JOIN rules t ON t.edition = c.edition AND t.seq = c.seq
JOIN rules e ON e.edition = c.anchor AND e.seq = c.anchor_seq
WHERE c.edition = ? AND c.anchor = ? ORDER BY c.seq
"""


def _counterpart_glosses(db: sqlite3.Connection, edition: str, lang: str, english: str,
                         glossed: set[tuple[str, str]]) -> Iterator[Row]:
    """The terms a translation glosses with the English glossary term that names the rule
    (``멀리건(mulligan)`` in 103.4, which the English glossary's Mulligan cites), kind ``gloss``;
    not for an English term a newer edition of the language glossed (``glossed``: (lang, English
    term), added to): older editions repeat most glosses, and only the newest's row is kept."""
    if lang not in GLOSSED_LANGUAGES:
        return
    names = _grouped(db, _NAMING, english)
    rows = list(db.execute(_COUNTERPART_TEXTS, (edition, english)))
    pairs = [RulePair(text, en_text, [name for name in names.get(en_number, ()) if (lang, name) not in glossed])
             for _, text, en_number, en_text in rows]
    for gloss in named_glosses(pairs):
        number, _, en_number, _ = rows[gloss.pair]
        glossed.add((lang, gloss.english))
        yield from _both(gloss.english, lang, gloss.term, None, "gloss", edition, number, english, en_number)


_MINOR = frozenset({"the", "and", "with", "other"})


def _alike(printed: str, english: str) -> bool:
    """Whether two spellings of an English term share a word (``Draw(2)`` and ``Draw``, ``Die``
    and ``Dies``, ``Control/Controller`` and ``Control, Controller``); ``Initiative`` and
    ``Monarch`` do not."""
    words = [{w for w in re.findall(r"[a-z]{3,}", text.lower()) if w not in _MINOR} for text in (printed, english)]
    if not all(words):  # ``X``
        return concept_key(printed) == concept_key(english)
    return any(a.startswith(b) or b.startswith(a) for a in words[0] for b in words[1])
