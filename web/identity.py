"""A rule's identity across editions, for the pages: when it last changed, its number in the
newest edition of its language (an old edition's banner), its English rule then and now (a
translation's warning, the compare page's columns), read from the stored alignment
(``kb.store.history``) in a few indexed queries."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from kb.diff import word_diff
from kb.model import Edition
from kb.store import history
from kb.store.coverage import english_stand_in
from web import state


@dataclass(frozen=True)
class Counterpart:
    """The rule ``number`` of ``edition`` (None: removed there), ``change`` since, its page;
    ``later``: a translation named for an older page, none of its language's editions of that
    page's day (``all_later``)."""

    edition: Edition
    number: str | None
    change: str
    href: str | None
    later: bool = False


@dataclass(frozen=True)
class Identity:
    """What the rule page says about a rule's identity: ``last_change`` (the latest step that was
    not ``unchanged``: created, edited or moved in some edition), ``newest`` (for an old edition:
    the rule in its language's newest edition), ``english`` (a translation's English rule of its
    own edition) and ``english_now`` (that rule in the newest English edition, with ``diff`` the
    words changed since as ``kb.diff.word_diff`` runs). ``first_here`` is True when the last
    change is the rule's first edition and no earlier edition of its chain holds its section
    (the oldest edition here, or one after excerpts without it): the page then says since when
    it is unchanged, not that it was created then (702.19 is not new in the first Japanese
    edition)."""

    history_href: str
    last_change: history.Step | None
    newest: Counterpart | None
    english: Counterpart | None
    english_now: Counterpart | None
    diff: list[tuple[str, str]]
    translations: list[Counterpart] = field(default_factory=list)
    first_here: bool = False
    merged_into: Counterpart | None = None
    """When ``newest`` says the rule was removed because another rule took its text whole
    (``kb.store.history.merged_since``): that rule in the newest edition."""
    number_was: NumberWas | None = None
    """When the rule took its number from another rule (``kb.store.history.number_taken``)."""


@dataclass(frozen=True)
class NumberWas:
    """Another rule had this rule's number until ``since`` (the edition where this rule took it):
    ``then``, that rule in the edition before, and ``now``, where it is in this page's edition
    (number None: removed since). An old link to 704.5k meant the legend rule, now 704.5j."""

    since: Edition
    then: Counterpart
    now: Counterpart


def identity(edition: Edition, number: str) -> Identity | None:
    """The identity notes of rule ``number`` of ``edition``; None when it is aligned to nothing."""
    store, urls = state.store(), state.urls()
    located = history.locate(store, edition.id, number)
    if located is None:
        return None
    steps = history.steps_of(store, located.lineage)
    here = next((i for i, s in enumerate(steps) if s.edition == located.edition), 0)
    changed = [s for s in steps[: here + 1] if s.change != "unchanged"]
    newest = merged = None
    chain = history.chain(store, edition.lang)
    if chain and chain[-1][0] != located.edition:
        found = history.since(store, located, chain[-1][0])
        newest = _counterpart(found)
        into = history.merged_since(store, located, chain[-1][0]) if found["number"] is None else None
        merged = _counterpart(into) if into and into["number"] else None
    english = english_now = None
    diff: list[tuple[str, str]] = []
    if edition.lang != "en":
        parts = history.counterparts(store, edition.lang, located)
        if parts:
            english = _counterpart(parts[0])
        if len(parts) > 1:
            english_now = _counterpart(parts[1])
            if english_now.change in ("edited", "moved+edited") and english_now.number:
                diff = word_diff(_text(english.edition.id, english.number), _text(english_now.edition.id, english_now.number))
    last = changed[-1] if changed else None
    first_here = last is not None and last.change == "created" and first_printed(chain, last.edition, last.number)
    return Identity(urls.history(edition.lang, number, edition), last, newest, english, english_now, diff,
                    _translations(located, edition) if edition.lang == "en" else [], first_here, merged,
                    _number_was(located, number, edition, steps, [edition_id for edition_id, _ in chain]))


