"""Glossed terms (``ingest.glosses``) on texts written for the test; the real Korean glosses are
checked on the languages KB in tests/search/test_cross_language.py."""

from __future__ import annotations

from ingest.glosses import RulePair, named_glosses

PAIRS = [
    # 0: the mulligan rule glosses its term after two other words, and a word it only mentions
    RulePair("플레이어는 자신의 처음 손(hand)이 싫을 경우 멀리건(mulligan)을 할 수 있습니다.",
             "A player who dislikes their opening hand may take a mulligan.", ("Mulligan",)),
    RulePair("멀리건을 한 플레이어는 카드 한 장을 서고 밑에 놓습니다.", "A player who took a mulligan puts a card on the bottom.",
             ("London Mulligan",)),
    RulePair("다인전에서 첫 번째 멀리건은 무료입니다.", "In multiplayer games the first mulligan is free."),
    RulePair("플레이어의 손에 있는 카드.", "A card in a player's hand."),
    # 4: a term of two words; the word before it is not part of it
    RulePair("각 플레이어는 최대 손 크기(maximum hand size)가 있습니다.", "Each player has a maximum hand size.",
             ("Maximum Hand Size",)),
    RulePair("최대 손 크기를 넘는 카드는 버립니다.", "Cards beyond the maximum hand size are discarded."),
    # 6: a gloss of a verb form, not a term: its word is in far more texts than the English is
    RulePair("생물이 될 때(becomes) 능력이 격발합니다.", "When it becomes a creature, the ability triggers.", ("Becomes",)),
    RulePair("능력이 해결될 때 플레이어가 선택합니다.", "As the ability resolves, its controller chooses."),
    RulePair("턴이 끝날 때 효과가 끝납니다.", "The effect ends at end of turn."),
    RulePair("주문을 발동할 때 비용을 지불합니다.", "Costs are paid while casting a spell."),
    RulePair("그 생물은 마법물체가 됩니다.", "That creature becomes an artifact."),
    RulePair("지속물이 탭 상태가 되면 능력이 격발합니다.", "Whenever a permanent becomes tapped, it triggers."),
    RulePair("그 플레이어가 모노폴리를 얻습니다.", "That player becomes the monarch."),
    # 13: a quotation opens the term
    RulePair('효과가 "원하는 목표(any target)"라고 하면 됩니다.', "An effect that says any target means it.", ("Any Target",)),
    RulePair("원하는 목표에 피해를 줍니다.", "It deals damage to any target."),
]


def test_a_glossed_term_is_cut_where_the_texts_agree_with_their_english() -> None:
    found = {(gloss.pair, gloss.term, gloss.english) for gloss in named_glosses(PAIRS)}
    assert found == {
        (0, "멀리건", "Mulligan"),  # not 경우 멀리건: the other rules using mulligan say 멀리건 alone
        (4, "최대 손 크기", "Maximum Hand Size"),
        (13, "원하는 목표", "Any Target"),  # the cut stops at the quotation mark
    }  # 손(hand) names no rule here; 때(becomes) agrees too little with becomes


def test_a_gloss_names_a_rule_only_with_the_english_its_glossary_cites() -> None:
    unnamed = [RulePair(pair.text, pair.english_text) for pair in PAIRS]
    assert named_glosses(unnamed) == []
