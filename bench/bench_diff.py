"""Benchmark `pal-judge diff` on the published rulebook against an edited copy.

    python bench/bench_diff.py [--runs 5]

The edited copy is the one the tests use (tests/diff/conftest.py): a Chinese heading inserted
before 10.1 (renumbering all of chapter 10), one clause reworded, one removed, one translation
corrected. Reported, each as median and minimum wall time over --runs:

* in process: `diff_folders(published, edited)` with warm caches;
* command: `python -m pal_judge diff published edited --json` as a fresh process, warm caches;
* command --rulings: the same with the rulings replayed (their runs cached);
* reversed: `diff edited published`, where OLD is not the project's rules (its English sections are
  carried over from the published rulebook's alignment, like NEW's).
Target: under 2 s for the command with warm caches.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests" / "diff")]  # this checkout's pal_judge, the test edits


def timed(action: Callable[[], object], runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times), min(times)


def command(args: list[str]) -> Callable[[], object]:
    return lambda: subprocess.run([sys.executable, "-m", "pal_judge", "diff", *args], cwd=REPO, check=True,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["PAL_JUDGE_CACHE"] = str(Path(tmp) / "cache")
        import conftest  # the edits the tests make (tests/diff/conftest.py)
        from edits import copy_rules, insert_numbered, remove_line, replace_in_line

        old, new = Path(tmp) / "old", Path(tmp) / "new"
        copy_rules(old), copy_rules(new)
        insert_numbered(new, "10.1", conftest.INSERTED_HEADING, keep_refs_in="1.2.4")
        replace_in_line(new, "zh.txt", *conftest.REWORDED)
        remove_line(new, "zh.txt", conftest.REMOVED_ZH)
        remove_line(new, "en.txt", conftest.REMOVED_EN)
        replace_in_line(new, "en.txt", *conftest.CORRECTED_EN)

        from pal_judge.diff import diff_folders

        first = timed(lambda: diff_folders(old, new), 1)[0]
        report = diff_folders(old, new)
        kinds: dict[str, int] = {}
        for change in report.changes:
            kinds[f"{change.kind}/{change.lang}"] = kinds.get(f"{change.kind}/{change.lang}", 0) + 1
        print(f"changes: {dict(sorted(kinds.items()))}")
        print(f"first diff, cold caches (builds the project's rulebook cache): {first:.2f} s")
        print("in process, warm:     median %.3f s, min %.3f s" % timed(lambda: diff_folders(old, new), runs))
        print("command --json, warm: median %.3f s, min %.3f s" % timed(command([str(old), str(new), "--json"]), runs))
        command([str(old), str(new), "--rulings"])()  # runs the scenarios once, cached
        print("command --rulings:    median %.3f s, min %.3f s" % timed(command([str(old), str(new), "--rulings"]), runs))
        print("reversed:             median %.3f s, min %.3f s" % timed(command([str(new), str(old)]), runs))


if __name__ == "__main__":
    main()
