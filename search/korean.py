"""Korean query words read as the texts use them: particles cut off nouns, a question's own words
left out.

Korean writes a noun and its particle as one word (``생물을``: "creature" and the object particle).
The index's bigrams (``search.analysis``) find ``생물`` inside every ``생물을``, ``생물이``, … of the
texts, but a query word must match whole, so ``멀리건은`` found only the rules using that very
form (903.12g, 800.6) before 103.4, the mulligan rule, and was no rule's name. Here, for a
Korean edition:

- a query word ending in a particle (``PARTICLES``, ``without_particles``: after spelling
  correction, so that ``돌짐은`` reads as ``돌진은`` does) is cut to its noun when the edition's texts
  use that noun with two particles or more, bare counting as one (``korean_nouns``): ``생물을 ->
  생물``, ``멀리건은 -> 멀리건``; ``플레이`` ("play", which the texts use only as ``플레이``) is kept;
- a word corrected without its particle takes it back in the form the corrected noun takes
  (``agreeing``: ``치명탁을 -> 치명타를``);
- a noun made a verb with 하다 (``조종하면`` "if … controls", ``VERB_ENDINGS``) is cut the same way;
- a verb in a form no rule writes is read in its dictionary form when the rules write that
  (``dictionary_forms``: ``죽으면`` "if it dies" -> ``죽다``, the term 700.4 defines);
- a word typed without its spaces (``spaced_compounds``: ``격발능력``, where the texts write
  ``격발 능력``) is spaced into the texts' words (``korean_words``), since a query bigram across
  a missing space (``발능``) is in no text; its last part may be a noun of one syllable that the
  texts write alone more often than at the end of a longer word (``one_syllable_nouns``: ``마나값
  -> 마나 값``, mana value; not the plural ``들`` of ``생물들``);
- the words that make it a question (``without_question_words``: before spelling correction,
  which would take ``하나요`` for a typo; ``QUESTION_WORDS``: 어떻게, 무엇; and predicates ending in
  ``QUESTION_ENDINGS``: 되나요, 있을까요) are left out when other words remain: rules never ask.

Only plain Hangul words are read; quoted phrases are kept as typed.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace

from kb.scripts import HANGUL_SYLLABLES
from search.query import Clause, ParsedQuery

PARTICLES = ("에서는", "에서도", "으로는", "에게는", "이라는", "이라면", "에서", "으로", "에게", "에는", "에도", "로는",
             "과의", "와의", "이란", "까지", "부터", "처럼", "보다", "은", "는", "이", "가", "을", "를", "의", "에", "로",
             "와", "과", "도", "만", "란")
"""Korean particles (josa) a noun is written with, longest first (``search.spelling_cjk`` corrects
a word without its particle too)."""
AGREEING = (("은", "는"), ("이", "가"), ("을", "를"), ("과", "와"), ("으로", "로"), ("이란", "란"),
            ("이라면", "라면"), ("이라는", "라는"), ("과의", "와의"), ("으로는", "로는"))
"""Particles written one way after a final consonant, the other after a vowel: (after a
consonant, after a vowel). The ``으로`` forms take ``로`` after ㄹ too (``마을로``)."""
VERB_ENDINGS = ("한다면", "하는지", "하려면", "하면", "하는", "하고", "하여", "해서", "했을", "한다", "할", "한")
"""Forms of the light verb 하다 after a noun (``조종하면``, ``공격하는``), longest first."""
COPULA = ("입니다", "이다", "인", "일", "이며", "이고", "이면", "이라", "이지", "임")
"""Forms of 이다 ("to be") after a noun (``행동입니다``, ``상태일``: ``search.snippets`` marks the noun)."""
QUESTION_WORDS = frozenset({"어떻게", "어떤", "무엇", "무엇이", "무엇을", "뭐", "뭔가요", "뭐야", "왜", "언제", "어디",
                            "어디로", "어디에", "누가", "누구", "어느", "얼마나", "몇"})
"""Korean question words (how, what, why, when, where, who, which, how many)."""
QUESTION_ENDINGS = ("나요", "까요", "가요", "니까", "는지요", "죠")
"""A word ending so is the predicate of a question (``되나요``, ``있을까요``, ``인가요``, ``합니까``)."""
_PARTICLE_SET = frozenset(PARTICLES)
_NONE: Mapping[str, int] = {}
_BY_LENGTH = sorted(PARTICLES, key=len, reverse=True)
_HANGUL_WORD = re.compile(f"[{HANGUL_SYLLABLES}]+")
_LIGHT_VERB = re.compile("^[하되한된할될했됐해돼합됩][가-힣]?$")
"""A form of 하다 or 되다 (``하지``, ``하면``, ``되는``): what follows a noun made a verb, never a
compound's part (``시작하지`` is 시작 made a verb; ``하지`` is a "noun" of ``korean_nouns`` for 하지만)."""
SOLID_SHARE = 0.1
"""A word written whole this often against its rarest part is a word, not parts missing spaces."""


