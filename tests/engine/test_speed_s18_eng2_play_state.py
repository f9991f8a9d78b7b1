"""A rest, the battle and the turn player change a derived value only through a continuous ability that reads them
(speed, issue 11, stop 18): `Game.derived_changed` bumps the values version only while such an ability is in play
(`stats.Zones.values_read_play_state`), so power, strike and keywords read before such a change are read again after
it exactly when they may differ (10.10.1)."""

from __future__ import annotations

from engine_helpers import board, pal, play
from pal_judge.engine import Game, battle, pipeline, stats
from pal_judge.engine.cards import card_from_dict
from pal_judge.engine.state import CardInstance
from pal_judge.engine.turn import _next_turn

STRIKER = pal("Striker", power=1000, strike=1)
WALL = pal("Wall", power=1500, strike=1)


def _banner(target: dict, cond: str | None = None) -> dict:
    """A structure whose continuous ability gives +1000 power to the pals its target names (10.10.1)."""
    ability = {"kind": "continuous", "effect": [{"do": "power", "amount": 1000, "target": target}]}
    if cond is not None:
        ability["if"] = cond
    return {"name": "Banner", "type": "structure", "cost": 1, "power": 3000, "abilities": [ability]}


def _game(banner: dict) -> tuple[Game, CardInstance]:
    """A's Striker beside the Banner; B's base empty."""
    g = Game.from_setup(board({"base": ["Striker", "Banner"]}), [STRIKER, banner])
    striker = next(c for c in g.players[0].base if c.card.name == "Striker")
    return g, striker


def test_a_pal_that_rests_gets_what_an_ability_gives_rested_pals() -> None:
    # "your rested pals get +1000 power": Striker standing has 1000; once rested (4.3.2.2), 2000
    g, striker = _game(_banner({"all": True, "type": "pal", "controller": "you", "state": "rested"}))
    assert stats.power(g, striker) == 1000
    pipeline.set_rested(g, striker, True, ("9.3.2",))
    assert stats.power(g, striker) == 2000
    pipeline.set_rested(g, striker, False, ("7.2.1",))
    assert stats.power(g, striker) == 1000


def test_a_bonus_during_your_turn_ends_when_the_turn_passes() -> None:
    # "+1000 during your turn" (10.3.3): on A's turn Striker has 2000; on B's turn (7.6.5) 1000
    g, striker = _game(_banner({"all": True, "type": "pal", "controller": "you"}, "your_turn"))
    assert stats.power(g, striker) == 2000
    _next_turn(g)
    assert stats.power(g, striker) == 1000


def test_a_pal_that_attacks_gets_what_its_ability_gives_while_attacking() -> None:
    # Charger: "while this pal is attacking it gets +1000 power" (10.3.3): 1000 before the attack, 2000 from its
    # declaration on (9.3.2), read when it rests to attack
    charger = pal("Charger", power=1000, abilities=[
        {"kind": "continuous", "if": "attacking", "effect": [{"do": "power", "amount": 1000, "target": "self"}]}])
    g = Game.from_setup(board({"base": ["Charger"]}, {"base": [{"card": "Wall", "state": "rested"}]}), [charger, WALL])
    attacker = g.players[0].base[0]
    assert stats.power(g, attacker) == 1000
    seen = []
    g.listeners.append(lambda game, event: seen.append(stats.power(game, attacker))
                       if event.what == "Charger rests" else None)
    battle.run_battle(g, attacker.oid, None, "")
    assert seen == [2000]


def test_a_battle_won_by_the_rested_bonus() -> None:
    # Striker (1000) attacks the rested Wall (1500): attacking rests it (9.3.2), so the Banner's "+1000 to your rested
    # pals" makes it 2000 in the damage step (9.6.3.1): Wall is destroyed (11.4.1), Striker survives 1500 damage
    cards = [STRIKER, WALL, _banner({"all": True, "type": "pal", "controller": "you", "state": "rested"})]
    g = play(board({"base": ["Banner"], "hand": ["Striker"], "souls": {"standing": 3}}, {"base": [{"card": "Wall", "state": "rested"}]}),
             cards, ["play Striker", "attack Striker -> Wall"])
    names = [c.card.name for c in g.players[0].base]
    assert "Striker" in names
    assert [c.card.name for c in g.players[1].graveyard] == ["Wall"]


def test_which_continuous_abilities_read_the_play_state() -> None:
    # read: a turn or battle condition (10.3.3), the attacker or battle opponent (9.3.2, 9.4.3), a selector by state
    # (4.3.2), a count of rested pals; not: night (5.3.4), an empty hand, a plain selector or the card itself
    def reads(ability: dict) -> bool:
        card = card_from_dict({"name": "Totem", "type": "structure", "cost": 1, "power": 1000, "abilities": [ability]})
        (_i, a), = card.printed_abilities
        return any(stats.reads_play_state(a, s) for s in a.effect)

    def power(target: object, **more: object) -> dict:
        return {"kind": "continuous", **more, "effect": [{"do": "power", "amount": 500, "target": target}]}

    mine = {"all": True, "type": "pal", "controller": "you"}
    assert reads(power(mine, **{"if": "opponent_turn"}))
    assert reads(power("self", **{"if": "battling"}))
    assert reads(power("attacker"))
    assert reads(power("battle_opponent"))
    assert reads(power({**mine, "state": "standing"}))
    assert reads({"kind": "continuous", "effect": [{"do": "power", "target": mine,
                                                    "amount": {"count": {"all": True, "type": "pal",
                                                                         "controller": "you", "state": "rested"}}}]})
    assert not reads(power(mine, **{"if": "night"}))
    assert not reads(power(mine, **{"if": "hand_empty"}))
    assert not reads(power(mine))
    assert not reads(power("self"))


def test_a_damaged_pal_that_loses_a_standing_bonus_by_attacking_is_destroyed() -> None:
    # Striker (1000, +1000 from "your standing pals get +1000") carries 1500 damage: attacking rests it (9.3.2), its
    # power falls to 1000, and the check timing of 9.3.3 finds the lethal damage (11.4.1): it goes to the graveyard
    # before the block declaration step, and B takes no damage (9.6.2)
    cards = [STRIKER, _banner({"all": True, "type": "pal", "controller": "you", "state": "standing"})]
    g = play(board({"base": [{"card": "Striker", "damage": 1500}, "Banner"]}), cards, ["attack Striker -> player"])
    assert [c.card.name for c in g.players[0].graveyard] == ["Striker"]
    lethal = next(e for e in g.events if e.what.startswith("Striker is put into"))
    assert lethal.seq < next(e.seq for e in g.events if e.what == "block declaration step")
    assert g.players[1].life == 10
