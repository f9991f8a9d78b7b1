"""`pal-judge rulings list --section`: a section filter that names no section is refused, not silently empty."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pal_judge.cli import app

runner = CliRunner()


def test_section_filter_keeps_rulings_citing_the_section_or_below() -> None:
    result = runner.invoke(app, ["rulings", "list", "--section", "§12.12", "--json"])
    assert result.exit_code == 0, result.output
    listed = json.loads(result.stdout)
    assert listed, "Retaliate (12.12) has rulings"
    assert all(any(c == "12.12" or c.startswith("12.12.") for c in r["cites"]) for r in listed)


@pytest.mark.parametrize(("text", "says"), [("..", "section number"), ("9.99", "nearest: 9.7")])
def test_a_section_filter_that_names_no_section_is_refused(text: str, says: str) -> None:
    result = runner.invoke(app, ["rulings", "list", "--section", text])
    assert result.exit_code == 2
    assert says in result.output
