"""``crkb build`` and ``crkb serve``: the KB built from the seeds, the sources folder and SOURCES,
and the site served on it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ingest.build import build_kb
from ingest.home import BUNDLED_DATA, build_inputs, is_up_to_date, serve_inputs
from ingest.read.formats import MAX_BYTES
from ingest.report import format_report
from kb.store.layout import default_kb_dir
from cli import serving
from cli.options import clean_errors, kb_option

EXIT_SOURCES_FAILED = 1
"""``crkb build``: some sources failed, or nothing was built."""



@click.command()
@click.argument("sources", nargs=-1, type=click.Path(exists=True, path_type=Path))
@kb_option
@click.option("--json", "as_json", is_flag=True, help="Print the build report as JSON.")
@click.option("--partial", is_flag=True, help="Publish the sources that built even when others failed.")
@click.option("--only", is_flag=True, help="Build only SOURCES, without the seeds and the sources folder.")
@click.option("--max-mb", type=click.FloatRange(min=0, min_open=True), default=MAX_BYTES / 1e6, show_default=True,
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


@click.command()
@click.argument("sources", nargs=-1, type=click.Path(exists=True, path_type=Path))
@kb_option
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, type=int, show_default=True)
@click.option("--public-url", envvar="CRKB_PUBLIC_URL", default=None,
              help="The site's public address for absolute URLs (default http://HOST:PORT; env CRKB_PUBLIC_URL).")
@click.option("--threads", default=None, type=click.IntRange(min=1), help="Worker threads (default 8).")
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
