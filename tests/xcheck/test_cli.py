"""`pal-judge xcheck` as a judge or translator uses it."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pal_judge.cli import app
from pal_judge.paths import rules_dir

runner = CliRunner()


def run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, ["xcheck", *args])


def test_json_lists_findings_with_the_contract_fields() -> None:
    result = run("--json", "--section", "6.1")
    assert result.exit_code == 0, result.output
    findings = json.loads(result.stdout)
    assert findings, "6.1.1.3 cites 2.9 in English and 2.10 in Chinese"
    for f in findings:
        assert {"section", "check", "severity", "en", "zh", "message"} <= set(f)
        assert f["section"] == "6.1" or f["section"].startswith("6.1.")
    assert any(f["check"] == "crossref" and f["section"] == "6.1.1.3" for f in findings)


def test_check_option_selects_checks() -> None:
    result = run("--json", "--check", "crossref", "--check", "comparison")
    checks = {f["check"] for f in json.loads(result.stdout)}
    assert checks == {"crossref", "comparison"}


def test_strict_exits_1_on_errors_only() -> None:
    assert run("--strict", "--check", "crossref").exit_code == 1
    # 1.2 has no error-severity finding
    assert run("--strict", "--section", "1.2", "--check", "crossref").exit_code == 0


def test_table_groups_by_chapter_and_shows_both_texts() -> None:
    result = run("--section", "6.1", "--check", "crossref")
    assert result.exit_code == 0
    assert "Chapter 6" in result.output
    assert "6.1.1.3" in result.output and "幸运图标" in result.output and "lucky Pal icon" in result.output


def test_markdown_report_marks_the_differing_tokens() -> None:
    result = run("--format", "markdown", "--check", "crossref")
    assert result.output.startswith("# ")
    assert "## Chapter 6" in result.output
    assert "**2.10**" in result.output and "**2.9**" in result.output


def test_unknown_check_is_one_red_line_and_exit_2() -> None:
    result = run("--check", "spelling")
    assert result.exit_code == 2
    assert "unknown check spelling" in result.output
    assert "Traceback" not in result.output


def test_guide_reports_what_the_rulebook_does_not_say() -> None:
    result = run("--guide", str(rules_dir() / "guide_en.txt"), "--json")
    assert result.exit_code == 0, result.output
    findings = json.loads(result.stdout)
    # "Choose up to two colors" — chapter 6.1 says nothing about colours or the number two
    assert any(f["check"] == "guide-number" and "two colors" in f["en"] for f in findings)
    # official Q17 and a product announcement are not Comprehensive Rules
    assert any(f["check"] == "guide-outside" and "Q17" in f["message"] for f in findings)
    # On Assign / Serious are defined in 12.5 / 12.7, which that block does not cite
    assert any(f["check"] == "guide-keyword" and "Serious" in f["message"] for f in findings)
    # 7.2.1: the turn player stands ALL cards; the guide adds an exception
    assert any(f["check"] == "guide-qualifier" and f["section"] == "7.2.1" for f in findings)
    # every citation of the published guide exists
    assert not any(f["check"] == "guide-citation" for f in findings)


def test_guide_citing_a_missing_section_fails_strict(tmp_path: Path) -> None:
    guide = tmp_path / "guide.txt"
    guide.write_text("Each base can hold five Pals.\n\nAuthority: 4.4.5, 99.9.\n", encoding="utf-8")
    result = run("--guide", str(guide), "--json")
    findings = json.loads(result.stdout)
    assert [f["check"] for f in findings if f["severity"] == "error"] == ["guide-citation"]
    assert "99.9" in findings[0]["message"]
    assert not any(f["check"] == "guide-number" for f in findings), "4.4.5.2 says the limit is 5"
    assert run("--guide", str(guide), "--strict").exit_code == 1


def test_review_only_checks_run_with_all_or_by_name() -> None:
    # 7.3.1: EN drops the condition 如果这是…第一个回合 ("if this is the first turn").
    default = {f["check"] for f in json.loads(run("--json", "--section", "7.3.1").output)}
    assert "condition" not in default and "ordinal" in default
    with_all = {f["check"] for f in json.loads(run("--json", "--all", "--section", "7.3.1").output)}
    assert "condition" in with_all and "ordinal" in with_all
    named = json.loads(run("--json", "--check", "condition", "--section", "7.3.1").output)
    assert [f["check"] for f in named] == ["condition"]


def test_section_is_read_as_everywhere_else() -> None:
    # §6.1 and CR 6.1 name the same subtree as 6.1 (as in `rule` and `rulings list --section`).
    plain = json.loads(run("--json", "--section", "6.1", "--check", "crossref").stdout)
    assert plain and json.loads(run("--json", "--section", "§6.1", "--check", "crossref").stdout) == plain
    refused = run("--section", "9.99")
    assert refused.exit_code == 2 and "nearest: 9.7" in refused.output


def test_summary_comes_before_the_findings() -> None:
    result = run("--section", "6")
    assert result.exit_code == 0, result.output
    summary, chapter = result.output.index("Summary:"), result.output.index("Chapter 6")
    assert summary < chapter
    # the counts by check sit in the summary: crossref (6.1.1.3) is an error
    assert result.output.index("crossref", summary) < chapter


def test_severity_keeps_that_severity_and_graver() -> None:
    everything = json.loads(run("--json").stdout)
    warnings_up = json.loads(run("--json", "--severity", "warning").stdout)
    assert {f["severity"] for f in warnings_up} == {"error", "warning"}
    assert len(warnings_up) == sum(f["severity"] != "info" for f in everything)
    assert {f["severity"] for f in json.loads(run("--json", "--severity", "error").stdout)} == {"error"}
    markdown = run("--format", "markdown", "--severity", "error").output
    assert "| warning |" not in markdown and "| error | crossref | 2 |" in markdown


def test_unknown_severity_is_one_line_and_exit_2() -> None:
    result = run("--severity", "fatal")
    assert result.exit_code == 2 and "unknown severity 'fatal'" in result.output


def test_chapters_come_in_book_order_for_the_book_and_the_guide() -> None:
    import re

    for args in ((), ("--guide", str(rules_dir() / "guide_en.txt"))):
        chapters = [int(n) for n in re.findall(r"^Chapter (\d+)", run(*args).output, re.MULTILINE)]
        assert len(chapters) > 3 and chapters == sorted(chapters), args
