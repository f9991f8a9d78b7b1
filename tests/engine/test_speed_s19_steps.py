"""Effects and grouped moves, made faster (issue 11, speed, stop 19), must not change what a judge sees.

Whether a text has an undefined X is read once, as each step is made (`Step.x_inside`): an X written anywhere in it —
the amount or a target's count of a step, or of a step a `repeat`, a `delayed` ability or a `choose_one` option holds
— is chosen when the card or ability is used, before its cost (10.6.2.2.2 in the Chinese text, 10.6.2.2, 10.6.2.3),
and a text without one asks nothing. A grouped move (`pipeline.move_group`) reads in one pass what the group does to
the bases: a card entering a base in the same event as another leaves it is deployed from the zone it was in
(10.8.4.1.3: from a public zone, it is read as it is in the base), a card whose move a replacement replaced stays
where it is and triggers nothing (10.11.1.1), and the other cards of that event still move (11.1.2.4). The resolved
power and strike changes on a card are read by one pass over the game's modifiers (`stats._modifiers_on`), every one
of them counted (10.10.1.6.2); and "activates N times" (5.21.1) is read only while such an effect is in play."""

from __future__ import annotations

from typing import Any

from engine_helpers import board, pal, play
from pal_judge.engine import Game, ScriptedDecider

DRAW_X = {"do": "draw", "amount": "X"}


def _event(name: str, effect: list[dict[str, Any]], cost: int = 1) -> dict[str, Any]:
    return {"name": name, "type": "event", "cost": cost, "effect": effect}


def _first_decision_after_playing(card: dict[str, Any]) -> tuple[str | None, int]:
    """The kind of decision asked once the card is played (None: none), and the standing souls then."""
    g = Game.from_setup(board({"hand": [card["name"]], "souls": {"standing": 2}}), [card])
    r = g.run(ScriptedDecider([f"play {card['name']}"]))
    return (r.pending.kind if r.pending is not None else None), g.players[0].soul_standing


def test_an_x_inside_a_repeat_a_delayed_ability_or_an_option_is_chosen_on_use_before_the_cost() -> None:
    # 10.6.2.2.2 (zh) the player chooses X when the card is used, 10.6.2.2 before its cost is paid (10.6.2.3): the
    # soul is still standing when X is asked, wherever in the text the X is written
    nested = [
        _event("Twice", [{"do": "repeat", "amount": 2, "effect": [DRAW_X]}]),
        _event("Later", [{"do": "delayed", "trigger": "end_of_turn", "effect": [DRAW_X]}]),
        _event("Either", [{"do": "choose_one", "options": [[{"do": "life", "amount": 1}], [DRAW_X]]}]),
        _event("Snipe", [{"do": "repeat", "amount": 1, "effect": [
            {"do": "destroy", "target": {"choose": "X", "controller": "opponent"}}]}]),
    ]
    for card in nested:
        assert _first_decision_after_playing(card) == ("choose_x", 2), card["name"]


def test_a_text_without_x_asks_for_no_x() -> None:
    # no X in the text: nothing to choose (10.6.2.2.2 applies to an X the text does not define); the card resolves
    plain = _event("Twice", [{"do": "repeat", "amount": 2, "effect": [{"do": "draw", "amount": 1}]},
                             {"do": "choose_one", "options": [[{"do": "life", "amount": 1}],
                                                              [{"do": "draw", "amount": 1}]]}])
    kind, souls = _first_decision_after_playing(plain)
    assert kind == "choose_one" and souls == 2  # the mode is chosen on use too (10.6.2.2.1), before the cost


def test_an_activated_abilitys_nested_x_is_chosen_and_used_by_every_repetition() -> None:
    # 10.6.2.2.2 X chosen once on use (2), then each of the 2 repetitions draws X (10.6.3.1.4): 4 cards
    well = pal("Well", abilities=[{"kind": "activated", "cost": [{"soul": 1}],
                                   "effect": [{"do": "repeat", "amount": 2, "effect": [DRAW_X]}]}])
    g = play(board({"base": ["Well"], "souls": {"standing": 1}}), [well], ["activate Well", "2"])
    assert len(g.players[0].hand) == 4 and g.players[0].soul_standing == 0


