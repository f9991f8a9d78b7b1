"""Recording the trace is only for the judge's eyes: it must never change how a game is played."""

from __future__ import annotations

from pal_judge.engine.simulate import play_one


def test_trace_off_plays_the_same_game() -> None:
    """Same turns, event count and result with and without the trace, on seeded random games."""
    for seed in (0, 6, 9):
        on, off = play_one(seed, record=True), play_one(seed, record=False)
        assert (on.turn, on.event_count, on.result) == (off.turn, off.event_count, off.result)
