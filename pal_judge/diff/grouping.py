"""The changes arranged for reading: by chapter, the moves of one renumbering collapsed into a run."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from pal_judge.diff.model import Change
from pal_judge.safe_text import one_line

if TYPE_CHECKING:
    from pal_judge.diff.compare import DiffReport

LANG_NAME = {"zh": "Chinese", "en": "English"}


@dataclass(frozen=True)
class MoveRun:
    """Consecutive moves of one language that share one renumbering (e.g. 10.N -> 10.N+1)."""

    lang: str
    moves: tuple[Change, ...]

    @property
    def first(self) -> Change:
        return self.moves[0]

    @property
    def last(self) -> Change:
        return self.moves[-1]

    def describe(self) -> str:
        """'10.1 … 10.10.2.3 are now 10.2 … 10.11.2.3' (or one move: '9.6.3 is now 9.6.4')."""
        first_old, first_new = _shown(self.first.old), _shown(self.first.new)
        if len(self.moves) == 1:
            return f"{first_old} is now {first_new}"
        return f"{first_old} … {_shown(self.last.old)} are now {first_new} … {_shown(self.last.new)}"

    def count_label(self) -> str:
        unit = "section" if self.lang == "zh" else "English paragraph"
        return f"{len(self.moves)} {unit}{'s' if len(self.moves) > 1 else ''}"


def _shown(number: str | None) -> str:
    return number or "(no section)"


def _signature(change: Change) -> tuple[object, ...]:
    """Which renumbering a move belongs to: the first part of the number that changed, and by how much."""
    old, new = (change.old or "").split("."), (change.new or "").split(".")
    if len(old) != len(new):
        return ("depth", change.old, change.new)
    for position, (a, b) in enumerate(zip(old, new)):
        if a != b:
            delta = int(b) - int(a) if a.isdigit() and b.isdigit() else None
            return (tuple(old[:position]), position, delta)
    return ("same",)


def move_runs(moves: Iterable[Change]) -> list[MoveRun]:
    """Consecutive moves with the same renumbering, one run each (moves of one language, in order)."""
    runs: list[list[Change]] = []
    for move in moves:
        if runs and _signature(runs[-1][-1]) == _signature(move):
            runs[-1].append(move)
        else:
            runs.append([move])
    return [MoveRun(run[0].lang, tuple(run)) for run in runs]


def by_chapter(changes: Iterable[Change]) -> dict[int | None, list[Change]]:
    """Changes grouped by the chapter of the number they are filed under, in book order
    (None: English text that translates no numbered section)."""
    groups: dict[int | None, list[Change]] = {}
    for change in changes:
        groups.setdefault(change.chapter, []).append(change)
    return dict(sorted(groups.items(), key=lambda item: -1 if item[0] is None else item[0]))


def chapter_items(changes: list[Change]) -> tuple[list[Change], list[MoveRun]]:
    """One chapter's changes other than moves, in book order, and its moves collapsed into runs."""
    others = [c for c in changes if c.kind != "moved"]
    runs = [run for lang in ("zh", "en") for run in move_runs(c for c in changes if c.kind == "moved" and c.lang == lang)]
    return others, runs


def headline(change: Change) -> str:
    """One line saying what happened to a clause or a reference (no clause text)."""
    where = _shown(change.number)
    if change.kind == "reference":
        ref = f"({change.ref_old})" if change.ref_old == change.ref_new else f"({change.ref_old}) → ({change.ref_new})"
        meaning = {
            "updated": f"follows the renumbering of {change.ref_old}",
            "stale": f"still points at {change.ref_old}, but that clause is now {change.target}",
            "dangling": f"points at {change.ref_old}, which was removed",
            "retargeted": f"now points at another clause (the one it named is now {change.target or 'removed'})",
        }[change.status or "updated"]
        return f"{where}: reference {ref} {meaning}"
    if change.kind == "changed" and change.old != change.new:
        return f"{change.old} (now {change.new})"
    return where


def count_line(changes: Iterable[Change]) -> str:
    """'Chinese: 1 added, 119 moved, 20 references; English: 106 moved' or 'No differences.'"""
    counts = Counter((c.lang, c.kind) for c in changes)
    if not counts:
        return "No differences."
    parts = []
    for lang in ("zh", "en"):
        kinds = [f"{n} {kind}{'s' if kind == 'reference' and n > 1 else ''}"
                 for (lg, kind), n in sorted(counts.items(), key=lambda i: i[0][1]) if lg == lang]
        if kinds:
            parts.append(f"{LANG_NAME[lang]}: {', '.join(kinds)}")
    return "; ".join(parts)


def chapter_title(report: DiffReport, chapter: int | None) -> str:
    if chapter is None:
        return "English text outside the numbered sections"
    for version in (report.new, report.old):
        found = next((s for s in version.sections if s.number == str(chapter)), None)
        if found is not None:
            return f"Chapter {chapter}  {one_line(found.title_zh, 80)}"
    return f"Chapter {chapter}"
