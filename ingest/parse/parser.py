"""The one parser: a CR text's paragraphs to rules, examples and glossary entries.

Input format (what every reader hands over, see ``ingest.sources``): one ``Paragraph`` per logical
paragraph, blank lines dropped, in document order. A text has up to four parts, found by shape,
not by position:

- front matter: title, effective date, introduction, table of contents (``Contents``/``목차``/
  ``もくじ``: every section and three-digit title, or ``- 700. 일반`` lines). The body starts at
  the run of headings (``1. Game Concepts``, ``100. General``) right before the first numbered
  rule (``100.1.``); everything before it is front matter.
  A translation's contents may print the English titles (``1. 게임의 컨셉 Game Concepts``): they
  become the ``title_en`` of body headings that print none. When the contents live in another
  file (the dbyll index page), the caller passes them as ``contents_en`` (see ``contents_titles``).
- body: numbered paragraphs (``1. Game Concepts``, ``702. Keyword Abilities``, ``702.19.
  Trample``, ``702.19b The controller ...``), ``Example:``/``例:`` paragraphs, and unnumbered
  continuation paragraphs (appended to the rule before them, translator commentary included; after
  an example, to the example when it is a label alone or the text a translation: ``_continues_example``).
- glossary: from ``Glossary``/``용어사전``/``10. 用語集`` (see ``ingest.parse.glossary``);
  ``<생략>`` (glossary omitted) ends it with no entries.
- back matter: ``Credits`` and the trademark and legal paragraphs after it, or whatever follows
  an omitted glossary.

Front and back matter are skipped with one summary Diagnostic each (``front-matter``,
``back-matter``); nothing else is dropped without a Diagnostic. A continuation paragraph that
starts like a misprinted number (``702.b If ...`` after 306.3a) stays in the rule before it and
gives a Diagnostic ``malformed-number``; a misprint that can be read (``606. 8b`` for ``606.8b``;
``306.b`` right after 306.3a for ``306.3b``, 2008-10-01) is repaired, flagged
``malformed-number`` and reported the same way.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rapidfuzz import fuzz

from ingest.parse.glossary import parse_glossary
from ingest.parse.headings import (
    Numbered,
    is_credits_heading,
    is_glossary_heading,
    is_glossary_omitted,
    is_heading,
    is_title,
    numbered,
    example_text,
    split_title,
)
from ingest.parse.sequence import flag_numbers, misprinted_numbers
from ingest.sources import Diagnostic, Paragraph
from kb.model import Example, GlossaryEntry, Rule
from kb.numbers import RULE_PATTERN, level, next_letter, sort_key

_SAMPLE = 200
_MALFORMED_NUMBER = re.compile(rf"^{RULE_PATTERN}\.[0-9a-z.]*\s")


@dataclass(frozen=True)
class ParsedText:
    """What ``parse_rules`` found in one text: rules in document order (references empty),
    glossary entries in document order (references empty), and what it noticed."""

    rules: list[Rule]
    glossary: list[GlossaryEntry]
    diagnostics: list[Diagnostic]


@dataclass
class _Draft:
    paragraph: Paragraph
    number: str
    lines: list[str]
    examples: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    printed: str | None = None
    """The number as printed, when ``number`` was read back from a misprint."""


def parse_rules(
    paragraphs: Sequence[Paragraph], *, lang: str, source: str, contents_en: Mapping[str, ContentsTitle] | None = None
) -> ParsedText:
    """Parse one CR text's paragraphs (format in the module docstring) into rules and glossary.

    ``lang`` (``en``/``ko``/``ja``) decides how headings split into title and English title;
    ``source`` (a file name) is copied into every Rule, GlossaryEntry and Diagnostic.
    ``contents_en`` maps section and three-digit numbers to the titles of a contents list printed
    elsewhere (``{"100": ("일반", "General")}``, ``contents_titles``); the text's own contents list
    wins over it; a body heading printing no English title takes its entry's when the two name
    the same heading (``_listed_english``). A number
    printed twice keeps both rules, flagged ``duplicate-number``; a number out of document order
    stays where it stands, flagged ``out-of-sequence``; both also give a Diagnostic. Either one
    that is a keystroke from the number its place expects, printed nowhere else, takes that number
    (``ingest.parse.sequence.misprinted_numbers``: flagged ``renumbered``, with a Diagnostic). Pure: no
    files, no globals; never raises on odd text (it becomes a Diagnostic ``unparsed``).
    """
    paragraphs = [p for p in paragraphs if p.text.strip()]
    start = _body_start(paragraphs)
    end = _body_end(paragraphs, start)
    diagnostics = _matter(paragraphs[:start], source, "front-matter")
    drafts, body_diagnostics = _parse_body(paragraphs[start:end], source, lang)
    diagnostics += body_diagnostics
    numbers = [(d.number, d.paragraph.line, d.flags) for d in drafts]
    diagnostics += flag_numbers(numbers, source=source)
    repaired, renumbered = misprinted_numbers(numbers, ["\n".join(d.lines) for d in drafts], source=source)
    for index, number in repaired.items():
        drafts[index].printed, drafts[index].number = drafts[index].number, number
    diagnostics += renumbered
    glossary, back = _split_back_matter(paragraphs[end:])
    entries, glossary_diagnostics = parse_glossary(glossary, source=source)
    diagnostics += glossary_diagnostics + _matter(back, source, "back-matter")
    english = {**(contents_en or {}), **contents_titles(paragraphs[:start], lang)}
    rules = [_rule(d, lang, source, english.get(d.number)) for d in drafts]
    diagnostics.sort(key=lambda d: d.line)
    return ParsedText(rules, entries, diagnostics)


def _body_start(paragraphs: list[Paragraph]) -> int:
    """Index of the first body paragraph: the headings right before the first numbered rule, in
    the CR's order (at most one section heading). A text of headings only (a contents page such as the dbyll index) is all front matter."""
    first = next(
        (i for i, p in enumerate(paragraphs) if (n := numbered(p.text.strip())) and level(n.number) >= 2),
        None,
    )
    if first is None:
        return len(paragraphs)
    start, after = first, numbered(paragraphs[first].text.strip()).number
    while start > 0 and (n := numbered(paragraphs[start - 1].text.strip())) and level(n.number) <= 1:
        if sort_key(n.number) >= sort_key(after):
            break  # the end of a contents list (``726. ...``) just before the body's ``700. 일반``
        start, after = start - 1, n.number
        if level(n.number) == 0:
            break
    return start


