"""Floors on the tuning questions of bench/questions/ (the held-out set is only measured, in bench)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_ask.py"


def _bench():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("bench_ask", BENCH)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules["bench_ask"] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_the_question_sets_are_what_they_claim() -> None:
    bench = _bench()
    tuning = [q for name in bench.SETS for q in bench.load(name)]
    heldout = [q for name in sorted(bench.HELD_OUT) if (bench.QUESTIONS / f"{name}.yaml").exists()
               for q in bench.load(name)]  # counted only: never tuned on
    held_out = len(heldout)
    assert len(tuning) + held_out >= 250
    assert held_out / (len(tuning) + held_out) >= 0.3  # at least a held-out third, as the tuning set grows
    for questions in (tuning, heldout):
        assert sum(q.lang == "zh" for q in questions) >= len(questions) // 4
        assert 0.05 <= sum(q.out_of_scope for q in questions) / len(questions) <= 0.15
    assert not {q.q for q in tuning} & {q.q for q in heldout}


def test_floors_on_the_tuning_set() -> None:
    outcomes = _bench().evaluate("tuning")  # also fails if a question names an unknown ruling
    with_ruling = [o for o in outcomes if not o.question.none]
    top1 = sum(bool(o.ranked) and o.ranked[0] in o.question.rulings for o in with_ruling) / len(with_ruling)
    wrong_high = sum(o.confidence == "high" and not o.right for o in outcomes) / len(outcomes)
    out = [o for o in outcomes if o.question.out_of_scope]
    # 83.5 % at 29c4d0b on the 213 questions: the 25 added for rulings the set never
    # asked about are harder (14-15 of 24); now 85.1 % on all, 88.8 % on the first 188.
    assert top1 >= 0.82
    assert wrong_high <= 0.02
    assert sum(o.declined for o in out) / len(out) >= 0.9
    assert not any(o.declined for o in outcomes if not o.question.out_of_scope)
