"""The analyzers: what a word of each language becomes in the index."""

from __future__ import annotations

from pal_judge.search.analysis import chinese_analyzer, english_analyzer


def tokens(analyzer, text: str, mode: str = "index") -> list[str]:  # type: ignore[no-untyped-def]
    return [t.text for t in analyzer(text, mode=mode)]


def test_chinese_text_becomes_bigrams_and_single_characters_when_indexed() -> None:
    assert set(tokens(chinese_analyzer(), "检查时点")) == {"检查", "查时", "时点", "检", "查", "时", "点"}


def test_a_chinese_query_uses_bigrams_only_so_a_word_matches_as_a_phrase() -> None:
    assert tokens(chinese_analyzer(), "检查时点", mode="query") == ["检查", "查时", "时点"]


def test_a_one_character_query_is_kept() -> None:
    assert tokens(chinese_analyzer(), "卡", mode="query") == ["卡"]


def test_section_numbers_stay_whole_in_both_languages() -> None:
    assert "10.5.1" in tokens(chinese_analyzer(), "无需等待检查时点（10.5.1）即刻败北")
    assert "10.5.1" in tokens(english_analyzer(), "without proceeding to the check timing (10.5.1)")


def test_full_width_digits_and_brackets_are_normalised() -> None:
    assert "7.2" in tokens(english_analyzer(), "as stated in （７.２）")


def test_chinese_offsets_point_into_the_original_text() -> None:
    text = "（10.5.1）卡牌"
    spans = {t.text: (t.startchar, t.endchar) for t in chinese_analyzer()(text, chars=True, mode="index")}
    start, end = spans["卡牌"]
    assert text[start:end] == "卡牌"
    start, end = spans["10.5.1"]
    assert text[start:end] == "10.5.1"


def test_english_words_are_stemmed() -> None:
    assert tokens(english_analyzer(), "attacking attacks attacked") == ["attack", "attack", "attack"]


def test_numbers_read_alike_as_words_digits_and_ordinals() -> None:
    analyzer = english_analyzer()
    assert tokens(analyzer, "two Pals with Taunt", mode="query") == tokens(analyzer, "2 pals with taunt", mode="query")
    # Spelled ordinals stay words: "first player" and "second player" are roles, not numbers.
    assert tokens(analyzer, "the second player", mode="query") == ["second", "player"]
    assert "6" in tokens(analyzer, "I deploy a 6th one")
    assert "5" in tokens(analyzer, "my base holds 5 Pals")  # Whoosh alone drops one-character words


def test_the_letter_x_is_kept_and_other_single_letters_are_not() -> None:
    assert tokens(english_analyzer(), "draw X cards, a pal's text") == ["draw", "x", "card", "pal", "text"]


def test_a_number_written_as_a_word_finds_the_clause_written_with_digits(searcher) -> None:  # type: ignore[no-untyped-def]
    # 4.4.5.2: "The Pal limit at the start of the game is 5."
    assert searcher.search("how many pals, five?", limit=1)[0].section == "4.4.5.2"
