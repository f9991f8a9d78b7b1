"""Chinese characters told from others without a regular expression (`search/han.py`): the same
characters as the Han ranges, so that Chinese questions and clauses are cut as before."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from pal_judge.search.analysis import chinese_analyzer, han_runs_in
from pal_judge.search.han import blanked, has_han, is_han, marked

# The reference: a character class of the three Unicode blocks (extension A, unified, compatibility).
_REFERENCE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_ZH_RULES = (Path(__file__).resolve().parents[2] / "rules" / "zh.txt").read_text(encoding="utf-8")

# Characters next to each block's edges, and the rulebook's own characters.
_EDGES = "\u33ff\u3400\u4dbf\u4dc0\u4dff\u4e00\u9fff\ua000\uf8ff\uf900\ufaff\ufb00"
_texts = st.text(alphabet=st.sampled_from(sorted(set(_EDGES + _ZH_RULES[:3000] + "ab 9.6-（）"))), max_size=40)


def test_the_block_edges_are_han_exactly_as_the_ranges_say() -> None:
    assert [is_han(c) for c in _EDGES] == [_REFERENCE.fullmatch(c) is not None for c in _EDGES]
    assert [is_han(c) for c in _EDGES] == [False, True, True, False, False, True, True, False, False, True, True, False]


def test_a_rulebook_clause_is_chinese_and_an_english_one_is_not() -> None:
    clause = next(line for line in _ZH_RULES.splitlines() if line.startswith("12.10.1"))
    assert has_han(clause)
    assert not has_han("12.10.1 Taunt is a continuous ability")
    assert not is_han("") and not is_han("挑衅")  # one character, or none


@given(_texts)
def test_blanking_and_marking_keep_every_offset_and_every_other_character(text: str) -> None:
    assert blanked(text) == _REFERENCE.sub(" ", text)
    assert marked(text) == _REFERENCE.sub("一", text)
    assert has_han(text) == (_REFERENCE.search(text) is not None)


@given(_texts)
def test_chinese_runs_are_the_maximal_runs_of_han_characters(text: str) -> None:
    assert list(han_runs_in(text)) == re.findall(f"{_REFERENCE.pattern}+", text)


def test_a_clause_is_cut_into_the_bigrams_of_its_chinese_runs_with_offsets_into_it() -> None:
    text = "12.10.2“挑衅”意味着“对手如果可以”（9.3.1）"
    found = [(t.text, t.startchar, t.endchar) for t in chinese_analyzer()(text, chars=True, mode="query")]
    assert ("挑衅", 8, 10) in found and ("9.3.1", 23, 28) in found
    assert all(text[start:end].lower() == word for word, start, end in found)
