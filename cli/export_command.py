"""``crkb export --format site DIR``: the whole site as static files (``web.export``)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from kb.store.layout import current_build
from kb.store.read import Store
from web.app import create_app
from web.export.pagefind import index_site
from web.export.site import export_site


def export_site_command(kb_dir: Path, directory: Path, *, search: bool, as_json: bool) -> None:
    """Export the live build of ``kb_dir`` into ``directory`` and print what was done (pages,
    documents, files written/unchanged/removed, megabytes, seconds, paths that did not render)."""
    build = current_build(kb_dir)
    app = create_app({"STORE_PATH": str(build.store), "INDEX_DIR": str(build.index)})
    app.config["STATIC_EXPORT"] = True
    store = Store(build.store)
    report = export_site(app, store, directory)
    if search and (report.written or report.removed or not (directory / "pagefind").is_dir()):
        report.search = index_site(directory)
    if as_json:
        click.echo(json.dumps(report.to_dict(), ensure_ascii=False, indent=1))
        return
    click.echo(f"{report.pages} pages, {report.documents} documents: {report.written} files written, "
               f"{report.unchanged} unchanged, {report.removed} removed; {report.bytes / 1e6:.1f} MB "
               f"in {report.seconds:.1f} s" + (f"; search: {report.search}" if report.search else ""))
    for path, status in list(report.missing.items())[:10]:
        click.echo(f"  {status} {path}")
