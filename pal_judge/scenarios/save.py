"""Turn the board at some step of a replay into a new scenario set-up (`replay --save-at`)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

from pal_judge.atomic import write_text_atomic
from pal_judge.errors import UserError
from pal_judge.scenarios.located import Located
from pal_judge.scenarios.model import PHASES, PLAYERS, Scenario, Step
from pal_judge.scenarios.runner import ScenarioRun

_GENERIC = {"Filler": "normal", "Lucky Filler": "lucky"}


def _card_name(name: str) -> str:
    """Built-in fillers (and the numbered ones of pre-game decks) go back to `normal` / `lucky`."""
    card = re.sub(r"#\d+$", "", name)  # a label Name#2 (a second copy) is the card Name
    return _GENERIC.get(card, _GENERIC.get(re.sub(r" \d+$", "", card), card))


def _deck(names: list[str]) -> Any:
    """The shortest form: `20`, `{top: [lucky], size: 20}` or the full list (top first)."""
    top = list(names)
    while top and top[-1] == "normal":
        top.pop()
    if not top:
        return len(names)
    return {"top": top, "size": len(names)} if len(top) < len(names) else top


def _plain(node: Any) -> Any:
    if isinstance(node, Located):
        return node.plain()
    if isinstance(node, dict):
        return {k: _plain(v) for k, v in node.items()}
    return node


def _library(scenario: Scenario, used: set[str]) -> dict[str, Any]:
    cards: dict[str, Any] = {}
    for _, _, spec in scenario.setup.cards():
        if spec.name in used and spec.node is not None and spec.name not in cards:
            fields = {k: v for k, v in _plain(spec.node).items() if k != "name"}
            cards[spec.name] = fields
    return cards


def setup_from_snapshot(snapshot: dict[str, Any], scenario: Scenario) -> dict[str, Any]:
    """The `cards:` and `setup:` of a scenario document (as plain data) whose set-up is this board."""
    phase = snapshot.get("phase") or "main"
    if phase not in PHASES:
        phase = "main"
    used: set[str] = set()
    setup: dict[str, Any] = {
        "turn": snapshot["turn_player"],
        "turn_number": snapshot["turn"],
        "phase": phase,
        "night": bool(snapshot.get("night")),
    }
    for player in PLAYERS:
        board = snapshot["players"][player]
        names = {zone: [_card_name(n) for n in board.get(zone, [])] for zone in ("deck", "hand", "graveyard")}
        base = []
        for card in board.get("base", []):
            name = _card_name(card["card"])
            entry: dict[str, Any] = {"card": name}
            if card.get("state") == "rested":
                entry["state"] = "rested"
            if card.get("damage"):
                entry["damage"] = card["damage"]
            base.append(entry if len(entry) > 1 else name)
            used.add(name)
        for zone_names in names.values():
            used.update(zone_names)
        souls = board.get("souls", {})
        setup[player] = {
            "life": board["life"],
            "resources": {"material": board.get("material", 0), "ingredient": board.get("ingredient", 0)},
            "deck": _deck(names["deck"]),
            "hand": names["hand"],
            "base": base,
            "graveyard": names["graveyard"],
            "souls": {"standing": souls.get("standing", 0), "rested": souls.get("rested", 0)},
            "soul_deck": souls.get("deck", 0),
            "pal_limit": board.get("pal_limit", 5),  # the limit in force (with card text that changes it)
        }
    library = _library(scenario, used)
    return {"cards": library, "setup": setup} if library else {"setup": setup}


def _plain_step(step: Step) -> Any:
    """A step as the scenario format writes it (the inverse of the loader's reading)."""
    if step.action == "attack":
        return {"attack": f"{step.args['with']} -> {step.args['target']}"}
    if step.action == "attempt":
        return {"attempt": _plain_step(step.args["step"]), "refused_by": step.args["refused_by"]}
    return {step.action: dict(step.args)} if step.args else step.action


def _where_saved(state: dict[str, Any]) -> str:
    """In words: the checkpoint a saved game restores and the answers it gives again (engine/saved.py)."""
    at = "at the start of the game" if state["at"] == "start" else f"at a {state['at']} decision (a play timing)"
    answers = len(state["replay"])
    if not answers:
        return f"the engine's complete state {at}"
    return (f"the engine's complete state {at} and the {answers} answer{'s' if answers > 1 else ''} given since then "
            f"(replay:), which replaying this file gives again without showing their events")


def saved_document(run: ScenarioRun, step: int) -> dict[str, Any]:
    """The scenario file `replay --save-at STEP` writes (`run` was played with `keep_states`).

    The game is saved complete right after STEP's last event, wherever that is — at a play timing, in the
    middle of a battle, or while an ability waits for a choice (`resume:`, engine/saved.py: a checkpoint and
    the answers since); the original steps still to play then follow, so replaying the file shows exactly the events
    the original run showed after STEP. The `setup:` shows the same board for reading; to change the board for
    a what-if, remove `resume:` and edit `setup:` (the game then starts at the beginning of its phase, without
    battle or effects)."""
    chosen = [r for r in run.steps if r.index <= step][-1]
    if "players" not in chosen.snapshot:
        raise UserError(f"--save-at {step}: the decks are not legal (6.1), so there is no game to save")
    if chosen.state is None:
        raise ValueError("saved_document needs a run played with keep_states=True")
    description = (
        f"The game after step {chosen.index} of scenario {run.scenario.name}, saved complete in resume: "
        f"{_where_saved(chosen.state)}; replaying it goes on right after step {chosen.index} (a battle in progress, "
        f"a choice being made, effects until end of turn and once-per-turn uses included), with the original steps "
        f"still to play. For a what-if on the board, remove resume: and edit setup: (the game then starts at the "
        f"beginning of the {chosen.snapshot.get('phase') or 'main'} phase, without a battle or effects until end of turn).")
    return {"description": description, **setup_from_snapshot(chosen.snapshot, run.scenario),
            "resume": json.dumps(chosen.state, separators=(",", ":")),  # plain data, as one JSON text
            "steps": [_plain_step(run.scenario.steps[index - 1]) for index in chosen.steps_left]}


def write_scenario(path: Path, document: dict[str, Any]) -> None:
    text = "# Written by `pal-judge replay --save-at`: edit the steps, add expect, then replay this file.\n"
    # libyaml's dumper when installed: the same text as the pure-Python one, twenty times faster
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    text += yaml.dump(document, Dumper=dumper, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)
    if path.exists() or path.is_symlink():
        # never overwrite a judge's file (it may be the very scenario being replayed)
        raise UserError(f"{path} already exists; --save-at writes a new file: choose another name")
    try:
        write_text_atomic(path, text)  # all or nothing: no partial scenario is ever left behind
    except OSError as err:
        raise UserError(f"cannot write {path}: {err.strerror or err}") from None
