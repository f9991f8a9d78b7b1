"""A game as plain data (issue 11: "a game can be copied and resumed"): saved at a play timing — in the
main phase, or in the middle of a battle at the block or quick step — and restored, it goes on exactly
as the original did."""

from __future__ import annotations

import json
from typing import Any

import pytest
from engine_helpers import board, pal

from pal_judge.engine import Decision, Game, Option, RandomDecider, ScriptedDecider
from pal_judge.engine.saved import RESUMABLE, SavedGameError
from pal_judge.engine.simulate import generate_deck


class _Recorder:
    """A random decider that saves the game at its n-th play-timing decision and records every answer."""

    def __init__(self, seed: int, save_at: int) -> None:
        self.inner = RandomDecider(seed)
        self.save_at = save_at
        self.seen = 0
        self.saved: tuple[str, Any, int] | None = None  # (json, answers so far, events so far)
        self.answers: list[str] = []

    def decide(self, decision: Decision, game: Game) -> Option:
        if decision.kind in RESUMABLE:
            self.seen += 1
            if self.seen == self.save_at:
                self.saved = (json.dumps(game.to_data(decision.kind)), len(self.answers), game.event_count)
        choice = self.inner.decide(decision, game)
        self.answers.append(choice.label)
        return choice


class _Replay:
    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)

    def decide(self, decision: Decision, game: Game) -> Option:
        label = self.answers.pop(0)
        return next(o for o in decision.options if o.label == label)


def _trace(g: Game, after: int = 0) -> list[tuple[int, str, tuple[str, ...]]]:
    return [(e.seq, e.what, e.cites) for e in g.events if e.seq > after]


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("save_at", [3, 9, 20])
def test_a_saved_random_game_resumes_with_the_same_events(seed: int, save_at: int) -> None:
    import random

    rng = random.Random(seed)
    decks = generate_deck(rng, "Red"), generate_deck(rng, "Blue")
    original = Game.from_decks(*decks, seed=seed, turn_limit=12)
    recorder = _Recorder(seed, save_at)
    original.run(recorder)
    assert recorder.saved is not None
    data, answered, events_before = recorder.saved
    resumed = Game.from_data(json.loads(data))  # through JSON: plain data only
    result = resumed.run(_Replay(recorder.answers[answered:]))
    assert _trace(resumed) == _trace(original, events_before)
    assert (result.outcome, result.winner) == (original.result.outcome, original.result.winner)
    assert resumed.snapshot() == original.snapshot()


def test_a_game_saved_mid_battle_keeps_the_battle() -> None:
    # A attacks; B is asked to block: the battle (attacker, target) is part of the saved state (9.3.2)
    setup = board({"base": ["Striker"]}, {"base": ["Wall"]})
    g = Game.from_setup(setup, [pal("Striker", 3000), pal("Wall", 1000)])

    class Stop:
        data: dict[str, Any] = {}

        def decide(self, decision: Decision, game: Game) -> Option:
            if decision.kind == "block":
                Stop.data = game.to_data("block")
                raise KeyboardInterrupt
            return next(o for o in decision.options if o.label == "attack Striker -> player")

    with pytest.raises(KeyboardInterrupt):
        g.run(Stop())
    resumed = Game.from_data(json.loads(json.dumps(Stop.data)))
    assert resumed.snapshot()["battle"]["attacker"] == "Striker"
    resumed.run(ScriptedDecider(["Wall", "end_turn"]))
    assert "Wall" in resumed.snapshot()["players"]["B"]["graveyard"]


def test_saving_in_the_middle_of_a_resolution_is_refused_and_bad_data_is_refused() -> None:
    g = Game.from_setup(board(), [])
    with pytest.raises(SavedGameError):
        g.to_data("choose_targets")
    with pytest.raises(SavedGameError):
        Game.from_data({"format": 1, "at": "main", "cards": {}, "state": {"players": {"$": "os.system"}}})
