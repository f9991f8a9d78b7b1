"""Seeded random full games: invariants hold at every decision, every game ends, cites exist."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from pal_judge.cli import app
from pal_judge.corpus.zh_parser import parse_zh
from pal_judge.engine import Game, RandomDecider
from pal_judge.engine.invariants import InvariantChecker
from pal_judge.engine.simulate import generate_deck

GAMES = 50
ZH = Path(__file__).resolve().parents[2] / "rules" / "zh.txt"


def test_random_games_keep_the_invariants_and_end() -> None:
    """Every invariant of pal_judge/engine/invariants.py after every event and at every decision."""
    numbers = {s.number for s in parse_zh(ZH.read_text(encoding="utf-8"))}
    outcomes: dict[str, int] = {}
    for seed in range(GAMES):
        rng = random.Random(seed)
        g = Game.from_decks(generate_deck(rng, "Red"), generate_deck(rng, "Blue"), seed=seed, turn_limit=150)
        checker = InvariantChecker(g, numbers, cards_per_player=(50, 50)).attach()
        r = g.run(checker.decider(RandomDecider(seed)))
        checker.at_end(r.outcome)
        assert r.outcome in ("win", "draw", "turn_limit", "loop_draw"), f"seed {seed}: {r}"
        outcomes[r.outcome] = outcomes.get(r.outcome, 0) + 1
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
