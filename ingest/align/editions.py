"""Which editions align with which: each language's chain of dated editions, and the editions
outside it (a second edition of the same date, undated copies, translations' English partners).

The chain of a language is its dated editions in effective-date order; when several share a date
the one with the most rules is in the chain and the others are *copies* aligned to it. The date is
the one the build read from the text's header, so a file named for June 2006 that holds the June
2004 text (``en/2006-06-01``) sits in the chain in June 2004, where its text belongs.
"""

from __future__ import annotations

import functools
import sqlite3
from dataclasses import dataclass

from ingest.align import normalise
from ingest.align.match import AlignedRule


@dataclass(frozen=True)
class StoredEdition:
    """An edition as alignment sees it: ``id``, ``lang``, ``date`` (ISO or None), rule count."""

    id: str
    lang: str
    date: str | None
    size: int


def stored_editions(db: sqlite3.Connection) -> list[StoredEdition]:
    """Every edition of the store with its rule count."""
    sql = ("SELECT e.id, e.lang, e.effective_date, (SELECT COUNT(*) FROM rules r WHERE r.edition = e.id) "
           "FROM editions e")
    return [StoredEdition(*row) for row in db.execute(sql)]


def chains(editions: list[StoredEdition]) -> tuple[dict[str, list[str]], list[StoredEdition]]:
    """``({lang: [edition ids oldest first]}, others)``: each language's chain, and the editions
    outside every chain (undated, or a second edition of a date), to be fingerprinted."""
    by_date: dict[tuple[str, str], list[StoredEdition]] = {}
    others = []
    for e in editions:
        if e.date is None:
            others.append(e)
        else:
            by_date.setdefault((e.lang, e.date), []).append(e)
    out: dict[str, list[str]] = {}
    for (lang, _), same_day in sorted(by_date.items()):
        same_day.sort(key=lambda e: (-e.size, len(e.id), e.id))
        out.setdefault(lang, []).append(same_day[0].id)
        others.extend(same_day[1:])
    return out, others


def load_rules(db: sqlite3.Connection, edition_id: str) -> list[AlignedRule]:
    """The edition's rules in document order, with their alignment keys."""
    rows = db.execute("SELECT seq, number, parent, section, title, text FROM rules WHERE edition = ? ORDER BY seq",
                      (edition_id,))
    out = []
    for seq, number, parent, section, title, text in rows:
        out.append(AlignedRule(seq, number, parent, section, *_keys(title, text)))
    return out


@functools.lru_cache(maxsize=200_000)
def _keys(title: str | None, text: str) -> tuple[str, str, str]:
    """The three keys of a text; cached, since consecutive editions repeat most texts."""
    key = normalise.plain(title, text)
    masked = normalise.masked(key)
    return key, masked, normalise.similar(masked)


def forget_keys() -> None:
    """Empty the cache of text keys (``load_rules`` fills it: up to 200,000 texts' keys)."""
    _keys.cache_clear()
