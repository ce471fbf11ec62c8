"""One edition built from its plan: its files read (decoded), parsed, and the edition annotated.

``build_edition`` is what the build runs per edition, in the main process or in a worker process
(``ingest.pipeline``): it reads every file of the plan (``ingest.read.formats.read_source``),
detects language, date and title (``ingest.plan.edition_meta``, manifest hints only filling
gaps), parses rules and glossary (``ingest.parse.parser.parse_rules``) and annotates the edition
(``ingest.annotate``: references, defined terms, glossary names, spelling vocabulary). A file that
cannot be read is reported failed by name; anything unexpected raises ``BuildCrashed`` naming the
file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from ingest.annotate import annotate_edition
from ingest.parse.parser import ContentsTitle, contents_titles, parse_rules
from ingest.partial import TRUNCATED
from ingest.plan import EditionPlan, SourcePlan, edition_id, edition_meta
from ingest.read.formats import MAX_BYTES, read_source
from ingest.report import SourceReport
from ingest.sources import BuildCrashed, Diagnostic, SourceError, SourceText, display_path
from ingest.stages import StageTimer
from kb import numbers
from kb.model import Edition, EditionText, GlossaryEntry, Rule


@dataclass(frozen=True)
class ParsedSource:
    """What one file gave: rules in document order, glossary entries, the parser's diagnostics."""

    rules: list[Rule]
    glossary: list[GlossaryEntry]
    diagnostics: list[Diagnostic]


@dataclass(frozen=True)
class BuiltEdition:
    """An edition built from its plan: the annotated edition (None when none of its files gave
    rules) and one report per file."""

    text: EditionText | None
    reports: list[SourceReport]


def build_edition(
    plan: EditionPlan, taken: set[str], max_bytes: int = MAX_BYTES, timer: StageTimer | None = None
) -> BuiltEdition:
    """Read, parse and annotate one planned edition; its id avoids the ids in ``taken``.

    Returns the annotated edition (rules in document order, files in plan order), or None when
    none of its files gave rules, and one ``SourceReport`` per file. A file that cannot be read
    (``SourceError``, ``OSError``) is reported failed; any other error raises ``BuildCrashed``
    naming the file. ``timer`` gets the seconds spent decoding, parsing and annotating
    (``references``).
    """
    timer = timer or StageTimer()
    reports = {p.path: SourceReport(str(p.path), display_path(p.path), provenance=p.hints.provenance) for p in plan.all_files}
    with timer("decode"):
        texts = _read_files(plan, reports, max_bytes)
    head = plan.metadata or plan.files[0]
    if head.path not in texts:
        for source in plan.all_files[1:] if plan.metadata else ():
            reports[source.path].fail(f"not built: the edition's metadata file {head.path.name} failed")
        return BuiltEdition(None, list(reports.values()))
    meta = _guarded(head.path, lambda: edition_meta(texts[head.path], head, reports[head.path]))
    if meta is None:
        return BuiltEdition(None, list(reports.values()))
    with timer("parse"):
        parsed = _parse_files(plan, texts, meta.lang, reports)
    if not parsed:
        return BuiltEdition(None, list(reports.values()))
    names = [texts[p.path].name for p in plan.all_files if p.path in parsed or p == plan.metadata]
    variant = plan.variant or head.hints.variant
    eid = edition_id(meta.lang, meta.effective_date, variant, head.path.stem, taken)
    edition = Edition(eid, meta.lang, meta.effective_date, meta.title, tuple(names))
    rules = [rule for p in parsed.values() for rule in p.rules]
    glossary = [entry for p in parsed.values() for entry in p.glossary]
    with timer("references"):
        text = _guarded(head.path, lambda: annotate_edition(edition, rules, glossary))
    for source, annotated in _per_file(parsed, text).items():
        reports[source].add_parsed(*annotated)
    for source in plan.all_files:
        _fill_report(reports[source.path], texts.get(source.path), parsed.get(source.path), edition)
    return BuiltEdition(text, list(reports.values()))


def _per_file(parsed: dict[Path, ParsedSource], text: EditionText) -> dict[Path, tuple[list, list]]:
    """The annotated rules and glossary entries of each parsed file (they are in file order)."""
    out, rule_at, entry_at = {}, 0, 0
    for path, found in parsed.items():
        rules = list(text.rules[rule_at : rule_at + len(found.rules)])
        entries = list(text.glossary[entry_at : entry_at + len(found.glossary)])
        out[path] = (rules, entries)
        rule_at, entry_at = rule_at + len(rules), entry_at + len(entries)
    return out


def _read_files(plan: EditionPlan, reports: dict[Path, SourceReport], max_bytes: int) -> dict[Path, SourceText]:
    """Read every file of the plan; a file that cannot be read is failed in its report."""
    texts: dict[Path, SourceText] = {}
    for source in plan.all_files:
        try:
            texts[source.path] = _guarded(source.path, lambda: read_checked(source, max_bytes))
        except (SourceError, OSError) as err:
            reports[source.path].fail(_message(source.path, err))
    return texts


