"""The whoosh search index: one whoosh index per edition, all in one folder.

Layout: ``<index_dir>/editions.json`` lists the indexed editions (``[{"id", "lang"}]``); each
edition is a whoosh index named by its edition id (``whoosh.index.open_dir(index_dir,
indexname="en-2026-01-16")``). One index per edition keeps a search's cost independent of how many
editions the KB holds, and gives each language its own analyzers (``kb.analysis``).

One document per printed rule (a number printed twice gives two documents). Fields:

- ``seq`` (stored): the rule's document order in its edition, from 0; ``number`` (stored, ID).
- ``within`` (keyword): the number and its ancestors (``702.19b 702.19 702 7``), to filter by
  section or rule.
- ``name`` (keyword): exact-name keys (``kb.analysis.name_key``) of the rule's title, English
  title and the glossary terms that cite it; ``defined`` (keyword): those of the terms its text
  defines. A query whose key is one of these names that rule (a glossary's pointer outranks a
  mention such as 205.4d's ``also called the “legend rule” (see rule 704.5j)``).
- ``heading``: the rule's title, the English title a translation prints beside it (``돌진
  Trample``), the terms its text defines and the glossary terms that cite it; ``body`` (stored):
  the rule's text; ``examples``: its examples. All three in the edition's language analyzer (the
  Korean/Japanese analyzer stems Latin words as the English one does).
- ``pairs``: adjacent token pairs of the heading and text (``kb.analysis.pair_analyzer``), for
  the phrase bonus.
- ``spell_title``, ``spell_body``: unstemmed Latin words of the names and of the text, the
  vocabularies spelling correction searches.
- ``context`` (stored): the rule's title, or the nearest ancestor's title.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import whoosh.index
from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, TEXT, Schema

from kb import numbers
from kb.analysis import CJK_LANGUAGES, analyzer_for, name_key, pair_analyzer, word_analyzer
from kb.model import Edition, GlossaryEntry, Rule
from kb.terms import defined_terms, glossary_names

MANIFEST = "editions.json"
WRITER_MEMORY_MB = 256


def schema_for(lang: str) -> Schema:
    """The index schema of an edition in ``lang`` (fields in the module docstring)."""
    text = analyzer_for(lang)
    return Schema(
        seq=NUMERIC(stored=True, sortable=True),
        number=ID(stored=True),
        within=KEYWORD(lowercase=False),
        name=KEYWORD(commas=True, lowercase=False),
        defined=KEYWORD(commas=True, lowercase=False),
        heading=TEXT(analyzer=text),
        body=TEXT(analyzer=text, stored=True),
        examples=TEXT(analyzer=text),
        pairs=TEXT(analyzer=pair_analyzer(lang), phrase=False),
        spell_title=TEXT(analyzer=word_analyzer(), phrase=False),
        spell_body=TEXT(analyzer=word_analyzer(), phrase=False),
        context=STORED(),
    )


def write_index(
    index_dir: Path, editions: Iterable[tuple[Edition, Sequence[Rule], Sequence[GlossaryEntry]]]
) -> None:
    """Build the search index of ``editions`` (each with its rules in document order and its
    glossary) in ``index_dir``, which must be new or empty. Raises ``FileExistsError`` when it
    already holds an index."""
    index_dir = Path(index_dir)
    index_dir.mkdir(parents=True, exist_ok=True)
    if (index_dir / MANIFEST).exists():
        raise FileExistsError(f"{index_dir} already holds an index: the build writes a fresh one")
    manifest = []
    for edition, rules, glossary in editions:
        index = whoosh.index.create_in(index_dir, schema_for(edition.lang), indexname=edition.id)
        writer = index.writer(limitmb=WRITER_MEMORY_MB)
        for document in rule_documents(edition, rules, glossary):
            writer.add_document(**document)
        writer.commit()
        manifest.append({"id": edition.id, "lang": edition.lang})
    (index_dir / MANIFEST).write_text(json.dumps(manifest, indent=1), encoding="utf-8")


def indexed_editions(index_dir: Path) -> dict[str, str]:
    """``{edition id: lang}`` of the editions an index folder holds (empty when none)."""
    path = Path(index_dir) / MANIFEST
    if not path.is_file():
        return {}
    return {item["id"]: item["lang"] for item in json.loads(path.read_text(encoding="utf-8"))}


def rule_documents(
    edition: Edition, rules: Sequence[Rule], glossary: Sequence[GlossaryEntry]
) -> Iterator[dict[str, object]]:
    """The index documents of an edition's rules, in document order (fields in module doc)."""
    lang = edition.lang
    titles: dict[str, str] = {}
    for rule in rules:
        if rule.title:
            titles.setdefault(rule.number, rule.title)
    named_by, mentioned_by = glossary_names(glossary, titles, lang)
    for seq, rule in enumerate(rules):
        defined = defined_terms(rule.text, lang)
        glossary_terms = named_by.get(rule.number, [])
        terms = defined + glossary_terms + mentioned_by.get(rule.number, [])
        names = [n for n in (rule.title, rule.title_en, *glossary_terms) if n]
        heading = "\n".join(t for t in (rule.title, rule.title_en, *terms) if t)
        yield {
            "seq": seq,
            "number": rule.number,
            "within": " ".join([rule.number, *numbers.ancestors(rule.number)]),
            "name": ",".join(_name_keys(names, lang)),
            "defined": ",".join(_name_keys(defined, lang)),
            "heading": heading,
            "body": rule.text,
            "examples": "\n".join(example.text for example in rule.examples),
            "pairs": f"{heading}\n{rule.text}" if heading != rule.text else rule.text,
            "spell_title": " ".join(names + defined),
            "spell_body": rule.text,
            "context": context_title(rule, titles),
        }


def context_title(rule: Rule, titles: dict[str, str]) -> str:
    """The rule's title, or the nearest ancestor's title in ``titles`` (number -> title), or ``""``."""
    if rule.title:
        return rule.title
    for number in reversed(numbers.ancestors(rule.number)):
        if number in titles:
            return titles[number]
    return ""


def _name_keys(names: Iterable[str], lang: str) -> list[str]:
    langs = (lang, "en") if lang in CJK_LANGUAGES else (lang,)
    keys = (name_key(name, key_lang).replace(",", " ") for name in names for key_lang in langs)
    return list(dict.fromkeys(k for k in keys if k))
