"""The selectors `type: pal_or_structure` and `main_name`, and the keys `main_name`, `redraws`, `replaced`."""

from __future__ import annotations

from pathlib import Path

from pal_judge.scenarios import load_scenario_file, run_scenario

BOARD = """\
cards:
  Trap: {type: event, cost: 0, effect: [{do: destroy, target: {all: true, SELECTOR}}]}
  Blazing – Foxparks: {power: 2000, strike: 1}
  Foxparks – Ember: {power: 2000, strike: 1}
  Stone Wall: {type: structure, power: 2000}
  Saddle: {type: gear, cost: 1}
setup:
  turn: A
  A: {hand: [Trap]}
  B: {base: [Blazing – Foxparks, Foxparks – Ember, Stone Wall, Saddle], deck: 10}
steps:
  - play: Trap
expect:
  EXPECT
"""


def run(tmp_path: Path, selector: str, expect: str):
    path = tmp_path / "keys.yaml"
    path.write_text(BOARD.replace("SELECTOR", selector).replace("EXPECT", expect), encoding="utf-8")
    return run_scenario(load_scenario_file(path))


def zones(run) -> dict[str, str]:
    return {e.expectation.subject: e.actual for e in run.expectations if e.expectation.kind == "zone"}


ALL_ZONES = "zone: {Blazing – Foxparks: graveyard, Foxparks – Ember: graveyard, Stone Wall: graveyard, Saddle: graveyard}"


def test_main_name_matches_only_the_part_after_the_dash_and_name_matches_either(tmp_path: Path) -> None:
    # 2.1.3.1 (Chinese text): "sub – main"; 2.1.4 a 《name》 may be the card name or a part of it
    by_main = zones(run(tmp_path, "type: pal, main_name: Foxparks", ALL_ZONES))
    assert by_main == {"Blazing – Foxparks": "graveyard", "Foxparks – Ember": "base", "Stone Wall": "base", "Saddle": "base"}
    by_name = zones(run(tmp_path, "type: pal, name: Foxparks", ALL_ZONES))
    assert by_name["Blazing – Foxparks"] == by_name["Foxparks – Ember"] == "graveyard"


def test_pal_or_structure_is_neither_gear_nor_a_player(tmp_path: Path) -> None:
    found = zones(run(tmp_path, "type: pal_or_structure", ALL_ZONES))
    assert found == {"Blazing – Foxparks": "graveyard", "Foxparks – Ember": "graveyard", "Stone Wall": "graveyard",
                     "Saddle": "base"}


def test_a_wrong_main_name_fails_with_the_name_the_rules_give(tmp_path: Path) -> None:
    result = run(tmp_path, "type: pal, main_name: Ember", "main_name: {Foxparks – Ember: Foxparks, Stone Wall: none}")
    assert [(e.expectation.subject, e.ok, e.actual) for e in result.expectations] == [
        ("Foxparks – Ember", False, "Ember"), ("Stone Wall", True, "none")]


def test_redraws_count_each_players_redraw(tmp_path: Path) -> None:
    path = tmp_path / "redraw.yaml"
    text = "setup: {pregame: true, seed: 1}\nsteps:\n  - choose: first\n  - choose: redraw\n  - choose: keep\nexpect:\n  redraws: REDRAWS\n"
    path.write_text(text.replace("REDRAWS", "{A: 1, B: 0}"), encoding="utf-8")
    assert run_scenario(load_scenario_file(path)).ok  # A chose to go first, so A answers the first redraw (6.2.1.7)
    path.write_text(text.replace("REDRAWS", "{A: 0, B: 1}"), encoding="utf-8")
    assert [e.actual for e in run_scenario(load_scenario_file(path)).expectations] == [1, 0]


START = """\
cards:
  Blazamut: {cost: 4, power: 6000, strike: 3}
setup:
  pregame: true
SETUP
steps:
  - choose: keep
  - choose: keep
"""


def test_a_game_started_at_the_redraw_has_the_written_hands_and_first_player(tmp_path: Path) -> None:
    path = tmp_path / "start.yaml"
    setup = "  start: redraw\n  first: B\n  A: {hand: [Blazamut, normal, normal, normal, normal], deck: 45}\n"
    path.write_text(START.replace("SETUP", setup) + "expect:\n  zone: {Blazamut: hand}\n  turn: B\n", encoding="utf-8")
    result = run_scenario(load_scenario_file(path))
    assert result.ok, (result.error, [e.to_dict() for e in result.expectations if not e.ok])
    # nobody chose who goes first: the set-up has no first_player decision (6.2.1.3 already done)
    assert all(d["kind"] == "redraw" for step in result.steps for d in step.decisions)


def test_a_misplaced_starting_point_is_one_line_numbered_error(tmp_path: Path) -> None:
    import pytest

    from pal_judge.errors import UserError

    cases = [
        ("  start: redraw\n", "needs 'first: A'"),
        ("  start: sorting\n", "unknown start 'sorting'"),
        ("  A: {hand: [Blazamut, normal, normal, normal, normal], deck: 45}\n", "only with 'start: redraw'"),
        ("  start: redraw\n  first: A\n  A: {hand: [Blazamut], deck: 49}\n", "has 5 cards (6.2.1.6), not 1"),
        ("  start: first_player\n  first: A\n", "'first' is decided by the pre-game procedure"),
    ]
    for setup, message in cases:
        path = tmp_path / "start.yaml"
        path.write_text(START.replace("SETUP", setup), encoding="utf-8")
        with pytest.raises(UserError) as err:
            load_scenario_file(path)
        assert message in str(err.value) and "start.yaml:" in str(err.value), str(err.value)
    path.write_text("setup:\n  turn: A\n  start: redraw\n", encoding="utf-8")
    with pytest.raises(UserError, match=r"start\.yaml:3: 'start' is a step of the pre-game procedure"):
        load_scenario_file(path)
