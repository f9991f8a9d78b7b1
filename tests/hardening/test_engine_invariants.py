"""Random play keeps the rules' invariants (pal_judge/engine/invariants.py does the checking).

Every game is checked after every event and at every decision: each card in exactly one zone, 50
cards and 10 souls per owner, life only through 11.2.2.3 or a 3.2.1.1 effect, no negative resources,
no damage left when a turn ends (7.6.3), no more Pals than the limit at a play timing (11.5), an
ending that is a win, a draw or a documented stop, and cites that exist in rules/zh.txt. A broken
invariant names the seed; `pal-judge simulate --seed S --games 1` plays that very game again.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pal_judge.cli import app
from pal_judge.corpus.zh_parser import parse_zh
from pal_judge.engine import Game, RandomDecider
from pal_judge.engine.deciders import Decision, Option
from pal_judge.engine.invariants import (
    InvariantBroken,
    InvariantChecker,
    check_setup_game,
    play_board_checked,
    play_checked,
    random_board,
)
from pal_judge.engine.simulate import generate_pool

ZH = Path(__file__).resolve().parents[2] / "rules" / "zh.txt"
SEEDS = range(1000, 1020)  # the engine suite plays 0..49 with its own checks; these are others


@lru_cache(maxsize=1)
def sections() -> frozenset[str]:
    return frozenset(s.number for s in parse_zh(ZH.read_text(encoding="utf-8")))


def test_seeded_random_games_keep_every_invariant() -> None:
    outcomes: dict[str, int] = {}
    checks = 0
    for seed in SEEDS:
        report = play_checked(seed, sections())
        outcomes[report.outcome] = outcomes.get(report.outcome, 0) + 1
        checks += report.checks
        assert report.checks > report.events > 100, f"seed {seed}: the checker barely ran ({report})"
    assert set(outcomes) <= {"win", "draw", "loop_draw", "turn_limit", "action_limit"}
    assert outcomes.get("win", 0) >= len(SEEDS) // 2, outcomes  # random legal games mostly end in a win
    assert checks > 20 * len(SEEDS)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_any_seed_keeps_every_invariant(seed: int) -> None:
    report = play_checked(seed, sections())
    assert report.outcome in ("win", "draw", "loop_draw", "turn_limit", "action_limit")


# ---------------------------------------------------------------- explicit boards (Game.from_setup)

POOL = generate_pool(random.Random(7), "Hyp")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rnd=st.randoms(use_true_random=False), seed=st.integers(0, 10_000))
def test_any_legal_board_keeps_every_invariant(rnd: random.Random, seed: int) -> None:
    board = random_board(rnd, POOL)
    game = Game.from_setup(board, cards=POOL, seed=seed)
    cards_before = [len(p.deck) + len(p.hand) + len(p.base) + len(p.graveyard) for p in game.players]
    report = check_setup_game(game, RandomDecider(seed), sections())
    assert report.outcome in ("win", "draw", "loop_draw", "turn_limit", "action_limit")
    after = [len(p.deck) + len(p.hand) + len(p.base) + len(p.graveyard) + len(p.exile) for p in game.players]
    assert after == cards_before  # nothing created or lost by a whole game


def test_seeded_random_boards_keep_every_invariant() -> None:
    outcomes = {play_board_checked(seed, sections()).outcome for seed in range(30)}
    assert outcomes <= {"win", "draw", "loop_draw", "turn_limit", "action_limit"}


# ---------------------------------------------------------------- the checker itself can fail


class _Cheat:
    """Answers randomly, but at the first main decision of turn 3 tampers with the board."""

    def __init__(self, tamper: str) -> None:
        self.inner = RandomDecider(5)
        self.tamper = tamper
        self.done = False

    def decide(self, decision: Decision, game: Game) -> Option:
        if not self.done and decision.kind == "main" and game.turn >= 3:
            self.done = True
            p = game.players[game.turn_player]
            if self.tamper == "duplicate":
                p.hand.append(p.deck[0])  # the same card object now in the deck and the hand
            elif self.tamper == "life":
                p.life -= 1
                game.emit("a judge's mistake", ("1.1",))
            elif self.tamper == "material":
                p.material = -1
                game.emit("a judge's mistake", ("1.1",))
        return self.inner.decide(decision, game)


@pytest.mark.parametrize("tamper,check", [("duplicate", "zones"), ("life", "life"), ("material", "resources")])
def test_a_broken_board_is_caught_and_names_the_seed(tamper: str, check: str) -> None:
    from pal_judge.engine.simulate import generate_deck

    rng = random.Random(11)
    game = Game.from_decks(generate_deck(rng, "Red"), generate_deck(rng, "Blue"), seed=11, record=False)
    checker = InvariantChecker(game, sections(), cards_per_player=(50, 50)).attach()
    with pytest.raises(InvariantBroken) as err:
        game.run(checker.decider(_Cheat(tamper)))
    message = str(err.value)
    assert message.startswith(check) and "seed 11" in message
    assert "pal-judge simulate --seed 11 --games 1" in message


def test_a_cite_that_is_not_a_section_is_caught() -> None:
    game = Game.from_setup({"players": {"A": {}, "B": {}}}, seed=0)
    InvariantChecker(game, sections()).attach()
    with pytest.raises(InvariantBroken, match="99.99"):
        game.emit("made up", ("99.99",))


def test_the_printed_seed_replays_the_same_game() -> None:
    seed = 1003
    report = play_checked(seed, sections())
    res = CliRunner().invoke(app, ["simulate", "--seed", str(seed), "--games", "1", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["turns"] == report.turns and data["events"] == report.events
    key = report.outcome if report.outcome != "win" else next(iter(data["results"]))
    assert data["results"] == {key: 1}
