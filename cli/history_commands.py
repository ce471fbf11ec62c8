"""``crkb history`` and ``crkb changes``: rule history from the command line (registered by
cli.main; the shapes are ``web.api.history_shapes``'s, a contract other tools read).

``crkb history NUMBER --lang L [--edition E] [--json]``: every edition the rule existed in, its
number there and what changed, and (for a translation) its English rule then and now.
``crkb changes OLD NEW --lang L [--json]``: created, removed, moved and edited rules between two
editions (ids or effective dates) of one language.
"""

from __future__ import annotations

from pathlib import Path

import click

from kb import numbers
from web.api.history_shapes import changes_json, history_json
from cli.options import clean_errors, kb_option, kb_store, language, print_json


@click.command("history")
@click.argument("number")
@click.option("--lang", callback=language(), default="en", show_default=True, help="Language (en, ko, ja, zh).")
@click.option("--edition", "wanted", default=None, help="Edition id or effective date (default: the newest).")
@click.option("--json", "as_json", is_flag=True, help="Print {lang, edition, number, steps, counterparts}.")
@kb_option
@clean_errors
def history(number: str, lang: str, wanted: str | None, as_json: bool, kb_dir: Path | None) -> None:
    """The history of rule NUMBER through every edition of its language, oldest first."""
    canonical = numbers.parse_number(number)
    if canonical is None:
        raise click.ClickException(f"not a rule number: {number!r}")
    store = kb_store(kb_dir)
    found = history_json(store, store.find_edition(lang, wanted), canonical)
    if as_json:
        print_json(found)
        return
    lines = [f"{found['number']} [{found['edition']}]"]
    for step in found["steps"]:
        part = step.get("split_from") or step.get("merged_into")
        note = f" ({'split from' if 'split_from' in step else 'merged into'} {part['number']} of " \
               f"{part['effective_date'] or part['edition']})" if part else ""
        lines.append(f"  {step['effective_date'] or 'undated':10}  {step['number'] or '-':9} {step['change']}{note}")
    for c in found["counterparts"]:
        lines.append(f"  = {c['lang']} {c['edition']} {c['number'] or '-'} ({c['change']})")
    click.echo("\n".join(lines))


@click.command("changes")
@click.argument("old")
@click.argument("new")
@click.option("--lang", callback=language(), default="en", show_default=True, help="Language of both editions.")
@click.option("--json", "as_json", is_flag=True, help="Print {lang, old, new, counts, rules, outside}.")
@kb_option
@clean_errors
def changes(old: str, new: str, lang: str, as_json: bool, kb_dir: Path | None) -> None:
    """What changed from edition OLD to edition NEW (ids or effective dates) of one language."""
    store = kb_store(kb_dir)
    found = changes_json(store, store.find_edition(lang, old).id, store.find_edition(lang, new).id)
    if as_json:
        print_json(found)
        return
    counts = ", ".join(f"{n} {change}" for change, n in found["counts"].items())
    lines = [f"{found['old']} -> {found['new']}: {counts}"]
    if found["outside"]:
        lines.append(f"  ({found['outside']} rules an excerpt lacks are not listed as created or removed)")
    for rule in found["rules"]:
        arrow = f"{rule['old'] or '-'} -> {rule['new'] or '-'}"
        lines.append(f"  {rule['change']:13} {arrow:22} {' (references only)' if rule['refs_only'] else ''}".rstrip())
        if rule.get("diff") and not rule["refs_only"]:
            lines.append(f"      {diff_text(rule['diff'])}")
    click.echo("\n".join(lines))


CONTEXT_WORDS = 6
"""Words kept on each side of a change in ``diff_text`` (the rest of an unchanged run is ``…``)."""


def diff_text(diff: list[list[str]]) -> str:
    """A word-level diff (``[[op, text]]``, op ``=``, ``-`` or ``+``: ``kb.diff``) as one line,
    wdiff style: ``… the player[-or planeswalker-]{+, planeswalker, or battle+} the creature …``,
    an unchanged run cut to ``CONTEXT_WORDS`` words beside each change."""
    out = []
    for index, (op, text) in enumerate(diff):
        if op == "-":
            out.append(f"[-{text}-]")
        elif op == "+":
            out.append(f"{{+{text}+}}")
        else:
            out.append(_context(text, index > 0, index < len(diff) - 1))
    return "".join(out).strip()


def _context(text: str, after_change: bool, before_change: bool) -> str:
    """An unchanged run: its first words after a change, its last before one, both between two."""
    words, keep = text.split(" "), CONTEXT_WORDS
    if after_change and before_change and len(words) > 2 * keep + 1:
        return " ".join(words[:keep]) + " … " + " ".join(words[-keep:])
    if after_change and not before_change and len(words) > keep + 1:
        return " ".join(words[:keep]) + " …"
    if before_change and not after_change and len(words) > keep + 1:
        return "… " + " ".join(words[-keep:])
    return text
