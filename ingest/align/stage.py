"""The alignment stage of a build: run on the finished store, it fills the alignment tables
(``kb.store.schema``: ``chain``, ``lineage``, ``parts``, ``links``, ``counterparts``) and the ``alignment``
meta value (per aligned pair of consecutive editions the counts of each change, and the seconds).

Order: the English chain is aligned (``ingest.align.lineage``: lineages, merges and splits); then
every translation edition is joined to its English partner (``ingest.align.links``); then each
other language's chain is aligned with what the English says of it (``through_english``); then
every edition outside a chain is fingerprinted and joined to its anchor, or, an undated
translation with none, to the English edition it translates.

The build aligns while its workers index (``ingest.build``): ``align_beside`` only reads the store
(others may read it meanwhile) and writes the tables to a file of their own, which
``merge_alignment`` then copies into the store, row for row as ``align_store`` writes them.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections import Counter
from dataclasses import asdict
from pathlib import Path

from ingest.align import links
from ingest.align.editions import chains, forget_keys, load_rules, stored_editions
from ingest.align.lineage import chain_lineages
from ingest.align.match import Known

ALIGNMENT_TABLES = ("chain", "lineage", "parts", "links", "counterparts")
"""The store's tables the alignment fills (with the ``alignment`` meta value)."""


def align_store(path: Path) -> dict:
    """Align every edition of the store at ``path`` and write the alignment tables (replacing
    what they held). Returns the summary also stored as the ``alignment`` meta value:
    ``{"pairs": [{"old", "new", "counts", "seconds"}], "links": [{"edition", "kind", "anchor",
    "share"}], "seconds"}``."""
    return _aligned(sqlite3.connect(path))


def align_beside(store: Path, out: Path) -> dict:
    """Align every edition of the store at ``store`` without writing to it (it is opened read
    only), writing the alignment tables and the ``alignment`` meta value to a new SQLite file
    ``out`` instead (tables of the store's columns, no keys nor indexes), for ``merge_alignment``.
    Returns the summary (as ``align_store``). Raises ``FileExistsError`` when ``out`` exists."""
    if Path(out).exists():
        raise FileExistsError(f"{out} exists: the alignment is written to a new file")
    db = sqlite3.connect(Path(out).resolve().as_uri(), uri=True)
    try:
        db.execute("ATTACH DATABASE ? AS store", (Path(store).resolve().as_uri() + "?mode=ro",))
        for table in (*ALIGNMENT_TABLES, "meta"):  # unqualified names then write here, read the store
            db.execute(f"CREATE TABLE main.{table} AS SELECT * FROM store.{table} WHERE 0")
    except BaseException:
        db.close()
        raise
    try:
        return _aligned(db)
    finally:
        forget_keys()  # the text keys of every edition: a worker goes on indexing without them


def merge_alignment(store: Path, aligned: Path) -> None:
    """Copy the alignment tables and meta value ``align_beside`` wrote to ``aligned`` into the
    store at ``store`` (replacing what its tables held), in the order they were written, then
    delete ``aligned``."""
    db = sqlite3.connect(store)
    try:
        db.execute("ATTACH DATABASE ? AS aligned", (str(aligned),))
        with db:
            for table in ALIGNMENT_TABLES:
                db.execute(f"DELETE FROM main.{table}")
                db.execute(f"INSERT INTO main.{table} SELECT * FROM aligned.{table} ORDER BY rowid")
            db.execute("INSERT OR REPLACE INTO main.meta SELECT * FROM aligned.meta ORDER BY rowid")
        db.execute("DETACH DATABASE aligned")
    finally:
        db.close()
    Path(aligned).unlink()


def _aligned(db: sqlite3.Connection) -> dict:
    """Align on ``db`` (the store, or a file attaching it), commit, close; return the summary."""
    started = time.perf_counter()
    try:
        summary = _align(db)
        summary["seconds"] = round(time.perf_counter() - started, 2)
        db.execute("INSERT OR REPLACE INTO meta VALUES ('alignment', ?)", (json.dumps(summary),))
        db.commit()
    finally:
        db.close()
    return summary


def _align(db: sqlite3.Connection) -> dict:
    for table in ALIGNMENT_TABLES:
        db.execute(f"DELETE FROM {table}")
    editions = stored_editions(db)
    chain_of, others = chains(editions)
    dates = {e.id: e.date for e in editions}
    english = [(e, dates[e]) for e in chain_of.get("en", [])]  # (id, date), oldest first
    cache: dict[str, list] = {}

    def rules_of(edition: str):
        if edition not in cache:
            cache[edition] = load_rules(db, edition)
        return cache[edition]

    pairs, next_id, joined = [], 0, []
    for lang, chain in sorted(chain_of.items(), key=lambda item: item[0] != "en"):  # English first
        db.executemany("INSERT INTO chain VALUES (?, ?, ?)", [(e, lang, i) for i, e in enumerate(chain)])
        seeds = None if lang == "en" else lambda old, new: through_english(db, old, new)
        aligned = chain_lineages(chain, rules_of, next_id, seeds)
        db.executemany("INSERT INTO lineage VALUES (?, ?, ?, ?, ?)", aligned.lineages)
        db.executemany("INSERT INTO parts VALUES (?, ?, ?, ?, ?)", aligned.parts)
        pairs += [asdict(s) for s in aligned.summaries]
        next_id = aligned.next_id
        for edition in chain[:-2]:
            cache.pop(edition, None)
        if lang == "en":  # the translations' English rules, before their chains are aligned
            joined += _join_translations(db, editions, chain_of, english)
    joined = _join_copies(db, others, chain_of, rules_of, english) + joined
    return {"pairs": pairs, "links": joined}


