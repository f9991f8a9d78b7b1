"""diff.html, the export's page of changes when two versions are given."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from diff_edits import Edited
from pal_judge.cli import app
from pal_judge.diff import diff_folders
from pal_judge.html.diff_page import render_diff


def test_the_page_shows_each_change_by_chapter_with_words_struck_and_inserted(edited: Edited) -> None:
    html = render_diff(diff_folders(edited.old, edited.new))
    assert html.index("Chapter 2 ") < html.index("Chapter 10 ")
    assert "<del>main</del><ins>sub</ins>" in html  # the corrected translation
    assert "<ins>与防御者</ins>" in html  # the reworded Chinese clause, by character
    assert "are now 10.2 … 10.14.3" in html


def test_export_with_a_missing_version_stops_before_writing(edited: Edited, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["export-html", str(tmp_path / "site"), "--diff", str(edited.old), str(tmp_path / "none")])
    assert result.exit_code == 2 and "NEW rules folder not found" in " ".join(result.stderr.split())
    assert not (tmp_path / "site").exists()
