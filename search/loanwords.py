"""Loanwords: CR terms written in Hangul or katakana as their English sounds (``트램플``, ``데스터치``,
``ヘイスト``).

Korean players often say a keyword as its English name spelled in Hangul (``트램플`` "trample",
``데스터치`` "deathtouch", ``레전드 룰`` "legend rule") where the Korean CR translates it (돌진,
치명타, 전설 규칙). No text holds these words, so they found nothing, or were "corrected" into
another word (``플라잉`` into ``플레이``).

A word is matched to the English terms of the term dictionary (``kb.store.terms``: its
concepts) by how it sounds, as Korean writes English: both are reduced to a **sound key**, a
string of consonant classes with ``V`` for a vowel (``consonant_key``):

- Hangul: each syllable's conjoining jamo (Unicode NFD); an initial or final consonant gives
  its class (ㄱㅋㄲ ``K``, ㄷㅌㄸ ``T``, ㅂㅍㅃ ``P``, ㅅㅆ ``S``, ㅈㅊㅉ ``J``, ㄹ ``L``, final
  ㅇ ``G`` for *ng*, a final ㅅ ``T`` as in ``타겟``); a vowel is ``V``, but ㅡ, the vowel Korean
  puts between consonants English writes together (``트램플``: *t-r*), is nothing;
- English: spelling rules for the sounds Korean hears (``ENGLISH_SOUNDS``: *th* ``S``, *ch*
  ``J``, *ck* ``K``, *n* before *k* ``G``, *r* after a vowel silent, a final *e* silent, ...);
  where English spelling leaves the sound open (a *g* before *e* or *i*, an *s* between vowels,
  an *x* before a vowel), every reading is a key (``ENGLISH_VARIANTS``).

Runs of one class are merged, and a final ``V`` dropped (``리치``, "reach", ends in a vowel).
The key without its vowels is the **skeleton**: ``트램플`` and ``trample`` are both ``TLMPL``.

A word is read as the term whose key it has; failing that, as the only term with its skeleton
when that has ``MIN_SKELETON_ALONE`` consonants or more (``라이프링크`` writes *life* without its
silent *e*). Skeletons shorter than ``MIN_SKELETON`` are too common to tell (``와드``, "ward",
is ``T``). The searcher reads only words no text of the edition holds (``스택``, "stack", is the
translation's own word) and that are no one-jamo slip of a word of the edition (``무덨`` is 무덤).

Japanese players do the same in katakana (``ヘイスト``, ``デスタッチ``, ``ファーストストライク``)
where the Japanese CR says 速攻, 接死, 先制攻撃. ``search.katakana`` reads a katakana word into the
same classes, with and without each vowel katakana adds after a consonant English writes alone
(``ス``, ``ト``), and ``read_katakana`` reads runs of such words inside a Japanese query. As a
katakana word has several readings and katakana writes fewer vowels than English spells, the
match is stricter than Hangul's: a key alone (no skeleton), each vowel one katakana writes for
the English spelling at that place, *sh* only for *sh*, a vowel of its own at the end only for a
term ending in one (``search.katakana.sounds_as``), and a spelling ratio of ``MIN_SPELLING_KANA``.
The searcher reads only katakana the edition does not write as a whole word (``トランプル`` stays;
``フラッシュ``, flash, is read though ``フラッシュバック`` holds it), and leaves to the speller a
one-kana slip of a word that sounds like the same term (``カウンタ`` is ``カウンター``).
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import replace
from difflib import SequenceMatcher

from kb.scripts import HANGUL_SYLLABLES
from search.katakana import KATAKANA_WORDS, katakana_readings, katakana_spelling, sounds_as
from search.korean import is_hangul_word, with_stems
from search.query import Clause, ParsedQuery

WORDS_KEPT = 4096
"""How many words' terms a ``Loanwords`` keeps (a query tries each run of its words)."""
MAX_WORDS = 4
"""Most words a term is looked for in (``스테이트 베이스드 액션``)."""
MIN_SKELETON = 3
"""Fewest consonant classes a word is read by."""
MIN_SPELLING = 0.5
"""Least ``difflib`` ratio between a word's letters and its term's (``_closest``)."""
MIN_SPELLING_KANA = 0.55
"""Least ``difflib`` ratio between a katakana word's letters and its term's: its sound has agreed
already, vowels and all (``search.katakana.sounds_as``)."""
MIN_SKELETON_KANA = 2
"""Fewest consonant classes a katakana word is read by (``リーチ``, reach; ``ミル``, mill): its
readings are stricter than a Hangul word's (vowels and spelling agree too)."""
MIN_SPELLING_SHORT_KANA = 0.65
"""``MIN_SPELLING_KANA`` for a katakana word of fewer than ``MIN_SKELETON`` consonants: ``リーチ``
is reach (0.67), ``ミル`` mill (1.0), but ``ルール`` no role nor ``ロード`` riot (0.57)."""
MIN_SKELETON_ALONE = 5
"""Fewest consonant classes a word is read by without its vowels matching too."""

