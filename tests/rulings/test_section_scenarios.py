"""`rule SECTION --replay`: a section's scenarios are those citing it or one of its sub-clauses."""

from __future__ import annotations

from typer.testing import CliRunner

from pal_judge.cli import app


def test_rule_keyword_replay_finds_the_scenarios_of_its_sub_clauses() -> None:
    # Breakthrough is 12.14; its rulings cite 12.14.2, a sub-clause, never 12.14 itself
    result = CliRunner().invoke(app, ["rule", "Breakthrough", "--replay", "--lang", "en"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "breakthrough-vs-retaliate" in said and "expectations hold" in said


def test_rule_section_lists_the_rulings_of_its_sub_clauses() -> None:
    # two-taunts is about 12.10.2.1 (several Taunt cards): it belongs to 12.10 Taunt
    result = CliRunner().invoke(app, ["rule", "12.10", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "two-taunts" in " ".join(result.output.split())
