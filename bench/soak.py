"""Soak the rules engine: many seeded random games, every invariant checked after every event.

    python bench/soak.py --games 2000            # games seed, seed+1, ...
    python bench/soak.py --seconds 300 --seed 5000
    python bench/soak.py --games 1 --seed 1234   # replay one seed under the checker
    python bench/soak.py --boards --seconds 60   # random legal mid-game boards instead of whole games

Prints games played, invariant checks made, outcomes and speed. On the first broken invariant it
prints the failing seed and exits 1; `pal-judge simulate --seed S --games 1` plays the same game
(same decks, same random choices) and `python bench/soak.py --games 1 --seed S` re-checks it.
With --boards each seed is a random legal board (`invariants.random_board`) played for a few turns;
`python bench/soak.py --boards --games 1 --seed S` replays it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from pathlib import Path

from pal_judge.corpus.zh_parser import parse_zh
from pal_judge.engine.invariants import (
    InvariantBroken,
    play_board_checked,
    play_checked,
)
from pal_judge.paths import rules_dir


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=None, help="stop after this many games")
    parser.add_argument("--seconds", type=float, default=None, help="stop after this many seconds")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (game i uses seed+i)")
    parser.add_argument("--turn-limit", type=int, default=200, help="the simulate command's turn limit")
    parser.add_argument("--boards", action="store_true", help="random legal boards instead of whole games")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    if args.games is None and args.seconds is None:
        args.games = 1000
    if (args.games is not None and args.games < 1) or (args.seconds is not None and args.seconds <= 0):
        parser.error("--games must be at least 1 and --seconds more than 0")
    sections = frozenset(s.number for s in parse_zh(Path(rules_dir(), "zh.txt").read_text(encoding="utf-8")))
    games = turns = events = checks = 0
    outcomes: dict[str, int] = {}
    started = time.perf_counter()
    seed = args.seed
    failure: str | None = None
    while (args.games is None or games < args.games) and (
            args.seconds is None or time.perf_counter() - started < args.seconds):
        try:
            game = (play_board_checked(seed, sections) if args.boards
                    else play_checked(seed, sections, turn_limit=args.turn_limit))
        except InvariantBroken as err:
            failure = f"invariant broken: {err}"
            break
        except Exception:  # noqa: BLE001 -- a crash inside the engine is a failure of the soak too
            failure = f"engine crashed on seed {seed}:\n{traceback.format_exc()}"
            break
        games, turns, events, checks = games + 1, turns + game.turns, events + game.events, checks + game.checks
        outcomes[game.outcome] = outcomes.get(game.outcome, 0) + 1
        seed += 1
    seconds = time.perf_counter() - started
    report: dict[str, object] = {
        "games": games, "turns": turns, "events": events, "checks": checks, "outcomes": outcomes,
        "seconds": round(seconds, 2), "first_seed": args.seed,
        "games_per_second": round(games / seconds, 1) if seconds else 0.0}
    if failure:
        again = f"python bench/soak.py{' --boards' if args.boards else ''} --games 1 --seed {seed}"
        report.update(failed_seed=seed, failure=failure,
                      replay=again if args.boards else f"pal-judge simulate --seed {seed} --games 1  |  {again}")
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        print(f"games played     {games}  (seeds {args.seed}..{seed - 1 if not failure else seed})")
        print(f"invariant checks {checks}")
        print(f"events checked   {events}  turns {turns}")
        print(f"outcomes         {', '.join(f'{k} {v}' for k, v in sorted(outcomes.items())) or '-'}")
        print(f"time             {seconds:.1f} s  ({report['games_per_second']} games/s)")
        if failure:
            print(f"FAILED at seed {seed}: {failure}")
            print(f"replay: {report['replay']}")
    return 1 if failure else 0


if __name__ == "__main__":
    sys.exit(main())
