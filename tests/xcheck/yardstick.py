"""Recall and precision of the xcheck findings against tests/xcheck/discrepancies.yaml.

A discrepancy is found when an error or warning finding points at one of its
sections (for an English paragraph with no clause: the `no-clause` finding after
that section). Precision counts error and warning findings that point at a listed
section. Run `python tests/xcheck/yardstick.py` to print the figures per check.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from pal_judge.xcheck import Finding

LIST_PATH = Path(__file__).with_name("discrepancies.yaml")
COUNTED = ("error", "warning")


def load_discrepancies(path: Path = LIST_PATH) -> list[dict[str, Any]]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _sections(item: dict[str, Any]) -> set[str]:
    return set(item.get("sections") or [item["section"]])


def _matches(item: dict[str, Any], f: Finding) -> bool:
    if item["category"] == "en-only":
        return f.check == "no-clause" and f.section == item["section"]
    return f.section in _sections(item) and f.check != "no-clause"


@dataclass(frozen=True)
class Score:
    recall: float
    precision: float
    found: tuple[str, ...]
    missed: tuple[str, ...]
    true_findings: int
    counted_findings: int
    per_check: dict[str, tuple[int, int]]  # check -> (true, total)
    major_recall: float


def score(findings: list[Finding], items: list[dict[str, Any]] | None = None) -> Score:
    items = items if items is not None else load_discrepancies()
    counted = [f for f in findings if f.severity in COUNTED]
    found = [i["id"] for i in items if any(_matches(i, f) for f in counted)]
    missed = [i["id"] for i in items if i["id"] not in found]
    true = [f for f in counted if any(_matches(i, f) for i in items)]
    totals = Counter(f.check for f in counted)
    trues = Counter(f.check for f in true)
    majors = [i for i in items if i.get("weight") == "major"]
    major_found = [i for i in majors if i["id"] in found]
    return Score(
        recall=len(found) / len(items) if items else 1.0,
        precision=len(true) / len(counted) if counted else 1.0,
        found=tuple(found),
        missed=tuple(missed),
        true_findings=len(true),
        counted_findings=len(counted),
        per_check={c: (trues[c], n) for c, n in totals.items()},
        major_recall=len(major_found) / len(majors) if majors else 1.0,
    )


def main() -> None:
    from pal_judge.corpus import load_corpus
    from pal_judge.xcheck import CHECKS, run_checks

    rulebook, glossary = load_corpus()
    findings = run_checks(rulebook, glossary, checks=[c.id for c in CHECKS])  # review-only ones too
    result = score(findings)
    with_info = score([Finding(**{**f.__dict__, "severity": "warning"}) for f in findings])
    print(f"recall {result.recall:.3f} ({len(result.found)}/{len(result.found) + len(result.missed)}), "
          f"major recall {result.major_recall:.3f}, "
          f"precision {result.precision:.3f} ({result.true_findings}/{result.counted_findings} error+warning)")
    severity = {c.id: c.severity for c in CHECKS}
    print("per check (real/total; info findings counted here only):")
    for check, (t, n) in sorted(with_info.per_check.items()):
        print(f"  {check:18} {severity[check]:8} {t}/{n}")
    print(f"recall counting info findings too: {with_info.recall:.3f}")
    print("missed:", ", ".join(result.missed))


if __name__ == "__main__":
    main()
