"""`pal-judge diff OLD NEW` at the command line: JSON, Markdown, the terminal view, bad folders."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from diff_edits import INSERTED_HEADING, Edited
from diff_edits import copy_rules, read_lines, write_lines
from pal_judge.cli import app

runner = CliRunner()


def test_json_is_a_list_of_changes_with_kind_lang_old_and_new(edited: Edited) -> None:
    result = runner.invoke(app, ["diff", str(edited.old), str(edited.new), "--json"])
    assert result.exit_code == 0, result.output
    changes = json.loads(result.stdout)
    assert isinstance(changes, list)
    assert all({"kind", "lang", "old", "new"} <= set(c) for c in changes)
    added = [c for c in changes if c["kind"] == "added"]
    assert added == [{"kind": "added", "lang": "zh", "old": None, "new": "10.1",
                      "old_text": None, "new_text": INSERTED_HEADING.split(" ", 1)[1]}]


def test_json_with_rulings_adds_the_rulings_at_risk(edited: Edited) -> None:
    result = runner.invoke(app, ["diff", str(edited.old), str(edited.new), "--rulings", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"changes", "rulings_at_risk"}
    fixes = [c["fix"] for r in data["rulings_at_risk"] for c in r["cites"]]
    assert any(f.startswith("cite 10.") and " instead of 10." in f for f in fixes)


def test_the_terminal_view_groups_by_chapter_and_collapses_the_renumbering(edited: Edited) -> None:
    result = runner.invoke(app, ["diff", str(edited.old), str(edited.new)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.index("Chapter 2 ") < out.index("Chapter 9 ") < out.index("Chapter 10 ")
    assert "sections: 10.1 … 10.13.3 are now 10.2 … 10.14.3" in out  # one line, not one per clause
    moves = [line for line in out.splitlines() if line.lstrip().startswith("↷")]
    assert len(moves) == 2 and "zh  119 sections" in moves[0] and " en " in moves[1]  # one run per language


def test_markdown_for_an_announcement(edited: Edited) -> None:
    result = runner.invoke(app, ["diff", str(edited.old), str(edited.new), "--format", "markdown"])
    assert result.exit_code == 0, result.output
    assert "## Chapter 10" in result.stdout
    assert "the ~~main~~**sub** name" in result.stdout  # the corrected translation, word by word


def test_a_version_diffed_with_itself_says_so(edited: Edited) -> None:
    result = runner.invoke(app, ["diff", str(edited.old), str(edited.old)])
    assert result.exit_code == 0 and result.stdout.strip() == "No differences."


def _error(args: list[str]) -> str:
    result = runner.invoke(app, ["diff", *args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines and lines[0].startswith("error:")
    return " ".join(" ".join(lines).split())


def test_a_missing_folder_is_one_line_naming_it(edited: Edited, tmp_path: Path) -> None:
    message = _error([str(edited.old), str(tmp_path / "nowhere")])
    assert "NEW rules folder not found" in message and "nowhere" in message


def test_a_folder_without_en_txt_names_the_file(edited: Edited, tmp_path: Path) -> None:
    (tmp_path / "zh.txt").write_text((edited.old / "zh.txt").read_text(encoding="utf-8"), encoding="utf-8")
    assert "has no en.txt" in _error([str(edited.old), str(tmp_path)])


def test_malformed_chinese_text_names_file_and_line(edited: Edited, tmp_path: Path) -> None:
    folder = copy_rules(tmp_path / "bad")
    write_lines(folder, "zh.txt", ["a stray line", *read_lines(folder, "zh.txt")])
    message = _error([str(folder), str(edited.new)])
    assert "zh.txt:1" in message and "before the first chapter" in message


def test_a_file_that_is_not_utf8_names_file_and_line(edited: Edited, tmp_path: Path) -> None:
    folder = copy_rules(tmp_path / "latin")
    (folder / "en.txt").write_bytes((folder / "en.txt").read_bytes() + b"\ncaf\xe9\n")
    message = _error([str(edited.old), str(folder)])
    assert "en.txt:" in message and "not UTF-8" in message


def _with_added_clause(folder: Path, clause: str) -> Path:
    """A copy of the published texts with `clause` added after 1.1.1."""
    copy_rules(folder)
    lines = read_lines(folder, "zh.txt")
    at = next(i for i, line in enumerate(lines) if line.startswith("1.1.1"))
    write_lines(folder, "zh.txt", [*lines[:at + 1], clause, *lines[at + 1:]])
    return folder


def test_text_from_the_files_cannot_drive_the_terminal(edited: Edited, tmp_path: Path) -> None:
    folder = _with_added_clause(tmp_path / "hostile", "1.1.2恶意\x1b]52;c;aGk=\x07[bold red]文字[/]")
    result = runner.invoke(app, ["diff", str(edited.old), str(folder)], env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "\\x1b]52" in result.stdout and "[bold red]文字[/]" in result.stdout  # shown, never obeyed


def test_a_folder_name_cannot_fake_a_second_line(edited: Edited, tmp_path: Path) -> None:
    message = _error([str(edited.old), str(tmp_path / "x\nwarning: all rulings hold")])
    assert "\\x0awarning" in message


def test_markdown_shows_control_characters_from_the_files_as_text(edited: Edited, tmp_path: Path) -> None:
    folder = _with_added_clause(tmp_path / "hostile", "1.1.2恶意\x1b[2J文字")
    result = runner.invoke(app, ["diff", str(edited.old), str(folder), "--format", "markdown"])
    assert result.exit_code == 0 and "\x1b" not in result.stdout and "\\x1b\\[2J" in result.stdout


def test_the_terminal_diff_is_readable_without_colour(edited: Edited) -> None:
    result = runner.invoke(app, ["diff", str(edited.old), str(edited.new)], env={"COLUMNS": "300", "NO_COLOR": "1"})
    assert "根据攻击目标{+与防御者+}，执行以下处理：" in result.stdout
    assert "the text before it is the [-main-]{+sub+} name" in result.stdout


def test_a_file_given_as_a_folder_and_an_oversized_text_are_refused(edited: Edited, tmp_path: Path) -> None:
    assert "is a file, not a rules folder" in _error([str(edited.old / "zh.txt"), str(edited.new)])
    folder = copy_rules(tmp_path / "huge")
    (folder / "en.txt").write_text("x" * (2 * 1024 * 1024), encoding="utf-8")
    assert "larger than such a file can be" in _error([str(edited.old), str(folder)])
