"""Seeded random games between two generated legal 50-card decks (`pal-judge simulate`, bench)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from pal_judge.engine.cards import CardDef, card_from_dict
from pal_judge.engine.deciders import RandomDecider
from pal_judge.engine.game import Game

_KEYWORDS = ["taunt", "stealth", "retaliate", "nocturnal", "breakthrough", "assault", "vigilance",
             {"brave": 300}, {"brave": 500}, {"serious": 300}]
_PAL_ABILITIES: list[dict[str, Any]] = [
    {"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "draw", "amount": 1}]},
    {"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "gain", "resource": "material", "amount": 1}]},
    {"kind": "auto", "trigger": "on_attack", "effect": [{"do": "power", "amount": 500, "target": "self"}]},
    {"kind": "auto", "trigger": "on_destroyed", "effect": [{"do": "gain", "resource": "ingredient", "amount": 1}]},
    {"kind": "auto", "trigger": "on_block", "effect": [{"do": "power", "amount": 300, "target": "self"}]},
    {"kind": "auto", "trigger": "end_of_turn", "effect": [{"do": "gain", "resource": "material", "amount": 1}]},
    {"kind": "auto", "trigger": "on_assign", "effect": [{"do": "draw", "amount": 1}]},
    {"kind": "auto", "trigger": "on_battle_damage", "effect": [{"do": "look_top", "amount": 1}]},
    {"kind": "activated", "limit": 1, "cost": [{"soul": 1}],
     "effect": [{"do": "damage", "amount": 500, "target": {"choose": 1, "controller": "opponent"}}]},
    {"kind": "activated", "cost": [{"rest": "self"}], "effect": [{"do": "night", "value": True}]},
    {"kind": "continuous", "if": "night", "effect": [{"do": "power", "amount": 500, "target": "self"}]},
    {"kind": "replacement", "replaces": "destroy", "optional": True, "cost": [{"consume": {"ingredient": 1}}],
     "instead": [{"do": "rest", "target": "self"}]},
]
_EVENTS: list[dict[str, Any]] = [
    {"keywords": ["quick"], "effect": [{"do": "power", "amount": 1000, "target": {"choose": 1, "controller": "you"}}]},
    {"keywords": ["quick"], "effect": [{"do": "damage", "amount": 1000, "target": {"choose": 1, "type": "any", "controller": "opponent"}}]},
    {"effect": [{"do": "draw", "amount": 2}, {"do": "discard", "amount": 1}]},
    {"effect": [{"do": "look_and_choose", "amount": 3, "choose": 1, "filter": {"type": "pal"}}]},
    {"effect": [{"do": "choose_one", "options": [[{"do": "draw", "amount": 1}],
                                                   [{"do": "gain", "resource": "material", "amount": 2}]]}]},
    {"effect": [{"do": "deploy", "from": "graveyard", "filter": {"type": "pal", "max_cost": 2}}]},
    {"effect": [{"do": "night", "value": True}, {"do": "delayed", "trigger": "end_of_turn",
                                                  "effect": [{"do": "night", "value": False}]}]},
    {"effect": [{"do": "destroy", "target": {"choose": 1, "controller": "opponent", "state": "rested"}}]},
]
_STRUCTURES: list[dict[str, Any]] = [
    {"abilities": [{"kind": "activated", "cost": [{"assign": 1}], "effect": [{"do": "gain", "resource": "material", "amount": 1}]}]},
    {"abilities": [{"kind": "activated", "limit": 1, "cost": [{"consume": {"material": 2}}], "effect": [{"do": "draw", "amount": 1}]}]},
    {"abilities": [{"kind": "continuous", "effect": [{"do": "power", "amount": 200, "target": {"all": True, "controller": "you"}}]}]},
]
_EQUIPMENT: list[dict[str, Any]] = [
    {"abilities": [{"kind": "activated", "cost": [{"rest": "self"}, {"soul": 1}],
                    "effect": [{"do": "grant", "keyword": "assault", "target": {"choose": 1, "controller": "you"}}]}]},
    {"abilities": [{"kind": "auto", "trigger": "start_of_phase", "phase": "main",
                    "effect": [{"do": "gain", "resource": "ingredient", "amount": 1}]}]},
]


def generate_pool(rng: random.Random, prefix: str) -> list[CardDef]:
    """13 distinct cards: 9 pals (2 of them Lucky), an event or two, a structure, an equipment."""
    colors = rng.sample(["red", "blue", "green", "purple"], 2)
    pool: list[dict[str, Any]] = []
    for i in range(9):
        d: dict[str, Any] = {"name": f"{prefix} Pal {i + 1}", "type": "pal", "color": rng.choice(colors),
                             "subtype": "lucky" if i < 2 else "normal", "cost": rng.randint(1, 4),
                             "power": rng.choice([1000, 1500, 2000, 2500, 3000, 4000]), "strike": rng.randint(1, 3)}
        if i == 8:
            d["keywords"] = ["interrupt"]
        elif rng.random() < 0.7:
            d["keywords"] = [rng.choice(_KEYWORDS)]
        if rng.random() < 0.6:
            d["abilities"] = [rng.choice(_PAL_ABILITIES)]
        pool.append(d)
    for i, ev in enumerate(rng.sample(_EVENTS, 2)):
        pool.append({"name": f"{prefix} Event {i + 1}", "type": "event", "cost": rng.randint(0, 2), **ev})
    pool.append({"name": f"{prefix} Structure", "type": "structure", "cost": 2, "power": 3000, **rng.choice(_STRUCTURES)})
    pool.append({"name": f"{prefix} Gear", "type": "equipment", "cost": 1, **rng.choice(_EQUIPMENT)})
    return [card_from_dict(d) for d in pool]


def generate_deck(rng: random.Random, prefix: str) -> list[CardDef]:
    """A legal 50-card deck: 4 of each of 12 cards + 2 of the 13th; 2 Lucky pals x4 = 8 Lucky.
    (`Game.from_decks` checks it, 6.1: a deck that were not legal would raise `DeckError` there.)"""
    pool = generate_pool(rng, prefix)
    deck = [c for c in pool[:12] for _ in range(4)] + [pool[12]] * 2
    rng.shuffle(deck)
    return deck


@dataclass
class SimReport:
    games: int = 0
    turns: int = 0
    events: int = 0
    results: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        gps = self.games / self.seconds if self.seconds > 0 else 0.0
        return {"games": self.games, "turns": self.turns, "events": self.events, "results": dict(self.results),
                "games_per_second": round(gps, 2),
                "events_per_second": round(self.events / self.seconds, 1) if self.seconds > 0 else 0.0}


def play_one(seed: int, record: bool = False, turn_limit: int = 200) -> Game:
    rng = random.Random(seed)
    g = Game.from_decks(generate_deck(rng, "Red"), generate_deck(rng, "Blue"), seed=seed, turn_limit=turn_limit,
                        record=record)
    g.run(RandomDecider(seed))
    return g


def simulate(games: int, seed: int, progress: Callable[[int], None] | None = None, record: bool = False) -> SimReport:
    """Seeded random full games; `record` keeps every game's trace (the events), as a replay does."""
    rep = SimReport()
    t0 = time.perf_counter()
    for i in range(games):
        g = play_one(seed + i, record=record)
        rep.games += 1
        rep.turns += g.turn
        rep.events += g.event_count
        res = g.result
        key = "unknown" if res is None else (f"win_{'first' if res.winner == g.pname(g.first_player) else 'second'}"
                                             if res.outcome == "win" else res.outcome)
        rep.results[key] = rep.results.get(key, 0) + 1
        if progress:
            progress(i + 1)
    rep.seconds = time.perf_counter() - t0
    return rep
