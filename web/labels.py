"""How the site names an edition, so that two editions of one language never look alike.

An edition is named by its effective date, plus what its id adds to ``<lang>-<date>`` when it
has more: ``2021-02-15`` (``ko-2021-02-15``), ``2021-02-15 · dbyll`` (``ko-2021-02-15-dbyll``, a
variant), ``undated · 000…`` (``ko-undated-000-81dc8df3711c17ec``: a long hexadecimal tail is cut
to ``…``). When cutting makes two editions of one language look alike, both keep their whole
tail. Every page that lists or names an edition (rule switcher, compare columns, home, the 300
choice page, 404 suggestions, search hits, glossary) uses ``EditionLabels``: one per app
(``app.extensions["crkb.labels"]``, the template global ``labels``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from flask_babel import gettext

from kb.model import Edition

SEPARATOR = " · "
_HEX_TAIL = re.compile(r"(?P<head>.*?)[-_]?(?P<hex>(?=[0-9]*[a-f])[0-9a-f]{8,})$")
"""A hash-like tail (``-81dc8df3711c17ec``): eight or more hexadecimal digits, at least one a letter."""


class EditionLabels:
    """The names of a KB's editions, fixed when made (the KB never changes under an app)."""

    def __init__(self, editions: Iterable[Edition]) -> None:
        editions = list(editions)
        short = {e.id: _label(e, shorten=True) for e in editions}
        clashes = Counter((e.lang, short[e.id]) for e in editions)
        self._names = {
            e.id: short[e.id] if clashes[(e.lang, short[e.id])] == 1 else _label(e, shorten=False) for e in editions
        }

    def name(self, edition: Edition) -> str:
        """A short name, unique within the edition's language: ``2021-02-15 · dbyll``,
        ``undated · 000…`` (``undated`` in the page's language), ``2026-01-16``. An edition the KB
        does not hold is named the same way."""
        name = self._names.get(edition.id) or _label(edition, shorten=False)
        if edition.effective_date is None:  # the name opens with date_text, "undated"
            return gettext("undated") + name[len(edition.date_text):]
        return name

    def phrase(self, edition: Edition) -> str:
        """The name as words after "the edition": ``effective 2021-02-15 · dbyll``, ``undated · 000…``."""
        name = self.name(edition)
        return gettext("effective %(name)s", name=name) if edition.effective_date else name


def _label(edition: Edition, *, shorten: bool) -> str:
    tail = edition.id.removeprefix(f"{edition.lang}-{edition.date_text}").lstrip("-")
    if not tail:
        return edition.date_text
    if shorten and (cut := _HEX_TAIL.match(tail)):
        tail = (cut.group("head") or cut.group("hex")[:6]) + "…"
    return edition.date_text + SEPARATOR + tail
