"""Korean query words (``search.korean``) on sentences of the Korean CR (ko 2021-11-19 rules 704.5j,
702.19b, 103.4 and 302.6, as the seeds and the corpus print them)."""

from __future__ import annotations

from search.korean import (
    agreeing, dictionary_forms, korean_nouns, korean_words, named_without_particle, nouns_of, one_syllable_nouns,
    spaced_compounds, without_particles, without_question_words,
)
from search.query import Clause, parse_query

TEXTS = [
    "한 플레이어가 이름이 같은 전설 지속물을 둘 이상 조종하고 있다면, 그 플레이어는 그 중 하나를 선택하고 나머지는 주인의 무덤에 넣습니다.",
    "돌진을 가진 공격 생물의 조종자는 생물이 입힐 전투피해를 먼저 방어 생물들에게 치명적 피해를 할당해야 합니다.",
    "플레이어는 게임을 시작할 때 멀리건을 할 수 있습니다. 멀리건은 플레이어의 손을 섞어 넣는 것입니다.",
    "생물의 활성화 능력은 그 생물을 조종자가 자신의 가장 최근 턴이 시작된 이후로 계속 조종하는 경우에만 활성화할 수 있습니다.",
    "플레이 하거나 조종하는 지속물은 마나를 생산할 수 있습니다.",
]


def test_nouns_are_the_stems_the_texts_write_with_two_particles_or_bare() -> None:
    nouns = korean_nouns(TEXTS)
    assert {"생물", "멀리건", "플레이어", "조종자"} <= set(nouns)  # 생물의/생물을/생물이, 멀리건을/멀리건은, …
    assert nouns["생물"] == 3  # 생물의, 생물을, 생물이
    assert "플레" not in nouns and "조종하" not in nouns  # 플레이 is no 플레 with 이
    assert "효" not in korean_nouns(["효과를 얻는다. 효과의 원천"])  # 과 and 과의: one particle


def test_a_word_loses_its_particle_or_light_verb_only_after_a_noun() -> None:
    nouns = korean_nouns(TEXTS)
    read = without_particles(parse_query("생물을 조종하면 플레이 멀리건은"), nouns)
    assert [c.text for c in read.clauses] == ["생물", "조종하면", "플레이", "멀리건"]
    read = without_particles(parse_query("조종자가 생물을 조종하는"), nouns | {"조종": 2})
    assert [c.text for c in read.clauses] == ["조종자", "생물", "조종"]


def test_a_questions_own_words_are_left_out_unless_nothing_else_is_left() -> None:
    nouns = korean_nouns(TEXTS)
    read = without_question_words(parse_query("멀리건은 어떻게 하나요?"))
    assert read.clauses == (Clause("멀리건은"),)
    assert without_particles(read, nouns).clauses == (Clause("멀리건"),)
    asked = parse_query("어떻게 되나요")
    assert without_question_words(asked) is asked


def test_quoted_phrases_latin_words_and_unchanged_queries_are_kept_as_typed() -> None:
    nouns = korean_nouns(TEXTS)
    parsed = parse_query('"생물을 조종" trample 돌진')
    assert without_particles(parsed, nouns) is parsed and without_question_words(parsed) is parsed


def test_a_name_the_texts_never_write_whole_loses_its_particle_too() -> None:
    names = {"상태참조행동", "전설 규칙"}.__contains__  # 704's title as typed without spaces; no noun of the texts
    read = named_without_particle(parse_query("상태참조행동이란"), names)
    assert read.clauses == (Clause("상태참조행동"),)
    assert named_without_particle(parse_query("전설 규칙은"), names).clauses == (Clause("전설"), Clause("규칙"))
    kept = parse_query("플레이어가")
    assert named_without_particle(kept, names) is kept


