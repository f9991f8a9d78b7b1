"""Rulings at risk: the rulings whose cited clauses a new version changed, removed or renumbered,
and those whose scenario no longer holds against the new version, each with the fix to make.

The scenarios run through the rulings runner (pal_judge/rulings/runs.py, cached); the engine
does not read the rule texts, so what the new version can break is what `rulings check`
verifies against the text: every cited section exists and is reached by the trace.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pal_judge.corpus.model import number_key
from pal_judge.diff.compare import DiffReport


@dataclass(frozen=True)
class CiteRisk:
    """One clause a ruling cites, and what the new version did to it."""

    cite: str
    status: str  # renumbered | changed | removed
    now: str | None  # its number in the new version
    fix: str

    def to_dict(self) -> dict[str, Any]:
        return {"cite": self.cite, "status": self.status, "now": self.now, "fix": self.fix}


@dataclass(frozen=True)
class RulingAtRisk:
    id: str
    file: str
    line: int
    cites: tuple[CiteRisk, ...]
    scenario: tuple[str, ...]  # what no longer holds against the new version

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "file": self.file, "line": self.line,
                "cites": [c.to_dict() for c in self.cites], "scenario": list(self.scenario)}


def cite_risks(cite: str, report: DiffReport, changed: dict[str, list[str]]) -> list[CiteRisk]:
    """What happened to one cited clause (nothing when it is the same clause, same text, same number)."""
    if cite not in report.renumbered:
        return []  # not a section of the old version either: `rulings check` reports that
    now = report.renumbered[cite]
    if now is None:
        return [CiteRisk(cite, "removed", None, f"{cite} was removed: cite the clause that now says it, or withdraw the ruling")]
    risks = []
    if now != cite:
        risks.append(CiteRisk(cite, "renumbered", now, f"cite {now} instead of {cite}"))
    if cite in changed:
        languages = " and ".join(changed[cite])
        risks.append(CiteRisk(cite, "changed", now, f"re-read {now} ({languages} text changed): does the answer still follow?"))
    return risks


def scenario_risks(cites: tuple[str, ...], trace_cites: tuple[str, ...], before: tuple[str, ...],
                   after: tuple[str, ...], report: DiffReport, changed: dict[str, list[str]]) -> list[str]:
    """What may no longer hold in the ruling's scenario under the new version:

    * problems of its check against the new sections that it did not have against the old ones;
    * clauses its replay goes through that the new version removed or reworded (the engine
      follows the old text there);
    * cited clauses that were renumbered, which the trace reaches only under the old number."""
    problems = [p.replace("rules/zh.txt", "the new zh.txt") for p in after if p not in before]
    relied = [f"{c} ({'removed' if report.renumbered[c] is None else ' and '.join(changed[c]) + ' changed'})"
              for c in sorted(trace_cites, key=number_key)
              if c in changed or (c in report.renumbered and report.renumbered[c] is None)]
    if relied:
        problems.append(f"its replay goes through {', '.join(relied)}: the engine follows the old text there; "
                        f"check that the scenario still holds")
    stale = [c for c in cites if c in trace_cites and report.renumbered.get(c, c) not in (c, None)]
    if stale:
        problems.append(f"the engine cites {', '.join(stale)} under the old number"
                        f"{'s' if len(stale) > 1 else ''}: update its citations along with the ruling's")
    return problems


def changed_clauses(report: DiffReport) -> dict[str, list[str]]:
    """Old section number -> the languages ("Chinese", "English") whose text of it changed."""
    changed: dict[str, list[str]] = {}
    for change in report.of_kind("changed"):
        if change.old:
            changed.setdefault(change.old, []).append("Chinese" if change.lang == "zh" else "English")
    return changed


def rulings_at_risk(report: DiffReport) -> tuple[list[RulingAtRisk], int]:
    """Replay every ruling (pal_judge/rulings): those the new version puts at risk, and how many were replayed."""
    from pal_judge.rulings.check import check_ruling
    from pal_judge.rulings.loader import load_rulings
    from pal_judge.rulings.runs import run_all

    changed = changed_clauses(report)
    rulings = load_rulings()
    summaries = run_all(rulings)
    old_numbers, new_numbers = report.old.numbers(), report.new.numbers()
    found: list[RulingAtRisk] = []
    for ruling in rulings:
        summary = summaries[ruling.id]
        cites = [risk for cite in ruling.cites for risk in cite_risks(cite, report, changed)]
        scenario = scenario_risks(ruling.cites, summary.cited, check_ruling(ruling, summary, old_numbers).problems,
                                  check_ruling(ruling, summary, new_numbers).problems, report, changed)
        if cites or scenario:
            found.append(RulingAtRisk(ruling.id, ruling.file, ruling.where.line, tuple(cites), tuple(scenario)))
    return found, len(rulings)
