"""Issue 13, items 4 (the part outside the engine), 5 and 8: one broken or hostile rulings file never
stops the commands for the other rulings; rulings files are read only when they are regular files,
within a bound; ids are checked whole and never used twice.

Each test builds a rulings folder holding one good file (a copy of the real `rulings/other.yaml`,
whose rulings cite chapter 13) and one hostile file beside it.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest
from hostile import REPO, invoke, refused, run_cli
from typer.testing import CliRunner

from pal_judge.cli import app

GOOD_IDS = {"unstoppable-loop-is-a-draw", "souls-without-soul-cards"}  # two of the rulings in other.yaml

LAUGHS = "".join(
    f"{name}: &{name} [{', '.join([f'*{prev}'] * 9) if prev else ', '.join(['lol'] * 9)}]\n"
    for prev, name in zip([None, "a", "b", "c", "d", "e", "f"], "abcdefg")
)
RULING = """- id: {id}
  question: {{en: "Is this a ruling?"}}
  answer: {{en: "It is."}}
  cites: ["13.1.1"]
  source: {{kind: rulebook, date: 2026-11-30}}
  scenario:
    setup: {{turn: A}}
"""


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "rulings"
    folder.mkdir()
    shutil.copy(REPO / "rulings" / "other.yaml", folder / "other.yaml")
    return folder


def _hostile(folder: Path, kind: str) -> str:
    """Put one hostile file beside the good one; the text its problem is reported with."""
    path = folder / "zz-hostile.yaml"
    if kind == "alias-bomb":
        path.write_text(LAUGHS, encoding="utf-8")
        return "zz-hostile.yaml:1: the file expands to more than"
    if kind == "syntax-error":
        path.write_text("- id: broken\n  question: [unclosed\n", encoding="utf-8")
        return "zz-hostile.yaml:"
    if kind == "unknown-field":
        path.write_text(RULING.format(id="an-extra-field") + "  colour: red\n", encoding="utf-8")
        return "zz-hostile.yaml:8: unknown field 'colour'"
    if kind == "dev-zero":
        path.symlink_to("/dev/zero")
        return "zz-hostile.yaml: not a regular file"
    if kind == "fifo":
        os.mkfifo(path)
        return "zz-hostile.yaml: not a regular file"
    if kind == "link-loop":
        path.symlink_to(path.name)
        return "zz-hostile.yaml: Too many levels of symbolic links"
    raise AssertionError(kind)


KINDS = ["alias-bomb", "syntax-error", "unknown-field", "dev-zero", "fifo", "link-loop"]


@pytest.mark.parametrize("kind", KINDS)
def test_rulings_list_and_replay_skip_a_hostile_file_and_say_so(tmp_path: Path, kind: str) -> None:
    folder = _folder(tmp_path)
    said = _hostile(folder, kind)
    env = {"PAL_JUDGE_RULINGS": str(folder), "COLUMNS": "1000"}
    started = time.perf_counter()
    listed = CliRunner().invoke(app, ["rulings", "list", "--json"], env=env)
    assert time.perf_counter() - started < 10
    assert listed.exit_code == 0, listed.output
    assert GOOD_IDS <= {r["id"] for r in json.loads(listed.stdout)}
    warnings = [line for line in listed.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and said in warnings[0], listed.stderr
    replayed = CliRunner().invoke(app, ["replay", "unstoppable-loop-is-a-draw", "--json"], env=env)
    assert replayed.exit_code == 0 and json.loads(replayed.stdout)["ok"], replayed.output


@pytest.mark.parametrize("kind", ["alias-bomb", "fifo", "link-loop"])
def test_rulings_check_checks_the_others_and_fails_for_the_broken_one(tmp_path: Path, kind: str) -> None:
    folder = _folder(tmp_path)
    said = _hostile(folder, kind)
    env = {"PAL_JUDGE_RULINGS": str(folder), "PAL_JUDGE_CACHE": str(tmp_path / "cache")}
    proc = invoke(["rulings", "check", "--json"], env)
    assert proc.returncode == 1, proc.stderr  # not all is well: the broken file is a failure
    report = json.loads(proc.stdout)
    assert GOOD_IDS <= {r["id"] for r in report["reports"]} and report["failed"] == 0
    assert len(report["broken"]) == 1 and said.split(":", 1)[1].strip() in report["broken"][0]


@pytest.mark.parametrize("kind", ["alias-bomb", "unknown-field"])
def test_rule_ask_and_search_still_answer(tmp_path: Path, kind: str) -> None:
    folder = _folder(tmp_path)
    _hostile(folder, kind)
    env = {"PAL_JUDGE_RULINGS": str(folder), "COLUMNS": "1000"}
    rule = CliRunner().invoke(app, ["rule", "13.1.1.1", "--json"], env=env)
    assert rule.exit_code == 0 and "unstoppable-loop-is-a-draw" in json.loads(rule.stdout)["scenarios"], rule.output
    asked = CliRunner().invoke(app, ["ask", "--json", "--no-replay", "May we play without physical soul cards?"], env=env)
    assert asked.exit_code == 0 and json.loads(asked.stdout)["ruling"] == "souls-without-soul-cards", asked.output
    assert "zz-hostile.yaml" in asked.stderr
    found = CliRunner().invoke(app, ["search", "--json", "infinite loop"], env=env)
    assert found.exit_code == 0 and '"13.1' in found.stdout


def test_export_html_leaves_the_broken_ruling_out_and_says_so(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    _hostile(folder, "alias-bomb")
    site = tmp_path / "site"
    proc = invoke(["export-html", str(site)], {"PAL_JUDGE_RULINGS": str(folder)})
    assert proc.returncode == 0, proc.stderr
    assert "zz-hostile.yaml:1" in proc.stderr and "warning:" in proc.stderr
    assert "unstoppable-loop-is-a-draw" in (site / "rulings.html").read_text(encoding="utf-8")


def test_a_ruling_id_ending_in_a_newline_is_refused(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (folder / "zz-ids.yaml").write_text(RULING.format(id='"fine-id\\n"'), encoding="utf-8")
    listed = CliRunner().invoke(app, ["rulings", "list", "--json"], env={"PAL_JUDGE_RULINGS": str(folder)})
    assert listed.exit_code == 0
    assert not any(r["id"].startswith("fine-id") for r in json.loads(listed.stdout))
    assert "zz-ids.yaml:1: ruling id" in listed.stderr and "must be lower-case words" in listed.stderr


def test_a_duplicate_id_keeps_the_first_and_names_both_places(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (folder / "zz-dup.yaml").write_text(RULING.format(id="souls-without-soul-cards"), encoding="utf-8")
    listed = CliRunner().invoke(app, ["rulings", "list", "--json"], env={"PAL_JUDGE_RULINGS": str(folder)})
    ids = [r["id"] for r in json.loads(listed.stdout)]
    assert ids.count("souls-without-soul-cards") == 1
    assert "zz-dup.yaml:1: ruling id 'souls-without-soul-cards' is already used at" in listed.stderr
    assert "other.yaml:" in listed.stderr


def test_strict_loading_still_raises_the_first_problem(tmp_path: Path) -> None:
    """Without a `skip`, a broken file is an error (the project's own rulings are tested this way)."""
    from pal_judge.errors import UserError
    from pal_judge.rulings.loader import load_rulings

    folder = _folder(tmp_path)
    _hostile(folder, "unknown-field")
    with pytest.raises(UserError, match="unknown field 'colour'"):
        load_rulings(folder)


@pytest.mark.parametrize("kind", ["dev-zero", "fifo", "link-loop"])
def test_replaying_a_file_that_is_not_a_regular_file_is_one_error_line(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "files"
    folder.mkdir()
    said = _hostile(folder, kind)
    started = time.perf_counter()
    message = refused(["replay", str(folder / "zz-hostile.yaml")]).message
    assert time.perf_counter() - started < 5
    assert said.split(":", 1)[1].strip() in message, message


def test_a_rulings_file_linked_to_dev_zero_is_read_in_bounded_memory(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    _hostile(folder, "dev-zero")
    proc = run_cli(["rulings", "list"], {"PAL_JUDGE_RULINGS": str(folder)}, timeout=30, memory_limit=1 << 30)
    assert proc.returncode == 0 and "unstoppable-loop-is-a-draw" in proc.stdout, proc.stderr
    assert "zz-hostile.yaml: not a regular file" in proc.stderr


@pytest.mark.parametrize("kind", ["dev-zero", "fifo"])
def test_xcheck_guide_that_is_not_a_regular_file_is_one_error_line(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "files"
    folder.mkdir()
    _hostile(folder, kind)
    message = refused(["xcheck", "--guide", str(folder / "zz-hostile.yaml")]).message
    assert "not a regular file" in message
