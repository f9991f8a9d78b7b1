"""Chapter 9 battle, with chapter 11/12 corner cases. Expectations come from the rulebook."""

from __future__ import annotations

import pytest
from engine_helpers import base, board, cited, pal, play, whats

from pal_judge.engine import Game, ScriptedDecider, UnscriptedChoice


def test_damage_exactly_equal_to_power_destroys_the_pal() -> None:
    # 11.4.1: damage > 0 and >= power -> graveyard. 2000 attacks 2000: both are destroyed.
    cards = [pal("Attacker", 2000), pal("Defender", 2000)]
    g = play(board({"base": ["Attacker"]}, {"base": [{"card": "Defender", "state": "rested"}]}),
             cards, ["attack Attacker -> Defender"])
    snap = g.snapshot()["players"]
    assert snap["A"]["base"] == [] and snap["B"]["base"] == []
    assert "Attacker" in snap["A"]["graveyard"] and "Defender" in snap["B"]["graveyard"]
    assert "11.4.1" in cited(g)


def test_damage_one_below_power_leaves_the_pal_with_its_damage() -> None:
    cards = [pal("Attacker", 1999), pal("Defender", 2000)]
    g = play(board({"base": ["Attacker"]}, {"base": [{"card": "Defender", "state": "rested"}]}),
             cards, ["attack Attacker -> Defender"])
    assert base(g, "B")["Defender"]["damage"] == 1999


def test_power_zero_deals_no_damage_and_is_not_destroyed_without_damage() -> None:
    # 9.6.3.1.1 power 0 deals no damage; 11.4.1 needs damage > 0, so an undamaged 0-power pal stays.
    cards = [pal("Zero", 0), pal("Wall", 0)]
    g = play(board({"base": ["Zero"]}, {"base": [{"card": "Wall", "state": "rested"}]}), cards,
             ["attack Zero -> Wall"])
    assert base(g, "A")["Zero"]["damage"] == 0 and base(g, "B")["Wall"]["damage"] == 0
    assert "9.6.3.1.1" in cited(g)


def test_structure_takes_power_and_does_not_strike_back() -> None:
    cards = [pal("Hitter", 1500), {"name": "Tower", "type": "structure", "power": 3000}]
    g = play(board({"base": ["Hitter"]}, {"base": ["Tower"]}), cards, ["attack Hitter -> Tower"])
    assert base(g, "B")["Tower"]["damage"] == 1500
    assert base(g, "A")["Hitter"]["damage"] == 0
    assert "9.6.3.2.1" in cited(g)


def test_attacking_the_player_deals_strike_and_runs_the_damage_check() -> None:
    # 9.6.3.3.2 strike 2; 11.2.2: two normal cards are put, then 2 life is lost.
    cards = [pal("Striker", 1000, strike=2)]
    g = play(board({"base": ["Striker"]}, {"deck": ["Filler", "Filler", "Filler"]}), cards,
             ["attack Striker -> player"])
    b = g.snapshot()["players"]["B"]
    assert b["life"] == 8 and b["graveyard"] == ["Filler", "Filler"] and b["deck"] == ["Filler"]
    assert b["damage"] == 0


def test_strike_zero_deals_nothing_to_the_player() -> None:
    cards = [pal("Soft", 1000, strike=0)]
    g = play(board({"base": ["Soft"]}), cards, ["attack Soft -> player"])
    b = g.snapshot()["players"]["B"]
    assert b["life"] == 10 and b["graveyard"] == []
    assert "9.6.3.3.1" in cited(g)


def test_only_rested_pals_are_targets_unless_assault() -> None:
    # 9.2.3 standing pals are not targets; 12.15.2 Assault allows them.
    cards = [pal("Plain"), pal("Raider", keywords=["assault"]), pal("Guard")]
    g = Game.from_setup(board({"base": ["Plain", "Raider"]}, {"base": ["Guard"]}), cards)
    d = ScriptedDecider([])
    g.run(d)
    labels = d.asked[0].labels()
    assert "attack Plain -> Guard" not in labels
    assert "attack Raider -> Guard" in labels and "attack Plain -> player" in labels


