"""`pal-judge align`: the review view and the full JSON alignment."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pal_judge.cli import app

runner = CliRunner()


def test_json_has_every_paragraph_in_order() -> None:
    result = runner.invoke(app, ["align", "--json", "--limit", "3"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [d["en_index"] for d in data] == list(range(454))  # --limit does not cut the JSON
    assert set(data[0]) == {"en_index", "sections", "score", "confidence"}
    assert data[0]["sections"] == [] and data[1]["sections"] == ["1.1.1"]
    assert data[266]["sections"] == ["9.6.3.1"]


def test_review_lists_lowest_confidence_first() -> None:
    result = runner.invoke(app, ["align", "--limit", "5"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    data = json.loads(runner.invoke(app, ["align", "--json"]).output)
    lowest = sorted(data, key=lambda d: (d["confidence"], d["en_index"]))[0]
    first_row = next(line for line in result.output.splitlines() if line.startswith("│"))
    assert first_row.split("│")[1].strip() == str(lowest["en_index"])
    assert "English with no Chinese: 0, 52, 408" in " ".join(result.output.split())