_INITIAL = dict(zip("ᄀᄁᄂᄃᄄᄅᄆᄇᄈᄉᄊᄋᄌᄍᄎᄏᄐᄑᄒ", "K K N T T L M P P S S _ J J J K T P H".split()))
_FINAL = dict(zip("ᆨᆩᆪᆫᆬᆭᆮᆯᆰᆱᆲᆳᆴᆵᆶᆷᆸᆹᆺᆻᆼᆽᆾᆿᇀᇁᇂ",
                  "K K KS N NJ N T L LK LM LP LS LT LP L M P PS T T G T T K T P _".split()))
_SILENT_VOWEL = "ᅳ"
_LETTERS = {
    **dict(zip("ᄀᄁᄂᄃᄄᄅᄆᄇᄈᄉᄊᄋᄌᄍᄎᄏᄐᄑᄒ", "g k n d t l m b p s s _ j j ch k t p h".split())),
    **dict(zip("ᅡᅢᅣᅤᅥᅦᅧᅨᅩᅪᅫᅬᅭᅮᅯᅰᅱᅲᅳᅴᅵ", "a a ya ya o e yo ye o wa wa we yo u wo we wi yu _ ui i".split())),
    **dict(zip("ᆨᆩᆪᆫᆬᆭᆮᆯᆰᆱᆲᆳᆴᆵᆶᆷᆸᆹᆺᆻᆼᆽᆾᆿᇀᇁᇂ",
               "k k ks n nj n t l lk lm lp ls lt lp l m p ps t t ng t t k t p _".split())),
}
"""Latin letters for each jamo, to tell apart terms of one sound key (``_spelling``)."""
_PLAIN_ENGLISH = (
    (r"[^a-z]", ""), (r"ture", "cho"), (r"tion", "syon"), (r"ph", "p"), (r"ck", "k"), (r"c(?=[eiy])", "s"),
    (r"c(?!h)", "k"), (r"er\b", "o"), (r"(?<=[aeiouy])r(?![aeiouy])", ""), (r"x", "ks"),
)
"""English spellings rewritten as ``_spelling`` writes their sound (then *f*, *r*, *v*, *q*, *z*
as *p*, *l*, *b*, *k*, *j*)."""
_PLAIN_JAPANESE = (
    (r"[^a-z]", ""), (r"ture", "cha"), (r"tion", "shon"), (r"ph", "p"), (r"ck", "k"), (r"c(?=[eiy])", "s"),
    (r"c(?!h)", "k"), (r"er\b", "a"), (r"(?<=[aeiouy])r(?![aeiouy])", ""), (r"x(?=[aeiou])", "gz"), (r"x", "ks"),
)
"""``_PLAIN_ENGLISH`` for katakana, which writes *-ture*, *-tion*, *-er* and *ex-* ``チャー``, ``ション``,
``アー``, ``エグザ``."""
_PLAIN_LETTERS = str.maketrans("frvqz", "plbkj")
_HANGUL_WORD = re.compile(f"[{HANGUL_SYLLABLES}]+")

