"""The event side of the engine's speed work (issue 11) must not change what a judge sees: a one-card move that
touches no base (relocated without the group's bookkeeping) still makes a card with a zone icon work where it
arrives (10.3.4.1), a drawn copy is labelled afresh (4.1.4, API.md §2), and the values read from the zones alone,
built once per zone change (`Game.zones`), are at every event what a fresh computation gives."""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine_helpers import board, pal, play
from pal_judge.engine import Game, RandomDecider, ScriptedDecider, stats
from pal_judge.engine.invariants import random_board
from pal_judge.engine.state import CardInstance
from pal_judge.engine.simulate import generate_pool

# "When a Pal of yours is destroyed, draw 1", working only in the graveyard (10.3.4.1)
MOURNER = pal("Mourner", abilities=[{"kind": "auto", "zone": "graveyard", "trigger": "on_ally_destroyed",
                                     "effect": [{"do": "draw", "amount": 1}]}])
TOSS = {"name": "Toss", "type": "event", "cost": 0, "effect": [{"do": "discard", "amount": 1, "who": "you"}]}
DOOM = {"name": "Doom", "type": "event", "cost": 0, "effect": [
    {"do": "destroy", "target": {"choose": 1, "controller": "you"}}]}


def _names(cards: list[Any]) -> list[str]:
    return [c.card.name for c in cards]


def test_a_card_discarded_from_the_hand_works_in_the_graveyard_at_once() -> None:
    # Mourner goes from the hand to the graveyard by a discard (5.10.2: one card, no base involved); its
    # graveyard ability is active there (10.3.4.1): when A's Filler is destroyed, A draws 1. The zone view is
    # checked at every event, the discard's included
    g = Game.from_setup(board({"base": ["Filler"], "hand": ["Toss", "Mourner", "Doom"], "deck": ["Lamball", "Filler"]}),
                        [MOURNER, TOSS, DOOM, pal("Lamball")])
    g.listeners.append(_compare_zones)
    g.run(ScriptedDecider(["play Toss", "Mourner", "play Doom"]))
    a = g.players[0]
    assert _names(a.hand) == ["Lamball"]
    assert sorted(_names(a.graveyard)) == ["Doom", "Filler", "Mourner", "Toss"]
    assert any("10.3.4.1" in e.cites and e.card == "Mourner" for e in g.events)


def test_the_same_card_still_in_the_hand_does_not_trigger() -> None:
    # the ability has a graveyard icon: from the hand it does nothing (10.3.4.1), so nothing is drawn
    g = play(board({"base": ["Filler"], "hand": ["Mourner", "Doom"], "deck": ["Lamball", "Filler"]}),
             [MOURNER, DOOM, pal("Lamball")], ["play Doom"])
    a = g.players[0]
    assert _names(a.hand) == ["Mourner"] and len(a.deck) == 2


def test_a_pal_with_a_state_trigger_deployed_makes_the_checks_read_values() -> None:
    # 10.8.6 a state trigger in play lets a check timing find something through any change (`checks_read_values`):
    # the Scholar ("when your hand is empty, draw 1") enters the base from the hand, so the view after its move is
    # built afresh, not kept from the last (`stats.kept_through_move`); the view is checked at every event, and the
    # Scholar, played from a hand it empties, draws 1 (10.8.6.1)
    scholar = pal("Scholar", abilities=[{"kind": "auto", "trigger": "state", "state": "hand_empty",
                                         "effect": [{"do": "draw", "amount": 1}]}])
    g = Game.from_setup(board({"base": ["Filler"], "hand": ["Scholar"], "deck": ["Lamball", "Filler"],
                              "souls": {"standing": 1}}),
                        [scholar, pal("Lamball")])
    g.listeners.append(_compare_zones)
    g.run(ScriptedDecider(["play Scholar"]))
    a = g.players[0]
    assert _names(a.base) == ["Filler", "Scholar"] and _names(a.hand) == ["Lamball"]
    assert g.zones.checks_read_values == stats.CHECKS_READ_VALUES


def test_a_drawn_copy_of_a_card_in_the_hand_is_labelled_afresh() -> None:
    # the draw phase (7.3.1) moves the top card to the hand; it is a new object (4.1.4) and, with a Lamball already
    # in the hand, the second one is Lamball#2 (labels in use in the bases and hands)
    g = Game.from_setup(board({"hand": ["Lamball"], "deck": ["Lamball", "Filler"]}, phase="draw"), [pal("Lamball")])
    g.run(RandomDecider(0), until="phase:main")
    assert g.snapshot()["players"]["A"]["hand"] == ["Lamball", "Lamball#2"]
    drawn = [e for e in g.events if e.before.get("zone") == "deck" and e.after.get("zone") == "hand"]
    assert len(drawn) == 1 and drawn[0].card == "Lamball#2"


def _zones_as_oids(z: stats.Zones) -> tuple[Any, ...]:
    return ([c.oid for c in z.cards], z.continuous_kinds,
            {t: [c.oid for c in cards] for t, cards in z.by_trigger.items()}, [c.oid for c in z.replacing],
            {oid: c.oid for oid, c in z.in_base.items()}, z.reads_elsewhere,
            {kind: [(c.oid, s.do) for c, _a, s in steps] for kind, steps in z.steps_of.items()},
            [[c.oid for c in cards] for cards in z.activating], z.checks_read_values, z.values_read_play_state)


def _compare_zones(game: Game, _event: Any) -> None:
    """An event listener: the zone view kept since the last zone change is what a fresh computation gives."""
    assert _zones_as_oids(game.zones) == _zones_as_oids(stats.build_zones(game)), _event.what


def test_the_zone_view_is_at_every_event_what_a_fresh_computation_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    """Also where the view was kept through the move of a card it lists only by itself (`stats.after_move`: a card with
    no continuous or replacement ability, no zone icon and no state trigger entering or leaving a base), whether it
    adds only its place, its auto abilities' triggers or its activated abilities to the view."""
    kept_through: list[tuple[bool, bool]] = []
    after_move = stats.after_move

    def counted(view: stats.Zones, game: Game, moved: CardInstance) -> stats.Zones:
        kept_through.append((bool(moved.card.triggers), bool(moved.card.activated)))
        return after_move(view, game, moved)

    monkeypatch.setattr(stats, "after_move", counted)
    games = []
    for seed in (4, 9, 14):
        rng = random.Random(seed)
        pool = generate_pool(rng, "Board")
        games.append(Game.from_setup(random_board(rng, pool), cards=pool, seed=seed))
    for game in games:
        game.listeners.append(_compare_zones)
        game.run(RandomDecider(game.seed))
        assert game.event_count > 100
    assert kept_through.count((False, False)) >= 10
    assert (True, False) in kept_through and (False, True) in kept_through  # a trigger's list, an owner's activated
