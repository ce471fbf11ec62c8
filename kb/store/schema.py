"""The store's tables: one SQLite file per build, the single source of truth of a KB.

All text is UTF-8; ``seq`` is document order within an edition, from 0. The search index is built
from these tables and holds nothing they lack.

- ``meta(key, value)``: ``schema`` (``SCHEMA_VERSION``) and ``report`` (the build report, JSON).
- ``editions(id, lang, effective_date, title, sources)``: ``effective_date`` ISO or NULL,
  ``sources`` a JSON list of file names.
- ``rules(edition, seq, number, parent, level, section, title, title_en, text, flags, source,
  line, printed)``: ``flags`` a JSON list; ``printed`` the number as printed when the parser read
  a misprint back (``renumbered``), else NULL. One row per printed rule: a number printed twice has two rows.
- ``examples(edition, rule_seq, idx, text)``.
- ``glossary(edition, seq, term, definition, source, line)``.
- ``refs(id, edition, holder, holder_seq, example_idx, start, end, text)``: one row per
  reference; ``holder`` is ``'rule'``, ``'example'`` (``example_idx`` of rule ``holder_seq``) or
  ``'glossary'``; ``start``/``end`` its span in the holder's text.
- ``ref_targets(ref, idx, edition, citing, citing_seq, target, start, end, resolved)``: the
  numbers a reference names, in order: ``citing`` is ``'rule'`` (a rule's text or example) or
  ``'glossary'``; ``start``/``end`` the span of the number naming the target (NULL for a range's
  members after its first); ``resolved`` 1 when the edition holds the target. "Cited by" reads this table.
- ``defined_terms(edition, rule_seq, idx, term)``: the terms a rule's text defines.
- ``glossary_names(edition, number, role, term)``: glossary terms that name (``role``
  ``'names'``) or only mention (``'mentions'``) rule ``number``, in glossary order.
- ``vocabulary(edition, kind, word, weight)``: the spelling vocabulary: ``kind`` ``'title'``
  and ``'text'`` (Latin words of the rules' names and texts, ``weight`` their count), ``'name'``
  (Korean/Japanese/Chinese words, ``weight`` as ``search.spelling_cjk`` and ``spelling_zh`` rank them).
- ``readings(edition, reading, word)``: katakana readings of Japanese vocabulary words.
- ``chain(edition, lang, position)``: each language's dated editions in effective-date order
  (``ingest.align``; one edition per date, the others are copies).
- ``lineage(edition, seq, lineage, change, refs_only)``: every rule of a chain edition: the
  ``lineage`` id it shares with its matched rule in the previous edition of the chain, and the
  ``change`` from it (``created``, ``unchanged``, ``edited``, ``moved``, ``moved+edited``);
  ``refs_only`` 1 when only the rule numbers its text names changed.
- ``parts(old_edition, old_seq, new_edition, new_seq, kind)``: between consecutive editions of a
  chain, ``merged``: the old rule, removed, is held whole by the new rule; ``split``: the new rule,
  created, was held whole by the old rule (``ingest.align.parts``).
- ``links(edition, kind, anchor, share, rank)``: ``kind`` ``'translation'`` (the English
  edition a translation is joined to, ``share`` of its rules agreeing) or ``'copy'`` (an edition
  outside the chain: the official editions it matches, ``share`` of identical rules, ``rank`` 0
  the best, the anchor).
- ``counterparts(edition, seq, anchor, anchor_seq, agrees)``: a rule of a linked edition and its
  rule in the anchor edition (``agrees`` 0 when a translation's rule of that number does not
  keep the English rule's structure).
- ``terms(concept, lang, term, reading, kind, edition, number)``: the term dictionary
  (``ingest.terms``): ``concept`` the English term folded (``trample``), ``term`` as the edition
  prints it (``돌진``, ``トランプル``, ``践踏``, ``Trample``), ``reading`` a Japanese term's kana
  reading or NULL, ``kind`` where the pair comes from (``heading``, ``glossary``, ``defined``, ``list``),
  ``number`` the rule it names in ``edition``.
"""

from __future__ import annotations

SCHEMA_VERSION = "6"
"""2: references' target spans and resolution, defined terms, glossary names, vocabulary.
3: alignment of editions (chain, lineage, links, counterparts).
4: the term dictionary (terms).
5: merges and splits (parts).
6: the number a misprinted rule was printed with (rules.printed)."""

SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE editions(id TEXT PRIMARY KEY, lang TEXT NOT NULL, effective_date TEXT,
                      title TEXT NOT NULL, sources TEXT NOT NULL);
