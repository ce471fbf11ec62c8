"""The ``crkb`` command line: build the KB, list editions, export an edition, show a rule, serve.

Every command takes ``--kb DIR`` (default ``$CRKB_HOME``, else ``~/.local/share/crkb``). Errors
print one line (``Error: ...``) and exit non-zero; no tracebacks.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ingest.build import build_kb
from ingest.home import BUNDLED_DATA, build_inputs, is_up_to_date, serve_inputs
from ingest.read.formats import MAX_BYTES
from ingest.report import format_report, table
from kb import numbers
from kb.errors import RuleNotFound
from kb.store.layout import current_build, default_kb_dir
from kb.store.read import Store
from web.api.history_shapes import edition_matches
from web.api.shapes import edition_summaries, export_json, rule_json
from cli import fetch_command, history_commands, search_commands, serving, terms_command
from cli.export_command import export_site_command
from cli.options import clean_errors, kb_option, print_json

EXIT_SOURCES_FAILED = 1
"""``crkb build``: some sources failed, or nothing was built."""


def _store(kb_dir: Path | None) -> Store:
    return Store(current_build(kb_dir or default_kb_dir()).store)


@click.group()
@click.version_option(package_name="crkb")
def main() -> None:
    """crkb: read, search and link the Magic: The Gathering Comprehensive Rules (en, ko, ja, zh)."""


@main.command()
@click.argument("sources", nargs=-1, type=click.Path(exists=True, path_type=Path))
@kb_option
@click.option("--json", "as_json", is_flag=True, help="Print the build report as JSON.")
@click.option("--partial", is_flag=True, help="Publish the sources that built even when others failed.")
@click.option("--only", is_flag=True, help="Build only SOURCES, without the seeds and the sources folder.")
@click.option("--max-mb", type=float, default=MAX_BYTES / 1e6, show_default=True,
              help="Refuse source files larger than this many megabytes.")
@clean_errors
def build(
    sources: tuple[Path, ...], kb_dir: Path | None, as_json: bool, partial: bool, only: bool, max_mb: float
) -> None:
    """Build the KB from the bundled seeds, every text in the sources folder (KB/sources, where
    `crkb fetch` writes) and SOURCES (files or folders, read recursively; a folder's manifest.toml
    is honoured); with --only, from SOURCES alone.

    The new KB is written beside the old one and switched to in one step, only when the whole
    build succeeded, so readers never see half a KB. A source that cannot be read is reported by
    name and the others are still built and reported; the KB in place then stays as it was,
    unless --partial publishes the sources that built.

    Exit code: 0 when every source built; 1 when some sources failed or nothing was built.
    """
    kb_dir = kb_dir or default_kb_dir()
    if only and not sources:
        raise click.UsageError("--only needs SOURCES")
    report = build_kb(
        build_inputs(kb_dir, sources, only), kb_dir, max_bytes=int(max_mb * 1e6), progress=None, partial=partial
    )
    data = report.to_dict()
    click.echo(json.dumps(data, ensure_ascii=False, indent=1) if as_json else format_report(data))
    if report.failed and report.editions:
        outcome = "the others are published" if report.published else "the KB in place is unchanged (--partial publishes the rest)"
        click.echo(f"Error: {len(report.failed)} source(s) failed; {outcome}.", err=True)
        sys.exit(EXIT_SOURCES_FAILED)
    if not report.published:
        click.echo("Error: nothing was built; the KB in place is unchanged.", err=True)
        sys.exit(EXIT_SOURCES_FAILED)


@main.command()
@kb_option
@click.option("--lang", default=None, help="Only this language (en, ko, ja, zh).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: [{id, lang, effective_date, title, rules, sources}]; undated "
              "editions also give matches: [{edition, share}] (the official editions they match, best first).")
@clean_errors
def editions(kb_dir: Path | None, lang: str | None, as_json: bool) -> None:
    """List the editions of the KB: newest first, undated last."""
    store = _store(kb_dir)
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
        (r["id"], r["lang"], r["effective_date"] or "undated", r["rules"], r["title"], ", ".join(r["sources"]))
        for r in rows
    ], right=[3]))


@main.command()
@click.argument("directory", required=False, type=click.Path(file_okay=False, path_type=Path))
@kb_option
@click.option("--lang", default=None, help="Language of the edition (en, ko, ja, zh).")
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
    if lang is None and wanted is None:
        raise click.UsageError("give --lang, --edition or both")
    store = _store(kb_dir)
    data = json.dumps(export_json(store, store.find_edition(lang, wanted)), ensure_ascii=False, indent=1)
    if output is None:
        click.echo(data)
    else:
        output.write_text(data + "\n", encoding="utf-8")


@main.command()
@click.argument("number")
@kb_option
@click.option("--lang", default=None, help="Language (default: en when the KB has it).")
@click.option("--edition", "wanted", default=None, help="Edition id or effective date (default: the newest).")
@click.option("--json", "as_json", is_flag=True, help="Print the rule view as JSON (as /api/v1/rules/...).")
@clean_errors
def show(number: str, kb_dir: Path | None, lang: str | None, wanted: str | None, as_json: bool) -> None:
    """Show rule NUMBER (any common spelling: 702.19b, 702.19B., CR702.19b, R70219b) with its
    subrules, examples, references and the rules that cite it."""
    canonical = numbers.parse_number(number)
    if canonical is None:
        raise click.ClickException(f"not a rule number: {number!r}")
    store = _store(kb_dir)
    if lang is None and wanted is None:
        lang = "en" if "en" in store.languages() else (store.languages() or [None])[0]
    edition = store.find_edition(lang, wanted)
    try:
        found = rule_json(store, edition, canonical)
    except RuleNotFound as err:
        near = store.nearest_numbers(edition.id, canonical)
        raise click.ClickException(f"{err}" + (f" (nearby: {', '.join(near)})" if near else "")) from None
    if as_json:
        print_json(found)
    else:
        click.echo(_rule_text(found))


def _rule_text(view: dict) -> str:
    edition = view["edition"]
    lines = [f"{view['number']}  [{edition['id']}: {edition['title']}]", ""]
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


@main.command()
@click.argument("sources", nargs=-1, type=click.Path(exists=True, path_type=Path))
@kb_option
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, type=int, show_default=True)
@click.option("--public-url", envvar="CRKB_PUBLIC_URL", default=None,
              help="The site's public address for absolute URLs (default http://HOST:PORT; env CRKB_PUBLIC_URL).")
@click.option("--threads", default=None, type=int, help="Worker threads (default 8).")
@click.option("--quiet", is_flag=True, help="No access log (one JSON line per request on standard error).")
@clean_errors
def serve(sources: tuple[Path, ...], kb_dir: Path | None, host: str, port: int, public_url: str | None,
          threads: int | None, quiet: bool) -> None:
    """Serve the site (waitress) on the bundled seeds, every text in the sources folder and
    SOURCES (files or folders, e.g. ../shared/corpus).

    The KB is (re)built first when these texts are not what the KB in place was built from; a
    source that cannot be read is left out with one line saying why, and the rest is served.
    Without SOURCES, the paths the KB in place was built from are served again (``crkb build
    ../shared/corpus``, then ``crkb serve``: the corpus); one built with ``crkb build --only
    PATHS`` is served from those PATHS alone."""
    kb_dir = kb_dir or default_kb_dir()
    inputs = serve_inputs(kb_dir, sources)
    if not is_up_to_date(kb_dir, inputs):
        named = ["the bundled seeds", *(str(p) for p in inputs[1:])] if inputs[0] == BUNDLED_DATA else \
            [str(p) for p in inputs]
        click.echo(f"Building the KB at {kb_dir} from {', '.join(named)} first.", err=True)
        report = build_kb(inputs, kb_dir, progress=None, partial=True)
        for source in report.failed:
            click.echo(f"Left out: {source.error}", err=True)
        if not report.published:
            raise click.ClickException("nothing could be built:\n" + format_report(report.to_dict()))
    from web.app import create_app
    from web.warm import warm

    address = serving.public_url_for(host, port, public_url)
    app = create_app({"KB_DIR": str(kb_dir), "PUBLIC_URL": address})
    warm(app)  # the first searches of each language, in the background
    click.echo(f"Serving crkb on http://{host}:{port}/ as {address}/ (KB {kb_dir}); Ctrl+C to stop.")
    serving.run(app, host, port, threads, access_log=not quiet)


main.add_command(search_commands.search)
main.add_command(search_commands.eval)
main.add_command(fetch_command.fetch)
main.add_command(history_commands.history)
main.add_command(history_commands.changes)
main.add_command(terms_command.terms)
