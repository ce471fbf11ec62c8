"""Terms a rule's text says it defines: ``This is called the “legend rule.”``, ``이것을 "전설
규칙"이라고 합니다.``, ``「APNAP順ルール」と呼ばれる``. Stored with the rule (``Rule.defined_terms``);
the search index gives them the weight of a title, and a rule page lists them.
"""

from __future__ import annotations

import re

_QUOTED = r'(?:“(?P<term>[^”\n]{1,60})”|"(?P<term2>[^"\n]{1,60})"|‘(?P<term3>[^’\n]{1,60})’)'
_PARENTHESIS = re.compile(r"^(?P<main>.+?)\s*[(（](?P<alt>[^)）]+)[)）]$")
_SLASHED = re.compile(r"^(?P<main>.*[^ -~].*?)\s*[／/]\s*(?P<alt>[A-Za-z][ -~]*)$")
"""A Japanese term followed by its English one: ``装備しているクリーチャー／equipped creature``."""
_DEFINED = {
    "en": re.compile(
        rf"\b(?:called|known as|referred to as|termed)\s+(?:the\s+|an?\s+)?{_QUOTED}(?P<rule>\s+rule\b)?",
        re.IGNORECASE,
    ),
    "ko": re.compile(rf"{_QUOTED}\s?(?:이)?라(?:고|는)\s?(?:합니다|불|부릅|부른|칭|한다\.)"),
    "ja": re.compile(
        r"「(?P<term>[^」]{1,60})」(?:[(（](?:または|又は)?(?P<alt>[^)）]{1,40})[)）])?と(?:呼|称|言わ|いう。)"
        r"|(?:^|。)(?P<term2>[^、。「」]{1,20}?)(?<!こ)とは、"  # not "…ことは、" (… is)
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
    with an alternative name in brackets (``(またはAPNAP順ルール)``); a term followed by its English one
    (``「装備しているクリーチャー／equipped creature」``) also gives both alone. Unknown languages use the
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
        parts = _PARENTHESIS.match(term) or _SLASHED.match(term)
        if parts:
            found += [parts.group("main"), parts.group("alt")]
        if groups.get("rule"):
            found.append(f"{term} rule")
        if groups.get("alt"):
            found.append(groups["alt"].strip())
    return list(dict.fromkeys(t for t in found if t))
