"""Derived values (keywords, power, strike) are cached per values version, which damage on a card does not move
(`Game.damage_changed`: damage is a value of its own, 4.4.4); lethal damage (11.4.1), which reads damage, must still
be looked for after every damage. And the zone view (`Game.zones`) dropped at a zone change is built afresh."""

from __future__ import annotations

from typing import Any

from engine_helpers import base, board, pal
from pal_judge.engine import Game, ScriptedDecider, stats

# B's structure: "your Pals get +200 power" (a continuous effect, 10.10.1), so B's Lamball has 1200 power
BANNER = {"name": "Banner", "type": "structure", "power": 3000, "cost": 1, "abilities": [
    {"kind": "continuous", "effect": [{"do": "power", "amount": 200, "target": {"all": True, "controller": "you"}}]}]}
# A's Pal with three activated abilities dealing 600, 500 and 100 damage to a Pal of the opponent (5.14.1)
ZAPPER = pal("Zapper", abilities=[
    {"kind": "activated", "name": f"Zap {n}",
     "effect": [{"do": "damage", "amount": n, "target": {"choose": 1, "controller": "opponent"}}]}
    for n in (600, 500, 100)])


def _zapped(answers: list[str], *listeners: Any) -> Game:
    g = Game.from_setup(board({"base": ["Zapper"]}, {"base": ["Banner", "Lamball"]}),
                        [ZAPPER, BANNER, pal("Lamball")])
    g.listeners += listeners
    g.run(ScriptedDecider(answers))
    return g


def test_damage_below_the_raised_power_leaves_the_pal_and_its_power() -> None:
    # 600 + 500 = 1100 damage on a Pal of 1200 power (1000 printed + 200, 10.10.1.4): 11.4.1 does not apply (the
    # raised power is read, not the printed one it reaches); its power read after each damage is still 1200 (damage
    # is not part of power, 4.4.4)
    powers: list[int] = []

    def read_power(game: Game, event: Any) -> None:
        if "damage to Lamball" in event.what:
            powers.extend(stats.power(game, c) for c in game.players[1].base if c.card.name == "Lamball")

    g = _zapped(["activate Zapper: Zap 600", "activate Zapper: Zap 500"], read_power)
    assert powers == [1200, 1200]
    assert base(g, "B")["Lamball"]["damage"] == 1100 and base(g, "B")["Lamball"]["power"] == 1200


def test_damage_reaching_the_raised_power_destroys_the_pal_at_the_next_check_timing() -> None:
    # the third zap brings the damage to 1200 = its power: lethal damage (11.4.1) is looked for again although no
    # derived value changed, and Lamball goes to the graveyard
    g = _zapped(["activate Zapper: Zap 600", "activate Zapper: Zap 500", "activate Zapper: Zap 100"])
    assert "Lamball" not in base(g, "B")
    assert [c.card.name for c in g.players[1].graveyard] == ["Lamball"]
    assert any(e.cites[:1] == ("11.4.1",) and e.card == "Lamball" for e in g.events)


def test_the_zone_view_is_built_afresh_after_the_structure_leaves() -> None:
    # the Banner is destroyed (5.4.1): the zone view is dropped, the continuous +200 is gone (10.3.5), and
    # Lamball's 1100 damage is now lethal at the next check timing (11.4.1)
    doom = {"name": "Doom", "type": "event", "cost": 0, "effect": [
        {"do": "destroy", "target": {"choose": 1, "type": "structure", "controller": "opponent"}}]}
    g = Game.from_setup(board({"base": ["Zapper"], "hand": ["Doom"]}, {"base": ["Banner", "Lamball"]}),
                        [ZAPPER, BANNER, pal("Lamball"), doom])
    g.run(ScriptedDecider(["activate Zapper: Zap 600", "activate Zapper: Zap 500", "play Doom"]))
    assert base(g, "B") == {}
    assert sorted(c.card.name for c in g.players[1].graveyard) == ["Banner", "Lamball"]
    assert g.zones.steps_of == {}  # no continuous ability in play


# "While your hand is empty, this Pal gets +1000 power" (a continuous ability reading the hand, 10.10.1)
HERMIT = pal("Hermit", abilities=[{"kind": "continuous", "if": "hand_empty",
                                   "effect": [{"do": "power", "amount": 1000, "target": "self"}]}])
# "This Pal gets +X power, X being the number of cards in your graveyard" (an amount from the game, 10.10.1)
MOURNER = pal("Mourner", abilities=[{"kind": "continuous", "effect": [
    {"do": "power", "amount": {"count": {"type": "any", "zone": "graveyard", "controller": "you"}}, "target": "self"}]}])


def test_a_draw_that_ends_an_empty_hand_is_followed_by_lethal_damage() -> None:
    # Hermit has 2000 power with A's hand empty and 1500 damage on it; the draw phase (7.3.1) moves a card from the
    # deck to the hand, no base is touched, but Hermit's power falls to 1000: lethal damage at the check timing
    # after the draw (7.3.2, 11.4.1)
    g = Game.from_setup(board({"base": [{"card": "Hermit", "damage": 1500}], "deck": 5}, phase="draw"), [HERMIT])
    g.run(ScriptedDecider([]), until="phase:main")
    assert "Hermit" not in base(g, "A") and [c.card.name for c in g.players[0].graveyard] == ["Hermit"]
    assert any(e.cites[:1] == ("11.4.1",) and e.card == "Hermit" for e in g.events)


def test_a_count_of_the_graveyard_follows_every_card_put_there() -> None:
    # Toss is played (hand to the resolution zone), discards Filler (hand to graveyard) and goes to the graveyard
    # itself: no card enters or leaves a base, yet at every event Mourner's power is 1000 + the cards in A's
    # graveyard (10.10.1: the value follows the game), read after each of them
    toss = {"name": "Toss", "type": "event", "cost": 0, "effect": [{"do": "discard", "amount": 1, "who": "you"}]}
    seen: list[tuple[int, int]] = []

    def read_power(game: Game, _event: Any) -> None:
        mourner = game.players[0].base[0]
        seen.append((stats.power(game, mourner), 1000 + len(game.players[0].graveyard)))

    g = Game.from_setup(board({"base": ["Mourner"], "hand": ["Toss", "Filler"]}), [MOURNER, toss])
    g.listeners.append(read_power)
    g.run(ScriptedDecider(["play Toss"]))
    assert sorted(c.card.name for c in g.players[0].graveyard) == ["Filler", "Toss"]
    assert {power for power, _ in seen} == {1000, 1001, 1002}
    assert all(power == expected for power, expected in seen)
