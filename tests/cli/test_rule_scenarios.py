"""`pal-judge rule` links each section to the scenarios whose engine trace cites it."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pal_judge.cli import app
from pal_judge.rulings.coverage import coverage

runner = CliRunner()


def test_retaliate_definition_links_the_breakthrough_against_retaliate_ruling() -> None:
    # The Breakthrough-vs-Retaliate board sends a Retaliate Pal to the graveyard,
    # so its run must apply (and cite) the definition of Retaliate, 12.12.2.
    result = runner.invoke(app, ["rule", "12.12.2", "--json"])
    assert result.exit_code == 0, result.output
    assert "breakthrough-vs-retaliate" in json.loads(result.stdout)["scenarios"]


def test_rule_replay_runs_a_linked_scenario_step_by_step() -> None:
    result = runner.invoke(app, ["rule", "12.12.2", "--replay", "--json"])
    assert result.exit_code == 0, result.output
    # The section JSON comes first, then the replayed trace: its events cite 12.12.2.
    assert '"12.12.2"' in result.output.split('"events"', 1)[1]


def test_rule_replay_of_a_section_no_scenario_reaches_is_a_clear_error() -> None:
    missing = coverage().missing()
    assert missing, "every clause covered: pick another uncovered-section test"
    result = runner.invoke(app, ["rule", missing[0], "--replay"])
    assert result.exit_code == 2
    assert "no scenario cites" in result.output
