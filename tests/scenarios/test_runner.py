"""Running scenarios: strict steps, expectations as diffs, JSON trace, saving a board as a new set-up."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pal_judge.cli import app
from pal_judge.scenarios import load_scenario_file, run_scenario

BATTLE = """\
cards:
  Direhowl: {power: 3000, strike: 2}
  Lamball: {power: 1000, strike: 1}
setup:
  turn: A
  A: {base: [Direhowl]}
  B: {base: [Lamball], deck: 10}
steps:
  - attack: Direhowl -> B
  - block: none
expect:
  life: {B: 8}
"""


def write(tmp_path: Path, text: str, name: str = "case.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_unblocked_attack_costs_strike_in_life(tmp_path: Path) -> None:
    run = run_scenario(load_scenario_file(write(tmp_path, BATTLE)))
    assert run.ok, run.error
    cited = run.cited()
    assert "9.6.3.3.2" in cited and "11.2.2.3" in cited  # strike to the player, then the damage check


def test_unscripted_block_fails_and_names_the_choice(tmp_path: Path) -> None:
    run = run_scenario(load_scenario_file(write(tmp_path, BATTLE.replace("  - block: none\n", ""))))
    assert not run.ok
    assert "block" in run.error and "Lamball" in run.error and "none" in run.error


def test_step_that_does_not_fit_names_the_decision(tmp_path: Path) -> None:
    text = BATTLE.replace("  - block: none\n", "  - end_turn\n")
    run = run_scenario(load_scenario_file(write(tmp_path, text)))
    assert not run.ok
    assert "step 2 (end_turn)" in run.error and "block for player B" in run.error


def test_failed_expectation_is_a_diff_and_exit_1(tmp_path: Path) -> None:
    path = write(tmp_path, BATTLE.replace("life: {B: 8}", "life: {B: 9}"))
    result = CliRunner().invoke(app, ["replay", str(path), "--no-board"])
    assert result.exit_code == 1
    assert "expected: 9" in result.output and "actual:   8" in result.output


def test_replay_json_has_cited_events_and_expectations(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["replay", str(write(tmp_path, BATTLE)), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    events = [e for step in data["steps"] for e in step["events"]]
    assert events and all(e["cites"] for e in events)
    assert data["expectations"] == [
        {"description": "life of B is 8", "kind": "life", "subject": "B", "expected": 8, "actual": 8, "ok": True, "step": None, "line": 12}
    ]


def test_step_expectation_is_checked_on_the_board_after_it(tmp_path: Path) -> None:
    text = BATTLE.replace("  - block: none\n", "  - block: none\n    expect: {state: {Direhowl: standing}}\n")
    run = run_scenario(load_scenario_file(write(tmp_path, text)))
    failed = [e for e in run.expectations if not e.ok]
    assert [e.actual for e in failed] == ["rested"]  # attacking rested it (9.3.2)


def test_bad_scenario_is_one_red_line_exit_2(tmp_path: Path) -> None:
    path = write(tmp_path, BATTLE.replace("strike: 2", "strike: two"))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "case.yaml:2: 'strike' must be a whole number" in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_save_at_writes_a_board_that_replays(tmp_path: Path) -> None:
    saved = tmp_path / "after.yaml"
    result = CliRunner().invoke(app, ["replay", str(write(tmp_path, BATTLE)), "--save-at", "2", str(saved), "--json"])
    assert result.exit_code == 0, result.output
    scenario = load_scenario_file(saved)
    b = scenario.setup.players["B"]
    assert b.life == 8 and len(b.deck) == 8 and len(b.graveyard) == 2
    assert scenario.setup.players["A"].base[0].state == "rested"
    assert run_scenario(scenario).ok


def test_save_at_says_what_it_wrote_without_reprinting_the_replay(tmp_path: Path) -> None:
    saved = tmp_path / "what if.yaml"
    result = CliRunner().invoke(app, ["replay", str(write(tmp_path, BATTLE)), "--save-at", "1", str(saved)])
    assert result.exit_code == 0, result.output
    assert "╭" not in result.output and "expectations" not in result.output  # no step panel, no verdict
    said = " ".join(result.output.split())
    assert "wrote the game after step 1" in said and f"pal-judge replay '{saved}'" in said
    assert run_scenario(load_scenario_file(saved)).ok


def test_the_replay_names_ready_made_cards_as_the_scenario_does(tmp_path: Path) -> None:
    """The scenario's deck is `normal` cards (rulings/README.md); the damage puts two in B's graveyard (11.2)."""
    result = CliRunner().invoke(app, ["replay", str(write(tmp_path, BATTLE))])
    assert "graveyard normal, normal" in " ".join(result.output.split())
    assert "Filler" not in result.output


def test_options_step_checks_what_the_player_may_do(tmp_path: Path) -> None:
    text = BATTLE.replace(
        "steps:\n",
        "steps:\n  - options: {player: A, has: [attack Direhowl -> player], lacks: [attack Direhowl -> Lamball]}\n",
    )
    run = run_scenario(load_scenario_file(write(tmp_path, text)))
    assert run.ok, (run.error, [e.to_dict() for e in run.expectations if not e.ok])
    # Lamball is standing, so it is no legal target (9.2.3): claiming it is must fail
    wrong = text.replace("has: [attack Direhowl -> player]", "has: [attack Direhowl -> Lamball]")
    wrong = wrong.replace(", lacks: [attack Direhowl -> Lamball]", "")
    failed = [e for e in run_scenario(load_scenario_file(write(tmp_path, wrong))).expectations if not e.ok]
    assert len(failed) == 1 and failed[0].expectation.kind == "option"


def test_pregame_deck_check_reports_the_clause(tmp_path: Path) -> None:
    text = "setup:\n  pregame: true\n  A: {deck: 49}\nexpect:\n  deck_violations: {A: [6.1.1.1], B: []}\n"
    run = run_scenario(load_scenario_file(write(tmp_path, text)))
    assert run.ok and run.outcome == "illegal_deck"
    assert "6.1.1.1" in run.cited()


INTERRUPT = """\
cards:
  Direhowl: {power: 3000, strike: 2}
  Lamball: {power: 1000, strike: 1}
  Nitewing: {power: 1000, strike: 1, keywords: [Interrupt]}