def _body_end(paragraphs: list[Paragraph], start: int) -> int:
    """Index of the glossary or credits heading that ends the body (or the end)."""
    for i in range(start, len(paragraphs)):
        text = paragraphs[i].text.strip()
        if is_glossary_heading(text) or is_credits_heading(text):
            return i
    return len(paragraphs)


def _split_back_matter(paragraphs: list[Paragraph]) -> tuple[list[Paragraph], list[Paragraph]]:
    """(glossary paragraphs without their heading, back matter) of what follows the body."""
    if not paragraphs or not is_glossary_heading(paragraphs[0].text.strip()):
        return [], paragraphs
    for i in range(1, len(paragraphs)):
        text = paragraphs[i].text.strip()
        if is_credits_heading(text):
            return paragraphs[1:i], paragraphs[i:]
        if is_glossary_omitted(text):
            return [], paragraphs[i + 1 :]
    return paragraphs[1:], []


def _parse_body(paragraphs: list[Paragraph], source: str, lang: str) -> tuple[list[_Draft], list[Diagnostic]]:
    drafts: list[_Draft] = []
    diagnostics: list[Diagnostic] = []
    for paragraph in paragraphs:
        text = paragraph.text.strip()
        head = numbered(text) or (_digits_dropped(text, drafts[-1].number) if drafts else None)
        example = None if head else example_text(text)
        if head:
            drafts.append(_Draft(paragraph, head.number, [head.text] if head.text else []))
            if head.repaired:
                drafts[-1].flags.append("malformed-number")
                diagnostics.append(Diagnostic(source, paragraph.line, "malformed-number", text[:_SAMPLE]))
        elif not drafts:
            diagnostics.append(Diagnostic(source, paragraph.line, "unparsed", text[:_SAMPLE]))
        elif example is not None:
            drafts[-1].examples.append(example)
        elif _continues_example(drafts[-1], lang):
            examples = drafts[-1].examples
            examples[-1] = f"{examples[-1]}\n{text}" if examples[-1] else text
        else:
            drafts[-1].lines.append(text)
            if _MALFORMED_NUMBER.match(text):
                diagnostics.append(Diagnostic(source, paragraph.line, "malformed-number", text[:_SAMPLE]))
    return drafts, diagnostics


_DIGITS_DROPPED = re.compile(r"^(?P<rule>[1-9][0-9]{2})\.(?P<letter>[a-z])\.?\s+(?P<text>\S.*)$", re.DOTALL)
_SUBRULE_PARTS = re.compile(r"^(?P<rule>[1-9][0-9]{2})\.(?P<digits>[0-9]+)(?P<letter>[a-z])$")


