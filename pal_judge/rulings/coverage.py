"""Which rule sections the scenarios reach, derived from the engine's traces (never typed by hand)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from pal_judge.corpus.model import Section, number_key
from pal_judge.paths import rules_dir


def zh_sections() -> list[Section]:
    """The numbered sections of the authoritative Chinese text (cheap: no alignment)."""
    from pal_judge.corpus.build import read_text
    from pal_judge.corpus.zh_parser import parse_zh  # `rule` lists scenarios without it

    path = rules_dir() / "zh.txt"
    return parse_zh(read_text(path), str(path))


def coverage_map(folder: Path | None = None, primary: bool = False) -> dict[str, list[str]]:
    """Section number -> ids of the rulings whose trace cites it anywhere (cached with the runs), or
    (`primary=True`, what coverage counts) applies it as an event's primary cite or a decision's legal basis."""
    from pal_judge.notices import warn
    from pal_judge.rulings.loader import load_rulings
    from pal_judge.rulings.runs import run_all

    rulings = load_rulings(folder, skip=warn)  # a broken ruling is reported and left out
    summaries = run_all(rulings, folder)
    linked: dict[str, list[str]] = {}
    for ruling in rulings:
        summary = summaries[ruling.id]
        for number in summary.primary if primary else summary.cited:
            linked.setdefault(number, []).append(ruling.id)
    return dict(sorted(linked.items(), key=lambda item: number_key(item[0])))


def scenarios_citing(number: str, folder: Path | None = None) -> list[str]:
    """Ids of the rulings whose scenario trace cites `number` or one of its sub-clauses (a section's
    scenarios are those of the section and its sub-clauses), most focused scenario first.

    Reads the runs cache when it is fresh (cheap enough for `pal-judge rule`); runs
    every scenario once otherwise.
    """
    from pal_judge.rulings.runs import cached_cites

    cites = cached_cites(folder)
    if cites is None:
        from pal_judge.notices import warn
        from pal_judge.rulings.loader import load_rulings
        from pal_judge.rulings.runs import run_all

        summaries = run_all(load_rulings(folder, skip=warn), folder, use_cache=False)  # just found stale: run, store
        cites = {ruling: summary.to_dict()["cited"] for ruling, summary in summaries.items()}  # (as stored)
    linked = {ruling: lines.split("\n") for ruling, lines in cites.items() if _cites_within(lines, number)}
    return sorted(linked, key=lambda ruling: (number not in linked[ruling], len(linked[ruling]), ruling))


def _cites_within(lines: str, number: str) -> bool:
    """One of the clause numbers in `lines` (one a line, as the runs cache stores them) is `number` or one of
    its sub-clauses (starts with it and a dot): a search in C rather than a call per cite (a section's
    scenarios are looked up among every ruling's cites, some 8,500, at every `rule`)."""
    bordered = f"\n{lines}\n"
    return f"\n{number}\n" in bordered or f"\n{number}." in bordered


class Coverage(NamedTuple):  # a named tuple: `rule` imports this module, where a frozen dataclass costs more to define
    covered: dict[str, list[str]]  # clause -> scenarios that apply it (primary cite or decision basis)
    clauses: list[Section]
    broad: dict[str, list[str]] | None = None  # clause -> scenarios whose trace cites it anywhere (the old figure)

    def chapters(self) -> dict[str, dict[str, int]]:
        result: dict[str, dict[str, int]] = {}
        for clause in self.clauses:
            entry = result.setdefault(str(clause.chapter), {"covered": 0, "total": 0})
            entry["total"] += 1
            entry["covered"] += clause.number in self.covered
        return result

    def missing(self) -> list[str]:
        return [c.number for c in self.clauses if c.number not in self.covered]

    def overall(self, chapters: set[int] | None = None) -> dict[str, int]:
        chosen = [c for c in self.clauses if chapters is None or c.chapter in chapters]
        return {"covered": sum(c.number in self.covered for c in chosen), "total": len(chosen)}

    def to_dict(self) -> dict[str, Any]:
        goal = self.overall(set(range(1, 14)) - {2})
        out = {"counts": "primary cites and decisions' legal bases", "overall": self.overall(),
               "goal_chapters_1_3_to_13": goal, "chapters": self.chapters(), "missing": self.missing()}
        if self.broad is not None:
            wide = Coverage(self.broad, self.clauses)
            out["broad"] = {"counts": "any cite in a trace", "overall": wide.overall(),
                            "goal_chapters_1_3_to_13": wide.overall(set(range(1, 14)) - {2})}
        return out


def coverage(folder: Path | None = None) -> Coverage:
    """Numbered clauses (not chapter or heading titles) and which of them some scenario reaches."""
    clauses = [s for s in zh_sections() if s.kind == "clause"]
    return Coverage(coverage_map(folder, primary=True), clauses, coverage_map(folder))
