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


def in_context(runs: list[tuple[str, str]], words: int = 4) -> list[tuple[str, str]]:
    """``runs`` (``word_diff``'s) with each kept run cut to the ``words`` words next to the changes
    around it, ``…`` standing for what is cut: a summary of what changed that still reads
    (``… damage to a planeswalker[, or battle] and more …``) where the changes alone are fragments."""
    out: list[tuple[str, str]] = []
    for index, (op, text) in enumerate(runs):
        parts = _WORD.findall(text)
        head = words if index > 0 else 0  # the words after the change before
        tail = words if index < len(runs) - 1 else 0  # the words before the change after
        if op != "=" or len(parts) <= head + tail:
            out.append((op, text))
            continue
        kept_head, kept_tail = "".join(parts[:head]), "".join(parts[len(parts) - tail:])
        out.append((op, f"{kept_head.rstrip()} … {kept_tail.lstrip()}".strip()
                    if head and tail else f"{kept_head.rstrip()} …" if head else f"… {kept_tail.lstrip()}"))
    return out


_WORD = re.compile(r"\s*\S+\s*|\s+")