def through_english(db: sqlite3.Connection, old: str, new: str) -> Known:
    """What the English says of two editions of a translation (``match.Known``), each joined to
    the English edition it translates (``counterparts``): the rules that translate one English
    rule in the two English editions (one lineage) are one rule, so that a rule the translator
    retranslated or renumbered with the English stays itself (zh 2022-06-10 900.1; 310.7 ->
    311.7), one to one both ways; a rule whose English rule was removed by the newer English
    edition was removed, and one whose English rule was created after the older was created."""
    def english(edition: str) -> tuple[str | None, dict[int, int]]:
        anchor = db.execute("SELECT anchor FROM links WHERE edition = ? AND kind = 'translation'", (edition,)).fetchall()
        if not anchor:
            return None, {}
        rows = db.execute("SELECT c.seq, l.lineage FROM counterparts c JOIN lineage l ON l.edition = c.anchor "
                          "AND l.seq = c.anchor_seq WHERE c.edition = ? AND c.anchor = ? AND c.agrees = 1",
                          (edition, anchor[0][0])).fetchall()
        return anchor[0][0], dict(rows)

    (old_en, old_lineage), (new_en, new_lineage) = english(old), english(new)
    if old_en is None or new_en is None:
        return Known()
    held = {edition: {lineage for (lineage,) in db.execute("SELECT lineage FROM lineage WHERE edition = ?", (edition,))}
            for edition in (old_en, new_en)}
    by_lineage = Counter(new_lineage.values())
    new_of = {lineage: seq for seq, lineage in new_lineage.items() if by_lineage[lineage] == 1}
    seeds = {o: new_of[lineage] for o, lineage in old_lineage.items() if lineage in new_of}
    taken = Counter(seeds.values())
    return Known({o: n for o, n in seeds.items() if taken[n] == 1},
                 frozenset(o for o, lineage in old_lineage.items() if lineage not in held[new_en]),
                 frozenset(n for n, lineage in new_lineage.items() if lineage not in held[old_en]))


def _join_copies(db, others, chain_of, rules_of, english) -> list[dict]:
    out = []
    for copy in others:
        chain = chain_of.get(copy.lang, [])
        officials = {e: {r.plain for r in rules_of(e)} for e in chain}
        matches = links.fingerprint(rules_of(copy.id), officials)
        if not matches:
            out += _join_undated_translation(db, copy, english)
            continue
        anchor = matches[0][0]
        db.executemany("INSERT INTO links VALUES (?, 'copy', ?, ?, ?)",
                       [(copy.id, e, share, rank) for rank, (e, share) in enumerate(matches[:10])])
        rows = links.join_copy(rules_of(copy.id), rules_of(anchor))
        db.executemany("INSERT INTO counterparts VALUES (?, ?, ?, ?, ?)", [(copy.id, s, anchor, a, ok) for s, a, ok in rows])
        out.append({"edition": copy.id, "kind": "copy", "anchor": anchor, "share": matches[0][1],
                    "span": [e for e, _ in links.tied(matches)]})
    return out


def _join_undated_translation(db, copy, english) -> list[dict]:
    """An undated translation that copies no edition of its language (the only Chinese text given
    to a build, without its date line) joined to the English edition it translates, as a dated
    one is (``links.join_translation`` with no date)."""
    if copy.lang == "en":
        return []
    return _insert_translation(db, copy.id, links.join_translation(db, copy.id, None, english))


def _insert_translation(db, edition: str, joined) -> list[dict]:
    """Store a translation's join (``links.join_translation``'s answer; nothing for None)."""
    if joined is None:
        return []
    anchor, share, rows = joined
    db.execute("INSERT INTO links VALUES (?, 'translation', ?, ?, 0)", (edition, anchor, share))
    db.executemany("INSERT INTO counterparts VALUES (?, ?, ?, ?, ?)", [(edition, s, anchor, a, ok) for s, a, ok in rows])
    return [{"edition": edition, "kind": "translation", "anchor": anchor, "share": share}]


def _join_translations(db, editions, chain_of, english) -> list[dict]:
    out = []
    for edition in editions:
        if edition.lang == "en" or edition.id not in {e for c in chain_of.values() for e in c}:
            continue
        out += _insert_translation(db, edition.id, links.join_translation(db, edition.id, edition.date, english))
    return out