setup:
  turn: A
  A: {base: [Direhowl]}
  B: {hand: [Nitewing], base: [{card: Lamball, state: rested}], souls: 2, deck: 10}
steps:
  - attack: Direhowl -> B
  - interrupt: {card: Nitewing, discard: Lamball}
"""


def test_interrupt_payment_that_cannot_be_made_fails_and_lists_the_legal_ones(tmp_path: Path) -> None:
    # 12.8.2: Interrupt is paid with ① or by discarding another card; B's Lamball is in the base, not in the hand
    run = run_scenario(load_scenario_file(write(tmp_path, INTERRUPT)))
    assert not run.ok
    assert "discard Lamball" in run.error and "legal payments: soul" in run.error
    # with no soul and only Lamball to discard, paying a soul cannot be made either
    no_soul = INTERRUPT.replace("souls: 2", "souls: 0").replace("hand: [Nitewing], base: [{card: Lamball, state: rested}]", "hand: [Nitewing, Lamball]")
    no_soul = no_soul.replace("discard: Lamball}", "pay: soul}")
    run = run_scenario(load_scenario_file(write(tmp_path, no_soul)))
    assert not run.ok and "legal payments: discard Lamball" in run.error


def test_expectation_under_an_options_step_is_checked(tmp_path: Path) -> None:
    # before the attack nothing has happened: B still has 10 life (9.3 the attack has not been declared)
    text = BATTLE.replace(
        "steps:\n",
        "steps:\n  - options: {has: [attack Direhowl -> player]}\n    expect: {life: {B: 10}, state: {Direhowl: standing}}\n",
    )
    assert run_scenario(load_scenario_file(write(tmp_path, text))).ok
    wrong = text.replace("life: {B: 10}", "power: {Direhowl: 99999}")
    failed = [e for e in run_scenario(load_scenario_file(write(tmp_path, wrong))).expectations if not e.ok]
    assert [(e.expectation.kind, e.actual) for e in failed] == [("power", 3000)]


NO_BLOCKER = BATTLE.replace("B: {base: [Lamball]", "B: {base: [{card: Lamball, state: rested}]").replace(
    "  - block: none\n", "  - block: none\n  - pass\n"
).replace("  - attack: Direhowl -> B\n", "  - attack: Direhowl -> B\n    expect: {life: {B: 10}, state: {Direhowl: rested}}\n")


def test_each_event_is_shown_under_the_step_whose_answer_led_to_it(tmp_path: Path) -> None:
    # a rested Lamball cannot block (9.4.2) and B has no quick card (9.5.2): neither is asked, yet the
    # block declaration and quick steps are those answers' steps, and the damage (9.6.3) follows `pass`
    result = CliRunner().invoke(app, ["replay", str(write(tmp_path, NO_BLOCKER)), "--json"])
    assert result.exit_code == 0, result.output
    steps = json.loads(result.stdout)["steps"]
    primary = [[e["cites"][0] for e in step["events"]] for step in steps]
    assert "9.3.1" in primary[1] and not any(c.startswith(("9.5", "9.6")) for c in primary[1])
    assert primary[2] and all(c.startswith(("9.4", "9.5")) for c in primary[2])
    assert "9.6.3" in primary[3] and "11.2.2.3" in primary[3]
    # the attack step's observation sees the board mid-battle: the Pal rested, no damage dealt yet
    assert all(e["ok"] for e in steps[1]["expectations"]) and steps[1]["board"]["battle"]["attacker"] == "Direhowl"
    terminal = CliRunner().invoke(app, ["replay", str(write(tmp_path, NO_BLOCKER)), "--no-board"]).output
    assert "(no event)" not in terminal
