"""The Jekyll Markdown reader on excerpts of seed 004 and the dbyll 2021-02-15 pages."""

from __future__ import annotations

from pathlib import Path

from ingest.read.formats import read_source
from ingest.read.readers.jekyll import front_matter_section, read_jekyll_markdown, symbol_text
from ingest.sources import Diagnostic, Paragraph


def test_seed_004_front_matter_liquid_and_symbols(test_data: Path) -> None:
    source = read_source(test_data / "readers" / "ko-seed-004-jekyll.txt")
    assert source.format == "jekyll-markdown"
    assert source.paragraphs == [
        Paragraph("9. 캐주얼 규칙 Casual Variants", 7),  # front matter: description
        Paragraph("900. 일반", 15),
        Paragraph("900.1. 이 절에서는 캐주얼 게임에서 사용될 수 있는 추가적인 옵션 규칙들을 다룹니다.", 17),
        Paragraph("901.3a 차원 주사위는 6면체 주사위입니다. 한 면은 플레인즈워커 심볼 {PW}가 있고 한 면은 "
                  "카오스 심볼 {CHAOS}가 있습니다. 나머지 면은 비어있습니다.", 20),
    ]
    assert [(d.line, d.kind, d.text.split(" | ")[0]) for d in source.diagnostics] == [
        (1, "markup", "front matter: layout: post"), (10, "markup", "1 Liquid tag: {% include toc.md %}")]


def test_dbyll_html_paragraphs_and_example(corpus_data: Path) -> None:
    source = read_source(corpus_data / "readers" / "ko-dbyll-700-head.md", fmt="jekyll-markdown")
    assert source.paragraphs == [
        Paragraph("7. 추가 규칙 Additional Rules", 7),  # front matter: description
        Paragraph("700. 일반", 15),
        Paragraph("700.1. 게임상에서 일어나는 모든 것은 이벤트입니다. 다수의 이벤트가 주문이나 능력의 해결 도중에 "
                  "발생할 수 있습니다. 격발 능력이나 대체 효과의 텍스트는 그것들이 발생하는 이벤트가 어떤 것인지 "
                  "정의합니다. 하나의 \"사건\"은 하나의 능력에 의한 것일 때는 하나의 이벤트로 취급되고 그 외의 "
                  "경우에는 다수의 이벤트로 취급됩니다.", 18),
        Paragraph("Example: 하나의 공격 생물을 두 개의 생물로 방어했습니다. 이 경우 \"[이 생물]이 방어될 때마다,\"는 "
                  "격발 능력의 경우에는 하나의 이벤트로 취급되지만, \"[이 생물]이 생물에게 방어될 때마다,\"는 격발 "
                  "능력의 경우에는 두 개의 이벤트로 취급됩니다.", 20),
    ]


def test_dbyll_footnotes_stay_out_of_the_rule_text(corpus_data: Path) -> None:
    source = read_source(corpus_data / "readers" / "ko-dbyll-700-footnote.md", fmt="jekyll-markdown")
    assert [(p.line, p.text[:20], p.text[-20:]) for p in source.paragraphs] == [
        (4, "702.138. 단짝 Companio", "02.138. 단짝 Companion"),
        (8, "702.138a 단짝은 게임 밖에서 ", " 이것은 이전 규칙의 변경사항입니다.")]
    assert [(d.line, d.kind, d.text) for d in source.diagnostics] == [
        (11, "markup", "1 footnote texts: [^5]:  주-단짝이 처음 나왔을 때는 게임 외부에서 바로 발동하는 능력이었습니다."),
        (8, "markup", "1 footnote marks: [^5]")]


def test_front_matter_names_the_section(corpus_data: Path) -> None:
    page = (corpus_data / "readers" / "ko-dbyll-700-head.md").read_text(encoding="utf-8").replace("\r", "")
    head, body = page.split("\n---\n", 1)
    title_only = "\n".join(line for line in head.split("\n") if not line.startswith("description:"))
    quoted = title_only.replace("title: 7. 추가 규칙", "title: '7. 추가 규칙'")
    index = (corpus_data / "readers" / "ko-dbyll-index-head.md").read_text(encoding="utf-8")
    assert [front_matter_section(text) for text in (page, title_only + "\n---\n", quoted + "\n---\n", index, body)] == [
        Paragraph("7. 추가 규칙 Additional Rules", 7),
        Paragraph("7. 추가 규칙", 3),
        Paragraph("7. 추가 규칙", 3),
        None,  # the index's title names no section
        None,  # no front matter
    ]


