"""Speed round of stop 16 (issue 11), check timings and derived values: the continuous abilities' steps read from the
zone view's index by kind are, at every event of random games, those a card-by-card reading of the bases gives (10.3.5,
10.3.3, 10.10.1.6.1); and an ability put into standby with nothing else changed is used at the very next check timing
(10.5.3.2), although the callers of a check timing now skip it by one compare when nothing it reads changed."""

from __future__ import annotations

import random
from typing import Any

from engine_helpers import board, pal, play, whats
from pal_judge.engine import Game, RandomDecider, stats
from pal_judge.engine.cards import card_from_dict
from pal_judge.engine.invariants import random_board
from pal_judge.engine.simulate import generate_pool

KINDS = ("power", "strike", "grant", "pal_limit", "cannot_attack", "must_attack", "trigger_times")


def _pal(name: str, *abilities: dict[str, Any]) -> Any:
    return card_from_dict({"name": name, "type": "pal", "cost": 1, "power": 2000, "strike": 1,
                           "abilities": list(abilities)})


# continuous abilities under conditions (10.3.3), several steps and kinds on one card, two abilities on one card
CONTINUOUS = [
    _pal("Dusk Guard", {"kind": "continuous", "if": "night", "effect": [
        {"do": "power", "amount": 500, "target": {"all": True, "controller": "you"}},
        {"do": "grant", "keyword": "taunt", "target": "self"}]}),
    _pal("Home Drum", {"kind": "continuous", "if": "your_turn", "effect": [
        {"do": "strike", "amount": 1, "target": {"all": True, "controller": "you"}}]},
        {"kind": "continuous", "effect": [{"do": "power", "amount": 300, "target": "self"}]}),
    _pal("Charger", {"kind": "continuous", "if": "attacking", "effect": [{"do": "power", "amount": 1000,
                                                                          "target": "self"}]}),
    _pal("Camp", {"kind": "continuous", "effect": [{"do": "pal_limit", "amount": 1}]}),
]


def _fresh_steps(g: Game, kind: str) -> list[tuple[int, int, int]]:
    """Every step of this kind of every active continuous ability, read card by card: the base cards (10.3.5) in the
    order they were placed (10.10.1.6.1), an ability and a step only while their condition holds (10.3.3)."""
    out = []
    for c in sorted(g.base_cards(), key=lambda c: c.placed):
        for a in c.card.abilities:
            if a.kind == "continuous" and stats.condition_ok(g, a.cond, c.controller, c):
                out += [(c.oid, id(a), id(s)) for s in a.effect
                        if s.do == kind and stats.condition_ok(g, s.cond, c.controller, c)]
    return out


def test_continuous_steps_by_kind_are_a_card_by_card_reading_at_every_event() -> None:
    compared = {"steps": 0, "conditions_false": 0}

    def compare(g: Game, _event: Any) -> None:
        for kind in KINDS:
            fresh = _fresh_steps(g, kind)
            assert [(c.oid, id(a), id(s)) for c, a, s in stats.continuous_steps(g, kind)] == fresh, (kind, _event.what)
            compared["steps"] += len(fresh)
        compared["conditions_false"] += any(a.cond is not None and not stats.condition_ok(g, a.cond, c.controller, c)
                                            for c in g.base_cards() for a in c.card.abilities if a.kind == "continuous")

    for seed in range(6):
        rng = random.Random(seed)
        pool = generate_pool(rng, "Board") + CONTINUOUS
        game = Game.from_setup(random_board(rng, pool), cards=pool, seed=seed)
        game.listeners.append(compare)
        game.run(RandomDecider(seed))
    assert compared["steps"] > 2000 and compared["conditions_false"] > 300  # (6 seeds: about 4,000 and 900)


# "At the start of your draw phase, gain 1 material": a trigger that changes nothing else (7.3.2, 10.8.2)
EARLY_BIRD = pal("Early Bird", abilities=[{"kind": "auto", "trigger": "start_of_phase", "phase": "draw", "whose": "you",
                                           "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])


def test_an_ability_put_into_standby_at_the_start_of_the_draw_phase_is_used_before_the_draw() -> None:
    """7.3.2 the beginning of the draw phase is a check timing: the ability that triggered there is used in it
    (10.5.3.2), before the turn player draws (7.3.3), although its entering standby is all that changed."""
    g = play(board({"base": ["Early Bird"], "deck": ["Lamball", "Lamball"]}, phase="stand"),
             [EARLY_BIRD, pal("Lamball")], [])
    events = whats(g)
    began = events.index("the beginning of the draw phase")
    used = events.index("Early Bird: start_of_phase is used")
    drawn = next(i for i, e in enumerate(g.events) if e.before.get("zone") == "deck" and e.after.get("zone") == "hand")
    assert began < used < drawn
    assert g.players[0].material == 1
