"""Names a rule goes by, besides its title: terms its own text defines, and glossary terms.

A rule's text often names what it describes (``This is called the “legend rule.”``, ``이것을 "전설
규칙"이라고 합니다.``, ``「APNAP順ルール」と呼ばれる``); a glossary entry names the rules it cites
(``Mulligan ... See rule 103.5.``). The search index gives these names the weight of a title, so a
query that names a rule finds it first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from search.analysis import name_key
from kb.model import GlossaryEntry

_QUOTED = r'(?:“(?P<term>[^”\n]{1,60})”|"(?P<term2>[^"\n]{1,60})"|‘(?P<term3>[^’\n]{1,60})’)'
_PARENTHESIS = re.compile(r"^(?P<main>.+?)\s*[(（](?P<alt>[^)）]+)[)）]$")
_DEFINED = {
    "en": re.compile(
        rf"\b(?:called|known as|referred to as|termed)\s+(?:the\s+|an?\s+)?{_QUOTED}(?P<rule>\s+rule\b)?",
        re.IGNORECASE,
    ),
    "ko": re.compile(rf"{_QUOTED}\s?(?:이)?라(?:고|는)\s?(?:합니다|불|부릅|부른|칭|한다\.)"),
    "ja": re.compile(
        r"「(?P<term>[^」]{1,60})」(?:[(（](?:または|又は)?(?P<alt>[^)）]{1,40})[)）])?と(?:呼|称|言わ|いう。)"
        r"|(?:^|。)(?P<term2>[^、。「」]{1,20}?)とは、"
    ),
}

_OPENING = re.compile(
    r"^(?:(?:A|An|The) )?(?P<term>(?!(?:If|When|Whenever|There|It|This|That|These|Each|Some|Any|No|Both|"
    r"Such|Other|All|One)\b)[A-Za-z][\w’'-]*(?: [\w’'-]+){0,3}?) (?:is|are) (?:a|an|the|one)\b"
)


def defined_terms(text: str, lang: str) -> list[str]:
    """Terms that ``text`` (a rule's text in ``lang``) says it defines, in order of appearance.

    English: a quoted term after *called*, *known as*, *referred to as* (``informally called the
    “summoning sickness” rule`` gives ``summoning sickness`` and ``summoning sickness rule``), and
    the subject of a text that opens ``X is a/an/the`` (``Trample is a static ability ...``,
    ``A permanent is a card or token ...``).
    Korean: a quoted term before *(이)라고 합니다/부릅니다/불렀습니다*; a term with its English name in
    brackets (``"장착된 생물(equipped creature)"``) also gives both names alone. Japanese: ``「…」と呼ばれる``,
    with an alternative name in brackets (``(またはAPNAP順ルール)``). Unknown languages use the
    English patterns. Returns ``[]`` when the text defines nothing.
    """
    pattern = _DEFINED.get(lang, _DEFINED["en"])
    found: list[str] = []
    opening = _OPENING.match(text) if lang not in ("ko", "ja") else None
    if opening:
        found.append(opening.group("term"))
    for match in pattern.finditer(text):
        groups = match.groupdict()
        term = (groups["term"] or groups.get("term2") or groups.get("term3") or "").strip(" .,")
        found.append(term)
        parts = _PARENTHESIS.match(term)
        if parts:
            found += [parts.group("main"), parts.group("alt")]
        if groups.get("rule"):
            found.append(f"{term} rule")
        if groups.get("alt"):
            found.append(groups["alt"].strip())
    return list(dict.fromkeys(t for t in found if t))


def glossary_names(
    glossary: Iterable[GlossaryEntry], titles: Mapping[str, str], lang: str
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Which rules each glossary term names, and which it only mentions: ``(names, mentions)``,
    both mapping a rule number to glossary terms.

    A term names the cited rules whose title is that term (``Haste ... See rule 702.10 and rule
    302.6`` names 702.10 "Haste" and mentions 302.6); when no cited rule has that title it names
    them all (``Maximum Hand Size ... See rule 402.2 and 514.1``). ``titles`` maps numbers to
    titles; entries that cite nothing are left out.
    """
    names: dict[str, list[str]] = {}
    mentions: dict[str, list[str]] = {}
    for entry in glossary:
        targets = _targets(entry)
        key = name_key(entry.term, lang)
        titled = [t for t in targets if t in titles and name_key(titles[t], lang) == key]
        for target in targets:
            chosen = names if not titled or target in titled else mentions
            chosen.setdefault(target, []).append(entry.term)
    return names, mentions


def _targets(entry: GlossaryEntry) -> Sequence[str]:
    return list(dict.fromkeys(t for ref in entry.references for t in ref.targets))
