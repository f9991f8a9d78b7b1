"""Tokens that must survive translation: references, numbers, bounds."""

from __future__ import annotations

from pal_judge.xcheck.text import find_bounds_en, find_bounds_zh, find_numbers_en, find_numbers_zh, find_refs


def values(tokens: list) -> list[str]:  # type: ignore[type-arg]
    return [t.value for t in tokens]


def test_references_keep_the_number_not_the_full_stop() -> None:
    # 9.6.2 "proceed to 9.6.4." ends a sentence; the period is not part of the reference
    assert values(find_refs("If, for any reason, the attacking Pal ceases to exist, proceed to 9.6.4.")) == ["9.6.4"]


def test_full_width_references_are_read() -> None:
    # 6.1.1.3 writes the reference in full-width brackets
    assert values(find_refs("带有幸运图标（2.10）的卡牌")) == ["2.10"]


def test_english_number_words_and_digits() -> None:
    assert values(find_numbers_en("Both players draw five cards and set their life to 10.")) == ["5", "10"]


def test_english_numbers_ignore_section_references() -> None:
    assert values(find_numbers_en("without proceeding to the check timing (10.5.1)")) == []


def test_chinese_numerals_before_a_measure_word() -> None:
    # 1.1.1 由2名玩家; 两张 = two cards; 清零 = set to zero (11.2.2.4)
    assert values(find_numbers_zh("由2名玩家进行，抽两张牌，将伤害清零")) == ["2", "2", "0"]


def test_chinese_numbers_ignore_section_references() -> None:
    assert values(find_numbers_zh("无需等待检查时点（10.5.1）即刻败北")) == []


def test_bounds_distinguish_at_most_from_less_than() -> None:
    # 5.7.3.1 ZH "小于或等于0" (≤ 0) against EN "less than 0" (< 0)
    assert [(b.value, b.relation) for b in find_bounds_zh("如果（数值）小于或等于0，则结束此处理。")] == [("0", "le")]
    assert [(b.value, b.relation) for b in find_bounds_en("If (number) is less than 0, nothing is done")] == [("0", "lt")]
    assert [(b.value, b.relation) for b in find_bounds_en("If (number) is 0 or less, nothing is done")] == [("0", "le")]
