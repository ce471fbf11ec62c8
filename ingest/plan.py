"""Which files make which edition, and the edition ids.

``plan_editions`` turns the paths given to a build (files, or folders read recursively, whose
``manifest.toml`` is honoured) into ``EditionPlan``s: one per file, except the files of a
``one_edition`` folder, which make one edition together (section pages in file-name order, the
``metadata`` file read only for title and date). ``edition_id`` names an edition as
``kb.model.Edition`` says: ``en-2026-01-16``, ``ko-2021-02-15-dbyll`` (a variant),
``ko-undated-000-81dc8df3711c17ec`` (no date), never reusing an id already taken. ``edition_meta``
gives an edition's language, date and title: what its text says, manifest hints only filling gaps.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ingest.manifest import MANIFEST_NAME, Manifest, ManifestEntry, ManifestError, SourceHints, load_manifest
from ingest.read.detect import UNKNOWN, detect_meta
from ingest.report import SourceReport
from ingest.sources import SourceError, SourceMeta, SourceText, display_path
from ingest.term_lists import TERM_LISTS
from kb.model import LANGUAGES

_SKIPPED_NAMES = {MANIFEST_NAME, ".gitattributes", ".gitignore", "SOURCES.md", "README.md", "LICENSE", *TERM_LISTS}
"""Files of a sources folder that are never a CR text (a corpus's notes, a repository's readme, a
translators' term list: ``ingest.term_lists``)."""
_DATE_IN_NAME = re.compile(r"(?:19|20)\d{2}-?\d{2}-?\d{2}")


@dataclass(frozen=True)
class SourcePlan:
    """One file to read, with what a manifest says about it; ``error`` says why it cannot be read
    when that is known from the plan (a folder could not be listed, or its manifest is broken:
    ``ingest.edition`` fails the source with it)."""

    path: Path
    hints: SourceHints = SourceHints()
    error: str | None = None


@dataclass(frozen=True)
class EditionPlan:
    """Files read as one edition: ``files`` parsed in order, ``metadata`` (or, when None, the
    first file) giving language, date and title; ``variant`` names the edition's variant."""

    files: tuple[SourcePlan, ...]
    metadata: SourcePlan | None = None
    variant: str | None = None

    @property
    def label(self) -> str:
        """A short name for messages: the file name, or the folder name of a multi-file edition."""
        if len(self.files) == 1 and self.metadata is None:
            return self.files[0].path.name
        return self.files[0].path.parent.name + "/"

    @property
    def all_files(self) -> tuple[SourcePlan, ...]:
        """The metadata file (if any) then the parsed files: every file the edition reads."""
        return ((self.metadata,) if self.metadata else ()) + self.files


def plan_editions(paths: Sequence[Path]) -> list[EditionPlan]:
    """Plan the editions of ``paths`` (files or folders), in the order given, folders sorted by
    file name with numbers compared as numbers. A file given twice is read once. Hidden files,
    manifests and term lists (``ingest.term_lists``, even when given by name) are skipped; a folder
    under a folder given that cannot be listed is planned as a source of its own that fails
    naming it, never passed over, and so is a folder whose manifest is broken (``SourcePlan.error``:
    none of its files is read). Raises ``SourceError`` for a path
    that does not exist."""
    plans: list[EditionPlan] = []
    seen: set[Path] = set()
    for path in paths:
        path = Path(path)
        if not path.exists():
            raise SourceError(str(path), None, "no such file or folder")
        if path.is_dir():
            plans += _plan_folder(path.resolve(), seen)
        elif path.resolve() not in seen and path.name not in TERM_LISTS:
            seen.add(path.resolve())
            plans.append(EditionPlan((SourcePlan(path.resolve()),)))
    return plans


def _plan_folder(folder: Path, seen: set[Path]) -> list[EditionPlan]:
    manifest_path = folder / MANIFEST_NAME
    try:
        manifest = load_manifest(manifest_path) if manifest_path.is_file() else Manifest(manifest_path, ())
    except ManifestError as err:  # the folder fails as one source; the other sources build
        return [EditionPlan((SourcePlan(manifest_path, error=f"{err.reason}: no file of {folder.name}/ is read"),))]
    found, unreadable = _walk(folder)
    files = sorted((p for p in found if _is_source(p, folder)), key=lambda p: natural_key(p, folder))
    manifest = Manifest(manifest.path, manifest.entries + page_folders(files, manifest))
    groups: dict[Path, list[Path]] = {}
    plans: list[EditionPlan | Path] = []
    for file in files:
        if file in seen:
            continue
        seen.add(file)
        entry = manifest.entry_for(file)
        if entry is not None and entry.one_edition:
            if entry.path not in groups:
                groups[entry.path] = []
                plans.append(entry.path)
            groups[entry.path].append(file)
        else:
            plans.append(EditionPlan((SourcePlan(file, entry.hints if entry else SourceHints()),)))
    plans += [EditionPlan((SourcePlan(sub, error=f"cannot list the folder: {why}; its files are not read"),))
              for sub, why in unreadable if not _hidden(sub, folder)]
    return [p if isinstance(p, EditionPlan) else _group_plan(manifest, p, groups[p]) for p in plans]


def _walk(folder: Path) -> tuple[list[Path], list[tuple[Path, str]]]:
    """Every file under ``folder`` (symbolic links to folders not followed), and the folders under
    it that could not be listed, with why (``Path.rglob`` passes over those without a word: a
    build would publish without their editions). An unreadable folder is planned as a source of
    its own, failed with that reason (``SourcePlan.error``)."""
    files: list[Path] = []
    unreadable: list[tuple[Path, str]] = []

    def failed(error: OSError) -> None:
        unreadable.append((Path(error.filename), error.strerror or str(error)))

    for root, _, names in os.walk(folder, onerror=failed):
        files += [Path(root) / name for name in names]
    return files, sorted(unreadable)


PAGE_SUFFIXES = {".md": "Markdown", ".markdown": "Markdown", ".html": "HTML", ".htm": "HTML", ".xhtml": "HTML"}
"""The pages of a site's folder (``page_folders``), by kind: a folder's pages are all of one kind."""


def page_folders(files: list[Path], manifest: Manifest) -> tuple[ManifestEntry, ...]:
    """One-edition entries for the folders among ``files`` that the manifest does not name and
    that hold a site's pages of one edition: two or more Markdown pages, or two or more HTML
    pages (``PAGE_SUFFIXES``), exactly one of them an index page (``*index.md``, ``index.html``,
    read for title and date), e.g. the dbyll Jekyll export, or that site saved as HTML."""
    by_folder: dict[Path, list[Path]] = {}
    for file in files:
        by_folder.setdefault(file.parent, []).append(file)
    found = []
    for folder, pages in by_folder.items():
        index = [p for p in pages if p.stem.lower().endswith("index")]
        named = any(manifest.entry_for(p) is not None for p in pages)
        kinds = {PAGE_SUFFIXES.get(p.suffix.lower()) for p in pages}
        if len(pages) >= 2 and len(index) == 1 and len(kinds) == 1 and None not in kinds and not named:
            found.append(ManifestEntry(folder, SourceHints(provenance=f"a folder of {kinds.pop()} pages with an index page"),
                                       one_edition=True, metadata=index[0]))
    return tuple(found)


def _group_plan(manifest: Manifest, folder: Path, files: list[Path]) -> EditionPlan:
    entry: ManifestEntry | None = next(e for e in manifest.entries if e.path == folder)
    hints = entry.hints
    metadata = SourcePlan(entry.metadata, hints) if entry.metadata in files else None
    parsed = tuple(SourcePlan(f, hints) for f in files if f != entry.metadata)
    return EditionPlan(parsed, metadata, hints.variant or folder_variant(folder.name))


def _is_source(path: Path, root: Path) -> bool:
    return path.is_file() and path.name not in _SKIPPED_NAMES and not _hidden(path, root)


def _hidden(path: Path, root: Path) -> bool:
    return any(part.startswith(".") for part in path.relative_to(root).parts)


def natural_key(path: Path, root: Path) -> list[tuple[int, int | str]]:
    """Sort key of ``path`` below ``root``: digit runs compare as numbers (``9`` before ``10``)."""
    parts = re.split(r"(\d+)", str(path.relative_to(root)).lower())
    return [(0, int(p)) if p.isdigit() else (1, p) for p in parts if p]


def slug(text: str) -> str:
    """Lower-case ASCII letters and digits joined by single hyphens (``"000_81dc"`` -> ``"000-81dc"``)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "source"


def folder_variant(name: str) -> str:
    """A variant name from a folder name, its date removed (``"dbyll-20210215"`` -> ``"dbyll"``)."""
    return slug(_DATE_IN_NAME.sub("", name)) if _DATE_IN_NAME.sub("", name).strip("-_ ") else slug(name)


def edition_id(
    lang: str, effective_date: dt.date | None, variant: str | None, stem: str, taken: Iterable[str]
) -> str:
    """The id of a new edition, unique among ``taken``.

    Dated: ``<lang>-<date>``, plus ``-<variant>`` when there is one; when that id is taken (two
    different texts of one language and date), ``-<slug of the file stem>`` is added. Undated:
    ``<lang>-undated-<slug of variant or file stem>``. A clash left after that gets ``-2``, ``-3``...
    """
    taken = set(taken)
    if effective_date is None:
        wanted = f"{lang}-undated-{slug(variant or stem)}"
    else:
        wanted = f"{lang}-{effective_date.isoformat()}" + (f"-{slug(variant)}" if variant else "")
        if wanted in taken and not variant:
            wanted = f"{wanted}-{slug(stem)}"
    unique, n = wanted, 1
    while unique in taken:
        n += 1
        unique = f"{wanted}-{n}"
    return unique


def edition_meta(text: SourceText, source: SourcePlan, report: SourceReport) -> SourceMeta | None:
    """The text's language, effective date and title, manifest hints filling only the gaps.
    Returns None (and fails ``report``) when the language cannot be told."""
    found = detect_meta(text.text)
    hints = source.hints
    lang = found.lang if found.lang in LANGUAGES else hints.lang if found.lang == UNKNOWN else None
    if lang not in LANGUAGES:
        why = "add lang to the manifest if it is one" if found.lang == UNKNOWN else f"the text reads as {found.lang}"
        report.fail(f"{display_path(source.path)}: not in a language crkb builds ({', '.join(LANGUAGES)}): {why}")
        return None
    if hints.lang and hints.lang != lang:
        report.warnings.append(f"manifest says lang {hints.lang}, the text reads as {lang}: the text wins")
    date = found.effective_date or hints.effective_date
    if hints.effective_date and found.effective_date and hints.effective_date != found.effective_date:
        report.warnings.append(
            f"manifest says effective {hints.effective_date}, the text says {found.effective_date}: the text wins"
        )
    if date is None:
        report.warnings.append("the text names no effective date: an undated edition")
    return SourceMeta(lang, date, found.title)
