"""`attempt:` + `refused_by:`: an action the rules refuse, judged by the rules' legality test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pal_judge.errors import UserError
from pal_judge.scenarios import load_scenario_file, run_scenario

BOARD = """\
cards:
  Direhowl: {power: 3000, strike: 2}
  Raider: {power: 3000, strike: 2, keywords: [Stealth]}
  Lamball: {power: 1000, strike: 1}
  Nitewing: {power: 1000, strike: 1, keywords: [Interrupt]}
  Sparkit: {type: event, cost: 0, keywords: [Quick], effect: [{do: draw, amount: 1}]}
setup:
  turn: A
  A: {base: [Direhowl, Raider], hand: [Sparkit], souls: 3, deck: 10}
  B: {base: [Lamball], hand: [Nitewing], deck: 10}
steps:
STEPS
"""


def run(tmp_path: Path, steps: str, board: str = BOARD):
    path = tmp_path / "attempt.yaml"
    path.write_text(board.replace("STEPS", steps), encoding="utf-8")
    return run_scenario(load_scenario_file(path))


def refusals(result) -> list[tuple[str, bool, str]]:
    return [(e.expectation.subject, e.ok, str(e.actual)) for e in result.expectations if e.expectation.kind == "refused"]


def test_refused_attempts_pass_with_their_refusing_clause_even_where_nothing_is_asked(tmp_path: Path) -> None:
    # a standing Pal is no target (9.2.3); Stealth cannot be blocked (12.11.2) so no block is asked; the
    # turn player has no play timing in the quick step (9.5.2.2); B can pay neither ① nor a card (12.8.2);
    # the soul draw is once per turn (8.5.2)
    steps = """\
  - attempt: {attack: Direhowl -> Lamball}
    refused_by: 9.2.3
  - attack: Raider -> B
  - attempt: {block: Lamball}
    refused_by: 12.11.2
  - attempt: {play: Sparkit}
    refused_by: 9.5.2
  - attempt: {interrupt: {card: Nitewing, pay: soul}}
    refused_by: 12.8.2
  - pass
  - soul_draw
  - attempt: soul_draw
    refused_by: 8.5.2
"""
    result = run(tmp_path, steps)
    assert result.ok, (result.error, refusals(result))
    assert len(refusals(result)) == 5


def test_an_allowed_attempt_fails_and_names_the_clause_that_allows_it(tmp_path: Path) -> None:
    board = BOARD.replace("Direhowl: {power: 3000, strike: 2}", "Direhowl: {power: 3000, strike: 2, keywords: [Assault]}")
    result = run(tmp_path, "  - attempt: {attack: Direhowl -> Lamball}\n    refused_by: 9.2.3\n  - end_turn\n", board)
    assert not result.ok
    [(subject, ok, actual)] = refusals(result)
    assert not ok and actual.startswith("allowed by 12.15.2")  # 12.15.2 Assault: a standing Pal as target


def test_a_refusal_by_another_clause_fails_and_says_which(tmp_path: Path) -> None:
    result = run(tmp_path, "  - attempt: {attack: Direhowl -> Lamball}\n    refused_by: 12.10.2\n  - end_turn\n")
    [(_, ok, actual)] = refusals(result)
    assert not ok and actual.startswith("refused by 9.2.3") and "12.15.2 Assault" in actual


def test_a_sub_clause_of_refused_by_counts(tmp_path: Path) -> None:
    # a rested Pal cannot attack: 9.2.2.1 is a sub-clause of 9.2.2
    board = BOARD.replace("base: [Direhowl, Raider]", "base: [{card: Direhowl, state: rested}, Raider]")
    result = run(tmp_path, "  - attempt: {attack: Direhowl -> B}\n    refused_by: 9.2.2\n  - end_turn\n", board)
    assert result.ok, refusals(result)


@pytest.mark.parametrize(
    ("step", "message"),
    [
        ("  - attempt: {attack: Direhowl -> B}\n", "needs 'refused_by"),
        ("  - attempt: {attack: Direhowl -> B}\n    refused_by: nine\n", "not a clause number"),
        ("  - attempt: end_turn\n    refused_by: 7.5.2\n", "an attempt tries one of"),
        ("  - end_turn\n  - attack: Direhowl -> B\n    refused_by: 9.2.3\n", "belongs to an 'attempt:'"),
    ],
)
def test_a_malformed_attempt_is_one_line_numbered_error(tmp_path: Path, step: str, message: str) -> None:
    with pytest.raises(UserError) as err:
        run(tmp_path, step)
    assert message in str(err.value) and re.search(r"attempt\.yaml:1[2-4]:", str(err.value))  # the step's line


def test_why_not_answers_each_attempt_with_its_clause(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pal_judge.cli import app

    path = tmp_path / "why.yaml"
    path.write_text(BOARD.replace("STEPS", "  - attempt: {attack: Direhowl -> Lamball}\n    refused_by: 9.2.3\n  - end_turn\n"),
                    encoding="utf-8")
    result = CliRunner().invoke(app, ["why-not", str(path)])
    said = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert "can A attack Direhowl -> Lamball now? no, because 9.2.3" in said and "allowed by 12.15.2 Assault" in said
    path.write_text(BOARD.replace("STEPS", "  - end_turn\n"), encoding="utf-8")
    result = CliRunner().invoke(app, ["why-not", str(path)])
    assert result.exit_code == 2 and "no 'attempt:' step" in result.output


MAIN_BOARD = """\
cards:
  Blazamut: {cost: 4, power: 6000, strike: 3}
  Lamball: {power: 1000, strike: 1}
setup:
  turn: A
  A: {base: [Lamball], hand: [Blazamut], souls: SOULS, deck: 10}
  B: {hand: [Lamball], deck: 10}
steps:
STEPS
"""


def test_a_main_phase_play_is_refused_for_its_cost_and_allowed_once_it_can_be_paid(tmp_path: Path) -> None:
    # 10.4.2.2 a cost that cannot be paid in full is not paid at all; with 4 standing souls 8.2.1 allows it
    steps = "  - attempt: {play: Blazamut}\n    refused_by: 10.4.2.2\n"
    short = run(tmp_path, steps, MAIN_BOARD.replace("SOULS", "3"))
    assert short.ok, refusals(short)
    enough = run(tmp_path, steps, MAIN_BOARD.replace("SOULS", "4"))
    [(_, ok, actual)] = refusals(enough)
    assert not ok and actual.startswith("allowed by 8.2.1")


def test_a_play_attempt_after_the_quick_steps_pass_is_judged_back_in_the_main_phase(tmp_path: Path) -> None:
    # B's Lamball in the quick step would be refused by 12.2.1 (no Quick); after `pass` the battle is over,
    # and in A's main phase B is refused because only the turn player plays cards (8.2.1)
    steps = "  - attack: Lamball -> B\n  - pass\n  - attempt: {play: Lamball#2}\n    refused_by: 8.2.1\n"
    result = run(tmp_path, steps, MAIN_BOARD.replace("SOULS", "0"))
    assert result.ok, (result.error, refusals(result))
