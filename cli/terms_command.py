"""``crkb terms QUERY [--limit N] [--json] [--kb DIR]``: the CR's terms in every language (the
term dictionary, ``kb.store.terms``), registered by cli.main. JSON: ``web.api.terms_shapes``."""

from __future__ import annotations

from pathlib import Path

import click

from kb.model import LANGUAGES
from kb.store.layout import current_build, default_kb_dir
from kb.store.read import Store
from kb.store.terms import TermDictionary
from web.api.terms_shapes import terms_json
from cli.options import clean_errors, kb_option, print_json


@click.command("terms")
@click.argument("query")
@click.option("--limit", default=10, show_default=True, type=click.IntRange(1, 100))
@click.option("--json", "as_json", is_flag=True, help="Print {query, concepts: [{concept, terms: {lang: [...]}}]}.")
@kb_option
@clean_errors
def terms(query: str, limit: int, as_json: bool, kb_dir: Path | None) -> None:
    """QUERY (a term in English, Korean, Japanese or Chinese) in every language: one line per
    concept, its terms per language with the rule each names and that rule's edition."""
    store = Store(current_build(kb_dir or default_kb_dir()).store)
    found = terms_json(TermDictionary(store), query.strip(), limit)
    if as_json:
        print_json(found)
        return
    if not found["concepts"]:
        raise click.ClickException(f"no term {query!r} in the KB's term dictionary")
    for concept in found["concepts"]:
        click.echo(concept["concept"])
        for lang in LANGUAGES:
            shown = [_term(t) for t in concept["terms"].get(lang, [])]
            if shown:
                click.echo(f"  {lang}  {', '.join(shown)}")


def _term(term: dict) -> str:
    """``돌진 [2021-11-19: 702.19]``: the term, its reading, and the rule it names in its edition
    (numbers move between editions, so a bare number would mislead)."""
    reading = f" ({term['reading']})" if term["reading"] else ""
    edition = term["edition"].removeprefix(term["edition"].split("-")[0] + "-")
    where = f" [{edition}: {term['number']}]" if term["number"] else ""
    return f"{term['term']}{reading}{where}"
