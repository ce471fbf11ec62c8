"""The search index: one whoosh index per edition, plus the phrase-bonus pairs, all in one folder.

Layout: ``<index_dir>/editions.json`` is the manifest ``{"schema": SCHEMA_VERSION, "editions":
[{"id", "lang"}]}``; each edition is a whoosh index named by its edition id
(``whoosh.index.open_dir(index_dir, indexname="en-2026-01-16")``); ``pairs.sqlite`` holds the
token pairs of every edition (``search.pairs``). One index per edition keeps a search's cost
independent of how many editions the KB holds, and gives each language its own analyzers
(``search.analysis``). ``check_schema`` refuses an index written with another schema
(``kb.errors.IndexOutdated``: rebuild the KB); a manifest that is a bare list is schema 1.

One document per printed rule (a number printed twice gives two documents), added in document
order in one segment, so a document's number is its ``seq``. Fields:

- ``seq`` (stored): the rule's document order in its edition, from 0 (the store's ``seq``: hits
  take their text from the store, ``Store.rule_texts``); ``number`` (stored, ID).
- ``within`` (keyword): the number's ancestors (``702.19 702 7`` for 702.19b), so a rule and
  the rules under it are ``number:N OR within:N`` (``rule_and_under``; leaving the number itself
  out saves a term per rule, most of which are subrules with nothing under them).
- ``name`` (keyword): exact-name keys (``search.analysis.name_key``) of the rule's title, English
  title and the glossary terms that name it (a Japanese headword's term and English term, not its
  reading: ``_headword_terms``); ``defined`` (keyword): those of the terms its text
  defines (both annotations come from the store: ``Rule.defined_terms``, ``Store.glossary_names``). A query whose key is one of these names that rule (a glossary's pointer outranks a
  mention such as 205.4d's ``also called the “legend rule” (see rule 704.5j)``).
- ``starts`` (keyword, scored; Korean editions): the first two syllables of each Hangul word of
  the heading and text (``search.analysis.word_starts``), a bonus for a query word found where a
  word starts (``레이어``, layer, is in every ``플레이어``, player).
- ``heading``: the rule's title, the English title a translation prints beside it (``돌진
  Trample``), the terms its text defines and the glossary terms that cite it; ``body``: the
  rule's text (not stored: the store has it); ``section``: the title of the nearest titled rule
  above it (``Trample`` for 702.19b: a subrule is about its rule's subject without naming it);
  ``examples``: its examples. All four in the
  edition's language analyzer (the Korean/Japanese analyzer stems Latin words as the English one
  does), with positions for quoted phrases and the heading phrase bonus. ``write_index`` runs the
  analyzer once per text and gives whoosh the tokens separated by spaces
  (``search.token_field.TokenText``: whoosh indexes them as they are, with
  ``search.analysis.token_analyzer`` as their analyzer), and the token pairs come from the same tokens.
- ``context`` (stored): the rule's title, or the nearest ancestor's title.

The spelling vocabulary is not in the index: the searcher reads it from the store.

The adjacent token pairs of the heading and text (``search.analysis.pair_analyzer``), for the phrase
bonus, are in ``pairs.sqlite`` rather than a whoosh field (see ``search.pairs`` for why).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

import whoosh.index
from whoosh import query as wq
from whoosh.fields import ID, KEYWORD, STORED, Schema

from kb import numbers
from kb.errors import IndexOutdated
from kb.store.terms import split_headword
from kb.model import EditionText
from search.analysis import CJK_LANGUAGES, analyze, analyzer_for, name_key, pairs_of, word_starts
from search.pairs import EncodedPairs, PairsShard, PairsWriter
from search.token_field import TokenText

MANIFEST = "editions.json"
SCHEMA_VERSION = 13
"""Version of the index layout and fields; bump it whenever a change needs a rebuild. 2: body
not stored, seq stored only, token pairs in pairs.sqlite. 3: ``spell_cjk``. 4: no spelling
fields (the vocabulary is in the store). 5: ``section``. 6: a Japanese glossary headword names
its rule by its term and English term (``_headword_terms``), only the cited rule so titled when
one is (``ingest.annotate.glossary_names``). 8: Latin words stemmed with Porter2 (``search.analysis``). 9: ``starts``, where a Korean
text's words start (``search.analysis.word_starts``). 10: ``search.analysis.STEM_FIXES``. 11:
``search.analysis.WORD_STEMS`` (``dies`` apart from ``die``). 12: an English word with an
apostrophe is one token (``opponent's``: ``oppon``, not ``oppon s``)."""
TEXT_FIELDS = ("heading", "section", "body", "examples")
"""Fields in the edition's language analyzer (``write_index`` gives whoosh their tokens)."""
WRITER_MEMORY_MB = 256
"""whoosh's posting buffer. One writer per edition, one commit: one segment, documents numbered in
document order. whoosh's ``procs=2, multisegment=True`` wrote 1.5x faster on two cores but numbers
documents out of order (and takes both cores); ``procs=2`` with a merge was slower."""


_STORED = ("seq", "number", "context")
"""Fields a hit reads back: always given; an empty indexed field is left out (whoosh then does no
work for it, and a missing field scores as an empty one)."""


def schema_for(lang: str) -> Schema:
    """The index schema of an edition in ``lang`` (fields in the module docstring)."""
    return Schema(
        seq=STORED(),
        number=ID(stored=True),
        within=KEYWORD(lowercase=False),
        name=KEYWORD(commas=True, lowercase=False),
        defined=KEYWORD(commas=True, lowercase=False),
        starts=KEYWORD(lowercase=False, scorable=True),  # Korean: search.analysis.word_starts
        heading=TokenText(),  # write_index gives these four the language analyzer's tokens
        section=TokenText(),
        body=TokenText(),
        examples=TokenText(),
        context=STORED(),
    )


def write_index(index_dir: Path, editions: Iterable[EditionText]) -> None:
    """Build the search index of ``editions`` (as the store holds them: ``Store.edition_text``)
    in ``index_dir``, which must be new or empty, one edition at a time (``start_index``,
    ``write_edition_index`` per edition, ``finish_index``; the build runs the middle step in worker
    processes). Raises ``FileExistsError`` when it already holds an index."""
    start_index(index_dir)
    finish_index(index_dir, ((t.edition.id, t.edition.lang, write_edition_index(index_dir, t)) for t in editions))


def start_index(index_dir: Path) -> None:
    """Make ``index_dir`` ready for ``write_edition_index``: created when missing; raises
    ``FileExistsError`` when it already holds an index."""
    index_dir = Path(index_dir)
    index_dir.mkdir(parents=True, exist_ok=True)
    if (index_dir / MANIFEST).exists():
        raise FileExistsError(f"{index_dir} already holds an index: the build writes a fresh one")


def finish_index(
    index_dir: Path, written: Iterable[tuple[str, str, list[list[str]] | EncodedPairs | PairsShard]]
) -> None:
    """Complete the index in ``index_dir`` from ``(edition id, lang, token pairs)`` of every
    edition ``write_edition_index`` wrote (the pairs as it returned them, encoded by
    ``search.pairs.encode_pairs``, or written into a shard of the pairs file), in the KB's edition
    order: the pairs file (the shards are deleted) and the manifest (written last: an index
    without it is unfinished)."""
    index_dir = Path(index_dir)
    manifest = []
    with PairsWriter(index_dir) as pairs:
        for edition_id, lang, edition_pairs in written:
            pairs.add_edition(edition_id, edition_pairs)
            manifest.append({"id": edition_id, "lang": lang})
    data = {"schema": SCHEMA_VERSION, "editions": manifest}
    (index_dir / MANIFEST).write_text(json.dumps(data, indent=1), encoding="utf-8")


def rule_and_under(number: str) -> wq.Query:
    """The documents of rule ``number`` (canonical) and of every rule under it."""
    return wq.Or([wq.Term("number", number), wq.Term("within", number)])


def write_edition_index(index_dir: Path, text: EditionText, cache: dict | None = None) -> list[list[str]]:
    """Write one edition's whoosh index into ``index_dir`` (text fields analysed here, once); return
    each document's token pairs (``search.analysis.pairs_of`` the heading's and text's tokens, or
    the text's alone when the heading is the text), for ``finish_index``. Editions are independent:
    several processes may write different editions into one folder at once. ``cache`` (a dict kept
    across calls) remembers the tokens and name keys of texts already analysed: consecutive
    editions repeat most of their rules word for word."""
    cache = {} if cache is None else cache
    edition = text.edition
    index = whoosh.index.create_in(index_dir, schema_for(edition.lang), indexname=edition.id)
    writer = index.writer(limitmb=WRITER_MEMORY_MB)
    analyzer = analyzer_for(edition.lang)  # one per edition: its stemming cache serves every field
    pairs = []
    lang = edition.lang
    for document in rule_documents(text, cache):
        tokens = {field: _tokens(analyzer, lang, str(document[field]), cache) for field in TEXT_FIELDS}
        heading, body = tokens["heading"], tokens["body"]
        pairs.append(pairs_of(body if document["heading"] == document["body"] else heading + body))
        fields = {**document, **{field: " ".join(found) for field, found in tokens.items()}}
        if lang == "ko":
            fields["starts"] = " ".join(word_starts(f"{document['heading']} {document['body']}"))
        writer.add_document(**{field: value for field, value in fields.items() if value != "" or field in _STORED})
    writer.commit()
    return pairs


def _tokens(analyzer, lang: str, value: str, cache: dict) -> list[str]:
    found = cache.get((lang, value))
    if found is None:
        found = cache[(lang, value)] = analyze(analyzer, value)
    return found


def indexed_editions(index_dir: Path) -> dict[str, str]:
    """``{edition id: lang}`` of the editions an index folder holds (empty when none)."""
    manifest = _manifest(index_dir)
    items = manifest.get("editions", []) if isinstance(manifest, dict) else manifest or []
    return {item["id"]: item["lang"] for item in items}


def schema_version(index_dir: Path) -> int | None:
    """The ``SCHEMA_VERSION`` an index folder was written with (1 for the first layout, whose
    manifest is a bare list), or None when it holds no index."""
    manifest = _manifest(index_dir)
    if manifest is None:
        return None
    return int(manifest.get("schema", 0)) if isinstance(manifest, dict) else 1


def check_schema(index_dir: Path) -> None:
    """Raise ``kb.errors.IndexOutdated`` when ``index_dir`` holds an index written with another
    ``SCHEMA_VERSION`` (an empty folder passes: it holds nothing to search)."""
    found = schema_version(index_dir)
    if found is not None and found != SCHEMA_VERSION:
        raise IndexOutdated(str(index_dir), found, SCHEMA_VERSION)


def _manifest(index_dir: Path) -> dict | list | None:
    path = Path(index_dir) / MANIFEST
    if not path.is_file():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def rule_documents(text: EditionText, cache: dict | None = None) -> Iterator[dict[str, object]]:
    """The index documents of an edition's rules, in document order (fields in module doc; the
    text fields as text: ``write_index`` analyses them). ``cache`` keeps name keys across calls."""
    cache = {} if cache is None else cache
    lang, rules, named = text.edition.lang, text.rules, text.glossary_names
    titles: dict[str, str] = {}
    for rule in rules:
        if rule.title:
            titles.setdefault(rule.number, rule.title)
    for seq, rule in enumerate(rules):
        defined = list(rule.defined_terms)
        glossed = _headword_terms(named.names.get(rule.number, ()))
        names = [n for n in (rule.title, rule.title_en, *glossed) if n]
        terms = defined + glossed + _headword_terms(named.mentions.get(rule.number, ()))
        heading = "\n".join(t for t in (rule.title, rule.title_en, *terms) if t)
        yield {
            "seq": seq,
            "number": rule.number,
            "within": " ".join(numbers.ancestors(rule.number)),
            "name": ",".join(_name_keys(names, lang, cache)),
            "defined": ",".join(_name_keys(defined, lang, cache)),
            "heading": heading,
            "body": rule.text,
            "section": ancestor_title(rule.number, titles),
            "examples": "\n".join(example.text for example in rule.examples),
            "context": rule.title or ancestor_title(rule.number, titles),
        }


def _headword_terms(headwords: Iterable[str]) -> list[str]:
    """The terms glossary headwords give, each with its English term when it prints one
    (``kb.store.terms.split_headword``): ``レジェンド・ルール（れじぇんどるーる）／Legend Rule`` names
    704.5j as ``レジェンド・ルール`` and ``Legend Rule``, not as the whole headword."""
    terms = []
    for headword in headwords:
        term, _, english = split_headword(headword)
        terms.extend(t for t in (term, english) if t)
    return list(dict.fromkeys(terms))


def ancestor_title(number: str, titles: dict[str, str]) -> str:
    """The title of the nearest rule above ``number`` in ``titles`` (number -> title), or ``""``."""
    for ancestor in reversed(numbers.ancestors(number)):
        if ancestor in titles:
            return titles[ancestor]
    return ""


def _name_keys(names: Iterable[str], lang: str, cache: dict) -> list[str]:
    langs = (lang, "en") if lang in CJK_LANGUAGES else (lang,)
    keys = (_name_key(name, key_lang, cache).replace(",", " ") for name in names for key_lang in langs)
    return list(dict.fromkeys(k for k in keys if k))


def _name_key(name: str, lang: str, cache: dict) -> str:
    found = cache.get(("name", lang, name))
    if found is None:
        found = cache[("name", lang, name)] = name_key(name, lang)
    return found
