"""find_references over whole editions read by the real readers and parser (../shared corpus).

Every target should resolve to a rule number of the same edition; what does not is a publisher's or
translator's error, listed here by name so that a new miss (or a new false citation) fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.parse.parser import parse_rules
from ingest.read.formats import read_source
from ingest.annotate.references import find_references, resolve_references
from kb.model import Reference


def _edition_references(path: Path, lang: str) -> tuple[set[str], list[Reference]]:
    source = read_source(path)
    parsed = parse_rules(source.paragraphs, lang=lang, source=source.name)
    texts = [rule.text for rule in parsed.rules]
    texts += [example.text for rule in parsed.rules for example in rule.examples]
    texts += [entry.definition for entry in parsed.glossary]
    refs = [ref for text in texts for ref in find_references(text, lang)]
    return {rule.number for rule in parsed.rules}, refs


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("relative", "lang", "min_references", "unresolved"),
    [
        # glossary "Map" says "see rule 110.10" for the predefined tokens of 111.10
        ("corpus/en/2026-01-16.txt", "en", 1800, ["110.10"]),
        # the translation kept numbers from before a renumbering: 114.7a for 115.7a,
        # 112.7a for 113.7a, 112.8 for 113.8 (en/2021-11-15.txt cites 115.7a, 113.7a, 113.8)
        ("corpus/ko/kormtgcr/2021-11-19.txt", "ko", 800, ["114.7a", "112.7a", "112.8"]),
    ],
)
def test_edition_targets_resolve(
    shared_dir: Path, relative: str, lang: str, min_references: int, unresolved: list[str]
) -> None:
    known, refs = _edition_references(shared_dir / relative, lang)
    targets = [target for ref in refs for target in ref.targets]
    resolved = sum(target in known for target in targets)
    assert len(refs) >= min_references
    assert resolved / len(targets) >= 0.99
    assert resolve_references(refs, known)[1] == unresolved