def korean_nouns(texts: Iterable[str]) -> dict[str, int]:
    """The nouns of Korean ``texts`` (an edition's rule titles and texts), each with how many
    particles the texts write it with: the stems that words of the texts hold before particles of
    ``PARTICLES`` of two first syllables or more, the bare word counting as one (``생물`` from
    ``생물``, ``생물을``, ``생물이``; not ``효`` from ``효과`` and ``효과의``). About 1,000 for a whole edition."""
    return nouns_of(korean_words(texts))


def nouns_of(words: Iterable[str]) -> dict[str, int]:
    """``korean_nouns`` of the Hangul words of texts (``korean_words``)."""
    seen: dict[str, set[str]] = defaultdict(set)
    lengths = sorted({len(particle) for particle in PARTICLES})
    particles = frozenset(PARTICLES)
    for word in set(words):
        seen[word].add("")
        for length in lengths:
            if len(word) > length and word[-length:] in particles:
                seen[word[:-length]].add(word[-length])
    return {stem: len(firsts) for stem, firsts in seen.items() if len(firsts) >= 2}


def agreeing(noun: str, particle: str) -> str:
    """``particle`` in the form that follows ``noun``'s last syllable (``AGREEING``):
    ``agreeing("치명타", "을") == "를"``, ``agreeing("신속", "를") == "을"``, ``agreeing("마을",
    "으로") == "로"``. Any other particle, or after a noun not ending in a Hangul syllable, as given."""
    last = ord(noun[-1]) - 0xAC00 if noun else -1
    pair = next((pair for pair in AGREEING if particle in pair), None)
    if pair is None or not 0 <= last < 11172:
        return particle
    final = last % 28  # 0: no final consonant; 8: ㄹ
    return pair[1] if final == 0 or (final == 8 and pair[0].startswith("으로")) else pair[0]


def without_question_words(parsed: ParsedQuery) -> ParsedQuery:
    """``parsed`` without the Korean words that make it a question (``QUESTION_WORDS``, words
    ending in ``QUESTION_ENDINGS``); the same query when it has none, or nothing else."""
    kept = tuple(clause for clause in parsed.clauses if not _asks(clause))
    return parsed if not kept or kept == parsed.clauses else replace(parsed, clauses=kept)


VERB_TAILS = ("는다면", "었습니다", "았습니다", "습니다", "는다", "으면", "었다", "았다", "었을", "았을", "었던",
              "는지", "으니", "면", "는", "을", "은", "고", "지", "게", "며")
"""Endings of a verb whose stem ends in a consonant (``죽는다``, ``죽으면``, ``죽을``: 죽다, "dies"),
longest first: a query word the texts do not hold and that ends so is read as its dictionary
form when the texts hold that (``dictionary_forms``)."""


