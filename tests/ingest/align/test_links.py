"""Joining a translation to English: strict agreement picks the partner edition, loose agreement
joins each rule despite the translator's slips (cases from ko 2021-11-19 against en 2021-11-19)."""

import sqlite3

import pytest

from ingest.align import normalise
from ingest.align.links import abridged, agrees, fingerprint, stale, tied
from ingest.align.slips import copied_texts, realigned_lists
from ingest.align.match import AlignedRule


def test_a_mistyped_subrule_reference_is_joined_loosely_not_strictly():
    korean = (0, ("601.2b", "601.2e"), 0, "")  # 702.96a as kormtgcr prints it
    english = (0, ("601.2b", "601.2f"), 0, "")
    assert not agrees(korean, english)
    assert agrees(korean, english, strict=False)


def test_references_a_translator_left_stale_or_mistyped():
    assert stale((0, ("731",), 12, ""), (0, ("732",), 12, ""))  # ja 2026-01-16 508.1: 7xx renumbered after it
    assert stale((0, ("114.7a",), 0, ""), (0, ("115.7a",), 0, ""))  # ko 2021-11-19 115.7b
    assert stale((0, ("700.7",), 0, ""), (0, ("400.7",), 0, ""))  # ko 403.4, a typo
    assert not stale((0, ("731",), 0, ""), (0, ("731",), 0, ""))  # the same: nothing stale
    assert not stale((0, ("708",), 0, ""), (0, ("104.3",), 0, ""))  # another rule
    assert not stale((0, ("719",), 0, ""), (0, ("723",), 0, ""))  # four rules off
    assert not stale((0, ("731",), 0, ""), (0, ("732", "601.2"), 0, ""))  # not as many


def test_a_heading_printing_its_english_title_is_joined_whatever_its_subrules():
    assert agrees((0, (), 1, "subgames"), (0, (), 6, "subgames"), strict=False)  # ko 718, the subrules left out
    assert not agrees((0, (), 1, "subgames"), (0, (), 6, "subgames"))
    assert not agrees((0, (), 11, "controlling another player"), (0, (), 11, "meld cards"), strict=False)


def test_a_misspelt_keyword_and_another_rule_with_that_number():
    assert agrees((0, (), 7, "manifast"), (0, (), 7, "manifest"), strict=False)
    assert not agrees((0, (), 1, "support"), (0, (), 1, "surveil"), strict=False)
    assert not agrees((0, ("708",), 0, ""), (0, ("104.3",), 2, ""), strict=False)


def test_an_abridged_translation_is_not_held_to_the_english_subrule_counts():
    english = {"100": (0, (), 2, ""), "100.1": (1, (), 2, ""), "100.1a": (2, (), 0, ""), "100.1b": (3, (), 0, ""),
               "100.2": (4, ("100.1",), 0, "")}
    whole = {number: (seq, refs, kids, title) for number, (seq, refs, kids, title) in english.items()}
    short = {"100": (0, (), 2, ""), "100.1": (1, (), 0, ""), "100.2": (2, ("100.1",), 0, "")}  # as the ja seed
    assert not abridged(whole, english) and abridged(short, english)
    assert not agrees(short["100.1"], english["100.1"])
    assert agrees(short["100.1"], english["100.1"], counted=False)
    assert not agrees(short["100.2"], english["100.1"], counted=False)  # references still count


def rules(*texts):
    return [AlignedRule(i, f"100.{i}", "100", "1", t, t) for i, t in enumerate(texts)]


def test_an_undated_copy_matches_the_editions_holding_its_texts_best_first():
    copy = rules("a", "b", "c", "d")
    found = fingerprint(copy, {"en-1": {"a", "b", "c", "d"}, "en-2": {"a", "b", "c", "d", "e"}, "en-3": {"a"}})
    assert found == [("en-1", 1.0), ("en-2", 1.0)]
    assert tied(found) == found


