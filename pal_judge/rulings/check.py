"""`rulings check`: every expectation holds, every cited section exists and is reached by the trace."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from pal_judge.rulings.model import Ruling
from pal_judge.rulings.runs import RunSummary


@dataclass(frozen=True)
class RulingReport:
    ruling: Ruling
    problems: tuple[str, ...]
    notes: tuple[str, ...] = field(default_factory=tuple)
    warnings: tuple[str, ...] = field(default_factory=tuple)  # it holds, but a judge should look: shown always

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def known_engine_issue(self) -> bool:
        """It fails, and the ruling says why: the engine disagrees with the rulebook (reported, not hidden)."""
        return not self.ok and self.ruling.engine_issue is not None

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.ruling.id, "file": self.ruling.file, "line": self.ruling.where.line, "ok": self.ok,
                "engine_issue": self.ruling.engine_issue, "problems": list(self.problems), "notes": list(self.notes),
                "warnings": list(self.warnings)}


def check_ruling(ruling: Ruling, summary: RunSummary, sections: set[str]) -> RulingReport:
    problems: list[str] = []
    notes: list[str] = []
    if summary.error:
        problems.append(f"scenario: {summary.error}")
    for failure in summary.failures:
        line = failure.get("line")
        problems.append(f"line {line}: expected {failure['description']}, but it is {failure['actual']}")
    if ruling.engine_issue and not summary.error and not summary.failures:
        notes.append(f"engine_issue is set ({ruling.engine_issue}) but the scenario now holds; the field can go")
    cited = set(summary.cited)
    for number in ruling.cites:
        if number not in sections:
            problems.append(f"cites {number}, which is not a section of rules/zh.txt")
        elif number not in cited and number not in ruling.uncited:
            problems.append(f"cites {number}, but the scenario's trace never reaches it (add 'uncited: {{{number}: why}}' if it cannot)")
        elif number in cited and number in ruling.uncited:
            notes.append(f"{number} is marked uncited but the trace now cites it; the 'uncited' entry can go")
    return RulingReport(ruling, tuple(problems), tuple(notes), tuple(_supporting_only(ruling, summary)))


def _supporting_only(ruling: Ruling, summary: RunSummary) -> list[str]:
    """The ruling's most decisive cite (its first, rulings/README.md) reached by the trace only as a supporting
    cite of an event: neither it nor a clause above or below it is an event's primary cite or a decision's
    legal basis, so the scenario may not show the clause the answer rests on being applied."""
    if not summary.primary or not ruling.cites:  # a run that failed before any event: its problems say enough
        return []
    first = ruling.cites[0]

    def related(primary: str) -> bool:  # the clause itself, a clause above it or one of its sub-clauses
        return first == primary or first.startswith(primary + ".") or primary.startswith(first + ".")

    if first in summary.cited and not any(related(p) for p in summary.primary):
        return [f"its first cite {first} appears in the trace only as a supporting cite, never as the clause applied"]
    return []


def _duplicates(rulings: list[Ruling]) -> dict[str, list[str]]:
    """Ruling id -> the other rulings whose scenario is the same board and the same steps."""
    from pal_judge.scenarios.runner import engine_setup

    groups: dict[str, list[str]] = {}
    for ruling in rulings:
        scenario = ruling.scenario
        key = json.dumps([engine_setup(scenario.setup), scenario.setup.pregame, scenario.setup.seed,
                          [step.describe() for step in scenario.steps], scenario.resume], sort_keys=True, default=str)
        groups.setdefault(key, []).append(ruling.id)
    return {rid: [other for other in ids if other != rid] for ids in groups.values() if len(ids) > 1 for rid in ids}


def check_rulings(rulings: list[Ruling], summaries: dict[str, RunSummary], sections: set[str]) -> list[RulingReport]:
    reports = [check_ruling(r, summaries[r.id], sections) for r in rulings]
    twins = _duplicates(rulings)
    return [replace(report, warnings=report.warnings + tuple(
        f"the same board and steps as {', '.join(twins[report.ruling.id])}: a duplicate scenario"
        for _ in [0] if report.ruling.id in twins)) for report in reports]
