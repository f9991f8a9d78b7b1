"""Chapter 10 (abilities, timing, costs, replacement) and chapter 12 keywords."""

from __future__ import annotations

import pytest
from engine_helpers import base, board, cited, pal, play, whats

from pal_judge.engine import CardDataError, Game, ScriptedDecider, card_from_dict

GAIN_AT_MAIN = [{"kind": "auto", "trigger": "start_of_phase", "phase": "main", "whose": "any",
                 "effect": [{"do": "gain", "resource": "material", "amount": 1}]}]


def test_triggers_of_both_players_in_one_check_timing_turn_player_first() -> None:
    # 10.5.3.2 then 10.5.3.3: A's (turn player) ability resolves before B's.
    cards = [pal("Miner A", abilities=GAIN_AT_MAIN), pal("Miner B", abilities=GAIN_AT_MAIN)]
    g = play(board({"base": ["Miner A"]}, {"base": ["Miner B"]}, phase="soul"), cards, [])
    used = [e for e in g.events if e.what.endswith("is used")]
    assert [e.player for e in used] == ["A", "B"]
    assert used[0].cites[0] == "10.5.3.2" and used[1].cites[0] == "10.5.3.3"
    assert g.players[0].material == 1 and g.players[1].material == 1


def test_turn_player_orders_own_triggers() -> None:
    # 10.8.3.1: with two standby abilities, the controller chooses which is used first.
    draw_ab = [{"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "draw", "amount": 1}]}]
    cards = [pal("Twin", abilities=draw_ab + [{"kind": "auto", "trigger": "on_deploy", "name": "Ore",
                                                "effect": [{"do": "gain", "resource": "material", "amount": 2}]}])]
    g = play(board({"hand": ["Twin"], "souls": {"standing": 1}}), cards, ["play Twin", "Twin: Ore"])
    i_ore = next(i for i, w in enumerate(whats(g)) if w == "Twin: Ore is used")
    i_draw = next(i for i, w in enumerate(whats(g)) if w == "Twin: on_deploy is used")
    assert i_ore < i_draw


def test_costs_are_all_or_nothing() -> None:
    # 10.4.2.2: souls are enough but material is not: the ability is not offered at all.
    ab = [{"kind": "activated", "cost": [{"soul": 1}, {"consume": {"material": 2}}], "effect": [{"do": "draw", "amount": 1}]}]
    cards = [pal("Forge", abilities=ab)]
    d = ScriptedDecider([])
    Game.from_setup(board({"base": ["Forge"], "souls": {"standing": 3}, "material": 1}), cards).run(d)
    assert "activate Forge" not in d.asked[0].labels()
    g = play(board({"base": ["Forge"], "souls": {"standing": 3}, "material": 2}), cards, ["activate Forge"])
    assert g.players[0].material == 0 and g.players[0].soul_standing == 2 and len(g.players[0].hand) == 1


def test_use_limit_once_per_turn() -> None:
    ab = [{"kind": "activated", "limit": 1, "cost": [{"soul": 1}], "effect": [{"do": "draw", "amount": 1}]}]
    d = ScriptedDecider(["activate Well"])
    Game.from_setup(board({"base": ["Well"], "souls": {"standing": 3}}), [pal("Well", abilities=ab)]).run(d)
    assert "activate Well" not in d.asked[-1].labels()  # 10.7.2


def test_assign_cost_triggers_serious_and_on_assign() -> None:
    # 5.17.1.2 assigning rests the pal; 12.7.2 Serious: choose a pal, +N until end of turn.
    struct = {"name": "Ranch", "type": "structure", "power": 2000,
              "abilities": [{"kind": "activated", "cost": [{"assign": 1}], "effect": [{"do": "gain", "resource": "ingredient", "amount": 1}]}]}
    cards = [struct, pal("Worker", 1000, keywords=[{"serious": 500}]), pal("Fighter", 2000)]
    g = play(board({"base": ["Ranch", "Worker", "Fighter"]}), cards, ["activate Ranch", "Worker", "Fighter"])
    b = base(g, "A")
    assert b["Worker"]["state"] == "rested" and b["Fighter"]["power"] == 2500
    assert g.players[0].ingredient == 1
    assert {"5.17.1.2", "12.7.2"} <= cited(g)


def test_brave_adds_power_when_attacking_until_end_of_turn() -> None:
    cards = [pal("Bold", 1000, keywords=["Brave 1000"]), pal("Foe", 1500)]
    g = play(board({"base": ["Bold"]}, {"base": [{"card": "Foe", "state": "rested"}]}), cards, ["attack Bold -> Foe"])
    assert "Foe" in g.snapshot()["players"]["B"]["graveyard"]  # 2000 vs 1500
    assert base(g, "A")["Bold"]["damage"] == 1500 and base(g, "A")["Bold"]["power"] == 2000


def test_nocturnal_each_instance_adds_300_at_night() -> None:
    cards = [pal("Owl", 1000, keywords=["nocturnal"]),
             pal("Bat", 1000, keywords=["nocturnal"], abilities=[{"kind": "continuous", "effect": [
                 {"do": "grant", "keyword": "nocturnal", "target": "self"}]}])]
    g = Game.from_setup(board({"base": ["Owl", "Bat"]}, night=True), cards)
    snap = {c["label"]: c["power"] for c in g.snapshot()["players"]["A"]["base"]}
    assert snap == {"Owl": 1300, "Bat": 1600}
    g = Game.from_setup(board({"base": ["Owl"]}, night=False), cards)
    assert g.snapshot()["players"]["A"]["base"][0]["power"] == 1000


def test_vigilance_stands_at_the_end_of_its_controllers_turn() -> None:
    cards = [pal("Watch", keywords=["vigilance"]), pal("Tired")]
    g = play(board({"base": ["Watch", "Tired"]}, {"deck": ["Filler"] * 5}), cards,
             ["attack Watch -> player", "attack Tired -> player", "end_turn"])
    # seen from B's turn: Watch stood at A's end of turn, Tired did not
    b = base(g, "A")
    assert b["Watch"]["state"] == "standing" and b["Tired"]["state"] == "rested"
    assert "12.9.2" in cited(g)


def test_on_destroyed_reads_last_known_information() -> None:
    # 10.8.4.1.2 a card leaving the base triggers with its base information; 10.8.7 it is still used.
    cards = [pal("Phoenix", 1000, abilities=[{"kind": "auto", "trigger": "on_destroyed",
                                               "effect": [{"do": "draw", "amount": 2}]}]), pal("Brute", 5000)]
    g = play(board({"base": ["Brute"]}, {"base": [{"card": "Phoenix", "state": "rested"}]}), cards,
             ["attack Brute -> Phoenix"])
    assert len(g.players[1].hand) == 2 and {"10.8.4.1.2", "10.8.7"} <= cited(g)


def test_optional_replacement_instead_of_destruction() -> None:
    # 10.2.1.3.2 "may instead": rest instead of going to the graveyard; 10.11.1.1 it never happened.
    rep = [{"kind": "replacement", "replaces": "destroy", "optional": True, "instead": [{"do": "rest", "target": "self"}]}]
    cards = [pal("Brute", 5000), pal("Cat", 1000, abilities=rep)]
    g = play(board({"base": ["Brute"]}, {"base": [{"card": "Cat", "state": "rested"}]}), cards,
             ["attack Brute -> Cat", "yes"])
    assert "Cat" in base(g, "B") and {"10.11.1", "10.2.1.3.2"} <= cited(g)
    g = play(board({"base": ["Brute"]}, {"base": [{"card": "Cat", "state": "rested"}]}), cards,
             ["attack Brute -> Cat", "no"])
    assert "Cat" in g.snapshot()["players"]["B"]["graveyard"]


def test_delayed_trigger_fires_once_at_end_of_turn() -> None:
    ev = {"name": "Dusk", "type": "event", "cost": 0, "effect": [
        {"do": "night", "value": True},
        {"do": "delayed", "trigger": "end_of_turn", "effect": [{"do": "night", "value": False}]}]}
    g = Game.from_setup(board({"hand": ["Dusk"]}), [ev])
    g.run(ScriptedDecider(["play Dusk"]))
    assert g.night is True
    g = Game.from_setup(board({"hand": ["Dusk"]}), [ev])
    g.run(ScriptedDecider(["play Dusk", "end_turn"]))
    assert g.night is False and {"10.8.5", "10.8.5.1", "5.3.2"} <= cited(g)


def test_new_object_after_zone_change_loses_effects() -> None:
    # 4.1.4 a pal returned to hand and replayed is a new object: the +1000 does not follow it.
    cards = [pal("Pup", 1000),
             {"name": "Pump", "type": "event", "cost": 0, "effect": [{"do": "power", "amount": 1000, "target": {"choose": 1}}]},
             {"name": "Recall", "type": "event", "cost": 0, "effect": [{"do": "place", "to": "hand", "target": {"choose": 1}}]}]
    g = play(board({"base": ["Pup"], "hand": ["Pump", "Recall"], "souls": {"standing": 1}}), cards,
             ["play Pump", "play Recall", "play Pup"])
    assert base(g, "A")["Pup"]["power"] == 1000 and "4.1.4" in cited(g)


def test_card_data_errors_name_the_path() -> None:
    bad = {"name": "Oops", "type": "pal", "power": 1000,
           "abilities": [{"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "draw", "amount": 1},
                                                                             {"do": "draw", "amount": "lots"}]}]}
    with pytest.raises(CardDataError) as err:
        card_from_dict(bad)
    assert err.value.path == "abilities[0].effect[1].amount"
    with pytest.raises(CardDataError) as err:
        card_from_dict({"name": "K", "type": "pal", "power": 1, "keywords": ["flying"]})
    assert err.value.path == "keywords[0]"


def test_undefined_x_is_chosen_by_the_player() -> None:
    # 10.6.2.2.2 (zh): the player chooses one value for an X the text does not define, when playing (10.6.2.2).
    ev = {"name": "Xdraw", "type": "event", "cost": 0, "effect": [{"do": "draw", "amount": "X"}]}
    g = play(board({"hand": ["Xdraw"]}), [ev], ["play Xdraw", "2"])
    assert len(g.players[0].hand) == 2 and {"10.6.2.2.2", "10.6.2.2"} <= cited(g)
    i_x = next(i for i, e in enumerate(g.events) if "X = 2" in e.what)
    i_cost = next(i for i, e in enumerate(g.events) if "pays" in e.what or "draws" in e.what)
    assert i_x < i_cost


def test_optional_replacement_whose_choice_is_impossible_does_not_apply() -> None:
    # 10.11.3: "may discard 1 instead; if you do, rest it" with an empty hand: not applicable, the pal is
    # destroyed and no choice is asked.
    rep = [{"kind": "replacement", "replaces": "destroy", "optional": True,
            "instead": [{"do": "discard", "amount": 1}, {"do": "rest", "target": "self"}]}]
    cards = [pal("Brute", 5000), pal("Mau", 1000, abilities=rep)]
    g = play(board({"base": ["Brute"]}, {"base": [{"card": "Mau", "state": "rested"}], "hand": []}), cards,
             ["attack Brute -> Mau"])
    assert "Mau" in g.snapshot()["players"]["B"]["graveyard"] and "10.11.3" in cited(g)
    # With one card it applies once (the discard is made, Mau rests); the damage stays, so the next
    # check-type rule action finds it lethal again (11.4.1) and now the choice is impossible.
    g = play(board({"base": ["Brute"]}, {"base": [{"card": "Mau", "state": "rested"}], "hand": ["Filler"]}), cards,
             ["attack Brute -> Mau", "yes"])
    ws = whats(g)
    assert sorted(g.snapshot()["players"]["B"]["graveyard"]) == ["Filler", "Mau"]
    assert next(i for i, w in enumerate(ws) if w.startswith("Mau's destroy is replaced")) < next(i for i, w in enumerate(ws) if "cannot be made" in w)
