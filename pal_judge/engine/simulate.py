"""Seeded random games between two generated legal 50-card decks (`pal-judge simulate`, bench)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from pal_judge.engine.cards import Ability, CardDef, parse_ability, parse_keyword, parse_steps
from pal_judge.engine.deciders import RandomDecider, pick, shuffle_cards
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


def _parsed_abilities(templates: list[dict[str, Any]], card_type: str) -> tuple[tuple[Ability, ...], ...]:
    """Each template's abilities, parsed once (API.md §1): every game draws its pools from the same templates."""
    return tuple(tuple(parse_ability(a, f"abilities[{i}]", card_type) for i, a in enumerate(t["abilities"]))
                 for t in templates)


_KEYWORD_DEFS = tuple(parse_keyword(k, "keywords[0]") for k in _KEYWORDS)
_PAL_ABILITY_DEFS = _parsed_abilities([{"abilities": [a]} for a in _PAL_ABILITIES], "pal")
_EVENT_DEFS = tuple((tuple(parse_keyword(k, "keywords") for k in ev.get("keywords", ())),
                     parse_steps(ev["effect"], "effect")) for ev in _EVENTS)
_STRUCTURE_DEFS = _parsed_abilities(_STRUCTURES, "structure")
_EQUIPMENT_DEFS = _parsed_abilities(_EQUIPMENT, "equipment")
_INTERRUPT = (parse_keyword("interrupt", "keywords[0]"),)
# the values a generated card draws among (`deciders.pick`, the draw of `random.choice`; a range, that of `randint`)
_PAL_COSTS, _PAL_STRIKES, _EVENT_COSTS = range(1, 5), range(1, 4), range(0, 3)
_PAL_POWERS = (1000, 1500, 2000, 2500, 3000, 4000)


def generate_pool(rng: random.Random, prefix: str) -> list[CardDef]:
    """13 distinct cards: 9 pals (2 of them Lucky), an event or two, a structure, an equipment (built from the
    templates above, parsed once)."""
    colors = rng.sample(["red", "blue", "green", "purple"], 2)
    pool: list[CardDef] = []
    for i in range(9):
        subtype = "lucky" if i < 2 else "normal"
        color, cost = pick(rng, colors), pick(rng, _PAL_COSTS)
        power, strike = pick(rng, _PAL_POWERS), pick(rng, _PAL_STRIKES)
        keywords: tuple[tuple[str, int], ...] = ()
        if i == 8:
            keywords = _INTERRUPT
        elif rng.random() < 0.7:
            keywords = (pick(rng, _KEYWORD_DEFS),)
        abilities = pick(rng, _PAL_ABILITY_DEFS) if rng.random() < 0.6 else ()
        pool.append(CardDef(name=f"{prefix} Pal {i + 1}", type="pal", color=color, subtype=subtype,
                            lucky=subtype == "lucky", cost=cost, power=power, strike=strike, keywords=keywords,
                            abilities=abilities))
    for i, (keywords, effect) in enumerate(rng.sample(_EVENT_DEFS, 2)):
        pool.append(CardDef(name=f"{prefix} Event {i + 1}", type="event", cost=pick(rng, _EVENT_COSTS),
                            keywords=keywords, effect=effect))
    pool.append(CardDef(name=f"{prefix} Structure", type="structure", cost=2, power=3000,
                        abilities=pick(rng, _STRUCTURE_DEFS)))
    pool.append(CardDef(name=f"{prefix} Gear", type="equipment", cost=1, abilities=pick(rng, _EQUIPMENT_DEFS)))
    return pool


def generate_deck(rng: random.Random, prefix: str) -> list[CardDef]:
    """A legal 50-card deck: 4 of each of 12 cards + 2 of the 13th; 2 Lucky pals x4 = 8 Lucky.
    (`Game.from_decks` checks it, 6.1: a deck that were not legal would raise `DeckError` there.)"""
    pool = generate_pool(rng, prefix)
    deck = [c for c in pool[:12] for _ in range(4)] + [pool[12]] * 2
    shuffle_cards(rng, deck)  # 5.6.1
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
