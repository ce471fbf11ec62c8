"""``crkb search`` and ``crkb eval``: the search from the command line (registered by cli.main).

``crkb search QUERY [--lang L] [--edition E] [--section S] [--limit N] [--json] [--kb DIR]``
prints hits best first (JSON: ``[{"number", "lang", "edition", "title", "snippet", "score"}]``,
snippets are escaped HTML with ``<mark>`` around matches). ``crkb eval QUERIES.tsv [--kb DIR]``
prints MRR@10 and recall@10 over a judged query file (``search.evaluate``) and the misses.
Errors print one line and exit 1.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import click

from search.baseline import Fts5Baseline
from search.card_list import CardList
from search.evaluate import EvalResult, QueryResult, evaluate, evaluate_with, read_queries
from kb.model import ALL_LANGUAGES
from kb.store.layout import current_build, default_kb_dir
from search.searcher import Searcher, open_searcher
from cli.options import clean_errors, kb_option, language, print_json, rule_number

_TAG = re.compile(r"<[^>]+>")


def _searcher(kb_dir: Path | None) -> Searcher:
    return open_searcher(current_build(kb_dir or default_kb_dir()))


@click.command("search")
@click.argument("query")
@click.option("--lang", callback=language(allow_all=True), default=None,
              help="Language of the results (en, ko, ja, zh; the query may be in any); all: every "
              "language, each one's best hits first; default: the query's own languages first, the others after.")
@click.option("--edition", default=None, help="Edition id or effective date (default: the newest of the language).")
@click.option("--section", callback=rule_number, default=None, help="Only rules under this section or rule number (7, 702).")
@click.option("--limit", default=10, show_default=True, type=click.IntRange(1, 1000))
@click.option("--json", "as_json", is_flag=True, help="Print JSON hits, best first.")
@kb_option
@clean_errors
def search_command(
    query: str, lang: str | None, edition: str | None, section: str | None, limit: int, as_json: bool,
    kb_dir: Path | None,
) -> None:
    """Search the rules for QUERY: words, a "quoted phrase", or a rule number (702.19b, CR 704.5j)."""
    every = lang == ALL_LANGUAGES
    if not any(char.isalnum() for char in query):
        raise click.UsageError("the query has no word or number to search for", click.get_current_context())
    if every and edition:
        raise click.UsageError("--lang all searches each language's newest edition: leave out --edition, "
                               "or give the edition's language", click.get_current_context())
    hits = _searcher(kb_dir).find(query, lang=None if every else lang, edition=edition, section=section, limit=limit,
                                  every_language=every).hits
    if as_json:
        print_json([hit.as_dict() for hit in hits])
        return
    if not hits:
        click.echo("No rules found.")
    for hit in hits:
        title = f" ({hit.title})" if hit.title else ""
        click.echo(f"{hit.edition} {hit.number}{title}  [{hit.score:.2f}]")
        click.echo(f"    {_plain(hit.snippet)}")


@click.command("eval")
@click.argument("queries", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@kb_option
@clean_errors
def eval_command(queries: Path, kb_dir: Path | None) -> None:
    """Print MRR@10, hit@10 and share@10 of the search over QUERIES (lang<TAB>query<TAB>numbers),
    per ``# block:`` and beside an FTS5 BM25 baseline over the same editions, then the queries
    that missed."""
    searcher = _searcher(kb_dir)
    judged = read_queries(queries)
    result = evaluate(searcher, queries)
    baseline = Fts5Baseline(searcher.store, sorted({q.lang for q in judged}))
    base = evaluate_with(lambda q: baseline.search(q.query, q.lang), judged)
    click.echo(format_comparison(result, base))
    click.echo(card_list_line(searcher.cards))
    click.echo(format_eval(result))


def card_list_line(cards: CardList | None) -> str:
    """What the search knew of card names while it was measured (questions name cards)."""
    if cards is None:
        return "card list: none (card names in questions are left out; `crkb fetch --cards` gets one)"
    return f"card list: {len(cards):,} names (card names in questions are read as the cards' words)"


def format_comparison(result: EvalResult, base: EvalResult) -> str:
    """One line per block (and ``all``): the search's MRR@10, hit@10 and share@10 beside the
    baseline's."""
    lines = [f"{'block':<12} {'n':>4}  {'MRR@10':>7} {'hit@10':>7} {'share@10':>8}   "
             f"{'BM25 MRR':>8} {'hit@10':>7} {'share@10':>8}"]
    rows = [("all", result, base)]
    blocks, base_blocks = result.blocks(), base.blocks()
    if len(blocks) > 1 or "" not in blocks:
        rows += [(name or "-", found, base_blocks[name]) for name, found in blocks.items()]
    for name, ours, theirs in rows:
        lines.append(f"{name:<12} {len(ours.results):>4}  {ours.mrr_at_10:7.3f} {ours.hit_at_10:7.3f} "
                     f"{ours.recall_at_10:8.3f}   {theirs.mrr_at_10:8.3f} {theirs.hit_at_10:7.3f} "
                     f"{theirs.recall_at_10:8.3f}")
    return "\n".join(lines)


def format_eval(result: EvalResult) -> str:
    """The figures, one line per miss, then one per query found below rank 1 (rank, found
    numbers), as ``crkb eval`` prints them."""
    lines = [
        f"queries: {len(result.results)}",
        f"MRR@10: {result.mrr_at_10:.3f}",
        f"recall@10: {result.recall_at_10:.3f}",
    ]
    misses = result.misses
    lines.append(f"misses: {len(misses)}")
    lines += [_query_line(miss) for miss in misses]
    late = [r for r in result.results if r.rank is not None and r.rank > 1 and r not in misses]
    if late:
        lines.append(f"found, not first: {len(late)}")
        lines += [_query_line(r) for r in late]
    return "\n".join(lines)


def _query_line(found: QueryResult) -> str:
    judged = found.query
    expected = " ".join(e.number + ("*" if e.subrules else "") for e in judged.expected)
    rank = found.rank if found.rank is not None else "-"
    return (f"  line {judged.line}: {judged.lang} {judged.query!r} expected {expected}; "
            f"rank {rank}, recall {found.recall:.2f}; got {' '.join(found.found) or '(nothing)'}")


def _plain(snippet: str) -> str:
    """A snippet for the terminal: matches in [brackets], markup removed, entities decoded."""
    marked = snippet.replace("<mark>", "[").replace("</mark>", "]")
    return html.unescape(_TAG.sub("", marked))


search = search_command
"""The name ``cli.main`` registers (``main.add_command(search_commands.search)``)."""
eval = eval_command  # noqa: A001 - the name cli.main registers
