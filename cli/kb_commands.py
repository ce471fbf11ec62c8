"""``crkb editions``, ``crkb export`` and ``crkb show``: what the KB in place holds."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ingest.report import table
from kb import numbers
from kb.errors import EditionNotFound, RuleNotFound
from kb.model import Edition
from kb.store.layout import default_kb_dir
from kb.store.read import Store
from web.api.history_shapes import edition_matches
from web.api.shapes import edition_summaries, export_json, rule_json
from cli.export_command import export_site_command
from cli.options import clean_errors, kb_option, kb_store, language, print_json


@click.command()
@kb_option
@click.option("--lang", callback=language(), default=None, help="Only this language (en, ko, ja, zh).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: [{id, lang, effective_date, title, rules, sources}]; undated "
              "editions also give matches: [{edition, share}] (the official editions they match, best first).")
@clean_errors
def editions(kb_dir: Path | None, lang: str | None, as_json: bool) -> None:
    """List the editions of the KB: newest first, undated last."""
    store = kb_store(kb_dir)
    rows = edition_summaries(store, lang)
    matches = edition_matches(store)
    for row in rows:
        if row["effective_date"] is None:
            row["matches"] = matches.get(row["id"], [])
    if as_json:
        print_json(rows)
        return
    header = ("id", "lang", "effective", "rules", "title", "sources")
    click.echo(table([header] + [
        (r["id"], r["lang"], _effective(r), r["rules"], r["title"], ", ".join(r["sources"]))
        for r in rows
    ], right=[3]))


def _effective(row: dict) -> str:
    """An edition's effective date as the tables print it, ``(partial)`` after a cut text's."""
    return (row["effective_date"] or "undated") + (" (partial)" if row.get("partial") else "")


@click.command()
@click.argument("directory", required=False, type=click.Path(file_okay=False, path_type=Path))
@kb_option
@click.option("--lang", callback=language(), default=None, help="Language of the edition (en, ko, ja, zh).")
@click.option("--edition", "wanted", default=None, help="Edition id or effective date (default: the newest).")
@click.option("--format", "fmt", type=click.Choice(["json", "site"]), default="json", show_default=True,
              help="json: one edition; site: the whole site as static files into DIRECTORY.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write to this file instead of standard output.")
@click.option("--no-search", is_flag=True, help="site: do not build the static search (Pagefind).")
@click.option("--json", "as_json", is_flag=True, help="site: print the export report as JSON.")
@clean_errors
def export(directory: Path | None, kb_dir: Path | None, lang: str | None, wanted: str | None, fmt: str,
           output: Path | None, no_search: bool, as_json: bool) -> None:
    """Export one edition (--format json): its rules in document order and its glossary; or the
    whole site (--format site DIRECTORY) as files any static web server can host, rewriting only
    the files that changed since the last export into DIRECTORY.

    A date that names several editions of a language is an error listing their ids."""
    if fmt == "site":
        if directory is None:
            raise click.UsageError("--format site needs a DIRECTORY")
        export_site_command(kb_dir or default_kb_dir(), directory, search=not no_search, as_json=as_json)
        return
    if directory is not None:
        raise click.UsageError("DIRECTORY is for --format site; --format json writes to standard output or -o FILE")
    if lang is None and wanted is None:
        raise click.UsageError("give --lang, --edition or both")
    store = kb_store(kb_dir)
    data = json.dumps(export_json(store, store.find_edition(lang, wanted)), ensure_ascii=False, indent=1)
    if output is None:
        click.echo(data)
    else:
        output.write_text(data + "\n", encoding="utf-8")


@click.command()
@click.argument("number")
@kb_option
@click.option("--lang", callback=language(), default=None, help="Language (default: en when the KB has it).")
@click.option("--edition", "wanted", default=None, help="Edition id or effective date (default: the newest).")
@click.option("--json", "as_json", is_flag=True, help="Print the rule view as JSON (as /api/v1/rules/...).")
@clean_errors
def show(number: str, kb_dir: Path | None, lang: str | None, wanted: str | None, as_json: bool) -> None:
    """Show rule NUMBER (any common spelling: 702.19b, 702.19B., CR702.19b, R70219b) with its
    subrules, examples, references and the rules that cite it."""
    canonical = numbers.parse_number(number)
    if canonical is None:
        raise click.ClickException(f"not a rule number: {number!r}")
    store = kb_store(kb_dir)
    written_in = numbers.prefix_language(number)  # 규칙 100.1: the Korean rule
    if lang is None and written_in in store.languages():
        lang = written_in
    edition = _edition_shown(store, lang, wanted)
    try:
        found = rule_json(store, edition, canonical)
    except RuleNotFound as err:
        near = store.nearest_numbers(edition.id, canonical)
        raise click.ClickException(f"{err}" + (f" (nearby: {', '.join(near)})" if near else "")) from None
    if as_json:
        print_json(found)
    else:
        click.echo(_rule_text(found))


def _edition_shown(store: Store, lang: str | None, wanted: str | None) -> Edition:
    """The edition ``show`` reads: ``wanted`` (id or date; None: the newest) of ``lang``; without
    ``lang``, a date of English (or the KB's first language) first, then of any language that has
    it alone (2021-11-19 names an English and a Korean edition: the English one). Raises as
    ``Store.find_edition`` does."""
    if lang is not None or any(e.id == wanted for e in store.editions()):
        return store.find_edition(lang, wanted)
    default = "en" if "en" in store.languages() else (store.languages() or [None])[0]
    try:
        return store.find_edition(default, wanted)
    except EditionNotFound:
        if wanted is None:
            raise
        return store.find_edition(None, wanted)


def _rule_text(view: dict) -> str:
    edition = view["edition"]
    partial = " (partial: the text ends early)" if edition.get("partial") else ""
    lines = [f"{view['number']}  [{edition['id']}: {edition['title']}]{partial}", ""]
    for rule in [view, *view["subrules"]]:
        lines.append(f"{rule['number']} {rule['text']}" if rule is not view else view["text"])
        lines += [f"    Example: {ex['text']}" for ex in rule["examples"]]
    refs = dict.fromkeys(t for r in view["references"] for t in r["targets"])
    if refs:
        lines += ["", "References: " + ", ".join(refs)]
    if view["cited_by"]:
        lines += ["", "Cited by: " + ", ".join(r["number"] for r in view["cited_by"])]
    if view["glossary_cited_by"]:
        lines += ["Glossary: " + ", ".join(view["glossary_cited_by"])]
    return "\n".join(lines)
