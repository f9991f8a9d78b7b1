"""Small builders shared by the engine tests."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from pal_judge.corpus.zh_parser import parse_zh
from pal_judge.engine import Game, RandomDecider, ScriptedDecider
from pal_judge.engine.deciders import Decision, Option

ZH = Path(__file__).resolve().parents[2] / "rules" / "zh.txt"


@lru_cache(maxsize=1)
def section_numbers() -> frozenset[str]:
    return frozenset(s.number for s in parse_zh(ZH.read_text(encoding="utf-8")))


def assert_cites_exist(g: Game) -> None:
    numbers = section_numbers()
    for e in g.events:
        assert e.cites, f"event without cites: {e.what}"
        missing = [c for c in e.cites if c not in numbers]
        assert not missing, f"{e.what!r} cites sections that do not exist: {missing}"


def pal(name: str, power: int = 1000, strike: int = 1, cost: int = 1, **kw: Any) -> dict[str, Any]:
    return {"name": name, "type": "pal", "power": power, "strike": strike, "cost": cost, **kw}


def board(a: dict[str, Any] | None = None, b: dict[str, Any] | None = None, **game: Any) -> dict[str, Any]:
    setup: dict[str, Any] = {"turn": 3, "turn_player": "A", "phase": "main",
                             "players": {"A": {"deck": 10, **(a or {})}, "B": {"deck": 10, **(b or {})}}}
    setup.update(game)
    return setup


def play(setup: dict[str, Any], cards: list[dict[str, Any]], answers: list[Any], seed: int = 0) -> Game:
    """Run a board with a strict script; the run stops when the script is exhausted."""
    g = Game.from_setup(setup, cards, seed=seed)
    g.run(ScriptedDecider(answers))
    assert_cites_exist(g)
    return g


class RecordingRandomDecider:
    """A seeded random decider that keeps every decision it was asked."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomDecider(seed)
        self.asked: list[Decision] = []

    def decide(self, decision: Decision, game: Game) -> Option:
        self.asked.append(decision)
        return self.inner.decide(decision, game)


class _Asked(Exception):
    pass


def first_decision(setup: dict[str, Any], cards: list[Any]) -> Decision:
    """The first decision the engine asks on this board, as it asked it: none of its options read yet."""
    asked: list[Decision] = []

    class Keep:
        def decide(self, decision: Decision, game: Game) -> Option:
            asked.append(decision)
            raise _Asked

    try:
        Game.from_setup(setup, cards).run(Keep())
    except _Asked:
        return asked[0]
    raise AssertionError("the game asked no decision")


def base(g: Game, player: str) -> dict[str, dict[str, Any]]:
    return {c["label"]: c for c in g.snapshot()["players"][player]["base"]}


def whats(g: Game) -> list[str]:
    return [e.what for e in g.events]


def cited(g: Game) -> set[str]:
    return {c for e in g.events for c in e.cites}
