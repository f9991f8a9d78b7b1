"""Every command, typed by a hostile user: one clear error line and exit 2, never a traceback."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from hostile import REPO, refused, run_cli
from typer.testing import CliRunner

from pal_judge.cli import app


@pytest.mark.parametrize("args,fragment", [
    (["rule", "99999999999999999999.1"], "no section 99999999999999999999.1"),
    (["rule", ".."], "neither a section number nor a glossary term"),
    (["rule", ""], "give a section number"),
    (["rule", "   "], "give a section number"),
    (["rule", "1e999"], "not a section number"),
    (["rule", "--", "-1"], "not a section number"),
    (["rule", "9.6.3.9.9.9.9.9"], "no section 9.6.3.9.9.9.9.9"),
    (["rule", "§"], "neither a section number nor a glossary term"),
    (["rule", "Tuant"], "Tuant"),
    (["rule", "9.6.3", "--lang", "fr"], "fr"),
    (["toc", "99"], "no chapter 99"),
    (["toc", ""], "not a chapter number"),
    (["toc", "9.99"], "no section 9.99"),
    (["xcheck", "--section", "999"], "no section 999"),
    (["xcheck", "--format", "xml"], "unknown format 'xml'"),
    (["xcheck", "--guide", "/nonexistent/guide.txt"], "/nonexistent/guide.txt"),
    (["simulate", "--games", "0"], "--games"),
    (["simulate", "--games", "-5"], "--games"),
    (["replay", "no-such-ruling"], "no ruling or file called 'no-such-ruling'"),
    (["replay", "/nonexistent/case.yaml"], "file not found"),
])
def test_bad_arguments_are_one_error_line(args: list[str], fragment: str) -> None:
    assert fragment in refused(args).message


@pytest.mark.parametrize("args,fragment", [
    (["search", ""], "empty query"),
    (["search", "   "], "empty query"),
    (["search", '"unclosed'], "unclosed quote"),
    (["search", "(((("], "never closed"),
    (["search", "AND OR NOT"], "AND needs something before it"),
    (["search", "foo:bar"], "unknown field foo:"),
    (["search", "section:zz*"], "section: takes a section number"),
    (["search", "term:nosuch"], "no glossary term 'nosuch'"),
    (["search", "--limit", "0", "taunt"], "--limit"),
    (["search", "--limit", "-1", "taunt"], "--limit"),
    (["search", "--lang", "xx", "taunt"], "unknown language 'xx'"),
    (["ask", ""], "empty query"),
    (["ask", "((("], "never closed"),
    (["ask", "--limit", "-3", "taunt"], "--limit"),
])
def test_bad_queries_are_one_error_line(args: list[str], fragment: str) -> None:
    assert fragment in refused(args).message


def test_thousands_of_nested_parentheses_are_a_syntax_error() -> None:
    assert "query" in refused(["search", "(" * 3000 + "taunt" + ")" * 3000]).message


@pytest.mark.parametrize("command", ["search", "ask"])
def test_an_enormous_query_is_answered_or_refused_quickly(command: str) -> None:
    CliRunner().invoke(app, ["search", "taunt"])  # the index is built before the clock starts
    started = time.perf_counter()
    result = CliRunner().invoke(app, [command, "--no-replay" if command == "ask" else "--json", "taunt " * 20000])
    assert result.exit_code in (0, 2) and not (result.exception and not isinstance(result.exception, SystemExit))
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize("query", ["x" * 100_000, "taunt\x1b[31m", "chapter:99999999999999999999", "*taunt*", "taunt^99999"],
                         ids=["100k-letters", "escape", "huge-chapter", "wildcards", "boost"])
def test_odd_but_harmless_queries_just_search(query: str) -> None:
    result = CliRunner().invoke(app, ["search", query])
    assert result.exit_code in (0, 2), result.output
    assert not result.exception or isinstance(result.exception, SystemExit), repr(result.exception)


# ---------------------------------------------------------------- the rules folder


def _rules_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "rules"
    shutil.copytree(REPO / "rules", folder)
    return folder


def test_missing_rules_folder(tmp_path: Path) -> None:
    env = {"PAL_JUDGE_RULES": str(tmp_path / "nowhere"), "PAL_JUDGE_CACHE": str(tmp_path / "cache")}
    message = refused(["rule", "9.6.3"], env).message
    assert "rules folder not found" in message and "PAL_JUDGE_RULES" in message
    assert not (tmp_path / "cache").exists()  # nothing written


def test_rules_folder_that_is_a_file(tmp_path: Path) -> None:
    (tmp_path / "rules.txt").write_text("not a folder", encoding="utf-8")
    env = {"PAL_JUDGE_RULES": str(tmp_path / "rules.txt"), "PAL_JUDGE_CACHE": str(tmp_path / "cache")}
    assert "rules folder not found" in refused(["toc"], env).message


@pytest.mark.parametrize("name,command", [("zh.txt", ["rule", "9.6.3"]), ("en.txt", ["toc"]),
                                          ("zh.txt", ["coverage"]), ("glossary.yaml", ["search", "taunt"])])
def test_non_utf8_rules_file_names_file_and_line(tmp_path: Path, name: str, command: list[str]) -> None:
    folder = _rules_copy(tmp_path)
    text = (folder / name).read_bytes()
    lines = text.count(b"\n")
    (folder / name).write_bytes(text + b"\xc3\x28 broken\n")  # an invalid UTF-8 sequence on the last line
    env = {"PAL_JUDGE_RULES": str(folder), "PAL_JUDGE_CACHE": str(tmp_path / "cache")}
    message = refused(command, env).message
    assert f"{folder / name}:{lines + 1}:" in message and "UTF-8" in message, message


def test_rules_file_that_is_a_folder(tmp_path: Path) -> None:
    folder = _rules_copy(tmp_path)
    (folder / "zh.txt").unlink()
    (folder / "zh.txt").mkdir()
    env = {"PAL_JUDGE_RULES": str(folder), "PAL_JUDGE_CACHE": str(tmp_path / "cache")}
    message = refused(["rule", "9.6.3"], env).message
    assert str(folder / "zh.txt") in message and "cannot read" in message


def test_rules_folder_missing_a_file(tmp_path: Path) -> None:
    folder = _rules_copy(tmp_path)
    (folder / "en.txt").unlink()
    env = {"PAL_JUDGE_RULES": str(folder), "PAL_JUDGE_CACHE": str(tmp_path / "cache")}
    assert f"missing rules file: {folder / 'en.txt'}" in refused(["toc"], env).message


def test_a_subprocess_error_has_no_traceback_and_exit_2() -> None:
    proc = run_cli(["rule", ".."])
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr


def test_xcheck_guide_that_is_not_utf8_names_the_line(tmp_path: Path) -> None:
    guide = tmp_path / "guide.txt"
    guide.write_bytes(b"Authority: 9.6.3\nDamage is dealt.\n\xff\xfe\n")
    assert refused(["xcheck", "--guide", str(guide)]).message.startswith(f"{guide}:3: not UTF-8")


@pytest.mark.parametrize("where", ["a-file", "a-file/site"])
def test_export_html_onto_a_file_writes_nothing(tmp_path: Path, where: str) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("a judge's notes", encoding="utf-8")
    before = {p.name for p in tmp_path.iterdir()}
    message = refused(["export-html", str(tmp_path / where)]).message
    assert str(tmp_path / where) in message
    assert blocker.read_text(encoding="utf-8") == "a judge's notes"
    assert {p.name for p in tmp_path.iterdir()} == before


@pytest.mark.parametrize("name,added,fragment", [
    ("glossary.yaml", "- " + "[" * 5000 + "]" * 5000, "nested too deeply"),
    ("glossary.yaml", '- !!python/object/apply:os.system ["touch pwned"]', "python/object/apply"),
    ("glossary.yaml", "- {id: x, kind: term, en: [X], zh: [X], id: y}", "not valid YAML"),
    ("alignment_overrides.yaml", "\tbroken: tab", "not valid YAML"),
    ("glossary.yaml", "\n".join(f"- &{n} [{', '.join([f'*{p}'] * 9 if p else ['lol'] * 9)}]"
                                for p, n in zip([None, *"abcdefgh"], "abcdefghi")), "must be a mapping"),
], ids=["deep", "python-tag", "duplicate-key", "tab", "billion-laughs"])
def test_hostile_rules_data_file_is_one_error_line(tmp_path: Path, name: str, added: str, fragment: str) -> None:
    folder = _rules_copy(tmp_path)
    with (folder / name).open("a", encoding="utf-8") as handle:
        handle.write("\n" + added + "\n")
    env = {"PAL_JUDGE_RULES": str(folder), "PAL_JUDGE_CACHE": str(tmp_path / "cache")}
    message = refused(["rule", "9.6.3"], env).message
    assert message.startswith(str(folder / name)) and fragment in message, message
    assert not (tmp_path / "pwned").exists() and not Path("pwned").exists()


@pytest.mark.parametrize("command", [["rule", "9.6.3"], ["coverage"]])
def test_zh_txt_with_text_before_the_first_chapter_names_file_and_line(tmp_path: Path, command: list[str]) -> None:
    folder = _rules_copy(tmp_path)
    (folder / "zh.txt").write_text("a stray line\n" + (folder / "zh.txt").read_text(encoding="utf-8"), encoding="utf-8")
    env = {"PAL_JUDGE_RULES": str(folder), "PAL_JUDGE_CACHE": str(tmp_path / "cache")}
    assert refused(command, env).message.startswith(f"{folder / 'zh.txt'}:1: text before the first chapter")
