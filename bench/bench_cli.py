"""Benchmark every figure of issue 16 ("Fast from the very first question") in one run.

    python bench/bench_cli.py [--runs 5] [--cold-runs 3]

Each figure is the median of several runs, printed next to the floors measured in the
same run (`python -c pass`, and a minimal Typer app with one Rich-printing command) and
its ratio to the Typer floor, so that the load of a shared machine cancels out:

  * first `ask` on an empty cache (a new cache folder per run), with the caches shipped in the
    package (pal_judge/prebuilt.py: copy the indexes, replay) and without them (parse, align,
    build the indexes, check the translation of the clauses shown, read the rulings, replay);
  * parse + align of the published texts (in process, no cache);
  * search index build (in process, rulebook cached);
  * `rule 9.6` warm, `ask` warm with its replay, `export-html` warm, `rulings check` warm
    (fresh processes, caches built once first, untimed), and whether `rule` imported whoosh;
    `ask` warm shows the replay's transcript cached by an earlier ask of the same ruling
    (pal_judge/rulings/replays.py), so it is timed too with that transcript removed before each
    run (a question whose ruling was not replayed yet: the engine runs), and over other questions
    (a different one each run, from bench/questions/tuning.yaml, each asked once before);
  * warm search latency p50 / p95 on an open searcher, over the questions of
    tests/search/relevance*.yaml (wall clock, milliseconds).

Targets (issue 16, on the 2-core machine) are printed beside each figure with "met" or
"NOT met". Each line also gives the processor time (user + system, children included) of the
figure and of the floor: when other work loads the machine, the wall clock of both grows
several-fold while processor time barely moves. A benchmark, not a test: nothing here fails.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the in-process figures time this checkout, not an installed copy
QUESTION = "My Pal with Breakthrough attacks, they block with a Retaliate Pal, both die - do they still take damage?"
TYPER_FLOOR = '''
import typer
from rich.console import Console

app = typer.Typer()


@app.command()
def hello(name: str = "judge") -> None:
    Console().print(f"[bold]Hello[/bold], {name}.")


app()
'''


WHOOSH_PROBE = (
    "import sys\n"
    "from pal_judge.cli import main\n"
    "sys.argv = ['pal-judge', 'rule', '9.6']\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    "sys.stderr.write(str('whoosh' in sys.modules))\n"
)


def seconds(run: Callable[[], None]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def cpu_seconds(run: Callable[[], None]) -> float:
    """Processor time (user + system) of this process and the processes it waited for: on a
    shared machine it grows far less with the load than the wall clock does."""
    def used() -> float:
        own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime

    started = used()
    run()
    return used() - started


def median_seconds(run: Callable[[], None], runs: int) -> float:
    return statistics.median(seconds(run) for _ in range(runs))


def process(args: list[str], env: dict[str, str]) -> Callable[[], None]:
    """A callable running `args` as a fresh process from the repository root, output discarded."""
    return lambda: subprocess.run(args, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, check=True)


def pal_judge(*args: str) -> list[str]:
    return [sys.executable, "-m", "pal_judge", *args]


class Report:
    """One line per figure: its median, the Typer floor's median timed alternately with it (so
    that both see the same load), the ratio, the target, and met or not; then the same three in
    processor time (user + system), which a loaded machine disturbs less."""

    def __init__(self, typer_floor: Callable[[], None], runs: int) -> None:
        self.floor, self.runs = typer_floor, runs

    def _paired(self, run: Callable[[], None], runs: int | None) -> tuple[float, float, float, float]:
        own, floor, own_cpu, floor_cpu = [], [], [], []
        for _ in range(runs or self.runs):
            started = time.perf_counter()
            floor_cpu.append(cpu_seconds(self.floor))
            floor.append(time.perf_counter() - started)
            started = time.perf_counter()
            own_cpu.append(cpu_seconds(run))
            own.append(time.perf_counter() - started)
        return tuple(statistics.median(values) for values in (own, floor, own_cpu, floor_cpu))  # type: ignore[return-value]

    def _line(self, name: str, run: Callable[[], None], runs: int | None, target: str, met: Callable[[float, float], bool]) -> None:
        value, floor, value_cpu, floor_cpu = self._paired(run, runs)
        verdict = "met" if met(value, floor) else "NOT met"
        print(f"{name:40s} {value:7.3f} s  floor {floor:.3f} s  ×{value / floor:5.2f}  target {target}: {verdict:7s}"
              f" | cpu {value_cpu:6.3f} s  floor {floor_cpu:.3f} s  ×{value_cpu / floor_cpu:5.2f}")

    def seconds(self, name: str, run: Callable[[], None], target: float, runs: int | None = None) -> None:
        self._line(name, run, runs, f"≤ {target:g} s", lambda value, floor: value <= target)

    def ratio(self, name: str, run: Callable[[], None], target: float) -> None:
        self._line(name, run, None, f"≤ ×{target:g}", lambda value, floor: value / floor <= target)


def first_ask_on_empty_cache(env: dict[str, str]) -> Callable[[], None]:
    """A callable asking the README's question with a new, empty cache folder each time."""
    def run() -> None:
        with tempfile.TemporaryDirectory() as cache:
            process(pal_judge("ask", QUESTION), dict(env, PAL_JUDGE_CACHE=cache))()
    return run


