"""Parsing rules/zh.txt: every numbered line becomes a section, counted independently of the parser."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from pal_judge.corpus.zh_parser import parse_zh

ZH = Path(__file__).resolve().parents[2] / "rules" / "zh.txt"


def _numbered_lines(text: str) -> list[tuple[str, bool]]:
    """(number, is_heading) for each numbered line, read with plain string tests."""
    out = []
    for line in text.splitlines():
        line = line.strip()
        digits = 0
        while digits < len(line) and (line[digits].isdigit() or line[digits] == "."):
            digits += 1
        number = line[:digits]
        if "." in number.rstrip(".") and number[0].isdigit():
            out.append((number.rstrip("."), line[digits : digits + 1] == " "))
    return out


@pytest.fixture(scope="module")
def text() -> str:
    return ZH.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def sections(text: str):
    return parse_zh(text)


def test_every_numbered_line_becomes_a_section_in_order(text: str, sections) -> None:
    expected = [number for number, _ in _numbered_lines(text)]
    parsed = [s.number for s in sections if s.kind != "chapter"]
    assert parsed == expected
    assert len(expected) == 560  # 451 clauses + 109 headings


def test_headings_are_the_numbered_lines_with_a_space(text: str, sections) -> None:
    headings = {number for number, is_heading in _numbered_lines(text) if is_heading}
    assert {s.number for s in sections if s.kind == "heading"} == headings
    assert len(headings) == 109


def test_clause_counts_per_chapter(text: str, sections) -> None:
    expected = Counter(number.split(".")[0] for number, is_heading in _numbered_lines(text) if not is_heading)
    parsed = Counter(s.number.split(".")[0] for s in sections if s.kind == "clause")
    assert parsed == expected
    # Counted by hand from the file, chapter by chapter.
    assert parsed["1"] == 21 and parsed["9"] == 41 and parsed["12"] == 36 and parsed["13"] == 8
    assert sum(parsed.values()) == 451


def test_thirteen_chapters_with_their_titles(text: str, sections) -> None:
    chapters = [s for s in sections if s.kind == "chapter"]
    assert [c.number for c in chapters] == [str(n) for n in range(1, 14)]
    assert chapters[8].title_zh == "战斗"
    assert len(re.findall(r"^第\d+章", text, re.M)) == 13


def test_unnumbered_lines_attach_to_the_section_above(sections) -> None:
    by_number = {s.number: s for s in sections}
    assert "炎" in by_number["2.4.2"].zh.split("\n")  # element names under 2.4.2
    assert "① 卡牌名称" in by_number["2"].zh  # diagram labels under chapter 2
    assert "·夜晚" in by_number["5.3.1.1"].zh
    assert by_number["2.16.1"].zh.count("示例：") == 2


def test_cross_references_are_collected(sections) -> None:
    by_number = {s.number: s for s in sections}
    assert by_number["1.2.1.1"].refs == ("3.2", "11.3.1")
    assert "11.2.2.4" in by_number["11.2.2.3"].refs and "11.2.2.1" in by_number["11.2.2.3"].refs
