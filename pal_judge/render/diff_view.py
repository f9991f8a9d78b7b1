"""The rulebook diff in the terminal: a count line, then each chapter's changes, then the rulings at risk."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from rich.console import Group, RenderableType
from rich.text import Text

from pal_judge.diff.grouping import by_chapter, chapter_items, chapter_title, count_line, headline
from pal_judge.safe_text import one_line, visible

if TYPE_CHECKING:
    from pal_judge.diff.at_risk import RulingAtRisk
    from pal_judge.diff.compare import DiffReport
    from pal_judge.diff.model import Change

_MARK = {"added": ("+", "green"), "removed": ("-", "red"), "changed": ("~", "yellow"),
         "moved": ("↷", "cyan"), "reference": ("→", "magenta")}
_OP_STYLE = {"=": "", "-": "red strike", "+": "bold green"}
# Marks that show the diff without colour too (piped, NO_COLOR), as `git diff --word-diff=plain` does.
_OP_MARKS = {"=": ("", ""), "-": ("[-", "-]"), "+": ("{+", "+}")}


def diff_text(ops: Iterable[tuple[str, str]]) -> Text:
    """A word or character diff: [-removed-] struck through in red, {+added+} in bold green."""
    text = Text("      ")
    for op, piece in ops:
        opening, closing = _OP_MARKS[op]
        text.append(f"{opening}{visible(piece, 600)}{closing}", style=_OP_STYLE[op])
    return text


def _change_lines(change: Change) -> list[RenderableType]:
    mark, style = _MARK[change.kind]
    line = Text(f"  {mark} ", style=f"bold {style}")
    line.append(f"{change.kind:<9} {change.lang}  ", style=style)
    line.append(headline(change), style="bold")
    lines: list[RenderableType] = [line]
    if change.kind == "changed":
        lines.append(diff_text(change.diff))
    elif change.kind in ("added", "removed"):
        lines.append(Text("      " + visible(change.new_text or change.old_text, 600), style=style))
    if change.fix:
        lines.append(Text(f"      fix: {change.fix}", style="yellow"))
    return lines


def diff_view(report: DiffReport) -> Group:
    parts: list[RenderableType] = [Text(count_line(report.changes), style="bold")]
    for chapter, changes in by_chapter(report.changes).items():
        parts.append(Text(""))
        parts.append(Text(chapter_title(report, chapter), style="bold underline"))
        others, runs = chapter_items(changes)
        for change in others:
            parts.extend(_change_lines(change))
        for run in runs:
            line = Text("  ↷ ", style="bold cyan")
            line.append(f"{'moved':<9} {run.lang}  ", style="cyan")
            line.append(f"{run.count_label()}: {run.describe()}", style="bold")
            parts.append(line)
    return Group(*parts)


def rulings_view(risks: list[RulingAtRisk], total: int) -> Group:
    parts: list[RenderableType] = [Text(""), Text(f"Rulings at risk: {len(risks)} of {total}", style="bold underline")]
    for risk in risks:
        parts.append(Text(f"  {one_line(risk.id)}", style="bold").append(f"  {one_line(risk.file)}:{risk.line}", style="dim"))
        for cite in risk.cites:
            parts.append(Text(f"      {cite.cite} {cite.status}: {cite.fix}", style="yellow"))
        for problem in risk.scenario:
            parts.append(Text(f"      scenario: {visible(problem, 300)}", style="red"))
    return Group(*parts)