def replay_not_cached(cache: Path, env: dict[str, str]) -> Callable[[], None]:
    """A callable asking the README's question warm, but without the replay transcripts of the cache."""
    ask = process(pal_judge("ask", QUESTION), env)

    def run() -> None:
        for transcript in cache.glob("replay-*.json"):
            transcript.unlink()
        ask()
    return run


def other_questions(env: dict[str, str], runs: int) -> Callable[[], None]:
    """A callable asking, each time, the next of `runs` other questions of bench/questions/tuning.yaml
    (each asked once before, untimed, so that its replay is cached as for the README's question):
    the warm figure of a question that is not the one the caches were first made for."""
    import yaml

    entries = yaml.safe_load((ROOT / "bench" / "questions" / "tuning.yaml").read_text(encoding="utf-8"))
    questions = [entry["q"] for entry in entries if entry.get("rulings")][1:: 7][:runs]
    for question in questions:
        process(pal_judge("ask", question), env)()
    upcoming = iter(questions)
    return lambda: process(pal_judge("ask", next(upcoming)), env)()


def parse_and_align() -> None:
    from pal_judge.corpus import load_corpus

    load_corpus(use_cache=False)


def index_build() -> None:
    from pal_judge.search import build_section_index

    build_section_index(rebuild=True, quiet=True)


def search_latency(repeat: int) -> tuple[float, float]:
    """p50 and p95 in milliseconds, as bench/bench_search.py measures them."""
    import yaml

    sys.path.insert(0, str(ROOT / "bench"))
    from bench_search import TESTS, percentile
    from pal_judge.search import section_searcher

    questions = [entry["q"] for name in ("relevance.yaml", "relevance_heldout.yaml")
                 for entry in yaml.safe_load((TESTS / name).read_text(encoding="utf-8"))]
    searcher = section_searcher()
    for question in questions:  # warm up: analyzers, caches
        searcher.search(question)
    latencies = []
    for _ in range(repeat):
        for question in questions:
            started = time.perf_counter()
            searcher.search(question, limit=10)
            latencies.append((time.perf_counter() - started) * 1000)
    return percentile(latencies, 0.5), percentile(latencies, 0.95)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per warm figure")
    parser.add_argument("--cold-runs", type=int, default=3, help="runs of the first ask on an empty cache")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as work:
        os.environ["PAL_JUDGE_CACHE"] = cache  # the in-process figures use the same throw-away cache
        env = dict(os.environ)
        # As on a judge's laptop, processes reuse compiled bytecode (kept in a throw-away
        # folder here, not beside the sources): without it every run of pal-judge compiles
        # its modules while the floor's typer and rich come precompiled.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.pop("PAL_JUDGE_PREBUILT", None)  # the shipped caches as a judge gets them (off only where said)
        env["PYTHONPYCACHEPREFIX"] = str(Path(work) / "bytecode")
        floor_script = Path(work) / "typer_floor.py"
        floor_script.write_text(TYPER_FLOOR, encoding="utf-8")
        process(pal_judge("--help"), env)()  # compile every module once, untimed
        process([sys.executable, str(floor_script)], env)()
        python_floor = median_seconds(process([sys.executable, "-c", "pass"], env), args.runs)
        print(f"{'floor: python -c pass':40s} {python_floor:7.3f} s")
        print("floor below: a minimal Typer app printing with Rich, timed alternately with each figure")
        report = Report(process([sys.executable, str(floor_script)], env), args.runs)

        report.seconds("first ask, empty cache", first_ask_on_empty_cache(env), 1.5, runs=args.cold_runs)
        report.seconds("first ask, empty cache, nothing shipped", first_ask_on_empty_cache(dict(env, PAL_JUDGE_PREBUILT="0")),
                       1.5, runs=args.cold_runs)
        parse_and_align()  # imports and compiled patterns, untimed
        report.seconds("parse + align (in process, no cache)", parse_and_align, 0.4)
        process(pal_judge("ask", QUESTION), env)()  # warm every cache, untimed
        report.seconds("index build (in process)", index_build, 0.5)
        report.ratio("rule 9.6, warm", process(pal_judge("rule", "9.6"), env), 1.15)
        report.ratio("ask with replay, warm", process(pal_judge("ask", QUESTION), env), 1.6)
        report.ratio("ask, warm, other questions", other_questions(env, args.runs), 1.6)
        report.ratio("ask, warm, replay not cached yet", replay_not_cached(Path(cache), env), 1.6)
        probe = subprocess.run([sys.executable, "-c", WHOOSH_PROBE], env=env, cwd=ROOT, capture_output=True, text=True)
        print(f"{'rule 9.6 imports whoosh (it must not)':40s} {probe.stderr.strip().splitlines()[-1]}")
        p50, p95 = search_latency(repeat=10)
        print(f"{'warm search on an open searcher':40s} p50 {p50:.2f} ms {'met' if p50 <= 2 else 'NOT met'} (≤ 2), "
              f"p95 {p95:.2f} ms {'met' if p95 <= 5 else 'NOT met'} (≤ 5)")
        exports = iter(range(args.runs))
        report.seconds("export-html, warm",
                       lambda: process(pal_judge("export-html", str(Path(work) / f"site{next(exports)}")), env)(), 1.0)
        report.seconds("rulings check, warm", process(pal_judge("rulings", "check"), env), 1.0)

if __name__ == "__main__":
    main()
