"""The shortcuts of stop 18 (speed, issue 11) on boards where they decide what a player is offered, each expectation
taken from the rules: an Assault attacker facing a standing Taunt pal (the defending base's precomputed offers,
`battle._defence`, 12.15.2, 12.10.2, 12.10.3); a restriction that removes no target of its pal (`battle._targets`,
9.2.4.1); a pal that must attack with the soul draw allowed (`turn._CLOSING`, 7.5.2.1, 8.5.1); activated abilities
numbered among those of their zone (`effects.ability_option`, 10.3.4.1); the pre-game reading each card of a deck once
(`deck.pregame`, 6.1.3); and an option read alone by its place (`Decision.option`), from either end, being the option
at that place (1.2.3); the traits a card's abilities give it, read once per abilities tuple (`cards._ability_traits`),
kept for a bounded number of tuples."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import board, first_decision, pal, play
from pal_judge.engine import Game, ScriptedDecider, card_from_dict, cards
from pal_judge.engine.deciders import Decision
from pal_judge.engine.deck import DECK_SIZE

RAMMER = pal("Rammer", power=2500, keywords=["assault"])  # 12.15.2
GUARD = pal("Guard", power=2000, keywords=["taunt"])  # 12.10.2
# 9.2.4.1 an effect that forbids this pal to attack Taunt pals
COWARD = pal("Coward", power=3000, abilities=[{"kind": "continuous", "effect": [
    {"do": "cannot_attack", "target": "self", "against": {"type": "pal", "keyword": "taunt"}}]}])
BERSERKER = pal("Berserker", power=2000, abilities=[{"kind": "continuous", "effect": [{"do": "must_attack"}]}])
# one activated ability that works in the base, three that work in the hand (10.3.4.1), one of them named
KIT = pal("Kit", cost=9, abilities=[
    {"kind": "activated", "cost": [{"soul": 1}], "effect": [{"do": "draw", "amount": 1}]},
    {"kind": "activated", "zone": "hand", "cost": [{"discard": "self"}], "effect": [{"do": "draw", "amount": 1}]},
    {"kind": "activated", "zone": "hand", "name": "Sprint", "cost": [{"discard": "self"}],
     "effect": [{"do": "draw", "amount": 2}]},
    {"kind": "activated", "zone": "hand", "cost": [{"discard": "self"}],
     "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])


def _attacks(decision: Decision) -> list[str]:
    return [label for label in decision.labels() if label.startswith("attack")]


def test_an_assault_attacker_must_attack_a_standing_taunt_pal_that_others_cannot() -> None:
    # B's Guard has Taunt and stands. Rammer has Assault: Guard is a legal target for it (12.15.2), so it must choose
    # Guard (12.10.2). Plain has no Assault: Guard is no legal target for it (9.2.3), so Taunt imposes nothing and it
    # attacks the player or the rested Lamball (12.10.3)
    setup = board({"base": ["Rammer", "Plain"]}, {"base": ["Guard", {"card": "Lamball", "state": "rested"}]})
    decision = first_decision(setup, [RAMMER, GUARD, pal("Plain"), pal("Lamball")])
    assert _attacks(decision) == ["attack Rammer -> Guard", "attack Plain -> player", "attack Plain -> Lamball"]
    assert [decision.option(k).label for k in range(3)] == _attacks(decision)  # read alone, as the random decider


def test_a_restriction_that_removes_no_target_is_not_given_as_the_reason() -> None:
    # Coward may not attack Taunt pals (9.2.4.1). Against a base without one, the restriction removes nothing: the
    # battle does not cite 9.2.4.1. Against a rested Taunt pal, it removes that target, and so the Taunt imposes
    # nothing (12.10.3): both are cited
    cards = [COWARD, GUARD, pal("Lamball")]
    without = play(board({"base": ["Coward"]}, {"base": [{"card": "Lamball", "state": "rested"}]}), cards,
                   ["attack Coward -> player"])
    (started,) = [e for e in without.events if "starts a battle" in e.what]
    assert "9.2.4.1" not in started.cites and "12.10.3" not in started.cites
    with_taunt = play(board({"base": ["Coward"]}, {"base": [{"card": "Guard", "state": "rested"}]}), cards,
                      ["attack Coward -> player"])
    (started,) = [e for e in with_taunt.events if "starts a battle" in e.what]
    assert {"9.2.4.1", "12.10.3"} <= set(started.cites)


def test_a_pal_that_must_attack_leaves_the_soul_draw_but_not_the_end_of_the_main_phase() -> None:
    # 7.5.2.1 Berserker must attack and can: A may not end the main phase; 8.5.1 with 3 standing souls A may still
    # draw with them first
    decision = first_decision(board({"base": ["Berserker"], "souls": {"standing": 3}}), [BERSERKER])
    assert decision.labels()[:decision.action_count] == ["attack Berserker -> player", "soul_draw"]


def test_activated_abilities_are_numbered_among_those_of_their_zone() -> None:
    # Kit in the base: one of its abilities works there (10.3.5), so its option is "activate Kit". Kit#2 in the hand:
    # three of its abilities work there (10.3.4.1), each option names its ability or its place among those three
    setup = board({"base": ["Kit"], "hand": ["Kit"], "souls": {"standing": 1}})
    decision = first_decision(setup, [KIT])
    activations = ["activate Kit", "activate Kit#2: #1", "activate Kit#2: Sprint", "activate Kit#2: #3"]
    assert [label for label in decision.labels() if label.startswith("activate")] == activations
    assert [decision.option(k).label for k in range(4)] == activations


def _deck(*cards: tuple[dict[str, Any], int]) -> list:
    """A legal 50-card deck (6.1.1.1): four of each of 13 plain pals first, then these cards."""
    tail = [card_from_dict(d) for d, n in cards for _ in range(n)]
    fillers = [card_from_dict(pal(f"Filler {i}")) for i in range(13)]
    return [f for f in fillers for _ in range(4)][:DECK_SIZE - len(tail)] + tail


def test_a_deck_building_ability_anywhere_in_the_deck_is_announced_before_the_game() -> None:
    # 6.1.3 A's twelve Swarm, allowed by their deck-building ability, come last in the deck: the pre-game procedure
    # announces that A's deck uses it; B's deck has none
    g = Game.from_decks(_deck((pal("Swarm", deck_limit="any"), 12)), _deck(), seed=1)
    g.run(ScriptedDecider([]))
    uses = [e for e in g.events if e.what.endswith("uses a deck-building ability")]
    assert [(e.player, e.cites[0]) for e in uses] == [("A", "6.1.3")]


def test_an_option_read_alone_by_its_place_from_the_end_is_that_option() -> None:
    # `Decision.option(k)` is `options[k]` (API.md, main-phase options built as they are read), counted from the end
    # too. A's last options are the concessions, offered last at every decision (1.2.3); a place past either end is no
    # option
    setup = board({"hand": ["Kit"], "base": ["Rammer"], "souls": {"standing": 1}})
    options = first_decision(setup, [KIT, RAMMER]).options
    for k in range(-len(options), len(options)):
        alone = first_decision(setup, [KIT, RAMMER])
        assert alone.option(k) == options[k], k
    assert [o.label for o in options[-3:]] == ["concede", "concede A", "concede B"]
    for beyond in (len(options), -len(options) - 1):
        with pytest.raises(IndexError):
            first_decision(setup, [KIT, RAMMER]).option(beyond)


def test_the_traits_read_once_per_abilities_tuple_are_kept_for_a_bounded_number_of_tuples() -> None:
    # every card parsed from a dict has an abilities tuple of its own, and the kept traits keep it alive: a long session
    # parsing cards (rulings, a server) keeps at most TRAITS_KEPT of them; a card parsed past the bound still has its
    # own abilities: its end-of-turn ability (7.6.1) and the On Deploy one of the card before it
    def ability(i: int) -> dict[str, Any]:
        trigger = "end_of_turn" if i % 2 else "on_deploy"
        return {"kind": "auto", "trigger": trigger, "effect": [{"do": "draw", "amount": 1}]}

    parsed = [card_from_dict(pal(f"Pal {i}", abilities=[ability(i)])) for i in range(cards.TRAITS_KEPT + 2)]
    assert len(cards._traits_seen) <= cards.TRAITS_KEPT
    assert [c.triggers for c in parsed[-2:]] == [frozenset({"on_deploy"}), frozenset({"end_of_turn"})]
