"""Benchmark: mutation testing of the engine's rule modules with cosmic-ray (issue 18).

    pip install -e '.[bench]'
    PYTHONPATH=$PWD python bench/mutation.py                      # seed 27 (held out, then tuned at stop 12): 40 mutants; pick a new seed (33+) for a fresh sample
    PYTHONPATH=$PWD python bench/mutation.py --seed 33            # a fresh sample: 33 or later (every seed up to 32 is used)
    PYTHONPATH=$PWD python bench/mutation.py --sample 0           # every mutant (the full run, see below)
    PYTHONPATH=$PWD python bench/mutation.py --tests-from db2cafa # the same mutants against older tests

cosmic-ray makes the mutants (one operator at one place: a comparison flipped, a number changed, a condition
negated, a statement's keyword replaced, ...); this script only chooses which of them to run. It copies the
checkout (the files git knows, committed or not) to a temporary folder, so the checkout is never edited, lets
cosmic-ray enumerate every mutant of RULE_MODULES there, leaves out the type-only ones (below), keeps a sample
drawn with a fixed seed from the rest sorted by place (the same code gives the same sample; any edit to a rule
module changes it), marks the others skipped, and runs `cosmic-ray exec`. Each mutant runs TEST_COMMAND: every
ruling's scenario, then the engine tests, stopping at the first failure (a ruling marked `engine_issue` is
known to fail and does not count; a mutant that runs past the timeout counts as caught, as cosmic-ray counts
it). The test that saves and resumes every ruling at every step is left out: it replays the rulings again
(24 s) to test saved games, which are not a rule module's job.

Type-only mutants are left out of every sample by construction: a mutant inside an annotation (the rule modules
use `from __future__ import annotations`, so annotations are never evaluated) or inside an `if TYPE_CHECKING:`
block (imports for those annotations) cannot change what the engine does. On the rule modules as of this
commit that is 361 of 5,403 mutants (almost all `X | None` turned into `X ^ None`, `X % None`, ...).

It prints the seed, the sample, the wall time and the load, then the score — caught / (run - equivalent -
incompetent) — and every survivor with its diff and its mutated line. `bench/mutation_equivalent.yaml` lists the
mutants that behave exactly like the original, named by module and mutated line, each with the reason; they
are left out of the score and shown apart. A survivor that is not listed there wants a ruling or a test.

Tuned and held out. Seeds 18, 19 (as first drawn), 21 and 22 were tuned on at earlier stops; at stop 12, seeds 20
(held out until then), 19 (as redrawn), 23, 24 and 25 were tuned on too: each survivor became an engine test
(tests/engine/test_mutation_procedures.py, checked to fail with its mutant applied by hand) or an entry in
bench/mutation_equivalent.yaml. tests/engine/test_mutation_branches.py covers the branches that no test reached
(line coverage of RULE_MODULES under TEST_COMMAND). Seed 27 is held out: run once, after all of that, its
survivors listed in the stop-12 report and not fixed. Figures (shared 2-core machine, 1 December 2026, load 7-10
from other work; a caught mutant costs 3-20 s, a survivor 20-40 s; "before" is the tests as the run started):
  seed 27, HELD OUT (stop 12, code ad497d6, 627 s, load 9.2-5.3): 30 of 40 caught, 75.0%, no equivalent
    recognised; its 10 survivors are listed, unsorted, in the stop-12 report (some may be equivalent).
    Issue 18's target, 90% on a sample not tuned on, is NOT met.
  seed 28, held out too (drawn once on the final tests of stop 12, code 6739c19, which add the branch tests
    written after seed 27 started; 310 s, load 4.0-2.3): 33 of 40 caught, 82.5%; 7 survivors, listed unsorted in
    the stop-12 report. Three of them look equivalent for reasons already in bench/mutation_equivalent.yaml
    (not entered: the figure counts them).
  seed 29, held out (drawn once by the coordinator on the merged code of stop 12, 36bd617, with the engine's
    speed work merged, so a sample of the final rule modules; 219 s, load 2.2-1.9): 32 of 40 caught, 80.0%.
    Its 8 survivors (unsorted, not fixed): stats.py:195, timing.py:116, triggers.py:233, turn.py:119,
    rule_actions.py:98, effects.py:590, 695, 173. effects.py:590 (`1 >> idx` for `1 - idx`, idx 0 or 1) looks
    equivalent; not entered, the figure counts it. Over seeds 27-29, 95 of 120 held-out mutants were caught (79.2%).
  seed 20 (tuned at stop 12; code 537b6ff): 32 of 40 caught before (80.0%, measured on merged main); its 8
    survivors: 6 engine tests, 2 equivalent.
  seed 19 as redrawn (tuned at stop 12; 537b6ff, 834 s, load 3.5-8.4): 31 of 40 before (77.5%); 9 survivors, 9 tests.
  seed 23 (tuned at stop 12; 840 s, load 8.4-8.5): 32 of 37 before (86.5%, 3 equivalent); 5 survivors: 4 tests,
    1 equivalent.
  seed 24 (tuned at stop 12; 867 s, load 7.1-9.5): 31 of 38 before (81.6%, 2 equivalent); 7 survivors, 7 tests.
  seed 25 (tuned at stop 12; 952 s, load 7.0-9.3): 30 of 36 before (83.3%, 4 equivalent); 6 survivors: 4 tests
    written while it ran, 2 equivalent.
  Earlier stops: seed 20, held out then, 32 of 39 (82.1%, commit e8c97f5) and 32 of 40 (80.0%) on the merged
    code of stop 11; seed 19 redrawn 27 of 40 (67.5%, commit 42aa78f); seed 21 72.5% -> 100%; seed 22 82.9% ->
    100%; seed 18 70.6% -> 100% (34/34); seed 19 as first drawn 67.5% (type-only mutants still in).
  Seeds 27, 28 and 29, reported above as held out, were then tuned on at stop 12's second round (their figures
    above stay as measured; they are no longer held out): each survivor became an engine test in
    tests/engine/test_mutation_heldout_survivors.py (checked to fail with its mutant applied by hand to the current
    code, at every line the mutant could be when the seed's code had moved) or an entry in
    bench/mutation_equivalent.yaml. Seed 29: 6 tests, 2 equivalent (effects.py `1 >> idx`, stats.py's grant
    `or`). Seed 27: 8 tests, 2 equivalent (rule_actions.py `type >= "structure"`, turn.py `c.oid is data[1]`;
    stats.py's `m.oid >= attacker.oid` got a test at cannot_attack_target and an entry at targets_restricted,
    which only lets the caller skip that check). Seed 28: 4 tests, 3 equivalent (`.label >= "stop"`,
    `s.do >= "cannot_attack"`, replacement.py `<= 0` on a gain of 0). None of the three was run again.
  The tuned seeds were not run again after their survivors were sorted: each sorted survivor was checked alone.
  Seeds 30 and 31, HELD OUT: drawn once each by the coordinator on merged main after all of the above (code
    5691b96, quiet machine, load 0.8-1.3; 189 s and 213 s), the survivors then read against the code, not run again:
      seed 30: 36 of 40 caught as run (90.0%). Survivors: stats.py:125 `t.zone <= "base"` and battle.py:72
        `type <= "pal"` are equivalent (entered, with the reasons); turn.py:165 and timing.py:62 are test gaps.
        Score without the equivalents: 36 of 38, 94.7%.
      seed 31: 35 of 40 caught as run (87.5%). Survivors: timing.py:103 `a.zone < "base"`, triggers.py:335
        `trigger > "state"`, effects.py:291 `not own and ...` and effects.py:621 `b[-1]` are equivalent (entered,
        with the reasons; the last three found by the engineer writing the tests, each backed by an assertion
        run over the engine, rulings and scenario tests; the 5.1.1 cite that effects.py:291 added never reached a trace,
        so that dead code was then removed, and its entry with it); battle.py:169 is a test gap. Without them: 35 of 36, 97.2%.
      Together: 71 of 74 non-equivalent held-out mutants caught, 95.9% (71 of 80, 88.8%, counting the seven
      equivalents as survivors). The equivalents were recognised after the run, by reading the code against the
      card parser's closed vocabularies; a caught mutant cannot be equivalent, so sorting only survivors is how
      the score is defined. The three test gaps (turn.py:165, timing.py:62, battle.py:169) then got tests
      (tests/engine/test_mutation_seeds_30_31.py): seeds 30 and 31 are tuned from here on; a fresh figure needs
      seed 32 or later.
  Seed 32, HELD OUT: drawn once by the coordinator at stop 19, on main with four of the five speed rounds merged
    (code e783f97; 139 s, load 3.4-1.5), the survivors then read against the code, not run again: 34 of 40 caught as
    run (85.0%). Survivors: battle.py `check_version > clean_check_version`, `len(g.modifiers) < before`,
    `len(opts) <= 1` and pipeline.py's `to != "deck"` (a speed guard that would only ask for more check timings) are
    equivalent (entered, with the reasons); timing.py `repeats is REPEAT_LIMIT` (an end phase repeated once less than
    the draw says) and effects.py `len(ability.costs) <= 1` (10.6.2.3.1 cited for a cost with one way to pay) are
    test gaps. Without the equivalents: 34 of 36, 94.4%. The two gaps then got tests (test_engine_bounded's end
    phase repeat count, test_engine_audit's one way to pay): seed 32 is tuned from here on; a fresh figure needs seed
    33 or later.
The full run (--sample 0: about 5,000 mutants of the nine modules) would take about a day on one core: run it on a
longer machine with the same command and --keep; `cosmic-ray exec cosmic-ray.toml session.sqlite` in the kept
folder resumes an interrupted run, and the report is printed at the end.
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
NOTES = Path(__file__).with_name("mutation_equivalent.yaml")
RULE_MODULES = ("battle", "effects", "pipeline", "replacement", "rule_actions", "stats", "timing", "triggers", "turn")
TEST_COMMAND = (  # a fresh cache each time: the rulings' cached runs must not hide a mutant
    "sh -c 'rm -rf $PAL_JUDGE_CACHE && python -m pytest -x -q -p no:cacheprovider "
    "tests/rulings/test_rulings.py::test_rulings_check_passes_but_for_reported_engine_issues tests/engine "
    "--deselect tests/engine/test_engine_save_at_rulings.py::test_every_step_of_every_ruling_saves_and_resumes'"
)
TIMEOUT_SECONDS = 180


def code_version() -> str:
    """The commit measured, marked when the checkout holds changes not committed."""
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout
    dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True).stdout
    return commit.strip() + (" + uncommitted changes" if dirty.strip() else "")


def copy_checkout(into: Path) -> None:
    """The files git knows (tracked, or new and not ignored), as they are now."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=ROOT,
                            check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file() and not source.is_symlink():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, into / name)