def _number_was(located: history.Located, number: str, edition: Edition, steps: list[history.Step],
                chain_ids: list[str]) -> NumberWas | None:
    """``NumberWas`` of rule ``number`` (``located``; its lineage's ``steps``, its language's
    ``chain_ids``) of ``edition``, or None."""
    store = state.store()
    taken = history.number_taken(store, located, number, steps, chain_ids)
    if taken is None:
        return None
    since, other = taken
    then = _counterpart({"edition": other.edition, "number": number, "change": "unchanged"})
    return NumberWas(store.edition(since), then, _counterpart(history.since(store, other, edition.id)))


def first_printed(chain: list[tuple[str, str | None]], edition: str, number: str | None) -> bool:
    """Whether a rule ``created`` in ``edition`` (of ``chain``) is only the first printing here, not
    a new rule: no edition before holds its section (``held_before``), or, in a translation, the
    English edition standing in for the one before (``english_stand_in``) already held its English
    rule (ja 2023-09-01, an abridged excerpt, prints no subrules: ja 2026-01-16 100.1a is not new)."""
    if not held_before(chain, edition, number):
        return True
    editions = [edition_id for edition_id, _ in chain]
    at = editions.index(edition)
    if at == 0 or number is None:
        return False
    store = state.store()
    english = english_stand_in(store, store.edition(editions[at - 1]))
    return english is not None and english.id in history.everywhere(store, edition, number)


def held_before(chain: list[tuple[str, str | None]], edition: str, number: str | None) -> bool:
    """Whether an edition of ``chain`` before ``edition`` holds the section of rule ``number`` (so
    the rule was missing there: created in ``edition``; else ``edition`` is the first here to hold
    that part of the CR, and the rule may be older)."""
    editions = [edition_id for edition_id, _ in chain]
    if edition not in editions or number is None:
        return False
    store = state.store()
    held = (state.coverage_of(store.edition(edition_id)) for edition_id in editions[: editions.index(edition)])
    return any(part is None or part.holds(number) for part in held)  # None: every section


def translated_rules(english: Edition, number: str) -> list[Counterpart]:
    """The newest translated rule of each language joined to rule ``number`` of the English
    edition ``english`` (by identity, whatever its number: en 2026-01-16 103.5, the mulligan, is
    ko 2021-11-19 103.4); empty when the rule is not there or nothing is joined to it."""
    located = history.locate(state.store(), english.id, number)
    return _translations(located) if located else []


def translated_number(english: Edition, number: str, translation: Edition) -> str | None:
    """The number in ``translation`` of the rule that translates rule ``number`` of the English
    edition ``english`` (by identity: the stored alignment), or None when none does."""
    store = state.store()
    located = history.locate(store, english.id, number)
    seqs = [seq for edition_id, seq in history.translations(store, located) if edition_id == translation.id] \
        if located else []
    rows = store.query("SELECT number FROM rules WHERE edition = ? AND seq = ?", (translation.id, seqs[0])) \
        if seqs else []
    return rows[0][0] if rows else None


def _translations(located: history.Located, english: Edition | None = None) -> list[Counterpart]:
    """The translated rule of each language joined to this English rule's lineage: of the
    English edition ``english``, the one ``of_its_day`` picks (en 2017-06-05 702.19b is ko
    2017-01-20 702.19b, the Korean text of its day, not ko 2021-11-19); without ``english``, the
    newest."""
    store, urls = state.store(), state.urls()
    by_lang: dict[str, dict[Edition, int]] = {}
    for edition_id, seq in history.translations(store, located):
        edition = store.edition(edition_id)
        by_lang.setdefault(edition.lang, {}).setdefault(edition, seq)
    out = []
    for lang in sorted(by_lang):
        editions = list(by_lang[lang])
        edition = of_its_day(editions, english)
        seq = by_lang[lang][edition]
        rows = store.query("SELECT number FROM rules WHERE edition = ? AND seq = ?", (edition.id, seq))
        out.append(Counterpart(edition, rows[0][0], "translation", urls.rule(lang, rows[0][0], edition),
                               english is not None and all_later(editions, english)))
    return out


