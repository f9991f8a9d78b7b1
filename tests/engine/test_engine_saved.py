"""A game as plain data (issue 11: "a game can be copied and resumed"): saved at a play timing — in the
main phase, or in the middle of a battle at the block or quick step — or, through a Recorder, at any
decision (a choice in the middle of a resolution, a pre-game question), and restored, it goes on exactly
as the original did; a copy branches a what-if that goes its own way."""

from __future__ import annotations

import json
from typing import Any

import pytest
from engine_helpers import board, pal

from pal_judge.engine import Decision, Game, Option, RandomDecider, ScriptedDecider
from pal_judge.engine.saved import RESUMABLE, Recorder, SavedGameError
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


def _saved_at_first_main() -> tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
    """A board game saved at its first main decision (7.5.2); the same game played on with one script."""
    setup = board({"base": ["Striker"]}, {"base": ["Wall"]})
    cards = [pal("Striker", 3000), pal("Wall", 1000)]
    saved: dict[str, Any] = {}

    class Save:
        script = ScriptedDecider(["attack Striker -> player", "none", "end_turn"])

        def decide(self, decision: Decision, game: Game) -> Option:
            saved.setdefault("data", game.to_data(decision.kind))
            return self.script.decide(decision, game)

    original = Game.from_setup(setup, cards)
    original.run(Save())
    return saved["data"], original.snapshot(), [e.to_dict() for e in original.events]


def test_a_file_of_the_previous_format_still_resumes() -> None:
    data, board_after, events = _saved_at_first_main()
    old = {k: v for k, v in data.items() if k not in ("replay", "shown_after")} | {"format": 1}
    resumed = Game.from_data(json.loads(json.dumps(old)))
    resumed.run(ScriptedDecider(["attack Striker -> player", "none", "end_turn"]))
    assert resumed.snapshot() == board_after
    assert [e.to_dict() for e in resumed.events] == events[-len(resumed.events):]


@pytest.mark.parametrize("edit", [{"replay": [["main", "end_turn"]] * 10_001}, {"replay": [["main", 3]]},
                                  {"shown_after": 0}, {"shown_after": "all"}])
def test_answers_to_replay_that_are_not_a_save_are_refused(edit: dict[str, Any]) -> None:
    data, _, _ = _saved_at_first_main()
    with pytest.raises(SavedGameError, match="replay|shown_after"):
        Game.from_data({**data, **edit})


class _SaveAnywhere:
    """A random decider that saves the game (through its Recorder) when asked its n-th decisions, of any kind."""

    def __init__(self, seed: int, save_at: set[int]) -> None:
        self.inner = RandomDecider(seed)
        self.save_at = save_at
        self.recorder: Recorder | None = None
        self.saved: list[tuple[str, int, int, str]] = []  # (json, answers so far, events so far, decision kind)
        self.answers: list[str] = []

    def decide(self, decision: Decision, game: Game) -> Option:
        if len(self.answers) + 1 in self.save_at:
            assert self.recorder is not None
            self.saved.append((json.dumps(self.recorder.save(game)), len(self.answers), game.event_count, decision.kind))
        choice = self.inner.decide(decision, game)
        self.answers.append(choice.label)
        return choice


def test_a_random_game_saved_at_any_decision_resumes_with_the_same_events() -> None:
    """Saved in the middle of whatever is going on (pre-game, a target being chosen, an order of triggers …):
    the restored game gives the answers since its checkpoint again, shows none of their events, and then
    goes on exactly as the original did."""
    import random

    kinds = set()
    for seed in (4, 5, 6):
        rng = random.Random(seed)
        decks = generate_deck(rng, "Red"), generate_deck(rng, "Blue")
        original = Game.from_decks(*decks, seed=seed, turn_limit=12)
        saver = _SaveAnywhere(seed, {1, 6, 23, 47})
        saver.recorder = Recorder(original, saver)
        original.run(saver.recorder)
        assert len(saver.saved) == 4
        for data, answered, events_before, kind in saver.saved:
            kinds.add(kind)
            resumed = Game.from_data(json.loads(data))
            result = resumed.run(_Replay(saver.answers[answered:]))
            assert _trace(resumed) == _trace(original, events_before), (seed, answered, kind)
            assert (result.outcome, result.winner) == (original.result.outcome, original.result.winner)
            assert resumed.snapshot() == original.snapshot()
    assert kinds - set(RESUMABLE), kinds  # saves where no play timing is being asked are among them


def test_a_copy_branches_a_what_if_that_goes_its_own_way() -> None:
    # A's main phase: the original attacks with Striker (9.3.1), the copy ends the turn instead (7.5.2)
    setup = board({"base": ["Striker"]}, {"base": ["Wall"], "hand": ["Wall"]})
    cards = [pal("Striker", 3000, strike=2), pal("Wall", 1000)]
    attack, end = ["attack Striker -> player", "none"], ["end_turn"]

    class Branching:
        branch: Game | None = None
        copied_after = 0

        def __init__(self) -> None:
            self.script = ScriptedDecider(attack)

        def decide(self, decision: Decision, game: Game) -> Option:
            if Branching.branch is None:
                Branching.branch, Branching.copied_after = game.copy(decision.kind), game.event_count
            return self.script.decide(decision, game)

    original = Game.from_setup(setup, cards)
    original.run(Branching())
    branch = Branching.branch
    assert branch is not None
    branch.run(ScriptedDecider(end))

    def alone(answers: list[str]) -> Game:
        g = Game.from_setup(setup, cards)
        g.run(ScriptedDecider(answers))
        return g

    # each goes on exactly as a game played on its own with its answers, neither disturbing the other
    assert _trace(original) == _trace(alone(attack))
    assert _trace(branch) == _trace(alone(end), Branching.copied_after)
    assert original.snapshot()["players"]["B"]["life"] < branch.snapshot()["players"]["B"]["life"]
    assert (original.turn, branch.turn) == (3, 4)
