"""Observations in the middle of a battle and the battle / soul / damage expectation keys."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from pal_judge.cli import app
from pal_judge.scenarios import load_scenario_file, run_scenario

BLOCKED = """\
cards:
  Direhowl: {power: 3000, strike: 2}
  Lamball: {power: 1000, strike: 1}
setup:
  turn: A
  A: {base: [Direhowl], souls: {standing: 2, rested: 1}}
  B: {base: [Lamball], deck: 10}
steps:
  - attack: Direhowl -> B
    expect: {attacker: Direhowl, attack_target: player B, battle_step: block, power: {attacking Pal: 3000}, soul_area: {A: 3}}
  - block: Lamball
    expect: {battle_opponent: Lamball, attack_target: Lamball, battle_step: quick, pending_damage: {B: 0}}
  - pass
expect:
  attacker: none
  zone: {Lamball: graveyard}
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "observe.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_battle_is_observed_step_by_step(tmp_path: Path) -> None:
    # 9.3.2.1 the attacker; 9.4.2.1 a blocker becomes the attack target; 9.4.3 the battle opponent;
    # 9.7.3.1 after the battle there is no attacking Pal; 3000 power destroys the 1000 blocker (9.6.3)
    run = run_scenario(load_scenario_file(write(tmp_path, BLOCKED)))
    assert run.ok, (run.error, [e.to_dict() for e in run.expectations if not e.ok])
    assert len(run.expectations) == 11


WRONG = {
    "top level": ("zone: {Lamball: graveyard}", "zone: {Lamball: base}", "graveyard"),
    "under a step": ("battle_step: quick", "battle_step: damage", "quick"),
    "under an options step": ("  - pass\n", "  - options: {has: [end_turn]}\n    expect: {life: {B: 3}}\n  - pass\n", "10"),
}


def test_a_wrong_expectation_in_each_place_fails_the_run_with_a_diff(tmp_path: Path) -> None:
    for place, (right, wrong, actual) in WRONG.items():
        text = BLOCKED.replace(right, wrong, 1)
        assert text != BLOCKED, place
        result = CliRunner().invoke(app, ["replay", str(write(tmp_path, text)), "--no-board"])
        said = result.output
        assert result.exit_code == 1, (place, said)
        assert "- expected:" in said and f"+ actual:   {actual}" in said, place
        assert said.count("✗") == 1, place  # only the wrong expectation fails


LUCKY_CHECK = """\
cards:
  Direhowl: {power: 3000, strike: 3}
setup:
  turn: A
  A: {base: [Direhowl]}
  B: {deck: {top: [normal, normal, lucky], size: 10}}
steps:
  - attack: Direhowl -> B
  - pass:
    at: AT
    expect: EXPECT
"""


def test_at_observes_the_board_in_the_middle_of_a_player_damage_resolution(tmp_path: Path) -> None:
    # 11.2.2.1 one card at a time; the damage taken (3) stays until 11.2.2.4 clears it, here after the Lucky
    # third card, and life is never reduced (11.2.2.2)
    second = LUCKY_CHECK.replace("AT", "{clause: 11.2.2.1, time: 2}")
    good = second.replace("EXPECT", "{pending_damage: {B: 3}, graveyard: {B: 2}, life: {B: 10}}")
    assert run_scenario(load_scenario_file(write(tmp_path, good))).ok
    wrong = second.replace("EXPECT", "{pending_damage: {B: 1}}")  # as if each card paid 1 damage off
    [failed] = [e for e in run_scenario(load_scenario_file(write(tmp_path, wrong))).expectations if not e.ok]
    assert failed.actual == 3 and failed.step == 2
    # sub-clauses count: the 4th event under 11.2.2 is the Lucky card's (11.2.2.2), which clears the damage
    after = LUCKY_CHECK.replace("AT", "{clause: 11.2.2, time: 4}").replace("EXPECT", "{pending_damage: {B: 0}, life: {B: 10}}")
    assert run_scenario(load_scenario_file(write(tmp_path, after))).ok


def test_an_at_moment_the_step_never_reaches_fails_and_says_so(tmp_path: Path) -> None:
    text = LUCKY_CHECK.replace("AT", "{clause: 11.2.2.1, time: 4}").replace("EXPECT", "{pending_damage: {B: 3}}")
    [failed] = run_scenario(load_scenario_file(write(tmp_path, text))).expectations
    assert not failed.ok and failed.actual == "step 2 has 3 event(s) citing 11.2.2.1, not 4"


def test_a_misplaced_at_is_one_line_numbered_error(tmp_path: Path) -> None:
    import pytest

    from pal_judge.errors import UserError

    for text, message in [
        (LUCKY_CHECK.replace("    expect: EXPECT\n", "").replace("AT", "11.2.2.1"), "add 'expect:'"),
        (LUCKY_CHECK.replace("AT", "eleven").replace("EXPECT", "{life: {B: 10}}"), "not a clause number"),
        (LUCKY_CHECK.replace("  - pass:", "  - options: {has: [pass]}").replace("AT", "11.2.2.1")
         .replace("EXPECT", "{life: {B: 10}}"), "an 'options' step has none"),
    ]:
        with pytest.raises(UserError) as err:
            load_scenario_file(write(tmp_path, text))
        assert message in str(err.value) and "observe.yaml:1" in str(err.value)
