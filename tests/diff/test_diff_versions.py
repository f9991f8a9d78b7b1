"""The diff of the published rulebook against an edited copy (conftest.py): every edit is
reported as what it is, and nothing else is reported."""

from __future__ import annotations

import re

import pytest

from diff_edits import CORRECTED_EN, REMOVED_EN, Edited
from pal_judge.corpus import load_rulebook
from pal_judge.diff import diff_folders
from pal_judge.diff.compare import DiffReport

REF = re.compile(r"(?<![\d.])(\d+(?:\.\d+)+)(?![\d.])")


@pytest.fixture(scope="module")
def report(edited: Edited) -> DiffReport:
    return diff_folders(edited.old, edited.new)


def _numbers(report: DiffReport, kind: str, lang: str) -> list[tuple[str | None, str | None]]:
    return [(c.old, c.new) for c in report.of_kind(kind, lang)]


def test_the_published_texts_diffed_with_themselves_report_nothing(edited: Edited) -> None:
    assert diff_folders(edited.old, edited.old).changes == ()


def test_an_inserted_heading_is_one_addition_and_the_chapter_it_renumbers_moves(report: DiffReport, edited: Edited) -> None:
    assert _numbers(report, "added", "zh") == [(None, "10.1")]
    moved = dict(_numbers(report, "moved", "zh"))
    assert moved == edited.renumbered
    assert len(moved) > 100  # all of chapter 10, not hundreds of changes


def test_a_reworded_chinese_clause_is_changed_with_a_character_diff(report: DiffReport) -> None:
    [changed] = report.of_kind("changed", "zh")
    assert (changed.old, changed.new) == ("9.6.3", "9.6.3")
    assert [piece for op, piece in changed.diff if op != "="] == ["与防御者"]


def test_a_removed_clause_is_removed_in_both_languages(report: DiffReport) -> None:
    assert _numbers(report, "removed", "zh") == [("2.1.3.2", None)]
    [removed] = report.of_kind("removed", "en")
    assert removed.old == "2.1.3.2" and removed.old_text.startswith(REMOVED_EN)


def test_a_corrected_translation_is_an_english_change_under_its_section(report: DiffReport) -> None:
    [changed] = report.of_kind("changed", "en")
    assert (changed.old, changed.new) == ("2.1.3.1", "2.1.3.1")
    removed = "".join(piece for op, piece in changed.diff if op == "-")
    added = "".join(piece for op, piece in changed.diff if op == "+")
    assert "main" in removed and "sub" in added and "em dash" not in removed + added  # words, not the sentence


def test_english_paragraphs_move_with_the_clauses_they_translate(report: DiffReport, edited: Edited) -> None:
    published = load_rulebook()
    expected = [(a.sections[0], edited.renumbered[a.sections[0]]) for a in published.alignment
                if a.sections and a.sections[0] in edited.renumbered]
    assert _numbers(report, "moved", "en") == expected
    assert report.of_kind("added", "en") == []


def _refs_into(text: str, renumbered: dict[str, str]) -> set[str]:
    return {r for r in REF.findall(text) if r in renumbered}


def test_references_that_followed_the_renumbering_and_the_one_left_behind(report: DiffReport, edited: Edited) -> None:
    published = load_rulebook()
    chinese = {(c.old, c.ref_old, c.ref_new, c.status) for c in report.of_kind("reference", "zh")}
    expected = set()
    for section in published.clauses():
        for ref in _refs_into(section.zh, edited.renumbered):
            if section.number == "1.2.4":
                expected.add((section.number, ref, ref, "stale"))
            else:
                expected.add((section.number, ref, edited.renumbered[ref], "updated"))
    assert chinese == expected
    [stale] = [c for c in report.of_kind("reference", "zh") if c.status == "stale"]
    assert stale.fix == f"write {edited.renumbered['10.5.1']} instead of 10.5.1"


def test_english_references_left_at_the_old_numbers_are_stale(report: DiffReport, edited: Edited) -> None:
    english = report.of_kind("reference", "en")
    assert english and all(c.status == "stale" and c.target == edited.renumbered[c.ref_old] for c in english)
    published = load_rulebook()
    expected = sum(len(_refs_into(p, edited.renumbered)) for p in published.en_paragraphs
                   if not p.startswith(REMOVED_EN) and not p.startswith(CORRECTED_EN[0]))
    assert len(english) == expected