ENGLISH_SOUNDS: tuple[tuple[str, str], ...] = (
    (r"(?<=[^aeiou])e(?=[ds]\b)", ""), (r"e\b", ""),  # based, planes; a final e
    (r"tion|tia|tio|sion", "SVN"), (r"ture", "J"), (r"ph", "P"), (r"th", "S"), (r"sh", "S"), (r"tch|ch", "J"),
    (r"ck|qu", "K"), (r"x(?=[aeiouy])", "KS"), (r"x", "KS"), (r"c(?=[eiy])", "S"), (r"kn", "N"), (r"gh", ""),
    (r"n(?=g[eiy])", "N"), (r"ng", "G"), (r"n(?=k|q|g(?![eiy])|c(?![eiyh]))", "G"), (r"c", "K"),
    (r"g(?=[eiy])", "J"), (r"g", "K"), (r"(?<=[aeiouy])r(?![aeiouy])", ""), (r"r", "L"), (r"l", "L"),
    (r"[bvpf]", "P"), (r"[dt]", "T"), (r"(?<=[aeiouylmnr])s(?=[aeiouy]|\b)", "S"), (r"s", "S"), (r"[zj]", "J"),
    (r"k", "K"), (r"m", "M"), (r"n", "N"), (r"h", "H"), (r"[aeiouy]", "V"), (r"[w'’]", ""),
)
"""English spellings and the sound classes Korean writes them with, first match first."""
ENGLISH_VARIANTS = {r"g(?=[eiy])": "K", r"x(?=[aeiouy])": "KJ", r"(?<=[aeiouylmnr])s(?=[aeiouy]|\b)": "J"}
"""Spellings of ``ENGLISH_SOUNDS`` with a second reading (``target``'s hard *g*, ``exile``'s *gz*,
``phase``'s *z*)."""
_ENGLISH = re.compile("|".join(f"(?P<s{i}>{pattern})" for i, (pattern, _) in enumerate(ENGLISH_SOUNDS)))


def consonant_key(classes: str) -> str:
    """The sound key of a string of classes and ``V``: runs of one class merged, a final ``V``
    dropped (``"TLVMMPL" -> "TLVMPL"``)."""
    return re.sub(r"(.)\1+", r"\1", classes).rstrip("V")


def skeleton(key: str) -> str:
    """A sound key without its vowels (``"TLVMPL" -> "TLMPL"``)."""
    return key.replace("V", "")


def hangul_key(word: str) -> str:
    """The sound key of a Hangul word (spaces between words ignored): ``"트램플" -> "TLVMPL"``;
    characters that are not Hangul syllables are ignored."""
    classes = []
    for jamo in unicodedata.normalize("NFD", word):
        if jamo in _INITIAL:
            classes.append(_INITIAL[jamo].strip("_"))
        elif jamo in _FINAL:
            classes.append(_FINAL[jamo].strip("_"))
        elif "\u1161" <= jamo <= "\u1175" and jamo != _SILENT_VOWEL:
            classes.append("V")
    return consonant_key("".join(classes))


def english_keys(term: str) -> set[str]:
    """The sound keys of an English term, one per reading of its open spellings
    (``"target" -> {"TVJVT", "TVKVT"}``); a plural's keys hold its singular's."""
    return {"".join(char for char, _ in sounds) for sounds, _ in english_readings(term)}


@functools.lru_cache(maxsize=WORDS_KEPT)
def english_readings(term: str) -> frozenset[tuple[tuple[tuple[str, str], ...], bool]]:
    """The classes of each sound key of an English term (``english_keys``: runs of one class
    merged, the final vowels dropped) with their spellings (an *r*, *w* or *e* that the key leaves
    silent kept with the class before it), and whether the term ends in a vowel, to tell katakana
    by (``search.katakana.sounds_as``): ``"counter" -> ((("K", "c"), ("V", "ou"), ("N", "n"),
    ("T", "t")), True)``."""
    words = re.sub(r"[^a-z'’ -]", "", term.casefold()).replace("-", " ").split()
    open_spellings = [pattern for pattern in ENGLISH_VARIANTS if any(re.search(pattern, word) for word in words)]
    readings = set()
    for size in range(len(open_spellings) + 1):
        for chosen in itertools.combinations(open_spellings, size):
            merged: list[list[str]] = []  # [class, spelling]
            for word in words:
                for classes, letters in _english_sounds(word, frozenset(chosen)):
                    if not classes and merged:
                        merged[-1][1] += letters
                    for char in classes:
                        if merged and merged[-1][0] == char:
                            merged[-1][1] += letters
                        else:
                            merged.append([char, letters])
            ends_in_vowel = bool(merged) and merged[-1][0] == "V"
            while merged and merged[-1][0] == "V":
                merged.pop()
            readings.add((tuple((char, letters) for char, letters in merged), ends_in_vowel))
    if term.endswith("s") and len(term) > 3:
        readings |= english_readings(term[:-1])
    return frozenset(readings)


def _english_sounds(word: str, chosen: frozenset[str]) -> list[tuple[str, str]]:
    """``word``'s spellings and their sound classes (``ENGLISH_SOUNDS``; ``chosen``: the open
    spellings read as ``ENGLISH_VARIANTS``), in order: ``"haste" -> [("H", "h"), ("V", "a"), ...]``."""
    sounds, end = [], 0
    for match in _ENGLISH.finditer(word):
        sounds.extend((char, char) for char in word[end:match.start()])  # no rule spells it: kept as typed
        pattern, classes = ENGLISH_SOUNDS[int(match.lastgroup[1:])]
        sounds.append((ENGLISH_VARIANTS[pattern] if pattern in chosen else classes, match.group()))
        end = match.end()
    sounds.extend((char, char) for char in word[end:])
    return sounds


