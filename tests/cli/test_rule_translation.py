"""`rule` tells the truth about the translation: xcheck's findings under the clause."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pal_judge.cli import app

runner = CliRunner()


def test_a_mistranslated_clause_warns_even_in_english_only() -> None:
    # 7.3.1: the Chinese says the first player skips the draw phase of their FIRST turn (第一个回合);
    # the English drops "first turn".
    result = runner.invoke(app, ["rule", "7.3.1", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Translation check" in result.stdout
    assert "first-player-draws-later" in result.stdout  # the ruling that follows the Chinese
    assert "Chinese text is authoritative" in result.stdout


def test_rule_json_carries_the_findings_and_the_rulings_following_the_chinese() -> None:
    # 2.1.3.1: main and sub name are swapped in the English.
    data = json.loads(runner.invoke(app, ["rule", "2.1.3.1", "--json"]).stdout)
    findings = data["translation"]["findings"]
    assert findings and all(f["section"] == "2.1.3.1" and f["severity"] in ("error", "warning") for f in findings)
    assert "main-and-sub-name" in [r["id"] for r in data["translation"]["rulings_following_zh"]]


def test_a_clause_without_findings_shows_no_box() -> None:
    data = json.loads(runner.invoke(app, ["rule", "12.11.2", "--json"]).stdout)
    assert data["translation"]["findings"] == []
    assert "Translation check" not in runner.invoke(app, ["rule", "12.11.2"]).stdout


def test_ask_shows_the_findings_under_its_clauses() -> None:
    result = runner.invoke(app, ["ask", "--no-replay", "I go first. Do I draw a card in my first turn?"])
    assert result.exit_code == 0, result.output
    assert "Translation check" in result.stdout and "7.3.1" in result.stdout
