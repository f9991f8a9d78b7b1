"""`rulings check`: every expectation holds, every cited section exists and is reached by the trace."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pal_judge.rulings.model import Ruling
from pal_judge.rulings.runs import RunSummary


@dataclass(frozen=True)
class RulingReport:
    ruling: Ruling
    problems: tuple[str, ...]
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def known_engine_issue(self) -> bool:
        """It fails, and the ruling says why: the engine disagrees with the rulebook (reported, not hidden)."""
        return not self.ok and self.ruling.engine_issue is not None

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.ruling.id, "file": self.ruling.file, "line": self.ruling.where.line, "ok": self.ok,
                "engine_issue": self.ruling.engine_issue, "problems": list(self.problems), "notes": list(self.notes)}


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
    return RulingReport(ruling, tuple(problems), tuple(notes))


def check_rulings(rulings: list[Ruling], summaries: dict[str, RunSummary], sections: set[str]) -> list[RulingReport]:
    return [check_ruling(r, summaries[r.id], sections) for r in rulings]