def test_the_rule_numbers_a_translation_names_are_read_whatever_script_touches_them():
    # invented sentences in the translations' ways of citing: no space between a number and the
    # CJK character or Hangul particle before or after it
    cases = {"参见规则903。": ("903",), "（参见规则702.19b，“践踏”）": ("702.19b",), "ルール702.169〔解明完了〕参照": ("702.169",),
             "114.7a에 따라 702.19c와 702.19d를 봅니다": ("114.7a", "702.19c", "702.19d"),
             "See rules 100.1–100.3 and rule 510.1c.": ("100.1", "100.3", "510.1c"), "in 2009, 20 cards": ()}
    assert {text: normalise.references(normalise.plain(None, text)) for text in cases} == cases
    assert normalise.masked("参见规则903。") == "参见规则#。"


def _store(*editions: tuple[str, list[tuple[str, str]]]) -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE rules (edition TEXT, seq INTEGER, number TEXT, text TEXT)")
    for edition, rules in editions:
        db.executemany("INSERT INTO rules VALUES (?, ?, ?, ?)",
                       [(edition, seq, number, text) for seq, (number, text) in enumerate(rules)])
    return db


def test_a_text_the_translator_printed_again_under_another_number_is_no_translation_of_it():
    # invented, shaped as ko 608.3 (608.2k's text printed again) and 702.122b (crew's 702.121b
    # again, under fabricate); two step rules translated alike ("then, the active player gets
    # priority") from English texts that differ by a word are no slip
    english = [("950.1", "A vehicle is crewed by tapping any number of untapped creatures you control."),
               ("950.2", "Whenever this permanent enters, put a number of +1/+1 counters on it or create tokens."),
               ("951.1", "Third, the active player gets priority. Players may cast spells."),
               ("951.2", "Fourth, the active player gets priority. Players may cast spells.")]
    crew = "탑승물은 당신이 조종하는 언탭된 생물을 원하는 수만큼 탭하여 탑승합니다."
    priority = "그 후, 액티브 플레이어가 우선권을 받습니다. 플레이어들은 주문을 발동할 수 있습니다."
    korean = [("950.1", crew), ("950.2", crew), ("951.1", priority), ("951.2", priority)]
    db = _store(("en", english), ("ko", korean))
    assert copied_texts(db, "ko", "en") == {1}


def test_a_list_holding_a_rule_the_english_dropped_is_paired_by_the_lengths_of_its_texts():
    # shaped as ja 805.10 (2026-01-16): the translation keeps the old f (damage assignment order,
    # dropped by the English), so its g is the English f; lengths as they are there
    english = {"805.10": (0, (), 6, ""), **{f"805.10{c}": (i + 1, (), 0, "") for i, c in enumerate("abcdef")}}
    japanese = {"805.10": (0, (), 7, ""), **{f"805.10{c}": (i + 1, (), 0, "") for i, c in enumerate("abcdefg")}}
    english_lengths = dict(zip(english, (88, 289, 326, 721, 412, 1158, 226)))
    lengths = dict(zip(japanese, (39, 129, 183, 349, 237, 497, 178, 108)))
    found = realigned_lists(japanese, english, lengths, english_lengths)
    assert found == {"805.10a": "805.10a", "805.10b": "805.10b", "805.10c": "805.10c", "805.10d": "805.10d",
                     "805.10e": "805.10e", "805.10g": "805.10f", "805.10f": None}
    lengths["805.10f"] = 120  # a translation of the same length as the others: by letter, as printed
    assert realigned_lists(japanese, english, lengths, english_lengths) == {}


