"""One event pipeline (issue 11 items 2-5, 10): grouped moves with one look-back snapshot, replacement
effects on every route to the graveyard and on damage, last-known information. Expectations come from
rules/zh.txt, written before the engine was changed."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import base, board, cited, pal, play

MOURN = {"kind": "auto", "trigger": "on_ally_destroyed", "effect": [{"do": "draw", "amount": 1}]}
QUICK_STORM = {"name": "Storm", "type": "event", "cost": 0, "keywords": ["quick"],
               "effect": [{"do": "damage", "amount": 1000, "target": {"all": True, "type": "pal", "controller": "you"}}]}


def _hand(g: Any, player: str) -> list[str]:
    return g.snapshot()["players"][player]["hand"]


def _grave(g: Any, player: str) -> list[str]:
    return g.snapshot()["players"][player]["graveyard"]


def test_two_mourners_dying_together_each_see_the_other_go() -> None:
    # 11.1.2.4 lethal damage on both is one rule action, performed at the same time; 10.8.4.1.2 a card
    # leaving the base is read as it was in the base, so each mourner was in the base when the other left:
    # both "when another Pal of yours goes to the graveyard, draw 1" trigger.
    g = play(board({"base": [{"card": "Mourner", "damage": 1000}, {"card": "Mourner", "damage": 1000}], "hand": []}),
             [pal("Mourner", abilities=[MOURN])], ["Mourner: on_ally_destroyed"])  # 10.8.3.1 A orders them
    assert _grave(g, "A") == ["Mourner", "Mourner"]
    assert len(_hand(g, "A")) == 2
    assert "10.8.4.1.2" in cited(g)


def test_a_structure_sees_an_ally_pal_destroyed() -> None:
    # 10.3.5 a structure's abilities work in the base like a Pal's; "another Pal of yours" names the Pal
    # that left, not the kind of card that listens (issue 11 item 10)
    tower = {"name": "Shrine", "type": "structure", "power": 3000, "abilities": [MOURN]}
    g = play(board({"base": ["Shrine", {"card": "Filler", "damage": 1000}], "hand": []}), [tower], [])
    assert len(_hand(g, "A")) == 1


@pytest.mark.parametrize("order", [["Granter", "Blocker"], ["Blocker", "Granter"]])
def test_retaliate_granted_by_a_pal_dying_at_the_same_time_still_applies(order: list[str]) -> None:
    # The Blocker has Retaliate only through the Granter's continuous effect. Both are destroyed in one
    # check timing (11.1.2.4); the look-back (10.8.4.1.2) reads the Blocker as it was in the base, with the
    # Granter still there, so its Retaliate (12.12.2) sends the attacker to the graveyard, whatever the
    # order of the base.
    granter = pal("Granter", abilities=[{"kind": "continuous", "effect": [
        {"do": "grant", "keyword": "retaliate", "target": {"all": True, "type": "pal", "controller": "you"}}]}])
    cards = [pal("Striker", 5000), granter, pal("Blocker"), QUICK_STORM]
    g = play(board({"base": ["Striker"]}, {"base": order, "hand": ["Storm"]}), cards,
             ["attack Striker -> player", "Blocker", "play Storm"])
    assert "Striker" in _grave(g, "A"), g.snapshot()
    assert sorted(_grave(g, "B")) == ["Blocker", "Granter", "Storm"]


def test_placing_a_pal_into_the_graveyard_is_replaced_like_a_destruction() -> None:
    # 10.11.1 a replacement for "this would go from the base to the graveyard" replaces that event however
    # it comes about: a `place ... to: graveyard` is such an event.
    stubborn = pal("Stubborn", abilities=[{"kind": "replacement", "replaces": "destroy",
                                           "instead": [{"do": "rest", "target": "self"}]}])
    bury = {"name": "Bury", "type": "event", "cost": 0,
            "effect": [{"do": "place", "to": "graveyard", "target": {"choose": 1, "controller": "opponent"}}]}
    g = play(board({"hand": ["Bury"]}, {"base": ["Stubborn"]}), [stubborn, bury], ["play Bury"])
    assert base(g, "B")["Stubborn"]["state"] == "rested"
    assert "10.11.1" in cited(g)


def test_replaced_battle_damage_is_not_dealt_so_it_does_not_trigger() -> None:
    # 10.11.1.1 the replaced event is treated as never having happened: no battle damage was dealt, so
    # "when this deals battle damage" (9.6.3.4) does not trigger.
    striker = pal("Striker", 3000, abilities=[{"kind": "auto", "trigger": "on_battle_damage",
                                                "effect": [{"do": "draw", "amount": 1}]}])
    shield = pal("Shielded", 5000, abilities=[{"kind": "replacement", "replaces": "damage",
                                               "instead": [{"do": "gain", "resource": "material", "amount": 1}]}])
    g = play(board({"base": ["Striker"], "hand": []}, {"base": [{"card": "Shielded", "state": "rested"}]}),
             [striker, shield], ["attack Striker -> Shielded"])
    assert base(g, "B")["Shielded"]["damage"] == 0
    assert g.snapshot()["players"]["B"]["material"] == 1
    assert _hand(g, "A") == []


def test_a_replacement_can_protect_another_card() -> None:
    # 10.11.1 / 10.2.1.3 "if a Pal of yours would be destroyed, rest it instead"; 10.11.2.1 its
    # controller's choice is not needed with one replacement.
    guardian = pal("Guardian", abilities=[{"kind": "replacement", "replaces": "destroy",
                                           "protects": {"all": True, "type": "pal", "controller": "you"},
                                           "instead": [{"do": "rest", "target": "trigger_card"}]}])
    smite = {"name": "Smite", "type": "event", "cost": 0,
             "effect": [{"do": "destroy", "target": {"choose": 1, "controller": "opponent", "name": "Lamb"}}]}
    g = play(board({"hand": ["Smite"]}, {"base": ["Guardian", "Lamb"]}), [guardian, pal("Lamb"), smite],
             ["play Smite"])
    assert base(g, "B")["Lamb"]["state"] == "rested" and base(g, "B")["Guardian"]["state"] == "standing"


def test_two_replacements_from_two_cards_the_affected_controller_orders_them() -> None:
    # 10.11.2 / 10.11.2.1 the controller of the affected card chooses which applies first; once applied
    # the destruction no longer exists (10.11.1.1), so the other does not apply.
    def keeper(name: str, resource: str) -> dict[str, Any]:
        return pal(name, abilities=[{"kind": "replacement", "replaces": "destroy", "name": "Keep",
                                     "protects": {"all": True, "type": "pal", "controller": "you"},
                                     "instead": [{"do": "gain", "resource": resource, "amount": 1}]}])
    smite = {"name": "Smite", "type": "event", "cost": 0,
             "effect": [{"do": "destroy", "target": {"choose": 1, "controller": "opponent", "name": "Lamb"}}]}
    g = play(board({"hand": ["Smite"]}, {"base": [
        "Lamb", "Miner", "Cook"]}), [keeper("Miner", "material"), keeper("Cook", "ingredient"), pal("Lamb"), smite],
        ["play Smite", "Cook: Keep"])
    b = g.snapshot()["players"]["B"]
    assert b["ingredient"] == 1 and b["material"] == 0 and "Lamb" in base(g, "B")
    assert "10.11.2.1" in cited(g)


def test_breakthrough_reads_the_attacker_as_it_last_was_in_the_base() -> None:
    # The blocker dies in battle (12.14.2 Breakthrough triggers). Before Breakthrough resolves, the
    # attacker's own "when this deals battle damage, return this to the hand" resolves first (A orders
    # A's standby abilities, 10.8.3.1). 10.12.1: Breakthrough then reads the attacker's strike as it last
    # was in the base: 3, and B's life goes from 10 to 7.
    striker = pal("Striker", 3000, strike=3, keywords=["breakthrough"], abilities=[
        {"kind": "auto", "trigger": "on_battle_damage", "name": "Retreat",
         "effect": [{"do": "place", "to": "hand", "target": "self"}]}])
    g = play(board({"base": ["Striker"]}, {"base": ["Wall"], "deck": [{"card": "Filler"}] * 0 + ["Filler"] * 10}),
             [striker, pal("Wall", 1000)], ["attack Striker -> player", "Wall", "Striker: Retreat"])
    assert "Striker" in _hand(g, "A")
    assert g.snapshot()["players"]["B"]["life"] == 7, [e.what for e in g.events][-12:]
    assert "10.12.1" in cited(g)


def test_breakthrough_does_not_fire_in_a_repeated_end_of_battle_step() -> None:
    # 9.7.3 / 9.7.3.1 at the end of the first end-of-battle round the attacking Pal is no longer
    # attacking; 9.7.4 a new "at the end of battle" ability makes the step run again. The Wall destroyed
    # in that second round is no longer the battle opponent of an attacking Pal: Breakthrough (12.14.2,
    # "when this card is the attacking Pal") does not trigger, B keeps 10 life.
    wall = pal("Wall", 0, abilities=[{"kind": "auto", "trigger": "end_of_battle", "whose": "any",
                                      "effect": [{"do": "deploy", "from": "hand"}]},
                                     {"kind": "replacement", "replaces": "damage", "instead": []}])  # survives
    bomber = pal("Bomber", abilities=[{"kind": "auto", "trigger": "end_of_battle", "whose": "any",
                                       "effect": [{"do": "destroy", "target": {"all": True, "name": "Wall"}}]}])
    g = play(board({"base": ["Striker"]}, {"base": ["Wall"], "hand": ["Bomber"]}),
             [pal("Striker", 1000, strike=2, keywords=["breakthrough"]), wall, bomber],
             ["attack Striker -> player", "Wall", "Bomber"])
    assert "Wall" in _grave(g, "B")
    assert g.snapshot()["players"]["B"]["life"] == 10
    assert "9.7.3.1" in cited(g)


def test_a_grant_that_reads_keywords_sees_a_granted_keyword() -> None:
    # 10.10.1.5: "Pals with Taunt get Nocturnal" depends on "your Pals get Taunt" (whether it applies to a
    # Pal changes with it), so it is applied after it: Lamball gets Taunt, then Nocturnal, and at night
    # Nocturnal gives +300 (12.13.2). The order of the cards in the base does not matter.
    taunter = {"name": "Drill", "type": "structure", "power": 3000, "abilities": [{"kind": "continuous", "effect": [
        {"do": "grant", "keyword": "taunt", "target": {"all": True, "type": "pal", "controller": "you"}}]}]}
    moon = {"name": "Moon", "type": "structure", "power": 3000, "abilities": [{"kind": "continuous", "effect": [
        {"do": "grant", "keyword": "nocturnal", "target": {"all": True, "type": "pal", "keyword": "taunt"}}]}]}
    for order in (["Moon", "Drill", "Lamb"], ["Drill", "Moon", "Lamb"]):
        g = play(board({"base": order}, night=True), [taunter, moon, pal("Lamb")], [])
        lamb = base(g, "A")["Lamb"]
        assert {"taunt", "nocturnal"} <= set(lamb["keywords"]) and lamb["power"] == 1300, (order, lamb)


def test_a_delayed_ability_waits_for_the_phase_it_names() -> None:
    # 10.8.5 "at the start of your next main phase, draw 2": it triggers when A's next main phase begins
    # (7.5.1), not at B's main phase, nor at A's stand phase.
    later = {"name": "Later", "type": "event", "cost": 0, "effect": [
        {"do": "delayed", "trigger": "start_of_phase", "phase": "main", "whose": "you",
         "effect": [{"do": "draw", "amount": 2}]}]}
    g = play(board({"hand": ["Later"]}), [later], ["play Later", "end_turn", "end_turn"])
    ws = [e.what for e in g.events]
    used = ws.index("Later: delayed is used")
    a_main = max(i for i, w in enumerate(ws) if w == "the beginning of the main phase")
    assert g.turn == 5 and used > a_main
    assert len(_hand(g, "A")) == 3  # 1 from the draw phase (7.3), 2 from the delayed ability


def test_two_unnamed_on_deploy_abilities_of_one_card_are_put_in_order() -> None:
    # 10.8.3.1 the controller chooses the order of the standby abilities: "On Deploy: gain 1 material" and
    # "On Deploy: lose all material (−5)" of one card give different results in the two orders.
    twin = pal("Twin", abilities=[
        {"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "gain", "resource": "material", "amount": 1}]},
        {"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "gain", "resource": "material", "amount": -5}]}])
    results = {}
    for first in ("Twin: on_deploy #1", "Twin: on_deploy #2"):
        g = play(board({"hand": ["Twin"], "souls": {"standing": 1}}), [twin], ["play Twin", first])
        results[first] = g.snapshot()["players"]["A"]["material"]
    # gain then lose: 0; lose (floored at 0, 3.3.3.1) then gain: 1
    assert results == {"Twin: on_deploy #1": 0, "Twin: on_deploy #2": 1}


def test_a_power_change_on_a_card_that_left_the_base_is_reported() -> None:
    # "Return this Pal to your hand, then it gets +1000 power": the card in the hand is a new card (4.1.4)
    # and 10.10.2 the effect does not apply to it; the trace says so instead of dropping it silently.
    hop = pal("Hopper", abilities=[{"kind": "activated", "limit": 1, "effect": [
        {"do": "place", "to": "hand", "target": "self"}, {"do": "power", "amount": 1000, "target": "self"}]}])
    g = play(board({"base": ["Hopper"]}), [hop], ["activate Hopper"])
    assert "Hopper" in _hand(g, "A")
    assert any("10.10.2" in e.cites and "power change does not apply" in e.what for e in g.events)
    # the same aimed at a card chosen in the hand
    pump = {"name": "Pump", "type": "event", "cost": 0, "effect": [
        {"do": "power", "amount": 1000, "target": {"choose": 1, "zone": "hand", "type": "pal", "controller": "you"}}]}
    g = play(board({"hand": ["Pump", "Filler"]}), [pump], ["play Pump", "Filler"])
    assert any("10.10.2" in e.cites and e.what.startswith("Filler is not in the base") for e in g.events)


def test_an_exchange_is_one_event_both_cards_see_each_other_move() -> None:
    # 5.11.1 the two cards move at the same time. Heir enters the base from the graveyard at the very
    # moment Lamb goes from the base to the graveyard, so by 10.8.4.2 Heir's "when another Pal of yours
    # goes to the graveyard, draw 1" counts as triggered (one card at a time, Heir would arrive too late).
    swap = {"name": "Swap", "type": "event", "cost": 0, "effect": [
        {"do": "exchange", "target": {"choose": 1, "controller": "you", "name": "Lamb"},
         "with": {"choose": 1, "zone": "graveyard", "controller": "you", "name": "Heir"}}]}
    g = play(board({"hand": ["Swap"], "base": ["Lamb"], "graveyard": ["Heir"]}),
             [swap, pal("Lamb"), pal("Heir", abilities=[MOURN])], ["play Swap"])
    assert "Heir" in base(g, "A") and "Lamb" in _grave(g, "A")
    assert len(_hand(g, "A")) == 1