def of_its_day(editions: list[Edition], english: Edition | None) -> Edition:
    """Of one language's ``editions`` (not empty), the one of the day of the English edition
    ``english``: a translation of it when there is one (the stored translation links), else the
    newest dated on or before it (for English: ``english`` itself when it is there); else the
    nearest after it, the oldest dated one (zh 2022-06-10 for en 2017-08-25: no Chinese edition
    is older; ``all_later`` tells); without ``english``, the newest dated one."""
    if english is None:
        return max(editions, key=lambda edition: (edition.effective_date is not None, edition.date_text))
    of_the_day = _of_the_day(editions, english)
    if of_the_day:
        return max(of_the_day, key=lambda edition: edition.date_text)
    return min(editions, key=lambda edition: (edition.effective_date is None, edition.date_text))


def all_later(editions: list[Edition], english: Edition) -> bool:
    """Whether none of one language's ``editions`` is of the day of the English edition
    ``english`` (``of_its_day`` then names the nearest after it: ja 2026-01-16 for en 2017-08-25)."""
    return bool(editions) and not _of_the_day(editions, english)


def _of_the_day(editions: list[Edition], english: Edition) -> list[Edition]:
    """Of ``editions``, the translations of ``english`` (stored links), else those dated on or before it."""
    of_english = set(_translating(english.id))
    exact = [edition for edition in editions if edition.id in of_english]
    return exact or [edition for edition in editions if edition.effective_date and edition.date_text <= english.date_text]


def english_of_its_day(edition: Edition) -> Edition | None:
    """The English edition ``edition`` goes with: itself for English; for a translation the
    English edition it translates or stands in for it (``english_stand_in``), else the English
    edition in force on its date; None for an undated text with neither, or a KB without English."""
    if edition.lang == "en":
        return edition
    found = english_stand_in(state.store(), edition)
    if found is None and edition.effective_date and "en" in state.store().languages():
        found = in_force("en", edition.date_text)
    return found


def _translating(english_id: str) -> list[str]:
    """The translation editions the stored links anchor on English edition ``english_id``, read
    once per build (a rule page asks for each language of its switcher and its translations line)."""
    kept = state.cache("translating")
    if english_id not in kept:
        rows = state.store().query("SELECT edition FROM links WHERE anchor = ? AND kind = 'translation'",
                                   (english_id,))
        kept[english_id] = [row[0] for row in rows]
    return kept[english_id]


def _counterpart(found: dict) -> Counterpart:
    store, urls = state.store(), state.urls()
    edition = store.edition(found["edition"])
    href = urls.rule(edition.lang, found["number"], edition) if found["number"] else None
    return Counterpart(edition, found["number"], found["change"], href)


def _text(edition_id: str, number: str) -> str:
    rows = state.store().query("SELECT title, text FROM rules WHERE edition = ? AND number = ? ORDER BY seq LIMIT 1",
                               (edition_id, number))
    return " ".join(t for t in rows[0] if t) if rows else ""


MAX_SUBRULES_CHECKED = 60
"""A translation's rule page checks its subrules' English rules for changes up to this many."""


@dataclass(frozen=True)
class EnglishChange:
    """A subrule of a translation's page whose English rule changed since: its ``number``, the
    English rule now (``now``) and the words changed (``diff``)."""

    number: str
    now: Counterpart
    diff: list[tuple[str, str]]


def english_changes_under(edition: Edition, rules: list) -> list[EnglishChange]:
    """For a translation's page showing ``rules`` (a rule and its subrules), the subrules whose
    English rule has changed since the translation (the first ``MAX_SUBRULES_CHECKED``)."""
    if edition.lang == "en":
        return []
    store = state.store()
    numbers_seq = store.query(
        f"SELECT number, seq FROM rules WHERE edition = ? AND number IN ({','.join('?' * len(rules[1:MAX_SUBRULES_CHECKED + 1]))})",
        (edition.id, *[r.number for r in rules[1:MAX_SUBRULES_CHECKED + 1]])) if len(rules) > 1 else []
    out = []
    for number, seq in numbers_seq:
        located = history.locate_seq(store, edition.id, seq)
        parts = history.counterparts(store, edition.lang, located) if located else []
        if len(parts) < 2 or parts[1]["change"] == "unchanged":
            continue
        now = _counterpart(parts[1])
        diff = word_diff(_text(parts[0]["edition"], parts[0]["number"]), _text(now.edition.id, now.number)) \
            if now.number and now.change in ("edited", "moved+edited") else []
        out.append(EnglishChange(number, now, diff))
    return out