class Loanwords:
    """English terms by sound key: build once per term dictionary (``concepts``: its English
    terms, folded) and share (read-only). About 0.06 s for 900 terms."""

    def __init__(self, concepts: Iterable[str]) -> None:
        self._kept = functools.lru_cache(maxsize=WORDS_KEPT)(self._term)
        self._by_key: dict[str, set[str]] = defaultdict(set)
        self._by_skeleton: dict[str, set[str]] = defaultdict(set)
        for concept in concepts:
            for key in english_keys(concept):
                self._by_key[key].add(concept)
                self._by_skeleton[skeleton(key)].add(concept)

    def term(self, word: str) -> str | None:
        """The English term ``word`` writes (``_term``), kept for the last ``WORDS_KEPT`` words."""
        return self._kept(word)

    def _term(self, word: str) -> str | None:
        """The English term ``word`` (Hangul syllables or katakana, spaces between words allowed,
        and ``・`` in katakana) writes as it sounds (``"데스터치"``, ``"デスタッチ" -> "deathtouch"``),
        or None (neither, no term, or several terms that are not one word's forms)."""
        if _HANGUL_WORD.fullmatch(word.replace(" ", "")):
            return self._hangul_term(word)
        if KATAKANA_WORDS.fullmatch(word):
            return self._katakana_term(word)
        return None

    def _hangul_term(self, hangul: str) -> str | None:
        key = hangul_key(hangul)
        bones = skeleton(key)
        if len(bones) < MIN_SKELETON:
            return None
        found = self._by_key.get(key)
        if not found and len(bones) >= MIN_SKELETON_ALONE:
            found = self._by_skeleton.get(bones)
        return _closest(_spelling(hangul), found or set(), _PLAIN_ENGLISH)

    def _katakana_term(self, katakana: str) -> str | None:
        """A term one of whose sound keys is a key of one of ``katakana``'s readings
        (``search.katakana``) and whose vowels katakana writes as it does, to its end
        (``ラウンド``, round, is not land, nor ``ブースター``, booster, boast); a word of
        ``MIN_SKELETON_KANA`` consonants only when spelt closer (``MIN_SPELLING_SHORT_KANA``)."""
        readings = [reading for reading in katakana_readings(katakana)
                    if len(skeleton(reading.key)) >= MIN_SKELETON_KANA]
        found = {term for reading in readings for term in self._by_key.get(reading.key, ())}
        heard = {term for term in found if any(sounds_as(reading, *english)
                                               for reading in readings for english in english_readings(term))}
        short = all(len(skeleton(reading.key)) < MIN_SKELETON for reading in readings)
        return _closest(katakana_spelling(katakana), heard, _PLAIN_JAPANESE,
                        MIN_SPELLING_SHORT_KANA if short else MIN_SPELLING_KANA)


def _closest(spelled: str, found: set[str], plain: tuple[tuple[str, str], ...], least: float = MIN_SPELLING
             ) -> str | None:
    """The term of ``found`` spelled most like ``spelled`` (a Latin spelling of what was typed:
    ``_spelling``, ``search.katakana.katakana_spelling``) once ``_plain``, a plural counting as its
    singular (``counter``, ``counters``); None when two are as close, or none is close
    (``MIN_SPELLING``)."""
    terms = [term for term in found if not (term.endswith("s") and term[:-1] in found)]
    scored = sorted(((SequenceMatcher(None, spelled, _plain(term, plain)).ratio(), term) for term in terms),
                    reverse=True)
    if not scored or scored[0][0] < least or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return scored[0][1]


def _spelling(hangul: str) -> str:
    """``hangul`` in Latin letters, jamo by jamo (``"플래시" -> "plasi"``): close to the English
    spelling it sounds like, once that is ``_plain``."""
    letters = "".join(_LETTERS.get(jamo, "").strip("_") for jamo in unicodedata.normalize("NFD", hangul))
    return re.sub(r"(.)\1+", r"\1", letters)