def dictionary_forms(parsed: ParsedQuery, held: Callable[[str], bool]) -> ParsedQuery:
    """``parsed`` with each Hangul word that ``held`` (the edition's rule texts hold it) is false of
    and that ends in a ``VERB_TAILS`` ending read as its dictionary form, the stem and 다, when
    that is held: the texts define a verb and name it in that form (``죽다``, 700.4), a player
    asks with another (``죽으면``, "if it dies"), which shares no bigram with it. A stem of 하다 or
    되다 (``공격하면``, ``파괴되면``) is left to ``without_particles``, which finds its noun. The same
    query when no word is so read."""
    def read(clause: Clause) -> Clause:
        if not is_hangul_word(clause) or held(clause.text):
            return clause
        for tail in VERB_TAILS:
            stem = clause.text[: -len(tail)]
            if stem and clause.text.endswith(tail) and stem[-1] not in "하되" and held(stem + "다"):
                return Clause(stem + "다")
        return clause

    clauses = tuple(read(clause) for clause in parsed.clauses)
    return parsed if clauses == parsed.clauses else replace(parsed, clauses=clauses)


def without_particles(parsed: ParsedQuery, nouns: Mapping[str, int]) -> ParsedQuery:
    """``parsed`` with each Korean word cut to its noun (``nouns``: ``korean_nouns`` of the
    edition searched) when it ends in a particle or a 하다 ending; the same query when none does."""
    clauses = tuple(Clause(_stem(clause.text, nouns)) if is_hangul_word(clause) else clause for clause in parsed.clauses)
    return parsed if clauses == parsed.clauses else replace(parsed, clauses=clauses)


def named_without_particle(parsed: ParsedQuery, is_name: Callable[[str], bool]) -> ParsedQuery:
    """``parsed`` with the particle of its last word cut when the query is then a rule's whole name
    (``is_name``, ``search.related.named_rules``) and was not one: ``상태참조행동이란 -> 상태참조행동``,
    a name the texts never write without spaces, so no noun of ``korean_nouns``."""
    if not parsed.clauses or not is_hangul_word(parsed.clauses[-1]) or is_name(_text(parsed.clauses)):
        return parsed
    word = parsed.clauses[-1].text
    for particle in PARTICLES:
        if len(word) > len(particle) and word.endswith(particle):
            clauses = (*parsed.clauses[:-1], Clause(word[: -len(particle)]))
            if is_name(_text(clauses)):
                return replace(parsed, clauses=clauses)
    return parsed


def _text(clauses: Iterable[Clause]) -> str:
    return " ".join(clause.text for clause in clauses)


def is_hangul_word(clause: Clause) -> bool:
    """True for a query word of Hangul syllables alone (not a quoted phrase)."""
    return not clause.phrase and _HANGUL_WORD.fullmatch(clause.text) is not None


def _asks(clause: Clause) -> bool:
    return is_hangul_word(clause) and (clause.text in QUESTION_WORDS or clause.text.endswith(QUESTION_ENDINGS))


def _stem(word: str, nouns: Mapping[str, int]) -> str:
    """``word`` without its particle or 하다 ending when what is left is one of ``nouns``, written
    with more particles than ``word`` itself (``지속물이`` -> ``지속물``; ``효과`` stays)."""
    for ending in (*PARTICLES, *VERB_ENDINGS):
        stem = word[: -len(ending)]
        if word.endswith(ending) and nouns.get(stem, 0) > nouns.get(word, 0):
            return stem
    return word


def korean_words(texts: Iterable[str]) -> Counter[str]:
    """The Hangul words of ``texts`` (an edition's rule titles and texts), as written between spaces
    and punctuation, with how often each is written."""
    return Counter(word for text in texts for word in _HANGUL_WORD.findall(text))


