"""Seeded random full games: invariants hold at every decision, every game ends, cites exist."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from pal_judge.cli import app
from pal_judge.corpus.zh_parser import parse_zh
from pal_judge.engine import Game, RandomDecider
from pal_judge.engine.deciders import Decision, Option
from pal_judge.engine.simulate import generate_deck

GAMES = 50
ZH = Path(__file__).resolve().parents[2] / "rules" / "zh.txt"


class CheckingDecider:
    """A seeded random decider that checks the board every time a player is asked."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomDecider(seed)
        self.seed = seed
        self.last_turn_checked = 0

    def decide(self, decision: Decision, game: Game) -> Option:
        where = f"seed {self.seed}, turn {game.turn}, decision {decision.kind}"
        for p in game.players:
            zones = [p.deck, p.hand, p.base, p.graveyard, p.exile]
            mine = [c for z in zones for c in z] + [c for c in game.resolution if not isinstance(c, tuple) and c.owner == p.idx]
            oids = [c.oid for c in mine]
            assert len(oids) == len(set(oids)), f"a card is in two zones ({where})"
            assert all(c.owner == p.idx for c in mine), where
            assert len(mine) == 50, f"{p.name} has {len(mine)} cards ({where})"
            assert p.soul_deck + p.soul_standing + p.soul_rested == 10, where
            assert p.material >= 0 and p.ingredient >= 0, where
            if decision.kind == "main":
                assert len(p.pals()) <= 5, f"more than 5 pals after a check timing ({where})"
        if decision.kind == "main" and game.turn != self.last_turn_checked:
            # the first main decision of a turn follows the previous end phase (7.6.3); the generated
            # cards deal no damage before the main phase
            self.last_turn_checked = game.turn
            assert all(c.damage == 0 for c in game.base_cards()), f"damage left after the end phase ({where})"
        return self.inner.decide(decision, game)


def test_random_games_keep_the_invariants_and_end() -> None:
    numbers = {s.number for s in parse_zh(ZH.read_text(encoding="utf-8"))}
    outcomes: dict[str, int] = {}
    for seed in range(GAMES):
        rng = random.Random(seed)
        g = Game.from_decks(generate_deck(rng, "Red"), generate_deck(rng, "Blue"), seed=seed, turn_limit=150)
        r = g.run(CheckingDecider(seed))
        assert r.outcome in ("win", "draw", "turn_limit", "loop_draw"), f"seed {seed}: {r}"
        outcomes[r.outcome] = outcomes.get(r.outcome, 0) + 1
        for e in g.events:
            assert e.cites, f"seed {seed}: event without cites: {e.what}"
            missing = [c for c in e.cites if c not in numbers]
            assert not missing, f"seed {seed}: {e.what} cites unknown {missing}"
        json.dumps([e.to_dict() for e in g.events])  # JSON-able
        json.dumps(g.snapshot())
    assert outcomes.get("win", 0) > 0


def test_same_seed_same_trace() -> None:
    def trace(seed: int) -> list[dict]:
        rng = random.Random(seed)
        g = Game.from_decks(generate_deck(rng, "Red"), generate_deck(rng, "Blue"), seed=seed)
        g.run(RandomDecider(seed))
        return [e.to_dict() for e in g.events]

    assert trace(7) == trace(7)
    assert trace(7) != trace(8)


def test_simulate_command_json() -> None:
    res = CliRunner().invoke(app, ["simulate", "--games", "3", "--seed", "1", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["games"] == 3 and sum(data["results"].values()) == 3
    assert data["events"] > 0 and data["turns"] > 0 and data["games_per_second"] > 0
    bad = CliRunner().invoke(app, ["simulate", "--games", "0"])
    assert bad.exit_code == 2