def test_two_taunts_force_one_of_them() -> None:
    # 12.10.2 / 12.10.2.1 with two Taunt targets the attacker must choose one of them, not the player.
    cards = [pal("Hero"), pal("Tank", keywords=["taunt"]), pal("Other", keywords=["taunt"]), pal("Free")]
    setup = board({"base": ["Hero"]}, {"base": [{"card": "Tank", "state": "rested"},
                                               {"card": "Other", "state": "rested"},
                                               {"card": "Free", "state": "rested"}]})
    g = Game.from_setup(setup, cards)
    d = ScriptedDecider([])
    g.run(d)
    attacks = [lb for lb in d.asked[0].labels() if lb.startswith("attack")]
    assert sorted(attacks) == ["attack Hero -> Other", "attack Hero -> Tank"]
    with pytest.raises(UnscriptedChoice) as err:
        Game.from_setup(setup, cards).run(ScriptedDecider(["attack Hero -> player"]))
    assert "attack Hero -> Tank" in str(err.value)


def test_standing_taunt_is_not_a_legal_target_so_it_forces_nothing() -> None:
    # 12.10.3
    cards = [pal("Hero"), pal("Tank", keywords=["taunt"])]
    g = play(board({"base": ["Hero"]}, {"base": ["Tank"]}), cards, ["attack Hero -> player", "none"])
    assert "12.10.3" in cited(g)


def test_block_redirects_and_stealth_cannot_be_blocked() -> None:
    cards = [pal("Runner", 1000), pal("Sneak", 1000, keywords=["stealth"]), pal("Blocker", 3000)]
    g = play(board({"base": ["Runner"]}, {"base": ["Blocker"]}), cards, ["attack Runner -> player", "Blocker"])
    assert g.snapshot()["players"]["B"]["life"] == 10
    assert "Runner" in g.snapshot()["players"]["A"]["graveyard"]
    assert base(g, "B")["Blocker"]["state"] == "rested"
    g2 = Game.from_setup(board({"base": ["Sneak"]}, {"base": ["Blocker"]}), cards)
    d = ScriptedDecider(["attack Sneak -> player"])
    g2.run(d)
    assert [x.kind for x in d.asked] == ["main", "main"]  # no block decision was asked
    assert g2.snapshot()["players"]["B"]["life"] == 9


def test_breakthrough_against_retaliate() -> None:
    # The Breakthrough attacker (3000, strike 2) kills the Retaliate pal (1000). Both trigger:
    # the turn player's Breakthrough resolves first (10.5.3.2): 2 damage to B;
    # then Retaliate (10.5.3.3) puts the attacker, its battle opponent, into the graveyard.
    cards = [pal("Drill", 3000, strike=2, keywords=["breakthrough"]), pal("Spite", 1000, keywords=["retaliate"])]
    g = play(board({"base": ["Drill"]}, {"base": [{"card": "Spite", "state": "rested"}],
                                          "deck": ["Filler", "Filler", "Filler"]}),
             cards, ["attack Drill -> Spite"])
    snap = g.snapshot()["players"]
    assert snap["B"]["life"] == 8
    assert "Drill" in snap["A"]["graveyard"] and "Spite" in snap["B"]["graveyard"]
    ws = whats(g)
    bt = next(i for i, w in enumerate(ws) if "Breakthrough is used" in w)
    rt = next(i for i, w in enumerate(ws) if "Retaliate is used" in w)
    assert bt < rt
    assert {"12.14.2", "12.12.2"} <= cited(g)


def test_retaliate_does_not_trigger_outside_battle() -> None:
    # 12.12.2 (zh): only a pal that is battling now.
    cards = [pal("Spite", 1000, keywords=["retaliate"]),
             {"name": "Bolt", "type": "event", "cost": 0,
              "effect": [{"do": "damage", "amount": 5000, "target": {"choose": 1, "controller": "opponent"}}]}]
    g = play(board({"hand": ["Bolt"], "base": ["Filler"]}, {"base": ["Spite"]}), cards, ["play Bolt"])
    assert not any("Retaliate" in w for w in whats(g))


