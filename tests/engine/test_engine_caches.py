"""The engine's speed-ups must never change a game: values cached per values version (keywords, power, strike, the
pal limit) or per change of the cards whose abilities may work (those cards, the continuous abilities, the index from
trigger to cards), check timings skipped because nothing changed since the last one that found nothing to do
(10.5.3), and lethal damage and overflow not looked for while nothing they read changed (11.4, 11.5) give exactly
the trace that computing everything afresh gives."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pal_judge.engine import Game, RandomDecider, stats
from pal_judge.engine.invariants import random_board
from pal_judge.engine.simulate import generate_pool, play_one

GAME_SEEDS = (0, 3, 11)
BOARD_SEEDS = (1, 2, 5, 8, 13, 21)


def _traces() -> list[list[dict[str, Any]]]:
    traces = [[e.to_dict() for e in play_one(seed, record=True).events] for seed in GAME_SEEDS]
    for seed in BOARD_SEEDS:
        rng = random.Random(seed)
        pool = generate_pool(rng, "Board")
        game = Game.from_setup(random_board(rng, pool), cards=pool, seed=seed)
        game.run(RandomDecider(seed))
        traces.append([e.to_dict() for e in game.events])
    return traces


class _NeverClean:
    """A Game attribute that never matches: every check timing does its whole work."""

    def __get__(self, game: Game, owner: type) -> int:
        return -2

    def __set__(self, game: Game, value: int) -> None:
        pass


@pytest.fixture(scope="module")
def with_caches() -> list[list[dict[str, Any]]]:
    return _traces()


def test_cached_derived_values_change_no_game(with_caches: list[list[dict[str, Any]]],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "derived", lambda g, compute, subject, key: compute(g, subject))
    monkeypatch.setattr(Game, "zones", property(stats.build_zones, lambda game, view: None), raising=False)
    assert _traces() == with_caches


def test_skipped_check_timings_change_no_game(with_caches: list[list[dict[str, Any]]],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Game, "clean_check_version", _NeverClean(), raising=False)
    monkeypatch.setattr(Game, "clean_check_at", _NeverClean(), raising=False)
    monkeypatch.setattr(Game, "rules_clean_at", _NeverClean(), raising=False)
    assert _traces() == with_caches


def test_printed_value_shortcut_matches_the_full_computation() -> None:
    """A card no effect can touch reads its printed keywords, power and strike without the layer computation
    (10.10.1.1): at every event of these games, for every card in a base, the shortcut gives what the full
    computation of 10.10.1 gives."""
    compared = 0

    def compare(game: Game, _event: Any) -> None:
        nonlocal compared
        for ci in game.base_cards():
            assert stats.keywords(game, ci) == stats._keywords(game, ci), ci.label
            assert stats.power_detail(game, ci) == stats._power_detail(game, ci), ci.label
            assert stats.strike_detail(game, ci) == stats._strike_detail(game, ci), ci.label
            compared += 1

    for seed in BOARD_SEEDS[:3]:
        rng = random.Random(seed)
        pool = generate_pool(rng, "Board")
        game = Game.from_setup(random_board(rng, pool), cards=pool, seed=seed)
        game.listeners.append(compare)
        game.run(RandomDecider(seed))
    assert compared > 100
