"""The build report: what each source gave, what was removed, doubted or left unresolved.

A report is plain JSON-ready data (``BuildReport.to_dict``), stored in the store's meta
(``"report"``) and as ``report.json`` beside it, printed by ``crkb build --json``, and shown as a
readable summary by ``format_report``. Shape::

    {"kb": str, "build": str | null, "published": bool, "started": ISO time, "seconds": float,
     "index": "written" (the search index in the build folder),
     "stages": {stage: CPU seconds}, "timeline": {phase: [start, end] wall seconds} (``ingest.stages``),
     "totals": {"sources", "failed", "editions", "rules", "examples", "glossary"},
     "editions": [{"id", "lang", "effective_date", "title", "sources", "rules", "examples",
                   "glossary", "unresolved"}],
     "sources": [SourceReport as dict: {"path", "name", "status": "ok" | "failed", "error",
                 "edition", "format", "encoding", "lang", "effective_date", "provenance", "rules",
                 "examples", "glossary", "references": {"found", "targets", "resolved",
                 "unresolved"}, "unresolved": ["702.19b -> 702.999", ...],
                 "removed": {kind: {"count", "samples": [{"line", "text"}]}}, "duplicates":
                 [numbers], "diagnostics": {kind: {"count", "samples"}}, "warnings": [str],
                 "ends_at": the last line of a cut official text, else null}],
     "term_lists": [{"path", "lang", "pairs": int (terms added), "error": str | null}]}
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field

from ingest.sources import Diagnostic
from kb.model import EditionText, GlossaryEntry, Reference, Rule

REMOVED_KINDS = ("boilerplate", "markup", "repeated-text", "front-matter", "back-matter")
"""Diagnostic kinds that stand for text taken out of a source."""
DUPLICATE_KIND = "duplicate-number"
SAMPLES = 3
"""Samples kept per diagnostic kind."""
SHOWN = 8
"""Unresolved references listed per source in the readable summary."""


@dataclass
class SourceReport:
    """What one file gave (see the module docstring for the fields)."""

    path: str
    name: str
    status: str = "ok"
    error: str | None = None
    edition: str | None = None
    format: str | None = None
    encoding: str | None = None
    lang: str | None = None
    effective_date: str | None = None
    provenance: str | None = None
    rules: int = 0
    examples: int = 0
    glossary: int = 0
    references: dict[str, int] = field(default_factory=lambda: dict.fromkeys(("found", "targets", "resolved", "unresolved"), 0))
    unresolved: list[str] = field(default_factory=list)
    removed: dict[str, dict] = field(default_factory=dict)
    duplicates: list[str] = field(default_factory=list)
    diagnostics: dict[str, dict] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    ends_at: int | None = None

    def fail(self, message: str) -> None:
        """Mark the source failed with a one-line ``message``."""
        self.status, self.error = "failed", message

    def add_parsed(self, rules: Sequence[Rule], glossary: Sequence[GlossaryEntry]) -> None:
        """Count rules, examples, glossary entries and references (resolved by the build)."""
        self.rules += len(rules)
        self.examples += sum(len(r.examples) for r in rules)
        self.glossary += len(glossary)
        self.duplicates += list(dict.fromkeys(r.number for r in rules if DUPLICATE_KIND in r.flags))
        for rule in rules:
            refs = list(rule.references) + [ref for ex in rule.examples for ref in ex.references]
            self._count_refs(rule.number, refs)
        for entry in glossary:
            self._count_refs(f"glossary “{entry.term}”", entry.references)

    def _count_refs(self, holder: str, refs: Iterable[Reference]) -> None:
        refs = list(refs)
        targets = list(dict.fromkeys(t for ref in refs for t in ref.targets))
        missing = unresolved_targets(refs)
        counts = self.references
        counts["found"] += len(refs)
        counts["targets"] += len(targets)
        counts["resolved"] += len(targets) - len(missing)
        counts["unresolved"] += len(missing)
        self.unresolved += [f"{holder} -> {t}" for t in missing]

    def add_diagnostics(self, diagnostics: Iterable[Diagnostic]) -> None:
        """File diagnostics under removed text, duplicate numbers or other diagnostics."""
        for d in diagnostics:
            bucket = self.removed if d.kind in REMOVED_KINDS else self.diagnostics
            slot = bucket.setdefault(d.kind, {"count": 0, "samples": []})
            slot["count"] += 1
            if len(slot["samples"]) < SAMPLES:
                slot["samples"].append({"line": d.line, "text": d.text})


def unresolved_targets(refs: Iterable[Reference]) -> list[str]:
    """The targets of ``refs`` their edition does not hold, each once, in citation order."""
    refs = list(refs)
    resolved = {t for ref in refs for t in ref.resolved}
    return [t for t in dict.fromkeys(t for ref in refs for t in ref.targets) if t not in resolved]


def edition_summary(text: EditionText) -> dict:
    """An edition's line of the report: ``{"id", "lang", "effective_date", "title", "sources",
    "rules", "examples", "glossary", "unresolved"}`` (targets not in the edition, counted once
    per citing rule or glossary entry)."""
    edition, rules, glossary = text.edition, text.rules, text.glossary
    unresolved = sum(len(unresolved_targets([*r.references, *(x for ex in r.examples for x in ex.references)]))
                     for r in rules) + sum(len(unresolved_targets(g.references)) for g in glossary)
    return {
        "id": edition.id, "lang": edition.lang,
        "effective_date": edition.effective_date.isoformat() if edition.effective_date else None,
        "title": edition.title, "sources": list(edition.sources), "rules": len(rules),
        "examples": sum(len(r.examples) for r in rules), "glossary": len(glossary), "unresolved": unresolved,
    }


@dataclass
class BuildReport:
    """The whole build's report (see the module docstring)."""

    kb: str
    build: str | None = None
    published: bool = False
    started: str = ""
    seconds: float = 0.0
    index: str = "not written"
    stages: dict[str, float] = field(default_factory=dict)
    timeline: dict[str, list[float]] = field(default_factory=dict)
    editions: list[dict] = field(default_factory=list)
    sources: list[SourceReport] = field(default_factory=list)
    term_lists: list[dict] = field(default_factory=list)

    @property
    def failed(self) -> list[SourceReport]:
        """The sources that could not be read or parsed."""
        return [s for s in self.sources if s.status == "failed"]

    def to_dict(self) -> dict:
        """The JSON-ready report, with totals."""
        data = asdict(self)
        data["totals"] = {
            "sources": len(self.sources),
            "failed": len(self.failed),
            "editions": len(self.editions),
            **{key: sum(e[key] for e in self.editions) for key in ("rules", "examples", "glossary")},
        }
        return data