def _digits_dropped(text: str, previous: str) -> Numbered | None:
    """A subrule printed without its rule's digits (``306.b If ...`` after 306.3a, en
    2008-10-01), read back as the subrule after ``previous`` (``306.3b``, ``repaired``) when its
    letter is the one after ``previous``'s under the same three-digit rule; else None."""
    match, before = _DIGITS_DROPPED.match(text), _SUBRULE_PARTS.match(previous)
    if not match or not before or match.group("rule") != before.group("rule"):
        return None
    if next_letter(before.group("letter")) != match.group("letter"):
        return None
    return Numbered(f"{before.group('rule')}.{before.group('digits')}{match.group('letter')}",
                    match.group("text").strip(), True)


def _continues_example(draft: _Draft, lang: str) -> bool:
    """Whether a paragraph without a number or a label, after ``draft``'s last paragraph, goes on
    with its last example: when that example is a label alone (ja 2026-01-16 123.6b prints ``例：``
    on a line of its own), and in a translation, whose multi-line examples go on without a label
    (ko 607.5: an example of three cards, a line each). An English paragraph there is the rule's
    text going on (2002-10-07 410.10d)."""
    return bool(draft.examples) and (not draft.examples[-1] or lang != "en")


ContentsTitle = tuple[str, str]
"""A contents list's heading: (its title as printed in the translation's language, its English title)."""


def contents_titles(front: Sequence[Paragraph], lang: str) -> dict[str, ContentsTitle]:
    """The English titles a translation's contents list prints, by section or three-digit
    number, beside its own: ``1. 게임의 컨셉 Game Concepts`` and ``- 100. 일반 General`` give
    ``{"1": ("게임의 컨셉", "Game Concepts"), "100": ("일반", "General")}``. Other paragraphs, and
    headings with no English, are ignored; English and Japanese texts give ``{}`` (their headings
    are English or print none)."""
    titles: dict[str, ContentsTitle] = {}
    for paragraph in front:
        head = numbered(paragraph.text.strip().lstrip("-").strip())
        if head and level(head.number) <= 1:
            native, english = split_title(head.text, lang)
            if english:
                titles[head.number] = (native, english)
    return titles


LISTED_LIKE = 40
"""How alike (``rapidfuzz.fuzz.ratio`` of the letters alone) a body heading's title must be to its
contents list's to take the English title printed there: the Korean texts' headings differ from
their contents' in wording (``Magic의 황금률``/``매직의 황금률``: 53, ``턴 끝내기``/``턴을 끝내기``: 89)
and, where the contents list is an older one, name another rule (0 to 11)."""


def _listed_english(title: str | None, listed: ContentsTitle | None) -> str | None:
    """The English title of a body heading printing none (``title``, as printed) from its contents
    list entry, when that entry names the same heading: ko 2016-07-22 lists 712 as its old
    ``다른 플레이어를 조종하기 Controlling Another Player`` above a body 712 ``혼합 카드`` (Meld Cards);
    ``전투시작단`` and ``전투 시작단`` are one title."""
    if listed is None:
        return None
    letters = [re.sub(r"\W", "", text) for text in (title or "", listed[0])]
    return listed[1] if fuzz.ratio(*letters) >= LISTED_LIKE else None


def _rule(draft: _Draft, lang: str, source: str, listed: ContentsTitle | None) -> Rule:
    text = "\n".join(draft.lines)
    title = title_en = None
    depth = level(draft.number)
    if draft.lines and (depth <= 1 and is_heading(draft.lines[0]) or depth == 2 and is_title(draft.lines[0])):
        title, title_en = split_title(draft.lines[0], lang)
        title_en = title_en or (_listed_english(title, listed) if depth <= 1 else None)
    return Rule(
        number=draft.number,
        text=text,
        title=title or None,
        title_en=title_en,
        examples=tuple(Example(e) for e in draft.examples),
        flags=tuple(draft.flags),
        source=source,
        line=draft.paragraph.line,
        printed_number=draft.printed,
    )


def _matter(paragraphs: list[Paragraph], source: str, kind: str) -> list[Diagnostic]:
    if not paragraphs:
        return []
    first = paragraphs[0]
    count = len(paragraphs)
    summary = f"{count} paragraph{'' if count == 1 else 's'} skipped, from: {first.text.strip()}"
    return [Diagnostic(source, first.line, kind, summary[:_SAMPLE])]
