"""`replay X --save-at N` for every step of every shipped ruling (issue 11): the saved game, replayed, gives
exactly the events the original run gave after step N — mid-battle and mid-resolution included.

Each ruling is played once (shared by the tests here); every step is resumed in memory from the saved data
(what the file's `resume:` holds, through JSON), and a few steps of each kind go through the real file path
(`write_scenario`, then the loader)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from pal_judge.errors import UserError
from pal_judge.rulings.loader import load_rulings
from pal_judge.scenarios.loader import load_scenario_file
from pal_judge.scenarios.runner import ScenarioRun, run_scenario
from pal_judge.scenarios.save import saved_document, write_scenario


@pytest.fixture(scope="module")
def played() -> list[ScenarioRun]:
    """Every ruling whose game is played (legal decks), run once with each step's saved game kept."""
    runs = [run_scenario(ruling.scenario, keep_states=True) for ruling in load_rulings()]
    return [run for run in runs if run.outcome != "illegal_deck"]


def _events(steps: Any) -> list[tuple[int, str, tuple[str, ...]]]:
    return [(e["seq"], e["what"], tuple(e["cites"])) for s in steps for e in s.events]


def _kind(document: dict[str, Any]) -> str:
    """What the saved game had to do to stand right after its step: the kind of save it is."""
    state = json.loads(document["resume"])
    if state["at"] == "start":
        return "start"
    return "answers replayed" if state["replay"] else f"at {state['at']}"


def _by_step(steps: Any, numbers: tuple[int, ...] | None = None) -> dict[int, list[tuple[int, str, tuple[str, ...]]]]:
    """Each step's events, by its number in the original scenario (`numbers`: the original number of each of
    a resumed file's steps; its set-up is numbered 0)."""
    return {(numbers[s.index - 1] if numbers and s.index else s.index): _events([s]) for s in steps if s.events}


def _verdicts(results: Any, numbers: tuple[int, ...] | None = None) -> list[tuple[int, str, bool]]:
    """What the `attempt` and `options` steps found (expectations read from the run's history aside)."""
    return [(numbers[r.step - 1] if numbers else r.step, str(r.actual), r.ok) for r in results
            if r.expectation.kind in ("refused", "option")]


def _same_remaining(original: ScenarioRun, again: ScenarioRun, after: int) -> None:
    """The resumed run shows the events the original showed after step `after`, under the same steps (its
    set-up shows nothing of its own), and its attempts and options find what the original's found."""
    where = f"{original.scenario.name} saved after step {after}"
    numbers = next(s.steps_left for s in original.steps if s.index == after)
    assert _by_step(again.steps, numbers) == _by_step(s for s in original.steps if s.index > after), where
    assert _verdicts(again.expectations, numbers) == [v for v in _verdicts(original.expectations) if v[0] in numbers], where
    assert (again.outcome, again.winner, again.error) == (original.outcome, original.winner, original.error), where


def test_every_step_of_every_ruling_saves_and_resumes(played: list[ScenarioRun]) -> None:
    kinds: dict[str, int] = {}
    mid_battle = checked = 0
    for original in played:
        for step in original.steps:
            document = saved_document(original, step.index)
            state = json.loads(document["resume"])  # the file's text, as plain data
            steps = [original.scenario.steps[index - 1] for index in step.steps_left]
            resumed = dataclasses.replace(original.scenario, steps=steps, resume=state)
            _same_remaining(original, run_scenario(resumed), step.index)
            checked += 1
            kinds[_kind(document)] = kinds.get(_kind(document), 0) + 1
            mid_battle += step.snapshot.get("battle") is not None
    assert checked == sum(len(run.steps) for run in played)  # every step, none skipped or moved
    # the hard cases are among them: saves in a battle, and saves in the middle of a resolution or pre-game
    assert mid_battle > 0 and kinds.get("answers replayed", 0) > 0 and kinds.get("start", 0) > 0, kinds


def test_saved_files_of_each_kind_replay_through_the_file(played: list[ScenarioRun], tmp_path: Path) -> None:
    done: set[str] = set()
    for original in played:
        for step in original.steps:
            document = saved_document(original, step.index)
            kind = _kind(document) + (" in a battle" if step.snapshot.get("battle") else "")
            if kind in done:
                continue
            done.add(kind)
            path = tmp_path / f"{original.scenario.name}-{step.index}.yaml"
            write_scenario(path, document)
            _same_remaining(original, run_scenario(load_scenario_file(path)), step.index)
            # and the saved file saves in its turn: at each of its steps, it goes on as the file did
            again = run_scenario(load_scenario_file(path), keep_states=True)
            for resaved in again.steps:
                document = saved_document(again, resaved.index)
                steps = [again.scenario.steps[index - 1] for index in resaved.steps_left]
                resumed = dataclasses.replace(again.scenario, steps=steps, resume=json.loads(document["resume"]))
                _same_remaining(again, run_scenario(resumed), resaved.index)
    assert {"start", "answers replayed", "at main", "answers replayed in a battle"} <= done, done


def test_a_broken_resume_is_one_clear_error(tmp_path: Path) -> None:
    for resume in ("'not json'", "'{\"format\": 1, \"at\": \"main\", \"cards\": {}, \"state\": {\"players\": {\"$\": \"os.system\"}}}'"):
        path = tmp_path / "saved.yaml"
        path.write_text(f"setup: {{turn: A}}\nresume: {resume}\n", encoding="utf-8")
        with pytest.raises(UserError, match=r"saved.yaml:1: resume: not a game saved by `replay --save-at`"):
            run_scenario(load_scenario_file(path))


def test_an_edited_resume_that_does_not_hold_together_is_one_clear_error(played: list[ScenarioRun],
                                                                           tmp_path: Path) -> None:
    original = next(r for r in played if r.scenario.name == "breakthrough-vs-retaliate")
    document = saved_document(original, 1)
    edits: tuple[tuple[str, Any], ...] = (("turn_player", 7), ("battle", None))
    for field, value in edits:
        state = json.loads(document["resume"])
        state["state"][field] = value
        path = tmp_path / f"{field}.yaml"
        write_scenario(path, {**document, "resume": json.dumps(state)})
        with pytest.raises(UserError, match=rf"{field}.yaml:\d+: resume: "):
            run_scenario(load_scenario_file(path))


def test_an_edited_answer_to_replay_is_one_clear_error(played: list[ScenarioRun], tmp_path: Path) -> None:
    original, step = next((run, s) for run in played for s in run.steps if s.state and s.state["replay"])
    state = json.loads(saved_document(original, step.index)["resume"])
    kind, _ = state["replay"][0]
    for field, replay in (("label", [[kind, "no such answer"]]), ("shape", [["only the kind"]])):
        path = tmp_path / f"{field}.yaml"
        write_scenario(path, {**saved_document(original, step.index), "resume": json.dumps({**state, "replay": replay})})
        with pytest.raises(UserError, match=rf"{field}.yaml:\d+: resume: .*(no such answer|replay:)"):
            run_scenario(load_scenario_file(path))