WHOLE_TEXTS = ("official-text", "hard-wrapped-text")
"""Formats of a whole official text, whose glossary and credits must come (else ``TRUNCATED``): a
cut English file, one a paragraph a line or wrapped (2003-2004, or a copy through ``fmt``)."""


def _parse_files(
    plan: EditionPlan, texts: dict[Path, SourceText], lang: str, reports: dict[Path, SourceReport]
) -> dict[Path, ParsedSource]:
    """Parse the plan's read files (not the metadata file, whose contents list may give English
    titles); a file that gives no rules is failed."""
    parsed = {}
    index = texts.get(plan.metadata.path) if plan.metadata else None
    contents_en = contents_titles(index.paragraphs, lang) if index else {}
    for source in plan.files:
        if source.path not in texts:
            continue
        text = texts[source.path]
        result = _guarded(source.path, lambda: parse_source(text, lang, contents_en))
        problem = check_parsed(text, result.rules, result.glossary, result.diagnostics)
        if problem:
            reports[source.path].fail(f"{display_path(source.path)}: {problem}")
            continue
        if text.format in WHOLE_TEXTS and not any(d.kind == "back-matter" for d in result.diagnostics):
            reports[source.path].warnings.append(TRUNCATED)
            reports[source.path].ends_at = text.text.rstrip().count("\n") + 1  # its last line with text
        parsed[source.path] = result
    return parsed


def read_checked(source: SourcePlan, max_bytes: int = MAX_BYTES) -> SourceText:
    """Read one file with ``read_source`` after checking it is not empty nor over ``max_bytes``
    bytes; the manifest's format hint is passed on. Raises ``SourceError`` (with the plan's own
    ``SourcePlan.error`` first)."""
    if source.error is not None:
        raise SourceError(display_path(source.path), None, source.error)
    size = source.path.stat().st_size
    if size == 0:
        raise SourceError(display_path(source.path), None, "empty file")
    if size > max_bytes:
        raise SourceError(
            display_path(source.path), None, f"{size:,} bytes is over the {max_bytes:,}-byte limit for one source"
        )
    return read_source(source.path, fmt=source.hints.format)


def check_parsed(text: SourceText, rules: list[Rule], glossary: list[GlossaryEntry], diagnostics: list) -> str | None:
    """Why a parsed source cannot make (part of) an edition, or None: no rules at all, or only
    section and three-digit headings (a contents list, or a file cut before its first rule)."""
    if not rules and not glossary:
        return f"no rules found (read as {text.format})"
    if not any(numbers.level(rule.number) >= 2 for rule in rules):
        return f"no numbered rules, only {len(rules)} headings (a truncated file, or only a contents list?)"
    return None


def parse_source(text: SourceText, lang: str, contents_en: Mapping[str, ContentsTitle] | None = None) -> ParsedSource:
    """Parse a read source; ``contents_en`` are English titles from another file's contents list
    (see ``ingest.parse.parser.parse_rules``). References come later, with the whole edition
    (``ingest.annotate``)."""
    parsed = parse_rules(text.paragraphs, lang=lang, source=text.name, contents_en=contents_en)
    return ParsedSource(parsed.rules, parsed.glossary, list(parsed.diagnostics))


def _fill_report(report: SourceReport, text: SourceText | None, parsed: ParsedSource | None, edition: Edition) -> None:
    if text is None:
        return
    report.format, report.encoding = text.format, text.encoding
    report.lang, report.effective_date = edition.lang, edition.date_text
    report.add_diagnostics(text.diagnostics)
    if parsed is not None:
        report.edition = edition.id
        report.add_diagnostics(parsed.diagnostics)
    elif report.status == "ok":
        report.edition = edition.id  # the metadata file of a multi-file edition


def _guarded(path: Path, step):
    """Run ``step``; a SourceError/OSError passes through, anything else becomes BuildCrashed."""
    try:
        return step()
    except (SourceError, OSError):
        raise
    except Exception as err:
        raise BuildCrashed(display_path(path), err) from err


def _message(path: Path, err: Exception) -> str:
    if isinstance(err, SourceError):
        return str(err)
    return f"{display_path(path)}: {getattr(err, 'strerror', None) or err}"


def with_id_among(built: BuiltEdition, plan: EditionPlan, taken: set[str]) -> BuiltEdition:
    """``built`` with the id its plan gets among the ids ``taken``: a worker process builds an
    edition without knowing the others, and the build gives ids in plan order."""
    if built.text is None:
        return built
    edition = built.text.edition
    head = plan.metadata or plan.files[0]
    eid = edition_id(edition.lang, edition.effective_date, plan.variant or head.hints.variant, head.path.stem, taken)
    if eid == edition.id:
        return built
    text = replace(built.text, edition=replace(edition, id=eid))
    for report in built.reports:
        if report.edition == edition.id:
            report.edition = eid
    return BuiltEdition(text, built.reports)