def test_a_body_that_prints_its_section_heading_gets_no_second_one(corpus_data: Path) -> None:
    page = (corpus_data / "readers" / "ko-dbyll-700-head.md").read_text(encoding="utf-8").replace("\r", "")
    with_heading = page.replace("{% include toc.md %}", "## 7. 추가 규칙")
    source = read_jekyll_markdown(with_heading, "700.md")
    assert [(p.line, p.text) for p in source.paragraphs[:2]] == [(10, "7. 추가 규칙"), (15, "700. 일반")]


def test_dbyll_text_after_a_closed_p_keeps_its_lines(corpus_data: Path) -> None:
    source = read_source(corpus_data / "readers" / "ko-dbyll-600-607.5.md", fmt="jekyll-markdown")
    assert [(p.line, p.text.split()[0]) for p in source.paragraphs] == [
        (2, "607.5."), (4, "Example:"), (6, "Sisters"), (7, "Quicksilver"), (8, "만약")]
    assert source.paragraphs[1].text == (
        'Example: Arc-Slogger는 다음과 같은 능력을 가집니다. "{R}, 서고 맨 위의 카드 열 장을 추방한다: '
        'Arc-Slogger는 원하는 목표에게 피해 2점을 입힌다."')
    assert '"{B}{G}: Sisters of Stone Death를' in source.paragraphs[2].text


def test_dbyll_index_links_emphasis_and_kramdown(corpus_data: Path) -> None:
    source = read_source(corpus_data / "readers" / "ko-dbyll-index-head.md", fmt="jekyll-markdown")
    texts = [(p.line, p.text) for p in source.paragraphs]
    assert texts[:3] + texts[5:] == [
        (10, "매직: 더 개더링 종합 규칙서"),
        (12, "이 규칙은 2021년 2월 15일부터 시행됩니다."),
        (16, "소개"),
        (26, "목차"),
        (30, "1. 게임의 컨셉 Game Concepts"),
        (32, "100. 일반 General"),
        (33, "101. 매직의 황금률 The Magic Golden Rules"),
    ]
    assert [line for line, _ in texts[3:5]] == [18, 20]
    assert "이 문서는 Magic: The Gathering® 경쟁 게임 플레이에서" in source.paragraphs[3].text
    assert "웹사이트 Magic.Wizards.com/Rules에서 다운로드" in source.paragraphs[4].text
    assert "질문이 있다면 Support.Wizards.com에서 답변을" in source.paragraphs[4].text
    assert source.diagnostics[1] == Diagnostic("ko-dbyll-index-head.md", 20, "markup", '2 kramdown attributes: {:target="_blank"}')


def test_symbol_names_follow_the_official_text() -> None:
    assert [symbol_text(f"/assets/symbols/{s}.gif") for s in ("T", "WU", "2B", "WP", "CHAOS", "PW", "10", "RG")] == [
        "{T}", "{W/U}", "{2/B}", "{W/P}", "{CHAOS}", "{PW}", "{10}", "{R/G}"]
    assert symbol_text("/images/logo.png") is None


def test_an_indented_paragraph_of_a_markdown_copy_is_text_not_code() -> None:
    # a copy written as Markdown keeps a rule's second paragraph indented under it, after a blank line
    text = ("**950.1a** A widget with no gears left is put into its owner's graveyard.\n\n"
            "    This is a state-based action. See rule 704.\n\n"
            "**950.1b** A widget spins.\n")
    assert [p.text for p in read_jekyll_markdown(text, "w.md").paragraphs] == [
        "950.1a A widget with no gears left is put into its owner's graveyard.",
        "This is a state-based action. See rule 704.", "950.1b A widget spins."]
