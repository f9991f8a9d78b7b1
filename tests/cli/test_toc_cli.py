"""`pal-judge toc`: chapters and headings with numbers in both languages."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pal_judge.cli import app

runner = CliRunner()


def test_whole_table_of_contents() -> None:
    data = json.loads(runner.invoke(app, ["toc", "--json"]).output)
    assert [c["number"] for c in data] == [str(n) for n in range(1, 14)]
    assert sum(len(c["headings"]) for c in data) == 109
    assert sum(h["clauses"] for c in data for h in c["headings"]) == 451
    assert data[11]["headings"][9] == {"number": "12.10", "title_en": "Taunt", "title_zh": "挑衅（挑発）", "clauses": 4}


def test_one_chapter_in_both_languages() -> None:
    result = runner.invoke(app, ["toc", "9"], env={"COLUMNS": "120"})
    assert result.exit_code == 0
    assert "Damage Step" in result.output and "伤害步骤" in result.output
    assert "Card Name" not in result.output
    assert json.loads(runner.invoke(app, ["toc", "第9章", "--json"]).output)[0]["title_en"] == "Battle"


def test_unknown_chapter_exits_2() -> None:
    result = runner.invoke(app, ["toc", "15"])
    assert result.exit_code == 2 and "13" in result.output