def spaced_compounds(
    parsed: ParsedQuery, words: Mapping[str, int], nouns: Mapping[str, int], is_name: Callable[[str], bool],
    short: Mapping[str, int] = _NONE,
) -> tuple[ParsedQuery, dict[str, str]]:
    """``parsed`` with each Korean word that is ``words`` of the texts (``korean_words``) written
    without their spaces put back into those words, a particle kept on the last (``격발능력은 ->
    격발 능력은``: the texts say 격발 능력, and the bigram 발능 spans a space no text has); every
    part after the first is one of ``nouns`` (``korean_nouns``: ``조종하면`` is 조종 made a verb,
    not 조종 and 하면); unless the texts write the word whole at least ``SOLID_SHARE`` as often as
    its rarest part (``생명연결``, lifelink, stays) or it is a rule's name (``is_name``:
    ``공격력방어력`` names 208 as it is). Also answers the words spaced (typed -> searched). Each
    part has two syllables or more; the fewest parts win, then the longest first part. The same
    query, ``{}``, when none is spaced."""
    clauses: list[Clause] = []
    replaced: dict[str, str] = {}
    for clause in parsed.clauses:
        spaced = _spaced(clause.text, words, nouns, short) if is_hangul_word(clause) and len(clause.text) >= 3 else None
        named = spaced is not None and any(is_name(stem) for stem in with_stems(clause.text))
        spaced = None if named else spaced
        if spaced is None:
            clauses.append(clause)
            continue
        replaced[clause.text] = " ".join(spaced)
        clauses.extend(Clause(part) for part in spaced)
    return (replace(parsed, clauses=tuple(clauses)), replaced) if replaced else (parsed, {})


def with_stems(word: str, shortest: int = 1) -> list[str]:
    """``word``, then ``word`` without each particle it ends in, leaving ``shortest`` syllables or
    more (``트램플은 -> [트램플은, 트램플]``)."""
    return [word] + [word[: -len(p)] for p in PARTICLES if word.endswith(p) and len(word) - len(p) >= shortest]


def one_syllable_nouns(words: Mapping[str, int], nouns: Mapping[str, int]) -> dict[str, int]:
    """The ``nouns`` of one syllable that the texts' ``words`` write alone, bare or with a particle,
    more often than as the last syllable of a longer word, itself bare or with a particle: ``값``
    (value: 마나 값), ``턴``, ``수``, not the suffixes ``들`` (plural: 생물들, though the texts write
    it after a Latin word, ``X들``), ``적`` (전설적) or ``점`` (생명점). A query word may end in one
    (``spaced_compounds``). Particles are none. Each with how often it is written alone."""
    alone: Counter[str] = Counter()
    ending: Counter[str] = Counter()
    for word, count in words.items():
        stem = _without_particle(word)
        if len(stem) == 1:
            alone[stem] += count
        else:
            ending[stem[-1]] += count
    return {noun: alone[noun] for noun in nouns
            if len(noun) == 1 and noun not in _PARTICLE_SET and alone[noun] > ending[noun]}


def _without_particle(word: str) -> str:
    """``word`` without the longest particle it ends in, leaving one syllable or more."""
    return next((word[: -len(p)] for p in _BY_LENGTH if len(word) > len(p) and word.endswith(p)), word)


def _spaced(word: str, words: Mapping[str, int], nouns: Mapping[str, int],
            short: Mapping[str, int] = _NONE) -> list[str] | None:
    """``word`` as two or three parts (``spaced_compounds``; the last may end in a particle), or None."""
    stems = [(stem, word[len(stem):]) for stem in with_stems(word, shortest=3 if short else 4)]
    for parts in (2, 3):
        for stem, particle in stems:
            found = _split(stem, words, nouns, parts, short)
            if found is not None:
                solid = max(words.get(stem, 0), words.get(word, 0))
                if solid >= SOLID_SHARE * min(words.get(part) or short.get(part, 0) for part in found):
                    return None  # the texts write it whole: a word
                return [*found[:-1], found[-1] + particle]
    return None


def _split(word: str, words: Mapping[str, int], nouns: Mapping[str, int], parts: int,
           short: Mapping[str, int] = _NONE) -> list[str] | None:
    """``word`` as ``parts`` of two syllables or more, the last also one of ``short``: a word of
    ``words``, then ``nouns``; the first as long as can be."""
    if parts == 1:
        if word in short:
            return [word]
        return [word] if len(word) >= 2 and word in words and not _LIGHT_VERB.match(word) else None
    for cut in range(len(word) - 2 * (parts - 2) - (1 if short else 2), 1, -1):
        if word[:cut] in words:
            rest = _split(word[cut:], nouns, nouns, parts - 1, short)
            if rest is not None:
                return [word[:cut], *rest]
    return None