def _plain(term: str, rules: tuple[tuple[str, str], ...] = _PLAIN_ENGLISH) -> str:
    """An English term in the letters ``_spelling`` writes (``"flash" -> "plash"``), by
    ``_PLAIN_ENGLISH`` (or ``_PLAIN_JAPANESE``)."""
    plain = term.casefold()
    for pattern, letters in rules:
        plain = re.sub(pattern, letters, plain)
    return re.sub(r"(.)\1+", r"\1", plain.translate(_PLAIN_LETTERS))


def read_loanwords(
    parsed: ParsedQuery, term_for: Callable[[str], str | None], held: Callable[[str], bool]
) -> tuple[ParsedQuery, dict[str, str]]:
    """``parsed`` with each run of up to ``MAX_WORDS`` Hangul words that ``term_for`` reads as a
    term replaced by it, longest run first, a last word also without its particle (``트램플은``);
    and the runs replaced (typed -> searched). ``term_for`` gets a run's words joined by spaces
    (``"레전드 룰"``) and answers the words to search instead (``"전설 규칙"``) or None; a run
    that ``held`` says the texts hold, with or without its particle, is never read (``단계은``
    is ``단계``, a step, with a slip of particle). Quoted phrases and other words are kept as typed."""
    clauses, replaced, start = list(parsed.clauses), {}, 0
    out: list[Clause] = []
    while start < len(clauses):
        found = _run_at(clauses, start, term_for, held)
        if found is None:
            out.append(clauses[start])
            start += 1
            continue
        size, typed, searched = found
        replaced[typed] = searched
        out.extend(Clause(word) for word in searched.split())
        start += size
    if not replaced:
        return parsed, {}
    return replace(parsed, clauses=tuple(out)), replaced


def _run_at(
    clauses: list[Clause], start: int, term_for: Callable[[str], str | None], held: Callable[[str], bool]
) -> tuple[int, str, str] | None:
    """The longest run of Hangul words from ``start`` that ``term_for`` reads: (words, typed, searched)."""
    for size in range(min(MAX_WORDS, len(clauses) - start), 0, -1):
        run = clauses[start:start + size]
        if not all(is_hangul_word(clause) for clause in run):
            continue
        typed = " ".join(clause.text for clause in run)
        stems = with_stems(typed, shortest=2)
        for stem in stems:
            searched = term_for(stem)
            if searched is not None:
                if any(held(other) for other in stems):
                    break
                return size, typed, searched
    return None


def read_katakana(
    parsed: ParsedQuery, term_for: Callable[[str], str | None], held: Callable[[str], bool]
) -> tuple[ParsedQuery, dict[str, str]]:
    """``parsed`` with each run of up to ``MAX_WORDS`` katakana words (written together, or apart
    with ``・`` or a space: ``ファースト・ストライク``) that ``term_for`` reads as a term replaced by
    it, longest run first, inside the word it is typed in (``ヘイストを持つ -> 速攻を持つ``); and the
    runs replaced (typed -> searched). ``term_for`` gets a run as typed and answers the words to
    search instead (``"先制攻撃"``) or None; a run that ``held`` says the texts hold is never read
    (``トランプル``). Quoted phrases are kept as typed, before the words (as ``parse_query`` puts them)."""
    words = [clause.text for clause in parsed.clauses if not clause.phrase]
    replaced: dict[str, str] = {}
    read = KATAKANA_WORDS.sub(lambda run: _katakana_run(run.group(), term_for, held, replaced), " ".join(words))
    if not replaced:
        return parsed, {}
    phrases = [clause for clause in parsed.clauses if clause.phrase]
    return replace(parsed, clauses=(*phrases, *(Clause(word) for word in read.split()))), replaced


def _katakana_run(run: str, term_for: Callable[[str], str | None], held: Callable[[str], bool],
                  replaced: dict[str, str]) -> str:
    """``run`` (katakana words and the ``・`` or spaces between them) with the longest runs of its
    words that ``term_for`` reads and ``held`` does not hold replaced, noted in ``replaced``."""
    pieces = re.split(r"([・ ])", run)
    words, between = pieces[0::2], pieces[1::2]
    out, start = [], 0
    while start < len(words):
        size, searched = 1, words[start]
        for tried in range(min(MAX_WORDS, len(words) - start), 0, -1):
            typed = words[start] + "".join(between[at] + words[at + 1] for at in range(start, start + tried - 1))
            term = term_for(typed)
            if term is not None and not held(typed):
                size, searched, replaced[typed] = tried, term, term
                break
        out.append(searched)
        if start + size - 1 < len(between):
            out.append(between[start + size - 1])
        start += size
    return "".join(out)
