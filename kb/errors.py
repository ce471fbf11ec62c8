"""Errors of the knowledge base, each carrying what was asked for."""

from __future__ import annotations


class KBError(Exception):
    """Base class of knowledge-base errors."""


class KBMissing(KBError):
    """No knowledge base at the given folder (``crkb build`` makes one)."""

    def __init__(self, path: str) -> None:
        super().__init__(f"no knowledge base at {path}: run 'crkb build' first")
        self.path = path


class EditionNotFound(KBError):
    """No edition of ``lang`` matches ``wanted`` (an id, a date or None for the newest)."""

    def __init__(self, lang: str | None, wanted: str | None) -> None:
        super().__init__(f"no edition {wanted or '(newest)'} in language {lang or '(any)'}")
        self.lang = lang
        self.wanted = wanted


class AmbiguousEdition(KBError):
    """A date names more than one edition of a language; ``ids`` are the candidates."""

    def __init__(self, lang: str | None, wanted: str, ids: list[str]) -> None:
        super().__init__(f"{wanted} names several {lang or ''} editions: {', '.join(ids)}")
        self.lang = lang
        self.wanted = wanted
        self.ids = ids


class RuleNotFound(KBError):
    """Rule ``number`` is not in edition ``edition`` of language ``lang``."""

    def __init__(self, lang: str, edition: str, number: str) -> None:
        super().__init__(f"rule {number} not found in {lang} edition {edition}")
        self.lang = lang
        self.edition = edition
        self.number = number


class RuleUnaligned(RuleNotFound):
    """Rule ``number`` is in edition ``edition``, a copy aligned to no dated edition of ``lang``
    (an undated text matching none): it has no history."""

    def __init__(self, lang: str, edition: str, number: str) -> None:
        super().__init__(lang, edition, number)
        self.args = (f"rule {number} of {edition} has no history: this copy matches no dated {lang} edition",)


class Outdated(KBError):
    """A file of the KB at ``path`` was written with schema ``found`` (None: unknown), not the
    ``wanted`` one this crkb reads: the KB must be rebuilt (``crkb build``)."""

    what = "KB file"
    schema = "KB"

    def __init__(self, path: str, found: int | str | None, wanted: int | str) -> None:
        super().__init__(
            f"the {self.what} at {path} has {self.schema} schema {found}, this crkb reads schema {wanted}: "
            "rebuild the KB (crkb build)"
        )
        self.path = path
        self.found = found
        self.wanted = wanted


class IndexOutdated(Outdated):
    """The search index was written with another index schema (an int)."""

    what = "search index"
    schema = "index"


class StoreOutdated(Outdated):
    """The store was written with another store schema (a string)."""

    what = "store"
    schema = "store"


class NotAligned(KBError):
    """Two editions asked to be compared are not in one language's chain. ``kind`` says why, one
    of ``REASONS``' keys; ``edition`` is the edition it is about (for ``undated``, ``copy``,
    ``unchained``), ``chained`` the chain's edition of its ``date`` (for ``copy``); ``reason``
    is the English sentence."""

    REASONS = {
        "undated": "{edition} is undated (only dated editions are compared)",
        "copy": "{edition} is another copy of the edition of {date}: compare {chained}",
        "unchained": "{edition} is in no chain of dated editions",
        "languages": "both must be editions of one language",
        "same": "both name the same edition",
        "order": "the first must be the earlier edition",
    }

    def __init__(self, old: str, new: str, kind: str, edition: str = "", chained: str = "", date: str = "") -> None:
        self.old, self.new, self.kind, self.edition, self.chained, self.date = old, new, kind, edition, chained, date
        self.reason = self.REASONS[kind].format(edition=edition, chained=chained, date=date)
        super().__init__(f"cannot list the changes from {old} to {new}: {self.reason}")