def use_tests_from(revision: str, work: Path) -> None:
    """Replace the copy's tests and rulings with those of `revision`: the score the older tests got on the
    same mutants (the sample depends only on the rule modules)."""
    for folder in ("tests", "rulings"):
        shutil.rmtree(work / folder)
    archive = subprocess.run(["git", "archive", revision, "tests", "rulings"], cwd=ROOT, check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(work)], input=archive, check=True)


def write_config(work: Path) -> Path:
    modules = ", ".join(f'"pal_judge/engine/{m}.py"' for m in RULE_MODULES)
    config = work / "cosmic-ray.toml"
    config.write_text(
        "[cosmic-ray]\n"
        f"module-path = [{modules}]\n"
        f"timeout = {TIMEOUT_SECONDS}.0\n"
        "excluded-modules = []\n"
        f'test-command = "{TEST_COMMAND}"\n'
        '[cosmic-ray.distributor]\nname = "local"\n',
        encoding="utf-8")
    return config


def type_only_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where a module holds code only a type checker reads: annotations (the rule modules use
    `from __future__ import annotations`, so they are never evaluated) and `if TYPE_CHECKING:` blocks (imports
    for those annotations). As (line, column) pairs, columns in characters as cosmic-ray counts them."""
    lines = source.splitlines()

    def position(line: int, byte_column: int) -> tuple[int, int]:
        return line, len(lines[line - 1].encode("utf-8")[:byte_column].decode("utf-8"))

    spans = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            typed = [node.returns]
        elif isinstance(node, (ast.arg, ast.AnnAssign)):
            typed = [node.annotation]
        elif isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            typed = [node]
        else:
            continue
        spans += [(position(n.lineno, n.col_offset), position(n.end_lineno, n.end_col_offset))
                  for n in typed if n is not None]
    return spans


def is_type_only(mutation: object, work: Path, spans_of: dict[str, list]) -> bool:
    """The mutant changes only code a type checker reads (see type_only_spans)."""
    path = str(mutation.module_path)  # type: ignore[attr-defined]
    if path not in spans_of:
        spans_of[path] = type_only_spans((work / path).read_text(encoding="utf-8"))
    start, end = tuple(mutation.start_pos), tuple(mutation.end_pos)  # type: ignore[attr-defined]
    return any(first <= start and end <= last for first, last in spans_of[path])


def keep_sample(session: Path, size: int, seed: int) -> tuple[int, int, int]:
    """Leave out the type-only mutants, then mark all but a seeded sample of the rest skipped. Returns how
    many mutants there are, how many of them are type-only and how many are kept."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    with use_db(str(session), WorkDB.Mode.open) as db:
        items = sorted(db.pending_work_items, key=lambda w: [(str(m.module_path), tuple(m.start_pos),
                                                              m.operator_name, m.occurrence) for m in w.mutations])
        spans_of: dict[str, list] = {}
        type_only = {w.job_id for w in items if all(is_type_only(m, session.parent, spans_of) for m in w.mutations)}
        items_left = [w for w in items if w.job_id not in type_only]
        kept = {w.job_id for w in (items_left if size <= 0 or size >= len(items_left)
                                   else random.Random(seed).sample(items_left, size))}
        db.set_multiple_results([w.job_id for w in items if w.job_id not in kept],
                                WorkResult(worker_outcome=WorkerOutcome.SKIPPED))
        return len(items), len(type_only), len(kept)


