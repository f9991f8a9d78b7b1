"""A main-phase decision builds its options as they are read (speed, issue 11, stop 18): it is asked with how many
legal actions there are (7.5.2) and builds one of them only when it is read (`Decision.option`), so the random decider
builds the one it draws. Every reader must see the options the rules give, in the same order, and the random decider
must draw among the same number of actions as before and pick what `random.Random(seed).choice` picks among them."""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine_helpers import board, first_decision, pal
from pal_judge.engine import Game, RandomDecider, battle, stats
from pal_judge.engine.deciders import Decision, Option, is_concession
from pal_judge.engine.simulate import generate_deck

SEEDS = range(12)


class _Reading:
    """A random decider that, at every main-phase decision, reads each option alone (`option(k)`, before any reader
    built them all) and the count of actions, then all the options, and checks its pick against Python's own
    `random.Random(seed).choice` among the legal actions (1.2.3: never a concession while something else is offered)."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomDecider(seed)
        self.oracle = random.Random(seed)
        self.mains = 0
        self.kinds: set[str] = set()

    def decide(self, decision: Decision, game: Game) -> Option:
        actions = decision.action_count
        if decision.kind == "main":
            one_by_one = [decision.option(k) for k in range(actions + 3)]  # the actions, then the three concessions
            assert one_by_one == list(decision.options), f"turn {game.turn}: an option read alone differs"
            self.mains += 1
            self.kinds |= {o.data[0] for o in decision.options[:actions]}
        legal = [o for o in decision.options if not is_concession(o)]
        assert actions == len(legal), f"turn {game.turn}: {actions} actions counted, {len(legal)} offered"
        chosen = self.inner.decide(decision, game)
        assert chosen == self.oracle.choice(legal or list(decision.options))
        return chosen


def test_each_option_read_alone_is_the_one_read_with_all_and_the_pick_is_random_choices() -> None:
    """7.5.2, 8.2.1, 8.3.1, 8.4.1, 8.5, 7.5.3: in random games, at every main-phase decision, every option read alone
    is the option at that place, the count of actions is that of the options before the concessions, and the random
    decider picks what `random.choice` picks among them, so seeded games play as they did."""
    mains = 0
    kinds: set[str] = set()
    for seed in SEEDS:
        rng = random.Random(seed)
        reading = _Reading(seed)
        Game.from_decks(generate_deck(rng, "Red"), generate_deck(rng, "Blue"), seed=seed, record=False).run(reading)
        mains += reading.mains
        kinds |= reading.kinds
    assert mains > 500
    assert kinds == {"play", "activate", "attack", "soul_draw", "end_turn"}  # every part of the decision was read


CARDS: list[dict[str, Any]] = [
    pal("Sparkit", cost=1),
    pal("Costly", cost=5),
    pal("Zapper", power=2000, abilities=[{"kind": "activated", "cost": [{"soul": 1}],
                                          "effect": [{"do": "draw", "amount": 1}]}]),
    pal("Charger", power=3000, keywords=["assault"]),
    pal("Lamball"),
    pal("Chikipi"),
    {"name": "Wall", "type": "structure", "cost": 2, "power": 3000},
]
# A: two Sparkit and a Costly in hand, 3 standing souls; B: a rested Lamball, a standing Chikipi and a structure
SETUP = board({"hand": ["Sparkit", "Sparkit", "Costly"], "base": ["Zapper", "Charger"], "souls": {"standing": 3}},
              {"base": [{"card": "Lamball", "state": "rested"}, "Chikipi", "Wall"]})
EXPECTED = [
    "play Sparkit",  # 8.2.1 one option for a name (the two Sparkit are the same play); Costly costs more than 3 souls
    "activate Zapper",  # 8.3.1 its cost, 1 soul, can be paid (10.4.2.2)
    # 8.4.1, 9.2.3 the player, a rested pal, a structure; 12.15.2 Assault: a standing pal too
    "attack Zapper -> player", "attack Zapper -> Lamball", "attack Zapper -> Wall",
    "attack Charger -> player", "attack Charger -> Lamball", "attack Charger -> Chikipi", "attack Charger -> Wall",
    "soul_draw",  # 8.5.1 three standing souls
    "end_turn",  # 7.5.3
    "concede", "concede A", "concede B",  # 1.2.3
]


def _first_main() -> Decision:
    """A's first main-phase decision on SETUP, as the engine asked it: no option read yet."""
    decision = first_decision(SETUP, CARDS)
    assert decision.kind == "main"
    return decision


def test_the_main_phase_offers_the_actions_the_rules_give_read_alone_or_together() -> None:
    """Each option of A's first main-phase decision, read alone in any order, then all of them together, are the legal
    actions the rules give on this board, in the order of API.md §3."""
    alone = _first_main()
    order = list(range(len(EXPECTED)))
    random.Random(5).shuffle(order)
    read = {k: alone.option(k).label for k in order}
    assert [read[k] for k in range(len(EXPECTED))] == EXPECTED
    assert alone.action_count == len(EXPECTED) - 3
    assert _first_main().labels() == EXPECTED


class _CardByCard:
    """A random decider that, at every main-phase decision, compares the attacks offered with those read attacker by
    attacker through `battle._targets` with every effect kind taken to be in play (`stats.effects_in_play` gives them all: the
    keywords and the forbidden targets asked of every card, 10.10.1.2, 9.2.4.1)."""

    def __init__(self, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
        self.inner = RandomDecider(seed)
        self.monkeypatch = monkeypatch
        self.compared = 0
        self.assault_on_standing = 0  # an attack on a standing pal offered (12.15.2 Assault)
        self.forced = 0  # a Taunt card had to be chosen (12.10.2)

    def decide(self, decision: Decision, game: Game) -> Option:
        if decision.kind == "main":
            offered = [o for o in decision.options if type(o.data) is tuple and o.data[0] == "attack"]
            with self.monkeypatch.context() as m:
                m.setattr(stats, "effects_in_play", lambda g, kinds: kinds)  # what attack_options reads
                read = battle.attack_options(game)[0].options()
            assert offered == read, f"turn {game.turn}"
            self.compared += 1
            self.assault_on_standing += any(o.data[2] is not None and not game.find(o.data[2]).rested
                                            and game.find(o.data[2]).card.type == "pal" for o in offered)
            self.forced += any(o.data[3] == "forced" for o in offered)
        return self.inner.decide(decision, game)


def test_the_attacks_offered_are_those_read_card_by_card_with_every_effect_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """8.4.1, 9.2.3, 12.15.2, 12.10.2: the attacks offered without a `grant` or `cannot_attack` effect in play (each
    attacker's targets taken from what the defending base offers, with no call per attacker) are those read through
    `_targets` for every attacker, in random games with Assault attackers and Taunt defenders."""
    compared = assault = forced = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        reading = _CardByCard(seed, monkeypatch)
        Game.from_decks(generate_deck(rng, "Red"), generate_deck(rng, "Blue"), seed=seed, record=False).run(reading)
        compared += reading.compared
        assault += reading.assault_on_standing
        forced += reading.forced
    assert compared > 500 and assault > 5 and forced > 10, (compared, assault, forced)
