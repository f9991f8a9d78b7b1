"""`Game.from_setup` and `card_from_dict` refuse impossible boards and bad cards with the field's path."""

from __future__ import annotations

import time
from typing import Any

import pytest

from pal_judge.engine import (
    CardDataError,
    FirstLegalDecider,
    Game,
    ScriptedDecider,
    SetupError,
    card_from_dict,
)
from pal_judge.engine.limits import MAX_AMOUNT

BAD_BOARDS: dict[str, tuple[dict[str, Any], str]] = {
    "negative deck size": ({"A": {"deck": -5}}, "players.A.deck"),
    "absurd deck size": ({"A": {"deck": 10**12}}, "players.A.deck"),
    "a hand of 100,000 cards": ({"A": {"hand": ["Filler"] * 100_000}}, "players.A.hand"),
    "negative damage on a Pal": ({"A": {"base": [{"card": "Filler", "damage": -100}]}}, "players.A.base[0].damage"),
    "negative damage taken": ({"A": {"damage": -3}}, "players.A.damage"),
    "negative souls": ({"A": {"souls": {"standing": -3}}}, "players.A.souls.standing"),
    "99 souls": ({"A": {"souls": {"standing": 99}}}, "players.A.souls"),
    "negative pal limit": ({"A": {"pal_limit": -1}}, "players.A.pal_limit"),
    "negative material": ({"A": {"material": -1}}, "players.A.material"),
    "unknown card": ({"A": {"hand": ["Nosuchcard"]}}, "players.A.hand[0]"),
    "unknown field": ({"A": {"mana": 3}}, "players.A.mana"),
    "text for a number": ({"A": {"life": "ten"}}, "players.A.life"),
}


@pytest.mark.parametrize("name", list(BAD_BOARDS))
def test_impossible_board_is_refused_with_its_path(name: str) -> None:
    player, path = BAD_BOARDS[name]
    started = time.perf_counter()
    with pytest.raises(SetupError) as err:
        Game.from_setup({"players": {"A": {}, "B": {}, **player}})
    assert err.value.path == path, str(err.value)
    assert time.perf_counter() - started < 1


def test_turn_zero_and_players_with_the_same_name() -> None:
    with pytest.raises(SetupError) as err:
        Game.from_setup({"turn": 0, "players": {"A": {}, "B": {}}})
    assert err.value.path == "turn"
    with pytest.raises(SetupError) as err:
        Game.from_setup({"players": {"1": {}, 1: {}}})  # two keys that print alike
    assert err.value.path == "players"


@pytest.mark.parametrize("card,path", [
    ({"keywords": ["tuant"]}, "keywords[0]"),
    ({"keywords": [{"brave": "x"}]}, "keywords[0].brave"),
    ({"abilities": [{"kind": "auto", "trigger": "on_deplyo", "effect": []}]}, "abilities[0].trigger"),
    ({"abilities": [{"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "draw", "amount": "lots"}]}]},
     "abilities[0].effect[0].amount"),
    ({"abilities": [{"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "teleport"}]}]}, "abilities[0].effect[0].do"),
])
def test_bad_card_data_names_the_field(card: dict[str, Any], path: str) -> None:
    with pytest.raises(CardDataError) as err:
        card_from_dict({"name": "X", "type": "pal", "power": 1000, "strike": 1, "cost": 1, **card})
    assert err.value.path == path, str(err.value)


@pytest.mark.parametrize("do", ["draw", "look_top", "discard", "life", "gain"])
def test_the_largest_amounts_allowed_finish_at_once(do: str) -> None:
    """An effect for the largest amount a card may say must not loop that many times: the deck or hand
    runs out first (larger amounts are refused, tests/engine/test_engine_bounded.py)."""
    step: dict[str, Any] = {"do": do, "amount": MAX_AMOUNT}
    if do == "gain":
        step.update(resource="material", amount=-MAX_AMOUNT)  # 3.3.3.1 resources floor at 0
    card = {"name": "X", "type": "pal", "power": 1000, "strike": 1, "cost": 0,
            "abilities": [{"kind": "activated", "limit": 1, "effect": [step]}]}
    game = Game.from_setup({"players": {"A": {"base": ["X"], "deck": 3, "hand": ["Filler"], "material": 2}, "B": {}}},
                           cards=[card])
    started = time.perf_counter()
    game.run(ScriptedDecider(["activate X"], fallback=FirstLegalDecider()))
    assert time.perf_counter() - started < 2
    a = game.players[0]
    assert a.material >= 0 and len(a.deck) <= 3
