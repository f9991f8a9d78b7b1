"""Benchmark: seeded random full games between two generated legal 50-card decks.

    python bench/bench_engine.py [--games N] [--seed S]

Prints games/s and events/s, both by wall clock and by this process's CPU time (the machine is
shared, so CPU time is the steadier figure).
"""

from __future__ import annotations

import argparse
import time

from pal_judge.engine.simulate import simulate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    cpu0 = time.process_time()
    report = simulate(args.games, args.seed)
    cpu = time.process_time() - cpu0
    d = report.to_dict()
    print(f"games: {d['games']}  turns: {d['turns']}  events: {d['events']}  results: {d['results']}")
    print(f"wall: {report.seconds:.2f} s  {d['games_per_second']:.1f} games/s  {d['events_per_second']:.0f} events/s")
    print(f"cpu:  {cpu:.2f} s  {args.games / cpu:.1f} games/s  {d['events'] / cpu:.0f} events/s")


if __name__ == "__main__":
    main()