def format_report(report: dict) -> str:
    """A readable summary of a report dict: a table per source, then failures, unresolved
    references, removed-text samples, other diagnostics and warnings."""
    totals = report["totals"]
    state = "published" if report["published"] else "NOT published (the KB in place is unchanged)"
    lines = [
        f"{totals['editions']} editions, {totals['rules']} rules, {totals['examples']} examples, "
        f"{totals['glossary']} glossary entries read from {totals['sources']} files"
        f"{f' ({failed} failed)' if (failed := totals['failed']) else ''} in {report['seconds']:.1f}s: {state}",
        f"KB: {report['kb']}   index: {report['index']}",
        "",
        _table(report["sources"]),
    ]
    for title, rows in (
        ("Failed sources", [f"  {s['error']}" for s in report["sources"] if s["status"] == "failed"]),
        ("Unresolved references", _unresolved(report["sources"])),
        ("Removed text", _samples(report["sources"], "removed")),
        ("Diagnostics", _samples(report["sources"], "diagnostics")),
        ("Warnings", [f"  {s['name']}: {w}" for s in report["sources"] for w in s["warnings"]]),
    ):
        if rows:
            lines += ["", f"{title}:", *rows]
    return "\n".join(lines)


def _table(sources: list[dict]) -> str:
    header = ("source", "edition", "rules", "examples", "glossary", "refs", "targets", "resolved", "unresolved", "removed", "dup", "diag")
    rows = [header]
    for s in sources:
        refs = s["references"]
        rows.append((
            s["name"], s["edition"] or "FAILED", s["rules"], s["examples"], s["glossary"], refs["found"],
            refs["targets"], refs["resolved"], refs["unresolved"], sum(k["count"] for k in s["removed"].values()),
            len(s["duplicates"]), sum(k["count"] for k in s["diagnostics"].values()),
        ))
    return table(rows, right=range(2, len(header)))


def table(rows: Sequence[Sequence[object]], right: Iterable[int] = ()) -> str:
    """Rows as aligned columns (two spaces apart), CJK characters counted two columns wide;
    columns whose index is in ``right`` are right-aligned."""
    right = set(right)
    cells = [[str(v) for v in row] for row in rows]
    widths = [max(width(row[i]) for row in cells) for i in range(len(cells[0]))]
    lines = []
    for row in cells:
        padded = [
            (" " * (w - width(v)) + v) if i in right else v + " " * (w - width(v))
            for i, (v, w) in enumerate(zip(row, widths))
        ]
        lines.append("  ".join(padded).rstrip())
    return "\n".join(lines)


def width(text: str) -> int:
    """Terminal columns ``text`` takes: wide and full-width characters count two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _unresolved(sources: list[dict]) -> list[str]:
    out = []
    for s in sources:
        if s["unresolved"]:
            more = len(s["unresolved"]) - SHOWN
            shown = "; ".join(s["unresolved"][:SHOWN]) + (f"; ... (+{more} more, see --json)" if more > 0 else "")
            out.append(f"  {s['name']}: {shown}")
    return out


def _samples(sources: list[dict], key: str) -> list[str]:
    out = []
    for s in sources:
        for kind, slot in s[key].items():
            sample = slot["samples"][0] if slot["samples"] else {"line": 0, "text": ""}
            text = sample["text"].replace("\n", " ")
            text = text if len(text) <= 90 else text[:89] + "…"
            out.append(f"  {s['name']}: {kind} x{slot['count']}, e.g. line {sample['line']}: {text}")
    return out
