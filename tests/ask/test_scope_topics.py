"""The out-of-scope topics `ask` declines: matched as whole words, the file checked by line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pal_judge.errors import UserError
from pal_judge.rulings.scope import Topic, out_of_scope, topics


def test_topic_words_match_whole_words_only() -> None:
    assert out_of_scope("is slow play a game loss") is not None
    assert out_of_scope("what does the card's price say") is not None
    # "pricey"/"latest"/"event" are not topic words; a rules question stays a rules question
    assert out_of_scope("play the latest event card during the quick step") is None


def test_chinese_topic_words_match_in_either_script() -> None:
    assert out_of_scope("比赛迟到怎么办").name == out_of_scope("比賽遲到怎麼辦").name  # type: ignore[union-attr]


def test_a_malformed_topics_file_names_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "topics.yaml"
    bad.write_text("- {topic: sleeves, say: [sleeve]}\n- {topic: prices}\n", encoding="utf-8")
    with pytest.raises(UserError, match=r"topics\.yaml:2"):
        topics(bad)


def _rulebook_clauses() -> list[str]:
    root = Path(__file__).resolve().parents[2] / "rules"
    return [line.lower() for name in ("en.txt", "zh.txt") for line in (root / name).read_text(encoding="utf-8").splitlines()]


def test_no_topic_word_is_a_word_of_the_rulebook() -> None:
    """A topic word the rulebook uses would decline rules questions: only the clause that leaves
    a matter to an event's own regulations (13.2.1.1, en and zh) may say one."""
    hands_over = ("regulations of that specific event", "该活动的具体规定")
    clauses = [c for c in _rulebook_clauses() if not any(h in c for h in hands_over)]
    said = sorted({t.name for c in clauses for t in topics() if t.said_in(c)})
    assert said == []


@pytest.mark.parametrize(
    "question",
    [
        "can the head judge overturn a floor judge's ruling",
        "my opponent was rude and swearing at me",
        "is a spectator allowed to point out a missed trigger",
        "对手输了就骂人怎么办",
        "觀眾可以提醒我嗎",
        "is grizzbolt banned",
        "can i take notes between games",
        "he keeps stalling when he is behind",
        "他翻错了牌库顶，怎么罚",
        "瑞士轮一共打几轮",
        "what do i need to do to become a judge",
        "裁判考试难不难",
        "is the new set out before nationals or after",
        "下一弹什么时候发售",
        "炎龙的市价涨了吗",
        "he is slow rolling on purpose to run out the clock",
    ],
)
def test_whole_topics_are_declined(question: str) -> None:
    assert out_of_scope(question) is not None


@pytest.mark.parametrize(
    "question",
    [
        "时限诱发能力会诱发几次",
        "达到帕鲁上限时再登场会怎样",
        "can I trash a card to pay the cost",
        "is a draw possible",
        "can we keep count of souls with a die",
        "if an event lets me cheat lamball into the base, does it count as deployed",  # put there unpaid
    ],
)
def test_rules_questions_near_topic_words_stay_in_scope(question: str) -> None:
    assert out_of_scope(question) is None


def test_topics_are_read_again_when_their_file_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The topics are cached (a warm `ask` needs no YAML parser), keyed by the file: an edit is seen."""
    monkeypatch.setenv("PAL_JUDGE_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "topics.yaml"
    path.write_text("- {topic: sleeves, say: [sleeve]}\n", encoding="utf-8")
    topics.cache_clear()
    assert [(t.name, t.words) for t in topics(path)] == [("sleeves", ("sleeve",))]
    path.write_text("- {topic: sleeves, say: [sleeve, playmat]}\n", encoding="utf-8")
    topics.cache_clear()
    assert [(t.name, t.words) for t in topics(path)] == [("sleeves", ("sleeve", "playmat"))]
    topics.cache_clear()


@given(word=st.text(alphabet="ab1 -'", min_size=1, max_size=4), text=st.text(alphabet="ab1 -'.", max_size=14))
def test_an_english_topic_word_matches_exactly_where_a_whole_word_pattern_does(word: str, text: str) -> None:
    """said_in finds an English word without compiling a pattern per word: wherever, and only
    where, (?<![a-z0-9])word(?![a-z0-9]) finds it (overlapping and repeated occurrences too)."""
    pattern = rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])"
    assert Topic("t", (word,)).said_in(text) == bool(re.search(pattern, text))


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("the judge did a deck check and found 51 cards, what now", "tournament policy"),
        ("can I swap in cards from my side deck between games", "tournament policy"),
        ("对手在卡背上做记号，怎么处理", "tournament policy"),
        ("a grizzbolt for $40, good deal?", "card prices and buying cards"),
    ],
)
def test_deck_checks_side_decks_marked_cards_and_money_are_out_of_scope(question: str, topic: str) -> None:
    found = out_of_scope(question)
    assert found is not None and found.name == topic