CREATE TABLE rules(edition TEXT NOT NULL, seq INTEGER NOT NULL, number TEXT NOT NULL,
                   parent TEXT, level INTEGER NOT NULL, section TEXT NOT NULL, title TEXT,
                   title_en TEXT, text TEXT NOT NULL, flags TEXT NOT NULL, source TEXT NOT NULL,
                   line INTEGER NOT NULL, printed TEXT, PRIMARY KEY(edition, seq));
CREATE INDEX rules_number ON rules(edition, number);
CREATE INDEX rules_parent ON rules(edition, parent);
CREATE TABLE examples(edition TEXT NOT NULL, rule_seq INTEGER NOT NULL, idx INTEGER NOT NULL,
                      text TEXT NOT NULL, PRIMARY KEY(edition, rule_seq, idx));
CREATE TABLE glossary(edition TEXT NOT NULL, seq INTEGER NOT NULL, term TEXT NOT NULL,
                      definition TEXT NOT NULL, source TEXT NOT NULL, line INTEGER NOT NULL,
                      PRIMARY KEY(edition, seq));
CREATE INDEX glossary_term ON glossary(edition, term COLLATE NOCASE);
CREATE TABLE refs(id INTEGER PRIMARY KEY, edition TEXT NOT NULL, holder TEXT NOT NULL,
                  holder_seq INTEGER NOT NULL, example_idx INTEGER, start INTEGER NOT NULL,
                  "end" INTEGER NOT NULL, text TEXT NOT NULL);
CREATE INDEX refs_holder ON refs(edition, holder, holder_seq);
CREATE TABLE ref_targets(ref INTEGER NOT NULL, idx INTEGER NOT NULL, edition TEXT NOT NULL,
                         citing TEXT NOT NULL, citing_seq INTEGER NOT NULL, target TEXT NOT NULL,
                         start INTEGER, "end" INTEGER, resolved INTEGER NOT NULL,
                         PRIMARY KEY(ref, idx)) WITHOUT ROWID;
CREATE INDEX ref_targets_target ON ref_targets(edition, target);
CREATE TABLE defined_terms(edition TEXT NOT NULL, rule_seq INTEGER NOT NULL, idx INTEGER NOT NULL,
                           term TEXT NOT NULL, PRIMARY KEY(edition, rule_seq, idx));
CREATE TABLE glossary_names(edition TEXT NOT NULL, number TEXT NOT NULL, role TEXT NOT NULL,
                            term TEXT NOT NULL);
CREATE INDEX glossary_names_edition ON glossary_names(edition);
CREATE TABLE vocabulary(edition TEXT NOT NULL, kind TEXT NOT NULL, word TEXT NOT NULL,
                        weight INTEGER NOT NULL);
CREATE INDEX vocabulary_edition ON vocabulary(edition, kind);
CREATE TABLE readings(edition TEXT NOT NULL, reading TEXT NOT NULL, word TEXT NOT NULL);
CREATE INDEX readings_edition ON readings(edition);
CREATE TABLE chain(edition TEXT PRIMARY KEY, lang TEXT NOT NULL, position INTEGER NOT NULL);
CREATE TABLE lineage(edition TEXT NOT NULL, seq INTEGER NOT NULL, lineage INTEGER NOT NULL,
                     change TEXT NOT NULL, refs_only INTEGER NOT NULL,
                     PRIMARY KEY(edition, seq)) WITHOUT ROWID;
CREATE INDEX lineage_id ON lineage(lineage);
CREATE TABLE parts(old_edition TEXT NOT NULL, old_seq INTEGER NOT NULL, new_edition TEXT NOT NULL,
                   new_seq INTEGER NOT NULL, kind TEXT NOT NULL);
CREATE INDEX parts_old ON parts(old_edition, old_seq);
CREATE INDEX parts_new ON parts(new_edition, new_seq);
CREATE TABLE links(edition TEXT NOT NULL, kind TEXT NOT NULL, anchor TEXT NOT NULL, share REAL NOT NULL,
                   rank INTEGER NOT NULL);
CREATE INDEX links_edition ON links(edition);
CREATE TABLE counterparts(edition TEXT NOT NULL, seq INTEGER NOT NULL, anchor TEXT NOT NULL,
                          anchor_seq INTEGER NOT NULL, agrees INTEGER NOT NULL,
                          PRIMARY KEY(edition, seq, anchor)) WITHOUT ROWID;
CREATE INDEX counterparts_anchor ON counterparts(anchor, anchor_seq);
CREATE TABLE terms(concept TEXT NOT NULL, lang TEXT NOT NULL, term TEXT NOT NULL, reading TEXT,
                   kind TEXT NOT NULL, edition TEXT NOT NULL, number TEXT);
CREATE INDEX terms_concept ON terms(concept);
"""
