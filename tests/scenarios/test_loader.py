"""Scenario files: every mistake names the file, the line and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from pal_judge.errors import UserError
from pal_judge.scenarios.loader import load_scenario_file

GOOD = """\
cards:
  Grizzbolt: {power: 5000, strike: 3, keywords: [Breakthrough]}
  Foxparks: {power: 2000}
setup:
  turn: A
  A: {base: [Grizzbolt], souls: 3}
  B: {life: 5, deck: {top: [lucky], size: 6}, base: [{card: Foxparks, state: rested}]}
steps:
  - attack: Grizzbolt -> Foxparks
expect:
  zone: {Foxparks: graveyard}
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def error_of(tmp_path: Path, text: str) -> str:
    with pytest.raises(UserError) as caught:
        load_scenario_file(write(tmp_path, text))
    return caught.value.message


def test_good_file_loads_with_board_and_steps(tmp_path: Path) -> None:
    scenario = load_scenario_file(write(tmp_path, GOOD))
    b = scenario.setup.players["B"]
    assert b.life == 5
    assert len(b.deck) == 6 and b.deck[0].lucky and not b.deck[1].lucky
    assert b.base[0].state == "rested"
    assert scenario.steps[0].args == {"with": "Grizzbolt", "target": "Foxparks"}
    assert scenario.expect[0].expected == "graveyard"


def test_misspelt_keyword_names_line_and_suggests(tmp_path: Path) -> None:
    message = error_of(tmp_path, GOOD.replace("[Breakthrough]", "[Tuant]"))
    assert message.endswith("case.yaml:2: unknown keyword 'Tuant' (did you mean Taunt?)")


def test_duplicate_key_is_rejected_with_both_lines(tmp_path: Path) -> None:
    message = error_of(tmp_path, GOOD.replace("  turn: A\n", "  turn: A\n  turn: B\n"))
    assert "case.yaml:6: duplicate key 'turn' (first written at line 5)" in message


def test_unknown_field_suggests_the_right_one(tmp_path: Path) -> None:
    message = error_of(tmp_path, GOOD.replace("  A: {base", "  A: {lfie: 3, base"))
    assert "case.yaml:6:" in message and "unknown field 'lfie'" in message and "did you mean life?" in message


def test_wrong_type_is_named(tmp_path: Path) -> None:
    message = error_of(tmp_path, GOOD.replace("life: 5", "life: five"))
    assert "case.yaml:7: 'life' must be a whole number" in message


def test_step_naming_a_card_not_on_the_board(tmp_path: Path) -> None:
    message = error_of(tmp_path, GOOD.replace("attack: Grizzbolt -> Foxparks", "attack: Grizbolt -> Foxparks"))
    assert "case.yaml:9: no card called 'Grizbolt'" in message and "did you mean Grizzbolt?" in message


def test_yaml_syntax_error_has_a_line(tmp_path: Path) -> None:
    message = error_of(tmp_path, GOOD.replace("  turn: A", "  turn: [A"))
    assert message.startswith(str(tmp_path / "case.yaml") + ":") and "YAML syntax error" in message


def test_expectation_of_unknown_zone(tmp_path: Path) -> None:
    message = error_of(tmp_path, GOOD.replace("Foxparks: graveyard", "Foxparks: graveyrad"))
    assert "case.yaml:11: unknown zone 'graveyrad' (did you mean graveyard?)" in message


def test_interrupt_by_discarding_needs_the_other_card(tmp_path: Path) -> None:
    text = GOOD.replace("attack: Grizzbolt -> Foxparks", "interrupt: {card: Grizzbolt, pay: discard}")
    assert "needs 'discard: <the other card>' (12.8.2)" in error_of(tmp_path, text)


def test_event_cannot_stand_in_a_base(tmp_path: Path) -> None:
    text = GOOD.replace("Foxparks: {power: 2000}", "Foxparks: {type: event}")
    assert "only Pals, structures and gear stand in a base (4.4.1)" in error_of(tmp_path, text)