def test_nothing_else_is_reported(report: DiffReport) -> None:
    kinds = {(c.kind, c.lang) for c in report.changes}
    assert kinds == {("added", "zh"), ("moved", "zh"), ("changed", "zh"), ("removed", "zh"), ("reference", "zh"),
                     ("moved", "en"), ("changed", "en"), ("removed", "en"), ("reference", "en")}


def test_a_clause_inserted_mid_heading_on_edits_the_diff_was_not_written_for(tmp_path) -> None:
    """Held out: a clause (not a heading) inserted before 9.6.2 with the English added too, 7.3.1's
    English corrected (it drops "on the first turn"), 11.4.1 reworded in Chinese."""
    from diff_edits import copy_rules, insert_numbered, read_lines, replace_in_line, write_lines

    old, new = copy_rules(tmp_path / "old"), copy_rules(tmp_path / "new")
    renumbered = insert_numbered(new, "9.6.2", "9.6.2攻击帕鲁时，先确认双方的战斗力。")
    english = read_lines(new, "en.txt")
    at = next(i for i, line in enumerate(english) if line.startswith("If, for any reason, the attacking Pal"))
    english.insert(at, "When a Pal is attacked, first confirm the power of both Pals.")
    write_lines(new, "en.txt", english)
    replace_in_line(new, "en.txt", "The player who goes first skips the draw phase",
                    "The player who goes first skips", "On their first turn, the player who goes first skips")
    replace_in_line(new, "zh.txt", "11.4.1当任一据点", "将被送入其拥有者的墓地", "将被放逐")
    report = diff_folders(old, new)
    assert _numbers(report, "added", "zh") == [(None, "9.6.2")]
    assert dict(_numbers(report, "moved", "zh")) == renumbered and "9.6.3.3.2" in renumbered
    assert _numbers(report, "changed", "zh") == [("11.4.1", "11.4.1")]
    assert [(c.new, c.new_text) for c in report.of_kind("added", "en")] == [
        ("9.6.2", "When a Pal is attacked, first confirm the power of both Pals.")]
    assert _numbers(report, "changed", "en") == [("7.3.1", "7.3.1")]
    assert report.of_kind("removed") == []


def test_the_edits_read_backwards_are_the_inverse_changes(edited: Edited) -> None:
    """OLD is now the edited copy, not the published text: its English sections are carried over."""
    backwards = diff_folders(edited.new, edited.old)
    assert _numbers(backwards, "removed", "zh") == [("10.1", None)]
    assert _numbers(backwards, "added", "zh") == [(None, "2.1.3.2")]
    assert dict(_numbers(backwards, "moved", "zh")) == {new: old for old, new in edited.renumbered.items()}
    assert _numbers(backwards, "changed", "en") == [("2.1.3.1", "2.1.3.1")]
    [added] = backwards.of_kind("added", "en")
    assert added.new == "2.1.3.2" and added.new_text.startswith(REMOVED_EN)
    assert len(backwards.of_kind("moved", "en")) == len(diff_folders(edited.old, edited.new).of_kind("moved", "en"))


def test_a_reference_to_a_removed_clause_dangles_and_a_rewritten_one_is_retargeted(tmp_path) -> None:
    from diff_edits import copy_rules, read_lines, replace_in_line, write_lines

    old, new = copy_rules(tmp_path / "old"), copy_rules(tmp_path / "new")
    zh = [line for line in read_lines(new, "zh.txt") if not line.startswith("10.5.4")]  # 10.5.4 and its sub-clauses
    write_lines(new, "zh.txt", zh)
    replace_in_line(new, "zh.txt", "1.2.3所有玩家", "（10.5.1）", "（10.5.2）")
    report = diff_folders(old, new)
    assert [c.old for c in report.of_kind("removed", "zh")] == ["10.5.4", "10.5.4.1", "10.5.4.2", "10.5.4.3"]
    references = {(c.lang, c.old, c.ref_old, c.ref_new, c.status, c.target) for c in report.of_kind("reference")}
    assert references == {("zh", "9.7.4", "10.5.4", "10.5.4", "dangling", None),
                          ("en", "9.7.4", "10.5.4", "10.5.4", "dangling", None),
                          ("zh", "1.2.3", "10.5.1", "10.5.2", "retargeted", "10.5.1")}
    assert report.of_kind("changed") == [] and report.of_kind("moved") == []
