"""Benchmark `export-html`: time to export the whole book, and the size of what it writes.

    python bench/bench_export.py [--runs 5]

Reports a cold export (empty cache: the rulebook is parsed and aligned, every
scenario replayed, the translation checks run), warm exports (cache kept: the pages of
the last export are written again, html/site_cache.py), what an export costs when the
pages must be made again (a ruling changed): the gathering vs the rendering and writing,
and the size of each file. Target (issue 16): warm ≤ 1 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--runs", type=int, default=5, help="warm exports to time")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as out:
        os.environ["PAL_JUDGE_CACHE"] = cache
        from pal_judge.html import export_site
        from pal_judge.html.export import write_site
        from pal_judge.html.sources import gather

        cold = export_site(Path(out) / "cold")
        warm: list[float] = []
        for run in range(args.runs):
            warm.append(export_site(Path(out) / f"warm{run}").seconds)
        start = time.perf_counter()
        data = gather()
        gathered = time.perf_counter() - start
        start = time.perf_counter()
        write_site(data, Path(out) / "write")
        written = time.perf_counter() - start

        print(f"cold export (empty cache): {cold.seconds:.2f} s")
        print(f"warm export: median {statistics.median(warm):.2f} s, max {max(warm):.2f} s over {args.runs} runs")
        print("export after a change (pages made again, other caches kept):")
        print(f"  gathering (rulebook, glossary, rulings+replays, coverage, xcheck): {gathered:.2f} s")
        print(f"  rendering and writing the files: {written:.2f} s")
        print(
            f"content: {cold.sections} sections, {cold.terms} terms, {cold.rulings} rulings, "
            f"{cold.covered_sections} covered sections, {cold.findings} findings"
        )
        for name in cold.files:
            print(f"  {name:28} {(Path(out) / 'cold' / name).stat().st_size / 1024:8.1f} KiB")
        print(f"DIR total: {cold.bytes / 1024:.0f} KiB in {len(cold.files)} files")
        verdict = "OK" if max([cold.seconds, *warm]) < 5 else "OVER"
        print(f"target < 5 s: {verdict}")


if __name__ == "__main__":
    main()
