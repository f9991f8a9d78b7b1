"""Benchmark: seeded random full games between two generated legal 50-card decks.

    python bench/bench_engine.py [--games N] [--seed S] [--warmup W]
    python bench/bench_engine.py --digest [--games N] [--seed S] > digest.json

Plays the same seeded games twice, with the full trace recorded and without, and prints games/s and
events/s for each, by wall clock and by this process's CPU time (the machine is shared, so CPU time is
the steadier figure). The two runs must give identical results (the same seeds play the same games).

Before each timed run it plays W untimed games (5 unless told; seeds after the timed ones): the first games of a
process also pay for what is done once (lazy imports, the interpreter specialising its code, memos filling), which
is not the cost of a game. Without them the first timed run (the trace on) paid it alone, the second did not;
`--warmup 0` gives the cold figure.

`--digest` prints instead, for each seed, the game's outcome, winner, turns, event count and a hash of its
whole trace (every event's text, cites and changes), one JSON object per line: two versions of the engine
play the same games exactly when their digests are equal (`diff` them).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time

from pal_judge.engine.simulate import play_one, simulate


def digest(seed: int) -> dict[str, object]:
    """What one seeded game did: its result, length and a hash of its full trace."""
    game = play_one(seed, record=True)
    trace = hashlib.sha256()
    for event in game.events:
        trace.update(json.dumps(event.to_dict(), sort_keys=True, ensure_ascii=False).encode())
        trace.update(b"\n")
    res = game.result
    return {"seed": seed, "outcome": res.outcome if res else None, "winner": res.winner if res else None,
            "turns": game.turn, "events": game.event_count, "trace": trace.hexdigest()[:16]}


def benchmark(games: int, seed: int, warmup: int) -> None:
    reports = {}
    print(f"{warmup} untimed warm-up game(s) before each timed run")
    for trace in (True, False):
        simulate(warmup, seed + games, record=trace)  # untimed: what the first games of a process pay once
        cpu0 = time.process_time()
        report = simulate(games, seed, record=trace)
        cpu = time.process_time() - cpu0
        d = report.to_dict()
        reports[trace] = (d["turns"], d["events"], d["results"])
        print(f"trace {'on ' if trace else 'off'}  games: {d['games']}  turns: {d['turns']}  events: {d['events']}  "
              f"results: {d['results']}")
        print(f"  wall: {report.seconds:.2f} s  {d['games_per_second']:.1f} games/s  {d['events_per_second']:.0f} events/s")
        print(f"  cpu:  {cpu:.2f} s  {games / cpu:.1f} games/s  {d['events'] / cpu:.0f} events/s")
    if reports[True] != reports[False]:
        raise SystemExit("the same seeds gave different games with the trace on and off")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--warmup", type=int, default=5, help="untimed games played before each timed run")
    ap.add_argument("--digest", action="store_true", help="print each seed's outcome, length and trace hash")
    args = ap.parse_args()
    if args.digest:
        for seed in range(args.seed, args.seed + args.games):
            print(json.dumps(digest(seed)))
    else:
        benchmark(args.games, args.seed, args.warmup)


if __name__ == "__main__":
    main()
