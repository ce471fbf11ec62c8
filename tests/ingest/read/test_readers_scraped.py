"""The scraped-page reader on excerpts of seeds 002 (LightNovelFree) and 003 (Korean forum copy)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.read.formats import read_source
from ingest.read.readers.scraped import BOILERPLATE, deobfuscate, is_scraped_page, split_run_together
from ingest.read.readers.vocabulary import load_vocabulary
from ingest.sources import Diagnostic


def test_lightnovelfree_page(test_data: Path) -> None:
    source = read_source(test_data / "readers" / "en-seed-002-scraped.txt")
    assert source.format == "scraped-page"
    assert [(p.line, p.text.split()[0]) for p in source.paragraphs] == [
        (3, "505.2."), (4, "Example:"), (5, "506.3."), (6, "506.3a"), (6, "506.4."), (7, "506.5."),
        (8, "508.1c"), (9, "Example:"),
    ]
    texts = [p.text for p in source.paragraphs]
    assert texts[3].endswith('(See rule 420, "State-Based Effects.")')
    assert texts[4] == "506.4. The subgame proceeds like a normal game. Randomly determine which player goes first."
    assert "If the top card of your library is assault/Battery when" in texts[1]
    assert "expansion symbol, illustration credit, and legal text" in texts[6]
    assert "It becomes a copy of Jushi Apprentice, a flip card. Through use of Jushi Apprentice's" in texts[7]
    name = "en-seed-002-scraped.txt"
    assert source.diagnostics == [
        Diagnostic(name, 1, "boilerplate", "Magic The Gathering Comprehensive Rules Part 11"),
        Diagnostic(name, 4, "deobfuscated", "a.s.sault -> assault"),
        Diagnostic(name, 6, "split-run-together", texts[4]),
        Diagnostic(name, 8, "deobfuscated", "ill.u.s.tration -> illustration"),
        Diagnostic(name, 9, "deobfuscated", "Jus.h.i.+ -> Jushi"),
        Diagnostic(name, 9, "deobfuscated", "Jus.h.i.+ -> Jushi"),
        Diagnostic(name, 10, "boilerplate", "Magic The Gathering Comprehensive Rules Part 11"),
    ]


def test_deobfuscation_needs_a_cr_word() -> None:
    words = load_vocabulary()
    line = ("Methods for distinguis.h.i.+ng may be subst.i.tuted; the ident.i.ty of U.S. Pat. No., "
            "e.g. www.wizards.com and a.b.c stay.")
    assert deobfuscate(line, words) == (
        "Methods for distinguishing may be substituted; the identity of U.S. Pat. No., "
        "e.g. www.wizards.com and a.b.c stay.",
        ["distinguis.h.i.+ng -> distinguishing", "subst.i.tuted -> substituted", "ident.i.ty -> identity"],
    )


def test_split_only_forward_rule_numbers() -> None:
    assert split_run_together('506.3a A deck. (See rule 420, "State-Based Effects.") 506.4. The subgame.') == [
        '506.3a A deck. (See rule 420, "State-Based Effects.")', "506.4. The subgame."]
    assert split_run_together("507.3b A player may concede. See rule 102.3a. Then go on.") == [
        "507.3b A player may concede. See rule 102.3a. Then go on."]
    assert split_run_together("Example: Done. 506.4. Not split without a leading rule.") == [
        "Example: Done. 506.4. Not split without a leading rule."]


def test_korean_forum_copy_repeat_and_footer(test_data: Path) -> None:
    source = read_source(test_data / "readers" / "ko-seed-003-repeat.txt")
    assert source.format == "scraped-page"
    assert [(p.line, p.text.split()[0]) for p in source.paragraphs] == [
        (1, "3."), (2, "300.3."), (3, "300.6."), (4, "즉,"), (5, "물론,"), (6, "302.3."), (7, "303.1.")]
    name = "ko-seed-003-repeat.txt"
    assert source.diagnostics == [
        Diagnostic(name, 8, "repeated-text", "lines 8-13 repeat lines 2-7"),
        Diagnostic(name, 14, "boilerplate", "다음검색"),
    ]


@pytest.mark.corpus
def test_seed_003_in_full_keeps_every_rule_once(shared_dir: Path) -> None:
    source = read_source(shared_dir / "seeds" / "003_a598c1a51fd45771.txt")
    numbers = [p.text.split()[0] for p in source.paragraphs if p.text[0].isdigit()]
    assert numbers == ["3.", "300.3.", "300.6.", "302.3.", "303.1.", "304.1.", "306.1.", "306.2.", "306.2b.",
                       "208.1.", "308.2.", "308.2d.", "308.2g.", "309.2.", "310.1.", "310.2a.", "310.2c.",
                       "310.3.", "310.4."]
    assert len(source.paragraphs) == 24
    assert [(d.line, d.kind) for d in source.diagnostics] == [(25, "repeated-text"), (48, "boilerplate")]


@pytest.mark.corpus
def test_seed_002_in_full(shared_dir: Path) -> None:
    source = read_source(shared_dir / "seeds" / "002_fb7448a1b638b8b0.txt")
    kinds = [d.kind for d in source.diagnostics]
    assert (kinds.count("boilerplate"), kinds.count("deobfuscated"), kinds.count("split-run-together")) == (2, 11, 1)
    assert not any(".s.s" in p.text or ".i.t" in p.text or ".+" in p.text for p in source.paragraphs)
    assert len(source.paragraphs) == 71


@pytest.mark.parametrize(("text", "scraped"), [
    ("505.1. x\nRead this novel at LightNovelFree.com\n505.2. y", True),
    ("505.1. x\nMagic The Gathering Comprehensive Rules Part 12 summary \n505.2. y", True),
    ("505.1. x\nPart 12 of the rules\n", False),  # a boilerplate line ends after its number
    ("xPart 1\n", False), ("Part 1\r\nz", False), ("Part 3", True),
    ("505.1. x\n - Related Chapters:\n", True), ("x\n\t RELATED CHAPTER \n", True),
    ("x\n   다음검색 \n", True), ("x\n다음검색을 하세요\n", False),
    ("the any novelty", False), ("READING novel", True), ("reading Novel", False),
])
def test_a_scraped_page_is_told_by_its_boilerplate_lines(text: str, scraped: bool) -> None:
    assert is_scraped_page(text) is scraped is bool(BOILERPLATE.search(text))


@pytest.mark.corpus
def test_every_corpus_text_and_seed_is_told_as_boilerplate_alone_tells_it(shared_dir: Path) -> None:
    files = sorted(p for folder in ("corpus", "seeds") for p in (shared_dir / folder).rglob("*") if p.is_file())
    texts = {str(p.relative_to(shared_dir)): p.read_bytes().decode("utf-8", errors="replace") for p in files}
    told = {name: is_scraped_page(text) for name, text in texts.items()}
    assert told == {name: bool(BOILERPLATE.search(text)) for name, text in texts.items()}
    scraped = sorted(name for name, found in told.items() if found)
    assert scraped == ["seeds/002_fb7448a1b638b8b0.txt", "seeds/003_a598c1a51fd45771.txt"]