def test_a_card_entering_the_base_as_another_leaves_is_deployed_from_where_it_was() -> None:
    # 5.11.1 an exchange moves both cards in one event: Heir enters the base from the graveyard, a public zone, so its
    # On Deploy reads it as it is in the base (10.8.4.1.3, not 10.8.4.1.1's hidden zone), and Lamb, leaving in the
    # same event, goes to the graveyard
    swap = _event("Swap", [{"do": "exchange", "target": {"choose": 1, "controller": "you", "name": "Lamb"},
                            "with": {"choose": 1, "zone": "graveyard", "controller": "you", "name": "Heir"}}], cost=0)
    heir = pal("Heir", abilities=[{"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "draw", "amount": 1}]}])
    g = play(board({"hand": ["Swap"], "base": ["Lamb"], "graveyard": ["Heir"]}), [swap, pal("Lamb"), heir],
             ["play Swap"])
    assert [c.card.name for c in g.players[0].base] == ["Heir"]
    assert [c.card.name for c in g.players[0].graveyard] == ["Lamb", "Swap"]
    deployed = [e for e in g.events if e.what == "Heir is deployed"]
    assert len(deployed) == 1
    triggered = [e for e in g.events if e.what == "Heir: on_deploy triggers"]
    assert len(triggered) == 1 and "10.8.4.1.3" in triggered[0].cites and "10.8.4.1.1" not in triggered[0].cites
    assert len(g.players[0].hand) == 1  # Heir's draw


def test_a_replaced_move_in_a_group_does_not_happen_and_the_others_do() -> None:
    # 11.1.2.4 both lethal Pals are destroyed at the same time; Guard's "if this would be destroyed, return it to its
    # owner's hand instead" replaces its own move (10.11.1.1): it never goes to the graveyard, so its On Destroyed
    # does not trigger; Lamb goes, and its own On Destroyed triggers (10.8.4) and draws
    gone = {"kind": "auto", "trigger": "on_destroyed", "effect": [{"do": "draw", "amount": 1}]}
    guard = pal("Guard", abilities=[gone, {"kind": "replacement", "replaces": "destroy",
                                           "instead": [{"do": "place", "target": "self", "to": "hand"}]}])
    storm = _event("Storm", [{"do": "damage", "amount": 1000, "target": {"all": True, "controller": "you"}}], cost=0)
    g = play(board({"hand": ["Storm"], "base": ["Guard", "Lamb"], "deck": ["Filler"] * 5}),
             [storm, guard, pal("Lamb", abilities=[gone])], ["play Storm"])
    assert g.players[0].base == []
    assert [c.card.name for c in g.players[0].graveyard] == ["Storm", "Lamb"]
    assert sorted(c.card.name for c in g.players[0].hand) == ["Filler", "Guard"]  # Lamb's draw alone
    assert [e.what for e in g.events if e.what.endswith("on_destroyed triggers")] == ["Lamb: on_destroyed triggers"]


def test_every_power_and_strike_change_on_a_card_counts() -> None:
    # 10.2.1.2 / 10.10.1.4 each resolved change applies, in the order used (10.10.1.6.2): +1000, then -500 power and
    # +2, then -1 strike on Lamb (1000 power, strike 1) give 1500 power and strike 2; another card is not changed
    pump = _event("Pump", [{"do": "power", "amount": 1000, "target": {"choose": 1, "controller": "you", "name": "Lamb"}},
                           {"do": "strike", "amount": 2, "target": {"choose": 1, "controller": "you", "name": "Lamb"}}],
                  cost=0)
    sap = _event("Sap", [{"do": "power", "amount": -500, "target": {"choose": 1, "controller": "you", "name": "Lamb"}},
                         {"do": "strike", "amount": -1, "target": {"choose": 1, "controller": "you", "name": "Lamb"}}],
                 cost=0)
    g = play(board({"hand": ["Pump", "Sap"], "base": ["Lamb", "Foxparks"]}), [pump, sap, pal("Lamb"), pal("Foxparks")],
             ["play Pump", "play Sap"])
    cards = {c["label"]: c for c in g.snapshot()["players"]["A"]["base"]}
    assert (cards["Lamb"]["power"], cards["Lamb"]["strike"]) == (1500, 2)
    assert (cards["Foxparks"]["power"], cards["Foxparks"]["strike"]) == (1000, 1)


def test_an_activates_twice_effect_puts_the_ability_in_standby_twice_and_only_for_its_controller() -> None:
    # 5.21.1 with Echo ("your On Deploy abilities activate 2 times") in A's base, Miner's On Deploy gains 2 material;
    # without Echo, or with Echo in the opponent's base, it activates once (10.8.2)
    miner = pal("Miner", abilities=[{"kind": "auto", "trigger": "on_deploy",
                                     "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    echo = {"name": "Echo", "type": "structure", "power": 1000, "cost": 0, "abilities": [
        {"kind": "continuous", "effect": [{"do": "trigger_times", "amount": 2, "trigger": "on_deploy"}]}]}
    for mine, theirs, material in ((["Echo"], [], 2), ([], [], 1), ([], ["Echo"], 1)):
        g = play(board({"hand": ["Miner"], "base": mine, "souls": {"standing": 1}}, {"base": theirs}), [miner, echo],
                 ["play Miner"])
        assert g.players[0].material == material, (mine, theirs)
