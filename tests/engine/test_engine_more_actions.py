"""More chapter 5 / 10 / 11 behaviour: simultaneous player damage, butcher, exile, limits on auto abilities."""

from __future__ import annotations

from engine_helpers import base, board, cited, pal, play, whats


def test_damage_to_both_players_resolves_the_turn_players_first() -> None:
    # 11.2.1.1 when both players have damage, the turn player's is resolved first.
    ev = {"name": "Quake", "type": "event", "cost": 0,
          "effect": [{"do": "damage", "amount": 1, "target": {"all": True, "type": "player"}}]}
    g = play(board({"hand": ["Quake"], "deck": ["Filler"] * 3}, {"deck": ["Filler"] * 3}), [ev], ["play Quake"])
    order = [e.player for e in g.events if e.what.endswith("resolves 1 damage")]
    assert order == ["A", "B"]
    assert g.players[0].life == 9 and g.players[1].life == 9 and "11.2.1.1" in cited(g)


def test_butcher_and_exile() -> None:
    ev = {"name": "Harvest", "type": "event", "cost": 0,
          "effect": [{"do": "butcher", "amount": 1}, {"do": "exile", "target": {"choose": 1, "controller": "opponent"}}]}
    g = play(board({"hand": ["Harvest"], "base": ["Lamb"]}, {"base": ["Foe"]}), [ev, pal("Lamb"), pal("Foe")],
             ["play Harvest"])
    assert "Lamb" in g.snapshot()["players"]["A"]["graveyard"]
    assert g.snapshot()["players"]["B"]["exile"] == ["Foe"]
    assert {"5.16.1", "5.16.2", "5.5.1"} <= cited(g)


def test_optional_auto_ability_with_an_unpayable_cost_is_not_used() -> None:
    # 10.8.3.2 / 10.4.2.2 the cost (2 material) cannot be paid: the standby is cancelled.
    ab = [{"kind": "auto", "trigger": "on_deploy", "cost": [{"consume": {"material": 2}}],
           "effect": [{"do": "draw", "amount": 2}]}]
    g = play(board({"hand": ["Greedy"], "souls": {"standing": 1}, "material": 1}), [pal("Greedy", abilities=ab)],
             ["play Greedy"])
    assert g.players[0].hand == [] and g.players[0].material == 1 and "10.8.3.2" in cited(g)


def test_declining_an_optional_auto_ability() -> None:
    ab = [{"kind": "auto", "trigger": "on_deploy", "optional": True, "effect": [{"do": "draw", "amount": 2}]}]
    g = play(board({"hand": ["Shy"], "souls": {"standing": 1}}), [pal("Shy", abilities=ab)], ["play Shy", "no"])
    assert g.players[0].hand == [] and {"10.8.3.1.1", "10.8.3.2.1"} <= cited(g)


def test_auto_ability_use_limit() -> None:
    # 10.7.3: a limited auto ability can be declined without counting; the second use in a turn is refused.
    ab = [{"kind": "auto", "trigger": "on_ally_destroyed", "limit": 1, "effect": [{"do": "draw", "amount": 1}]}]
    bolt = {"name": "Bolt", "type": "event", "cost": 0,
            "effect": [{"do": "destroy", "target": {"choose": 1, "controller": "you", "name": "Filler"}}]}
    g = play(board({"hand": ["Bolt", "Bolt"], "base": ["Mourner", "Filler", "Filler"]}), [pal("Mourner", abilities=ab), bolt],
             ["play Bolt", "Filler", "yes", "play Bolt"])
    assert len(g.players[0].hand) == 1  # one draw only
    assert any("use limit is reached" in w for w in whats(g)) and "10.7.3" in cited(g)


def test_activates_twice() -> None:
    # 5.21.1 "activates 2 times": the on-deploy ability enters standby twice.
    ab = [{"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "gain", "resource": "material", "amount": 1}]}]
    echo = {"name": "Echo", "type": "structure", "power": 1000, "cost": 0,
            "abilities": [{"kind": "continuous", "effect": [{"do": "trigger_times", "amount": 2, "trigger": "on_deploy"}]}]}
    g = play(board({"hand": ["Miner"], "base": ["Echo"], "souls": {"standing": 1}}), [pal("Miner", abilities=ab), echo],
             ["play Miner"])
    assert g.players[0].material == 2 and {"5.21.1", "10.8.2.1"} <= cited(g)


def test_cannot_attack_effect_removes_the_attacker() -> None:
    ev = {"name": "Chain", "type": "event", "cost": 0, "effect": [{"do": "cannot_attack", "target": {"choose": 1}}]}
    g = play(board({"hand": ["Chain"], "base": ["Brute"]}), [ev, pal("Brute")], ["play Chain"])
    assert "Brute" in base(g, "A") and "10.10.1.3" in cited(g)
    from pal_judge.engine import Game, ScriptedDecider

    d = ScriptedDecider(["play Chain"])
    Game.from_setup(board({"hand": ["Chain"], "base": ["Brute"]}), [ev, pal("Brute")]).run(d)
    assert not any(lb.startswith("attack") for lb in d.asked[-1].labels())  # 9.2.2.2


def test_gaining_life_has_no_upper_limit() -> None:
    ev = {"name": "Feast", "type": "event", "cost": 0, "effect": [{"do": "life", "amount": 5}]}
    g = play(board({"hand": ["Feast"]}), [ev], ["play Feast"])
    assert g.players[0].life == 15 and "3.2.1.1" in cited(g)