@pytest.mark.corpus
def test_an_undated_translation_alone_in_its_language_is_joined_to_the_english_it_translates(tmp_path) -> None:
    """zh 2024-04-12 without its date line, built beside three English editions: it copies no
    Chinese edition, so it is joined as a translation, to the English edition of its rules."""
    from ingest.build import build_kb
    from kb.store import history
    from kb.store.layout import current_build
    from kb.store.read import Store
    from tests.corpus import shared_file

    chinese = shared_file("zh/2024-04-12.txt").read_text(encoding="utf-8")
    undated = tmp_path / "20240410_Zh.txt"
    undated.write_text("\n".join(line for line in chinese.split("\n") if "起生效" not in line), encoding="utf-8")
    english = [shared_file(f"en/{name}.txt") for name in ("2023-11-17", "2024-02-06", "2024-04-10")]
    assert build_kb([undated, *english], tmp_path / "kb").published
    store = Store(current_build(tmp_path / "kb").store)
    [translation] = store.editions("zh")
    assert translation.effective_date is None
    assert store.query("SELECT anchor FROM links WHERE edition = ? AND kind = 'translation'",
                       (translation.id,)) == [("en-2024-04-12",)]
    located = history.locate(store, translation.id, "702.19b")
    assert history.counterparts(store, "zh", located) == [
        {"lang": "en", "edition": "en-2024-04-12", "number": "702.19b", "change": "unchanged"}]


@pytest.mark.corpus
def test_a_translations_history_follows_the_english_rules_it_translates(tmp_path) -> None:
    """zh 2022-06-10 -> 2023-11-17: 900.1 was retranslated in other words and 310.7 became 311.7
    (battles took 310) with its text extended; by their texts alone both were removed and created."""
    from ingest.build import build_kb
    from kb.store import history
    from kb.store.layout import current_build
    from kb.store.read import Store
    from tests.corpus import shared_file

    files = [shared_file(name) for name in ("zh/2022-06-10.txt", "zh/2023-11-17.txt", "en/2022-06-10.txt",
                                            "en/2023-11-17.txt")]
    assert build_kb(files, tmp_path / "kb").published
    store = Store(current_build(tmp_path / "kb").store)

    def steps(number: str) -> list[tuple[str, str | None, str]]:
        return [(s.edition, s.number, s.change) for s in history.history(store, "zh", "zh-2022-06-10", number).steps]

    assert steps("900.1") == [("zh-2022-06-10", "900.1", "created"), ("zh-2023-11-17", "900.1", "edited")]
    assert steps("310.7") == [("zh-2022-06-10", "310.7", "created"), ("zh-2023-11-17", "311.7", "moved+edited")]


@pytest.mark.corpus
def test_rules_citing_renumbered_rules_and_headings_under_an_older_contents_list_are_joined(tmp_path) -> None:
    """ja 2026-01-16 508.1 (declare attackers) cites rule 731 where the English cites 732, ko
    2016-07-22 403.4 700.7 for 400.7: both were left without an English rule, so /ja/cr/508.1
    named no English. ko 2016-07-22's contents list, older than its body, names 712 (혼합 카드,
    Meld Cards) Controlling Another Player: it was joined to nothing and named that in English.
    A text printed again under another number (ko 2016-07-22 608.3, 608.2k's) stays unjoined."""
    from ingest.build import build_kb
    from kb.store import history
    from kb.store.layout import current_build
    from kb.store.read import Store
    from tests.corpus import shared_file

    files = [shared_file(name) for name in ("ja/2026-01-16.txt", "en/2026-01-16.txt", "ko/kormtgcr/2016-07-22.txt",
                                            "en/2016-07-22.txt")]
    assert build_kb(files, tmp_path / "kb").published
    store = Store(current_build(tmp_path / "kb").store)

    def english(edition: str, number: str) -> list[tuple[str, str | None]]:
        located = history.locate(store, edition, number)
        return [(found["edition"], found["number"]) for found in history.counterparts(store, edition[:2], located)
                if found["lang"] == "en"]

    assert english("ja-2026-01-16", "508.1") == [("en-2026-01-16", "508.1")]
    assert english("ja-2026-01-16", "104.6") == [("en-2026-01-16", "104.6")]
    assert english("ko-2016-07-22", "403.4") == [("en-2016-07-22", "403.4"), ("en-2026-01-16", "403.4")]
    assert english("ko-2016-07-22", "712")[0] == ("en-2016-07-22", "712")
    assert store.rule("ko-2016-07-22", "712").title_en is None
    assert english("ko-2016-07-22", "608.3") == []