def copy_of(edition: Edition) -> list[tuple[Edition, float]]:
    """The official editions an edition outside its language's chain (undated, or a second text of
    one date) matches, best first, with the share of its rules that are identical (0-1)."""
    store = state.store()
    rows = store.query("SELECT anchor, share FROM links WHERE edition = ? AND kind = 'copy' ORDER BY rank", (edition.id,))
    return [(store.edition(anchor), share) for anchor, share in rows]


def in_force(lang: str, date: str) -> Edition | None:
    """The edition of ``lang`` in force on ``date`` (``YYYY-MM-DD``): the latest dated edition
    effective on or before it; None before the first, or when ``date`` is no calendar date written
    ``YYYY-MM-DD`` (``2021-13-40``; the other ISO forms ``fromisoformat`` reads are no edition's)."""
    try:
        if datetime.date.fromisoformat(date).isoformat() != date:  # 20211120, 2021-W47-5: no YYYY-MM-DD
            return None
    except ValueError:
        return None
    dated = [e for e in state.store().editions(lang) if e.effective_date and e.date_text <= date]
    return dated[0] if dated else None


def number_now(edition: Edition, number: str, holding: list[Edition]) -> tuple[Edition, str, bool] | None:
    """Where the rule an earlier edition of the language numbered ``number`` is in ``edition``,
    which lacks the number (a link to 502.9a, Trample in 2009, finds 702.19a): ``(that earlier
    edition, the number in edition, False)``, or ``(…, True)`` for the rule holding its text when
    it was merged into another (713.12 of 2022-11-18 is part of 712.19); else where a later edition's
    rule of that number was in ``edition`` (``_number_then``); else, for a translation, the rule
    translating the English rule of that number (``_through_english``: /ko/cr/420.5e, the legend
    rule of en 2009-05-01, is ko 704.5j); None when none finds it. ``holding``: the editions holding
    ``number``, newest first (``Store.editions_having``)."""
    found = _number_in_language(edition, number, holding)
    if found is None and edition.lang != "en":
        return _through_english(edition, number, holding)
    return found


def _number_in_language(edition: Edition, number: str, holding: list[Edition]) -> tuple[Edition, str, bool] | None:
    """``number_now`` within the language of ``edition``."""
    store = state.store()
    earlier = [e for e in holding if e.lang == edition.lang and e.effective_date
               and edition.effective_date and e.effective_date < edition.effective_date]
    located = history.locate(store, earlier[0].id, number) if earlier else None
    if located is None:
        return _number_then(edition, number, holding)
    now = history.since(store, located, edition.id)
    if now.get("number"):
        return earlier[0], now["number"], False
    into = history.merged_since(store, located, edition.id)
    return (earlier[0], into["number"], True) if into and into.get("number") else _number_then(edition, number, holding)


def _through_english(translation: Edition, number: str, holding: list[Edition]) -> tuple[Edition, str, bool] | None:
    """``number_now`` of a translation lacking ``number`` that an English edition prints: the rule
    of ``translation`` that translates the newest English edition's rule ``number``, or the rule
    an older English edition numbered so as ``_number_in_language`` finds it there (``(that English
    edition, the number in translation, merged)``); None when the stored alignment joins no rule of
    ``translation`` to it."""
    store = state.store()
    if "en" not in store.languages():
        return None
    english = store.find_edition("en")
    found = (english, number, False) if any(e.id == english.id for e in holding) else \
        _number_in_language(english, number, holding)
    here = translated_number(english, found[1], translation) if found else None
    return (found[0], here, found[2]) if here else None


def _number_then(edition: Edition, number: str, holding: list[Edition]) -> tuple[Edition, str, bool] | None:
    """``number_now`` the other way: where the rule the newest edition of the language holding
    ``number`` numbers so was in ``edition`` (a link to today's 702.19b, trample's subrule, pinned to
    2004-02-01: 502.9b), by the stored alignment; None when it was not there."""
    later = [e for e in holding if e.lang == edition.lang and e.effective_date
             and edition.effective_date and e.effective_date > edition.effective_date]
    if not later:
        return None
    then = history.everywhere(state.store(), later[0].id, number).get(edition.id)
    return (later[0], then, False) if then else None
