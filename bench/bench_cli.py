"""Benchmark cold CLI start: `pal-judge rule` and `pal-judge search` as fresh processes.

    python bench/bench_cli.py [--runs 7]

Each command runs --runs times as a subprocess with warm caches (the rulebook
and the search index are built once first, untimed) and reports the median and
minimum wall time, next to `python -c pass` as the floor. It also reports
whether `pal-judge rule` imported whoosh (it must not). Targets on the 2-core
machine: cold `rule` < 0.3 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

WHOOSH_PROBE = (
    "import sys\n"
    "from pal_judge.cli import main\n"
    "sys.argv = ['pal-judge', 'rule', '9.6']\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    "sys.stderr.write('whoosh imported: %s\\n' % ('whoosh' in sys.modules))\n"
)


def timed(cmd: list[str], runs: int, env: dict[str, str]) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times), min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, PAL_JUDGE_CACHE=cache)
        cli = ["pal-judge"]
        subprocess.run([*cli, "index"], env=env, stdout=subprocess.DEVNULL, check=True)  # warm the caches
        cases = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "pal-judge rule 9.6": [*cli, "rule", "9.6"],
            "pal-judge search 挑衅": [*cli, "search", "挑衅"],
            "pal-judge search lucky card stops damage": [*cli, "search", "lucky", "card", "stops", "damage"],
        }
        for name, cmd in cases.items():
            median, best = timed(cmd, args.runs, env)
            print(f"{name:45s} median {median:.3f} s  min {best:.3f} s")
        probe = subprocess.run([sys.executable, "-c", WHOOSH_PROBE], env=env, capture_output=True, text=True)
        print(f"pal-judge rule 9.6: {probe.stderr.strip().splitlines()[-1]}")


if __name__ == "__main__":
    main()
