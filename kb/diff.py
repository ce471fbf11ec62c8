"""Word-level differences between two texts of a rule (difflib), for history and changes.

``word_diff(old, new)`` returns ``[(op, words)]`` where ``op`` is ``"="`` (in both), ``"-"``
(only in the old text) or ``"+"`` (only in the new text) and ``words`` the text of that run,
whitespace included, so joining the ``=`` and ``-`` runs gives back ``old`` and joining the ``=``
and ``+`` runs gives back ``new``.
"""

from __future__ import annotations

import difflib
import re

_TOKEN = re.compile(r"\s+|\w+|[^\w\s]", re.UNICODE)


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text or "")


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """The runs of words kept, removed and added from ``old`` to ``new`` (see the module doc)."""
    a, b = _tokens(old), _tokens(new)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    runs: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            _add(runs, "=", "".join(a[i1:i2]))
            continue
        _add(runs, "-", "".join(a[i1:i2]))
        _add(runs, "+", "".join(b[j1:j2]))
    return runs


def _add(runs: list[tuple[str, str]], op: str, text: str) -> None:
    if not text:
        return
    if runs and runs[-1][0] == op:
        runs[-1] = (op, runs[-1][1] + text)
    else:
        runs.append((op, text))


def words_changed(runs: list[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """``(removed, added)``: the non-blank runs of a ``word_diff``, stripped."""
    removed = [t.strip() for op, t in runs if op == "-" and t.strip()]
    added = [t.strip() for op, t in runs if op == "+" and t.strip()]
    return removed, added