def test_interrupt_paid_by_discarding_nullifies_the_attack() -> None:
    # 12.8.2 [discard this and 1 other card]: the attack is nullified (5.18.1): no damage; both cards
    # go to the graveyard; the attacker stays rested.
    cards = [pal("Striker", 1000, strike=3), pal("Stopper", keywords=["interrupt"]), pal("Spare")]
    g = play(board({"base": ["Striker"]}, {"hand": ["Stopper", "Spare"], "souls": {"standing": 1}}),
             cards, ["attack Striker -> player", "activate Stopper", "discard Spare"])
    b = g.snapshot()["players"]["B"]
    assert b["life"] == 10 and sorted(b["graveyard"]) == ["Spare", "Stopper"]
    assert b["souls"]["standing"] == 1
    assert base(g, "A")["Striker"]["state"] == "rested"
    assert {"5.18.1", "12.8.2", "10.6.2.3.1"} <= cited(g)


def test_interrupt_paid_with_a_soul() -> None:
    cards = [pal("Striker", 1000, strike=3), pal("Stopper", keywords=["interrupt"]), pal("Spare")]
    g = play(board({"base": ["Striker"]}, {"hand": ["Stopper", "Spare"], "souls": {"standing": 1}}),
             cards, ["attack Striker -> player", "activate Stopper", "soul"])
    b = g.snapshot()["players"]["B"]
    assert b["graveyard"] == ["Stopper"] and b["hand"] == ["Spare"] and b["souls"]["rested"] == 1


def test_quick_step_is_for_the_non_turn_player_only() -> None:
    # 9.5.2 / 9.5.2.2: A's quick event in hand is never offered during A's battle.
    cards = [pal("Striker"), {"name": "Boost", "type": "event", "cost": 0, "keywords": ["quick"],
                              "effect": [{"do": "power", "amount": 1000, "target": {"choose": 1, "controller": "you"}}]}]
    g = Game.from_setup(board({"base": ["Striker"], "hand": ["Boost"]}, {"hand": ["Boost"], "base": [
        {"card": "Filler", "state": "rested"}]}), cards)
    d = ScriptedDecider(["attack Striker -> Filler", "play Boost"])
    g.run(d)
    assert [x.kind for x in d.asked][:2] == ["main", "quick"] and d.asked[1].player == "B"
    # B boosted its own Filler to 2000: Striker (1000) dies, Filler survives with 1000 damage
    assert "Striker" in g.snapshot()["players"]["A"]["graveyard"]
    assert base(g, "B")["Filler"]["damage"] == 1000


def test_breakthrough_when_both_pals_destroy_each_other() -> None:
    # 11.4.1 both die at the same time; the attacker was attacking when its battle opponent left, so
    # 12.14.2 Breakthrough still deals its (last-known, 10.12.1) strike to B.
    cards = [pal("Drill", 2000, strike=2, keywords=["breakthrough"]), pal("Wall", 2000)]
    g = play(board({"base": ["Drill"]}, {"base": [{"card": "Wall", "state": "rested"}], "deck": ["Filler"] * 4}),
             cards, ["attack Drill -> Wall"])
    assert g.players[1].life == 8
    assert g.snapshot()["players"]["A"]["base"] == [] and g.snapshot()["players"]["B"]["base"] == []
    assert "10.12.1" in cited(g)


def test_breakthrough_does_not_fire_when_attacking_the_player() -> None:
    cards = [pal("Drill", 2000, strike=2, keywords=["breakthrough"])]
    g = play(board({"base": ["Drill"]}, {"deck": ["Filler"] * 4}), cards, ["attack Drill -> player"])
    assert g.players[1].life == 8 and "12.14.2" not in cited(g)