def test_words_typed_without_their_spaces_are_spaced_as_the_texts_write_them() -> None:
    words = korean_words(TEXTS)
    assert (words["생물의"], words["활성화"], words["능력은"]) == (2, 1, 1)

    def spaced(query: str, known: dict[str, int] = words, names: tuple[str, ...] = ()) -> tuple[list[str], dict]:
        read, replaced = spaced_compounds(parse_query(query), known, known, lambda text: text in names)
        return [clause.text for clause in read.clauses], replaced

    assert spaced("활성화능력은 전투피해") == (["활성화", "능력은", "전투피해"], {"활성화능력은": "활성화 능력은"})
    assert spaced("전설지속물을") == (["전설", "지속물을"], {"전설지속물을": "전설 지속물을"})  # the particle stays on
    assert spaced("전설지속물을", names=("전설지속물",)) == (["전설지속물을"], {})  # a rule's name, as typed
    assert spaced("돌진생물") == (["돌진생물"], {})  # 돌진 is never written alone here (돌진을): no part
    nouns = korean_nouns(TEXTS)
    assert "하면" not in nouns and spaced_compounds(parse_query("조종하면"), {"조종": 9, "하면": 9}, nouns,
                                                   lambda text: False)[1] == {}  # 조종 made a verb: no noun after
    light = {"시작": 9, "하지": 9, "비용": 9}  # 하지 a "noun" of korean_nouns (하지, 하지만), but a form of 하다
    assert spaced_compounds(parse_query("시작하지 시작비용"), light, light, lambda text: False)[1] == {"시작비용": "시작 비용"}
    assert spaced('"전설지속물을"')[1] == {}  # a quoted phrase is kept
    assert spaced("생명연결", {"생명연결": 5, "생명": 20, "연결": 30})[1] == {}  # written whole: a word
    assert spaced("생명연결", {"생명연결": 1, "생명": 20, "연결": 30})[1] == {"생명연결": "생명 연결"}


VALUES = [  # written for this test, in the Korean CR's wording
    "마나 값이 가장 높은 카드를 고릅니다. 그 카드의 마나 값은 3입니다. 이 값을 기억합니다.",
    "추가 턴을 얻은 플레이어는 그 턴에 생물들과 다른 개체들을 조종합니다. X들은 개체들이 아닙니다.",
    "전설적 지속물과 비전설적 주문, 그리고 추가적 X적은 적이 아닙니다. 생물 한 마리를 고릅니다.",
]


def test_a_noun_of_one_syllable_is_one_the_texts_write_alone_more_than_at_a_words_end() -> None:
    words = korean_words(VALUES)
    short = one_syllable_nouns(words, nouns_of(words))
    assert {"값", "턴"} <= set(short)  # 마나 값이, 값은, 값을; 추가 턴을, 턴에
    assert "들" not in short and "적" not in short  # 생물들과, 개체들을 (X들은 aside); 전설적, 비전설적 (적이, X적은 aside)
    assert not set(short) & {"이", "은", "을", "에"}  # particles


def test_a_word_ending_in_a_noun_of_one_syllable_is_spaced_too() -> None:
    words = korean_words(VALUES)
    nouns = nouns_of(words)

    def spaced(query: str) -> dict[str, str]:
        return spaced_compounds(parse_query(query), words, nouns, lambda text: False,
                                one_syllable_nouns(words, nouns))[1]

    assert spaced("마나값 마나값은 추가턴을") == {"마나값": "마나 값", "마나값은": "마나 값은", "추가턴을": "추가 턴을"}
    assert spaced("생물들") == {}  # a plural: 들 ends words (생물 is a word of the texts)
    assert spaced_compounds(parse_query("마나값"), words, nouns, lambda text: False)[1] == {}  # without the nouns


def test_a_particle_agrees_with_the_noun_before_it() -> None:
    pairs = [("치명타", "을"), ("신속", "를"), ("돌진", "가"), ("전설", "는"), ("마을", "으로"), ("카드", "으로"),
             ("규칙", "로"), ("생물", "와"), ("능력", "이란"), ("카드", "으로는"), ("돌진", "의"), ("trample", "을")]
    assert [agreeing(noun, particle) for noun, particle in pairs] == [
        "를", "을", "이", "은", "로", "로", "으로", "과", "이란", "로는", "의", "을"]


def test_a_verb_form_the_rules_do_not_write_is_read_as_the_dictionary_form_they_do() -> None:
    rules = ["전설 지속물이 무덤에 가면 그 지속물은 사라지다라는 용어로 부릅니다.", "플레이어는 카드를 섞습니다."]

    def held(text: str) -> bool:
        return any(text in rule for rule in rules)

    read = dictionary_forms(parse_query("사라지면 섞는다 섞습니다 무덤에 조종하면 파괴되면"), held)
    # 사라지면 and 섞는다 are read; a word held, one whose dictionary form is not, and 하다/되다 forms are not
    assert [c.text for c in read.clauses] == ["사라지다", "섞는다", "섞습니다", "무덤에", "조종하면", "파괴되면"]
    assert dictionary_forms(parse_query("사라지는"), lambda text: False) == parse_query("사라지는")
