"""A whoosh text field for text given as tokens already analysed, indexed without whoosh's token
objects: the build's hot loop (``search.index`` gives its text fields tokens separated by spaces).

``TokenText`` is ``whoosh.fields.TEXT`` with the space-separated tokenizer
(``search.analysis.token_analyzer``); its ``index`` gives whoosh exactly the postings ``TEXT``
gives for the same value (each token its positions, frequency and weight, encoded by the field's
``Positions`` format), computed with one regular-expression call per value instead of a
generator of ``Token`` objects per token: about a tenth of the index stage's CPU time. Searching
is unchanged (the field's analyzer is the same). The postings of a value are remembered (up to
``REMEMBERED`` values per process): the build indexes runs of consecutive editions, which repeat
most rules word for word.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from whoosh import formats
from whoosh.fields import TEXT

from search.analysis import token_analyzer

REMEMBERED = 50_000
"""Values whose postings ``TokenText.index`` keeps (about 50 MB at most); all are forgotten beyond."""
_TOKEN = re.compile(r"[^ \t\r\n]+")
"""A token: what ``whoosh.analysis.SpaceSeparatedTokenizer`` (``token_analyzer``) matches."""


class TokenText(TEXT):
    """A ``TEXT`` field (positions, scorable) whose values are tokens separated by spaces."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(analyzer=token_analyzer(), **kwargs)

    def index(self, value: Any, **kwargs: Any) -> Iterator[tuple[bytes, int, float, bytes]]:
        """``(token as UTF-8, frequency, weight, encoded positions)`` per distinct token of the
        string ``value``, in order of first occurrence, as ``TEXT.index`` gives them (weight: the
        frequency times the format's field boost). Other values go to ``TEXT.index``."""
        if not isinstance(value, str) or kwargs or not isinstance(self.format, formats.Positions):
            yield from super().index(value, **kwargs)
            return
        key = (value, self.format.field_boost)
        found = _REMEMBERED.get(key)
        if found is None:
            if len(_REMEMBERED) >= REMEMBERED:
                _REMEMBERED.clear()
            found = _REMEMBERED[key] = self._postings(value)
        yield from found

    def _postings(self, value: str) -> list[tuple[bytes, int, float, bytes]]:
        positions: dict[str, list[int]] = {}
        for at, token in enumerate(_TOKEN.findall(value)):
            found = positions.get(token)
            if found is None:
                positions[token] = [at]
            else:
                found.append(at)
        encode, boost = self.format.encode, self.format.field_boost
        return [(token.encode("utf-8"), len(found), float(len(found)) * boost, encode(found))
                for token, found in positions.items()]


_REMEMBERED: dict[tuple[str, float], list[tuple[bytes, int, float, bytes]]] = {}
