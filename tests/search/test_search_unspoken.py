"""Which of a question's player words (player_words.yaml) a text never speaks of: `ask` does not
offer a ruling silent on what the player asks about."""

from __future__ import annotations


def test_a_player_word_is_spoken_of_by_the_rulebook_phrase_it_means(searcher) -> None:  # type: ignore[no-untyped-def]
    question = "can I untap my souls"
    assert searcher.unspoken(question, "The turn player stands all of the cards in their soul area.", "") == []
    assert searcher.unspoken(question, "The turn player draws a card.", "") == ["untap"]


def test_a_phrase_counts_only_whole(searcher) -> None:  # type: ignore[no-untyped-def]
    # "take back" is neither "take" nor "back" alone: a ruling on who takes damage is silent on it
    question = "can I take back my attack"
    assert searcher.unspoken(question, "Who takes damage when they block?", "") == ["take back"]
    assert searcher.unspoken(question, "The battle is cancelled.", "") == []


def test_chinese_player_words_and_traditional_characters(searcher) -> None:  # type: ignore[no-untyped-def]
    assert searcher.unspoken("宣告攻擊後能反悔嗎", "", "则战斗被取消") == []
    assert searcher.unspoken("宣告攻擊後能反悔嗎", "", "回合玩家抽1张卡") != []


def test_a_question_without_player_words_leaves_nothing_unspoken(searcher) -> None:  # type: ignore[no-untyped-def]
    assert searcher.unspoken("does taunt force the attack", "The player draws a card.", "") == []
