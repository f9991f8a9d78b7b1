"""No board runs without end (13.1.1.1, issue 11 item 1; issue 13 item 4): a loop nobody can stop is a
draw found within a second, a loop a player keeps going is stopped by the declared count (13.1.1.2), and
a game that exceeds the event budget stops with one clear message."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from engine_helpers import board, cited, pal
from pal_judge.engine import CardDataError, FirstLegalDecider, Game, ScriptedDecider, card_from_dict

REST_INSTEAD = {"kind": "replacement", "replaces": "destroy", "instead": [{"do": "rest", "target": "self"}]}


def _run(setup: dict[str, Any], cards: list[dict[str, Any]], answers: list[str] = (), **game: Any) -> Game:
    g = Game.from_setup(setup, cards)
    for key, value in game.items():
        setattr(g, key, value)
    started = time.perf_counter()
    g.run(ScriptedDecider(list(answers), fallback=FirstLegalDecider()))
    assert time.perf_counter() - started < 1, "the game must end within a second"
    return g


def test_lethal_damage_with_a_mandatory_rest_instead_is_a_draw() -> None:
    # 11.4.1 lethal damage sends the Pal to the graveyard; its mandatory replacement (10.11) rests it
    # instead, so at the next round the same rule action applies again, for ever: 13.1.1.1 a draw.
    g = _run(board({"base": [{"card": "Stubborn", "damage": 2000}]}), [pal("Stubborn", abilities=[REST_INSTEAD])])
    assert g.result is not None and g.result.outcome == "loop_draw", g.result
    assert "13.1.1.1" in cited(g)
    assert len(g.events) < 2000  # memory stays bounded: the loop is caught, not run


def test_the_same_loop_with_an_optional_replacement_is_stopped_by_its_player() -> None:
    # 10.2.1.3.2 "may rest it instead": the controller can stop the loop by answering no, so 13.1.1.2 the
    # player declares how many more times; after that the Pal is destroyed, the game goes on.
    optional = {**REST_INSTEAD, "optional": True}
    g = _run(board({"base": [{"card": "Stubborn", "damage": 2000}]}), [pal("Stubborn", abilities=[optional])],
             ["yes", "yes", "0"])
    assert g.result is not None and g.result.outcome != "loop_draw"
    assert "Stubborn" in g.snapshot()["players"]["A"]["graveyard"]
    assert "13.1.1.2" in cited(g)


def test_a_pal_that_revives_itself_from_the_graveyard_forever_is_a_draw() -> None:
    # "On Deploy: deal 1000 damage to this" and "when this is destroyed, deploy a Pal from your graveyard":
    # each deployed card is a new object (4.1.4) that dies and deploys itself again, mandatory both ways
    phoenix = pal("Phoenix", power=1000, abilities=[
        {"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "damage", "amount": 1000, "target": "self"}]},
        {"kind": "auto", "trigger": "on_destroyed", "effect": [{"do": "deploy", "from": "graveyard"}]}])
    g = _run(board({"base": [{"card": "Phoenix", "damage": 1000}]}), [phoenix])
    assert g.result is not None and g.result.outcome == "loop_draw", g.result
    assert "13.1.1.1" in cited(g)


def test_an_end_phase_that_keeps_triggering_is_a_draw() -> None:
    # "at the end of the turn, put this into the graveyard, then deploy a Pal from your graveyard": the Pal
    # that comes back is a new object (4.1.4) whose ability has not triggered this turn, so 7.6.5 repeats
    # the end phase again and again; no player can stop it: 13.1.1.1
    looper = pal("Looper", abilities=[{"kind": "auto", "trigger": "end_of_turn", "effect": [
        {"do": "place", "to": "graveyard", "target": "self"}, {"do": "deploy", "from": "graveyard"}]}])
    g = _run(board({"base": ["Looper"]}, phase="end"), [looper])
    assert g.result is not None and g.result.outcome == "loop_draw", g.result
    assert "13.1.1.1" in cited(g)
    # the draw says how many times the end phase repeated (7.6.5), and the trace shows exactly that many repetitions
    said = re.search(r"\((\d+) times\)", g.result.reason)
    assert said is not None, g.result.reason
    assert sum(e.what.startswith("end phase repeats") for e in g.events) == int(said.group(1))


def test_replacements_whose_cost_is_replaced_again_without_end_are_a_draw() -> None:
    # "if this would be destroyed, butcher 1 Pal instead" (mandatory, 10.11): its only Pal to butcher (5.16.2) is
    # itself, so paying the cost is a new destroy event the same replacement replaces again (10.11.2.3 once per
    # event), before any card has moved: the chain never ends and no answer stops it, 13.1.1.1 a draw
    martyr = pal("Martyr", abilities=[{"kind": "replacement", "replaces": "destroy", "cost": [{"butcher": 1}],
                                       "instead": [{"do": "rest", "target": "self"}]}])
    g = _run(board({"base": [{"card": "Martyr", "damage": 1000}]}), [martyr])
    assert g.result is not None and g.result.outcome == "loop_draw", g.result
    assert "13.1.1.1" in cited(g)
    replaced = sum(e.what.startswith("Martyr's destroy is replaced") for e in g.events)
    assert 1 < replaced < 1000  # it was replaced again and again, and the chain was caught, not run


def test_an_event_budget_stops_any_game_with_one_message() -> None:
    g = _run(board({"base": [{"card": "Stubborn", "damage": 2000}]}), [pal("Stubborn", abilities=[REST_INSTEAD])],
             max_events=50)
    assert g.result is not None and g.result.outcome == "event_limit"
    assert "budget of 50 events" in g.result.reason
    assert g.event_count <= 51 and len(g.events) <= 50


@pytest.mark.parametrize("step,path", [
    ({"do": "repeat", "amount": 1_000_000_000, "effect": [{"do": "draw", "amount": 1}]}, "abilities[0].effect[0].amount"),
    ({"do": "repeat", "amount": 20, "effect": [{"do": "repeat", "amount": 20, "effect": [{"do": "draw", "amount": 1}]}]},
     "abilities[0].effect[0].amount"),
    ({"do": "repeat", "amount": "X", "effect": [{"do": "repeat", "amount": "X", "effect": [
        {"do": "repeat", "amount": 2, "effect": [{"do": "draw", "amount": 1}]}]}]},
     "abilities[0].effect[0].amount"),
    ({"do": "draw", "amount": 10**12}, "abilities[0].effect[0].amount"),
    ({"do": "damage", "amount": -10**9, "target": "opponent"}, "abilities[0].effect[0].amount"),
    ({"do": "damage", "amount": 1000, "target": {"choose": 10**6}}, "abilities[0].effect[0].target.choose"),
])
def test_absurd_amounts_are_refused_with_the_field_path(step: dict[str, Any], path: str) -> None:
    card = pal("X", abilities=[{"kind": "activated", "effect": [step]}])
    with pytest.raises(CardDataError) as err:
        card_from_dict(card)
    assert err.value.path == path, str(err.value)
    assert "limit" in str(err.value)


def test_trigger_times_is_bounded() -> None:
    card = pal("X", abilities=[{"kind": "continuous", "effect": [{"do": "trigger_times", "amount": 1000,
                                                                   "trigger": "on_deploy"}]}])
    with pytest.raises(CardDataError) as err:
        card_from_dict(card)
    assert err.value.path == "abilities[0].effect[0].amount"


def test_repeats_within_the_limit_still_work() -> None:
    # 10.6.3.1.4 a repeat of 3 draws three cards: the limit does not touch real cards
    card = pal("Digger", abilities=[{"kind": "activated", "limit": 1,
                                     "effect": [{"do": "repeat", "amount": 3, "effect": [{"do": "draw", "amount": 1}]}]}])
    g = Game.from_setup(board({"base": ["Digger"], "hand": []}), [card])
    g.run(ScriptedDecider(["activate Digger"]))
    assert len(g.snapshot()["players"]["A"]["hand"]) == 3


def test_a_scenario_that_exceeds_the_event_budget_fails_with_one_line(tmp_path: Any, monkeypatch: Any) -> None:
    # the budget is lowered so that an ordinary scenario exceeds it: the run fails with the reason, at once
    from pal_judge.engine import limits
    from pal_judge.scenarios.loader import load_scenario_file
    from pal_judge.scenarios.runner import run_scenario

    monkeypatch.setattr(limits, "MAX_EVENTS", 5)
    path = tmp_path / "long.yaml"
    path.write_text("setup: {turn: A, phase: stand, A: {base: [normal]}}\nsteps: [end_turn]\n", encoding="utf-8")
    run = run_scenario(load_scenario_file(path))
    assert run.outcome == "event_limit" and not run.ok
    assert run.error is not None and "long.yaml:1: the game exceeded the engine's budget of 5 events" in run.error
