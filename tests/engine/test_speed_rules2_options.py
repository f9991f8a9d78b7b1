"""The rules side's speed changes of stop 15 (issue 11) offer what the rules give, read card by card.

Activated abilities are read from the base cards that have one (`stats.Zones.activating`, kept until a card enters or
leaves a base) and from the hand cards that the main phase (7.5.2) and the quick step (9.5.2) already read for the cards
they may play. At every main-phase and quick-step decision of random games, the `activate` options offered must be
those that a reading of every card of the player's base and hand gives (8.3.1, 9.5.2, 10.3.4.1, 10.3.5, 10.7.2,
10.3.3, 10.4.2.2). Random decks hold Interrupt pals (12.8: an activated ability that works from the hand, in the quick
step) and pals with activated abilities of their own.
"""

from __future__ import annotations

import random

from pal_judge.engine import Game, RandomDecider, effects, stats
from pal_judge.engine.deciders import Decision, Option
from pal_judge.engine.simulate import generate_deck

SEEDS = range(6)


def _usable(game: Game, who: int, quick: bool) -> list[tuple[int, int]]:
    """(card, ability number) of every activated ability the player may use now, read from every card of their base,
    then of their hand, in zone order."""
    p = game.players[who]
    out = []
    for card in p.base + p.hand:
        for number, ability in card.card.printed_abilities:
            if ability.kind != "activated" or ability.zone != card.zone:
                continue  # 10.3.4.1 / 10.3.5 an ability works in the zone its icon names (the base without one)
            if quick != ability.quick and (quick or ability.keyword == "interrupt"):
                continue  # 9.5.2 quick abilities in the quick step; Interrupt (12.8) needs an attack to nullify
            if ability.limit is not None and game.uses.get((card.oid, number), 0) >= ability.limit:
                continue  # 10.7.2 its use limit is reached this turn
            if not stats.condition_ok(game, ability.cond, who, card):
                continue  # 10.3.3 its condition does not hold
            if any(effects.can_pay(game, who, costs, card) for costs in ability.costs):  # 10.4.2.2
                out.append((card.oid, number))
    return out


class _Reading:
    """A random decider that compares the `activate` options of every main-phase and quick-step decision with a
    card-by-card reading (`_usable`)."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomDecider(seed)
        self.compared = {"main": 0, "quick": 0}
        self.offered = {"base": 0, "hand": 0}

    def decide(self, decision: Decision, game: Game) -> Option:
        if decision.kind in self.compared:
            who = game.turn_player if decision.kind == "main" else game.opp(game.turn_player)
            offered = [o.data[1:] for o in decision.options if type(o.data) is tuple and o.data[0] == "activate"]
            assert offered == _usable(game, who, decision.kind == "quick"), f"turn {game.turn} {decision.kind}"
            self.compared[decision.kind] += 1
            for oid, _number in offered:
                self.offered["base" if game.find(oid) is not None else "hand"] += 1
        return self.inner.decide(decision, game)


def test_activated_abilities_offered_are_those_of_every_card_read_one_by_one() -> None:
    compared = {"main": 0, "quick": 0}
    offered = {"base": 0, "hand": 0}
    for seed in SEEDS:
        rng = random.Random(seed)
        reading = _Reading(seed)
        Game.from_decks(generate_deck(rng, "Red"), generate_deck(rng, "Blue"), seed=seed, record=False).run(reading)
        for kind in compared:
            compared[kind] += reading.compared[kind]
        for zone in offered:
            offered[zone] += reading.offered[zone]
    assert compared["main"] > 200 and compared["quick"] > 10, compared
    # abilities were offered from both zones: a base pal's own, and Interrupt from the hand in the quick step
    assert offered["base"] > 0 and offered["hand"] > 0, offered
