"""`pal-judge rulings list --tag NAME` / `--card NAME`: the rulings whose boards use a card
(issue 14: `rulings list --tag grizzbolt` found nothing although Grizzbolt is on their boards)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from pal_judge.cli import app

runner = CliRunner()
RULINGS = Path(__file__).resolve().parents[2] / "rulings"


def _board_names(setup: object) -> set[str]:
    """Every card name a scenario's setup puts anywhere (base, hand, deck, graveyard …)."""
    names: set[str] = set()
    if isinstance(setup, dict):
        for value in setup.values():
            names |= _board_names(value)
    elif isinstance(setup, list):
        for value in setup:
            names |= _board_names(value)
    elif isinstance(setup, str):
        names.add(setup.split("#")[0].strip())
    return names


@lru_cache(maxsize=1)  # the files do not change during a session; each test reads them
def _rulings_in_files() -> tuple[dict, ...]:
    """Read straight from the rulings files, independently of the catalogue."""
    return tuple(r for path in RULINGS.glob("*.yaml") for r in yaml.safe_load(path.read_text(encoding="utf-8")).get("rulings", []))


def _rulings_whose_board_holds(card: str) -> set[str]:
    return {r["id"] for r in _rulings_in_files() if card in _board_names(r.get("scenario", {}).get("setup", {}))}


def _listed(*args: str) -> set[str]:
    result = runner.invoke(app, ["rulings", "list", "--json", *args])
    assert result.exit_code == 0, result.output
    return {r["id"] for r in json.loads(result.stdout)}


def test_a_tag_that_names_a_card_lists_the_rulings_whose_boards_use_it() -> None:
    expected = _rulings_whose_board_holds("Grizzbolt")
    assert expected, "the rulings files put Grizzbolt on several boards"
    assert _listed("--tag", "grizzbolt") == expected


@pytest.mark.parametrize("typed", ["Penking", "penk", "Pengking"])
def test_card_filter_is_fuzzy_like_the_card_command(typed: str) -> None:
    assert _listed("--card", typed) == _rulings_whose_board_holds("Penking")


def test_a_real_tag_still_filters_by_tag_in_any_case() -> None:
    tagged = {r["id"] for r in _rulings_in_files() if "taunt" in r.get("tags", [])}
    assert tagged and _listed("--tag", "TAUNT") == tagged


@pytest.mark.parametrize("option", ["--tag", "--card"])
def test_neither_a_tag_nor_a_card_is_one_clear_line_and_exit_2(option: str) -> None:
    result = runner.invoke(app, ["rulings", "list", option, "Zzyzzx"])
    assert result.exit_code == 2
    assert "Zzyzzx" in result.output and "Traceback" not in result.output
