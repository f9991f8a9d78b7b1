"""Benchmark: seeded random full games between two generated legal 50-card decks.

    python bench/bench_engine.py [--games N] [--seed S]

Plays the same seeded games twice, with the full trace recorded and without, and prints games/s and
events/s for each, by wall clock and by this process's CPU time (the machine is shared, so CPU time is
the steadier figure). The two runs must give identical results (the same seeds play the same games).
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
    reports = {}
    for trace in (True, False):
        cpu0 = time.process_time()
        report = simulate(args.games, args.seed, record=trace)
        cpu = time.process_time() - cpu0
        d = report.to_dict()
        reports[trace] = (d["turns"], d["events"], d["results"])
        print(f"trace {'on ' if trace else 'off'}  games: {d['games']}  turns: {d['turns']}  events: {d['events']}  "
              f"results: {d['results']}")
        print(f"  wall: {report.seconds:.2f} s  {d['games_per_second']:.1f} games/s  {d['events_per_second']:.0f} events/s")
        print(f"  cpu:  {cpu:.2f} s  {args.games / cpu:.1f} games/s  {d['events'] / cpu:.0f} events/s")
    if reports[True] != reports[False]:
        raise SystemExit("the same seeds gave different games with the trace on and off")

if __name__ == "__main__":
    main()
