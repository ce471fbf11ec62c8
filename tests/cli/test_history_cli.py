"""``crkb history``, ``crkb changes`` and the undated editions' matches of ``crkb editions``, on the
history KB (real corpus editions and the seeds)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli.main import main

pytestmark = pytest.mark.corpus


def run_json(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_history_of_the_korean_mulligan_rule_names_its_english_rules(history_kb):
    found = run_json("history", "103.4", "--lang", "ko", "--edition", "2021-11-19", "--json", "--kb", str(history_kb))
    assert found["lang"] == "ko" and found["edition"] == "ko-2021-11-19" and found["number"] == "103.4"
    assert found["steps"] == [
        {"edition": "ko-2016-11-11", "effective_date": "2016-11-11", "number": "103.4", "change": "created"},
        {"edition": "ko-2021-11-19", "effective_date": "2021-11-19", "number": "103.4", "change": "edited"},
    ]
    assert found["counterparts"] == [
        {"lang": "en", "edition": "en-2021-11-19", "number": "103.4", "change": "unchanged"},
        {"lang": "en", "edition": "en-2026-01-16", "number": "103.5", "change": "moved"},
    ]


def test_history_of_mana_burn_ends_with_its_removal(history_kb):
    found = run_json("history", "300.3", "--edition", "2009-05-01", "--json", "--kb", str(history_kb))
    assert found["steps"] == [
        {"edition": "en-2006-10-01", "effective_date": "2006-10-01", "number": "300.3", "change": "created"},
        {"edition": "en-2009-05-01", "effective_date": "2009-05-01", "number": "300.3", "change": "unchanged"},
        {"edition": "en-2009-07-11", "effective_date": "2009-07-11", "number": None, "change": "removed"},
    ]
    assert found["counterparts"] == [{"lang": "en", "edition": "en-2026-01-16", "number": None, "change": "removed"}]


def test_changes_list_the_battle_wave(history_kb):
    found = run_json("changes", "2022-11-18", "2023-04-14", "--json", "--kb", str(history_kb))
    assert (found["old"], found["new"]) == ("en-2022-11-18", "en-2023-04-14")
    battle = [r for r in found["rules"] if r["new"] == "310.1"]
    assert battle and battle[0]["change"] == "created" and "cast a battle card" in battle[0]["text"]
    trample = [r for r in found["rules"] if r["new"] == "702.19b"][0]
    assert trample["change"] == "edited"
    assert any(op == "+" and "battle" in words for op, words in trample["diff"])
    assert found["counts"]["moved"] > 100
    printed = CliRunner().invoke(main, ["changes", "2022-11-18", "2023-04-14", "--kb", str(history_kb)]).stdout.splitlines()
    at = printed.index("  edited        702.19b -> 702.19b")  # its words, as the README promises, in one line
    assert printed[at + 1] == ("      … those blocking creatures and the player{+, planeswalker,+} or [-planeswalker-]{+battle+} "
                               "the creature is attacking. When …")


def test_undated_seeds_name_the_editions_they_copy(history_kb):
    rows = {r["id"]: r for r in run_json("editions", "--json", "--kb", str(history_kb))}
    undated = {i: r["matches"] for i, r in rows.items() if r["effective_date"] is None}
    assert undated, "the seeds are undated editions"
    best = {i: m[0]["edition"] for i, m in undated.items() if m}
    assert "en-2006-10-01" in best.values()
    assert "ko-2021-11-19" in best.values() and "ko-2016-11-11" in best.values()
    assert all(m[0]["share"] >= m[-1]["share"] for m in undated.values() if m)
    assert all("matches" not in r for r in rows.values() if r["effective_date"])
