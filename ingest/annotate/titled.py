"""Citations whose printed title names another rule than their number: a translation that kept an
older edition's numbers, or the publisher's slip.

The Japanese translation prints a citation's title after its number (``rule 726〔ゲームを再び開始する〕``).
Where the translator kept the number of an older English edition, the title still names the rule
meant: ``rule 725〔ゲームを再び開始する〕`` (ja 2026-01-16, 104.6) names 726, as rule 725 of that edition
is ``イニシアチブ``. Such a citation is retargeted to the one rule of the edition holding that title,
when the number it prints is a titled rule of the edition at the same level (an excerpt lacking
the cited section keeps its citation); its words stay as printed. The English editions quote the
title (``rule 727, “Day and Night.”``): the publisher's slips are read the same way (en 2024-03-08
to 2024-07-30 cite Day and Night, 728, as 727, Merging with Permanents; 2025's glossary sends
Endure to 702.62, Suspend; 2005-2007 cite the Attack Multiple Players Option, 602, as 603): 40
English citations of the corpus, each checked by hand. A title that is part of its target's own
(``rule 613, “Continuous Effects.”``, 613 being Interaction of Continuous Effects, 611 Continuous
Effects: the Japanese translation kept 613) names the target shortly: it stays.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from kb.model import Reference
from kb.numbers import level

_BRACKET = re.compile(r"\s*〔([^〕\n]{1,60})〕|,?\s*[“\"]([^”\"\n]{1,60}?)[.,]?[”\"]")
"""A printed title after a citation: Japanese brackets, or English quotes (its period or comma inside)."""


def bare_title(title: str) -> str:
    """A heading's own words: ``トランプル／Trample`` -> ``トランプル``."""
    return title.split("／")[0].strip()


def titled_rules(titles: Mapping[str, str]) -> dict[str, str]:
    """``{bare title: number}`` of the titles (``{number: heading}``) that one rule alone holds."""
    counts = Counter(bare_title(title) for title in titles.values())
    return {bare_title(title): number for number, title in titles.items() if counts[bare_title(title)] == 1}


def retarget_by_title(
    refs: Iterable[Reference], text: str, titles: Mapping[str, str], by_title: Mapping[str, str]
) -> tuple[Reference, ...]:
    """``refs`` (found in ``text``) with each single-target citation followed by a bracketed title
    that is not its target's (``titles``: number -> heading) but is the title of exactly one other
    rule (``by_title``, from ``titled_rules``) pointed at that rule. Others are returned unchanged."""
    return tuple(_retargeted(ref, text, titles, by_title) for ref in refs)


def _retargeted(ref: Reference, text: str, titles: Mapping[str, str], by_title: Mapping[str, str]) -> Reference:
    printed = _BRACKET.match(text, ref.end)
    if printed is None or len(ref.targets) != 1:
        return ref
    named, target = (printed.group(1) or printed.group(2)).strip(), ref.targets[0]
    meant, held = by_title.get(named), titles.get(target)
    if meant is None or held is None or named in bare_title(held) or level(meant) != level(target):
        return ref  # only a titled rule of the edition contradicted by a rule of the same level
    return replace(ref, targets=(meant,), spans=_one(ref.spans))


def _one(spans: Sequence[tuple[int, int] | None]) -> tuple[tuple[int, int] | None, ...]:
    return tuple(spans[:1])