def mutated_line(diff: str) -> str:
    """The line as the mutant has it (the diff's added lines, stripped): how the notes name a mutant, so that an
    entry outlives edits elsewhere in the module and goes stale when the line itself changes."""
    return " / ".join(line[1:].strip() for line in diff.splitlines()
                      if line.startswith("+") and not line.startswith("+++"))


def read_notes() -> dict[tuple[str, str], str]:
    """bench/mutation_equivalent.yaml: (module, mutated line) -> why the mutant behaves like the original."""
    notes = yaml.safe_load(NOTES.read_text(encoding="utf-8")) or []
    return {(n["module"], n["mutant"].strip()): n["reason"] for n in notes}


def report(session: Path, header: str) -> float:
    """Print every equivalent and survivor (with its diff), then one summary block: what was measured (header),
    the score and the survivors by place, everything a reader of the figure needs."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    equivalent = read_notes()
    caught, survived, incompetent, same = [], [], [], []
    with use_db(str(session), WorkDB.Mode.open) as db:
        for item, result in db.completed_work_items:
            if result.worker_outcome == WorkerOutcome.SKIPPED:
                continue
            m = item.mutations[0]
            module, line = Path(m.module_path).name, mutated_line(result.diff or "")
            where = f"{module}:{m.start_pos[0]} {m.operator_name.removeprefix('core/')}"
            if (module, line) in equivalent:
                same.append((where, equivalent[module, line]))
            elif result.test_outcome == TestOutcome.KILLED:
                caught.append(where)
            elif result.test_outcome == TestOutcome.SURVIVED:
                survived.append((where, module, line, result.diff or ""))
            else:
                incompetent.append(where)
    for where, reason in same:
        print(f"equivalent  {where}: {reason}")
    for where, module, line, diff in survived:
        print(f"SURVIVED  {where}\n  module: {module}\n  mutant: {line!r}\n{diff}")
    counted = len(caught) + len(survived)
    score = len(caught) / counted if counted else 0.0
    print(f"\n==== {header}")
    print(f"mutants run: {counted + len(same) + len(incompetent)}  caught: {len(caught)}  survived: {len(survived)}"
          f"  equivalent (left out): {len(same)}  incompetent (left out): {len(incompetent)}")
    print(f"score: {score:.1%} ({len(caught)}/{counted}) of the non-equivalent mutants caught")
    for where, _module, line, _diff in survived:
        print(f"  survivor  {where}: {line}")
    return score


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sample", type=int, default=40, help="mutants to run; 0 = all of them")
    ap.add_argument("--seed", type=int, default=27, help="27 (tuned at stop 12; pick a new seed for a fresh sample, see above)")
    ap.add_argument("--tests-from", metavar="REVISION", help="use the tests and rulings of this git revision")
    ap.add_argument("--keep", action="store_true", help="keep the work folder and say where it is")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="pal-judge-mutation-"))
    try:
        measured = code_version()
        copy_checkout(work)
        if args.tests_from:
            use_tests_from(args.tests_from, work)
        config = write_config(work)
        session = work / "session.sqlite"
        env = {**os.environ, "PYTHONPATH": str(work), "PAL_JUDGE_CACHE": str(work / ".cache")}
        subprocess.run(["cosmic-ray", "init", str(config), str(session)], cwd=work, check=True)
        if subprocess.run(["cosmic-ray", "baseline", str(config)], cwd=work, env=env).returncode != 0:
            raise SystemExit("the tests fail without any mutant: fix them before measuring")
        total, type_only, kept = keep_sample(session, args.sample, args.seed)
        print(f"{total} mutants of {', '.join(RULE_MODULES)}; {type_only} change only annotations or "
              f"TYPE_CHECKING imports and are left out; running a sample of {kept} (seed {args.seed}) in {work}",
              flush=True)
        started, load_before = time.monotonic(), os.getloadavg()[0]
        subprocess.run(["cosmic-ray", "exec", str(config), str(session)], cwd=work, check=True,
                       env=env)
        report(session, f"seed {args.seed}, sample {kept} of {total - type_only} mutants ({type_only} type-only left "
                        f"out), code {measured}, tests {args.tests_from or 'of the checkout'}; wall time "
                        f"{time.monotonic() - started:.0f} s on {os.cpu_count()} cores, load average "
                        f"{load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    finally:
        if args.keep:
            print(f"work folder kept: {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
