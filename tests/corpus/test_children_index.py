"""Rulebook.children: the sections directly under a number, in book order (rules/zh.txt numbers them)."""

from __future__ import annotations

import re

from pal_judge.corpus import load_rulebook
from pal_judge.paths import rules_dir


def _numbers_in_zh() -> list[str]:
    """Every section number of zh.txt, in the order the text gives them."""
    lines = (rules_dir() / "zh.txt").read_text(encoding="utf-8").splitlines()
    return [m.group(1) for m in (re.match(r"^(\d+(?:\.\d+)*)", line) for line in lines) if m]


def test_children_of_9_6_3_are_its_four_sub_clauses_in_order() -> None:
    # zh.txt: 9.6.3 has 9.6.3.1 .. 9.6.3.4 under it; 9.6.3.1.1 is a grandchild, not a child.
    book = load_rulebook()
    assert [s.number for s in book.children("9.6.3")] == ["9.6.3.1", "9.6.3.2", "9.6.3.3", "9.6.3.4"]
    assert book.children("9.6.3.4") == []


def test_children_agree_with_the_numbers_of_zh_txt_for_every_section() -> None:
    book = load_rulebook()
    numbers = [n for n in _numbers_in_zh() if n in book]
    for number in numbers:
        expected = [n for n in numbers if n.rpartition(".")[0] == number]
        assert [s.number for s in book.children(number)] == expected, number


def test_changing_a_returned_list_leaves_the_index_alone() -> None:
    book = load_rulebook()
    book.children("9.6").clear()
    assert [s.number for s in book.children("9.6")] == ["9.6.1", "9.6.2", "9.6.3", "9.6.4"]
