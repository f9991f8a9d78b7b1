"""Indexing analyses each distinct raw word once (`index_positions`): every text must still be
indexed as Whoosh indexes it through the analyzer token by token, or a phrase or a word would
stop matching the clauses that hold it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from whoosh.analysis import RegexTokenizer
from whoosh.formats import Positions

from pal_judge.search.analysis import chinese_analyzer, english_analyzer, index_positions

# Pieces of rulebook text in both languages: stop words (which renumber the positions after
# them), number words and ordinals, dotted section numbers, full-width forms, Han runs.
_PIECES = ["the", "a", "of", "Pal", "Pals", "attacks", "two", "6th", "X", "5", "10.5.1", "（７.２）", "Taunt",
           "挑衅", "检查时点", "卡", "帕鲁", "ＡＢ", "é", "，", " ", "\n", "-", "HP", "isn't"]
# Joined by spaces or by nothing (Han pieces side by side make one longer run, as in the rulebook).
pieces = st.lists(st.sampled_from(_PIECES), max_size=30)
texts = pieces.map(" ".join) | pieces.map("".join) | st.text(max_size=40)


def whoosh_positions(analyzer, text: str) -> dict[str, list[int]]:  # type: ignore[no-untyped-def]
    """Each word Whoosh's own Positions format indexes `text` as, with its positions."""
    format_ = Positions()
    return {word: format_.decode_positions(value) for word, _, _, value in format_.word_values(text, analyzer, mode="index")}


@settings(max_examples=300, deadline=None)
@given(texts)
def test_each_text_is_indexed_as_whoosh_indexes_it_token_by_token(text: str) -> None:
    for analyzer in (english_analyzer(), chinese_analyzer()):
        assert index_positions(analyzer, text, {}) == whoosh_positions(analyzer, text)


def test_stop_words_do_not_leave_gaps_in_the_positions() -> None:
    """'the' is dropped and the words after it close up, so the phrase "attack target" (the two
    stems side by side) still matches "attacks the target"."""
    assert index_positions(english_analyzer(), "attacks the target", {}) == {"attack": [0], "target": [1]}


def test_words_met_before_are_analysed_alike() -> None:
    analyzer, terms = english_analyzer(), {}  # type: ignore[var-annotated]
    first = index_positions(analyzer, "two Pals attack", terms)
    assert index_positions(analyzer, "two Pals attack", terms) == first == whoosh_positions(analyzer, "two Pals attack")
    assert terms["Pals"] == ("pal",)


def test_latin_words_in_chinese_text_are_found_in_any_case() -> None:
    analyzer = chinese_analyzer()
    assert "hp" in index_positions(analyzer, "该帕鲁的HP减少", {})
    assert [token.text for token in analyzer("Hp", mode="query")] == ["hp"]


@settings(max_examples=300, deadline=None)
@given(texts | st.text(alphabet="ab1.* \n", max_size=30))
def test_english_words_are_split_as_whoosh_splits_them(text: str) -> None:
    """The English tokenizer's expression (no capturing group) finds Whoosh's default words: a dot
    joins two words ('10.5.1') but never ends one ('HP.'), and '*' stays in a word."""
    tokenizer = english_analyzer().items[0]
    assert [t.text for t in tokenizer(text)] == [t.text for t in RegexTokenizer()(text)]
