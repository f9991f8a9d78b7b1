"""REGRESSION PIN (not a rules expectation): seeded random games must play exactly as they did before the
speed work of issue 11. The values below were produced by the engine at commit db2cafa (before any
caching or skipped check timing) with `play_one(seed, record=True)` for seeds 0-19,
recording the game's last turn, its event count, its result and a hash of its full trace (every event's
kind, player, card, before/after and cites). A faster engine that changes any game fails here."""

from __future__ import annotations

import hashlib
import json

import pytest

from pal_judge.engine.simulate import play_one

# seed: (turn, events, outcome, winner, sha256 of the trace's JSON, first 16 hex digits)
PINNED = {
    0: (20, 957, 'win', 'B', 'b11b373128c3a75d'),
    1: (26, 1306, 'win', 'B', '4181c6d0f9b84e5f'),
    2: (20, 903, 'win', 'B', '41df59e23f415935'),
    3: (19, 879, 'win', 'A', '3596c10354d269b1'),
    4: (18, 893, 'win', 'A', 'b293d9c038633ab9'),
    5: (19, 1078, 'win', 'A', '0345b1a210938373'),
    6: (9, 483, 'win', 'A', 'f8b2f66b38e3cf75'),
    7: (12, 656, 'win', 'B', '11976d47a44fc488'),
    8: (23, 1255, 'win', 'B', 'f46d7ba22a8ba3d4'),
    9: (7, 292, 'win', 'B', 'be4e8bd0c5b87c89'),
    10: (22, 1430, 'win', 'A', '6311f51b1971d441'),
    11: (18, 1028, 'win', 'A', '11f0c2b7024562bf'),
    12: (21, 1127, 'win', 'A', '3a2ae221ee6a3736'),
    13: (14, 740, 'win', 'B', '606b806c91c717c6'),
    14: (20, 849, 'win', 'A', '623b5b0c861abb3c'),
    15: (15, 870, 'win', 'B', '0520ff6c664648b0'),
    16: (21, 997, 'win', 'B', 'afdcaa6ed9e5a32b'),
    17: (10, 380, 'win', 'A', 'd602222d193c6b85'),
    18: (25, 1247, 'win', 'A', '8b1745375f5ac7da'),
    19: (7, 276, 'win', 'B', 'cc5ef5b650bb7993'),
}


def _trace_hash(events) -> str:
    data = json.dumps([e.to_dict() for e in events], sort_keys=True).encode()
    return hashlib.sha256(data).hexdigest()[:16]


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_seeded_game_plays_as_before_the_speed_work(seed: int) -> None:
    g = play_one(seed, record=True)
    assert (g.turn, g.event_count, g.result.outcome, g.result.winner, _trace_hash(g.events)) == PINNED[seed]


def test_trace_off_plays_the_same_game() -> None:
    """Recording the trace must not change the game: same turns, event count and result."""
    for seed in (0, 6, 9):
        on, off = play_one(seed, record=True), play_one(seed, record=False)
        assert (on.turn, on.event_count, on.result) == (off.turn, off.event_count, off.result)
