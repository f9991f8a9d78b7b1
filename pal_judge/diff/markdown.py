"""The rulebook diff as Markdown, for a judges' announcement."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pal_judge.diff.grouping import LANG_NAME, by_chapter, chapter_items, chapter_title, count_line, headline
from pal_judge.render.xcheck_view import md_escape

if TYPE_CHECKING:
    from pal_judge.diff.at_risk import RulingAtRisk
    from pal_judge.diff.compare import DiffReport
    from pal_judge.diff.model import Change

_MD_OP = {"=": "{}", "-": "~~{}~~", "+": "**{}**"}


def _inline(text: str) -> str:
    """One line of Markdown: a clause's line breaks shown as ' / '."""
    return md_escape(text.replace("\n", " / "))


def _diff_markdown(ops: tuple[tuple[str, str], ...]) -> str:
    out = []
    for op, piece in ops:
        body = _inline(piece)
        if op == "=" or not body.strip():
            out.append(body)
        else:  # emphasis marks must touch the words they wrap: spaces stay outside them
            core = body.strip()
            start = body.index(core)
            out.append(body[:start] + _MD_OP[op].format(core) + body[start + len(core):])
    return "".join(out)


def _change_markdown(change: Change) -> str:
    line = f"- **{change.kind.capitalize()}** ({LANG_NAME[change.lang]}) {md_escape(headline(change))}"
    if change.kind == "changed":
        line += f": {_diff_markdown(change.diff)}"
    elif change.kind in ("added", "removed"):
        line += f": {_inline(change.new_text or change.old_text)}"
    if change.fix:
        line += f" — fix: {md_escape(change.fix)}"
    return line


def diff_markdown(report: DiffReport, risks: tuple[list[RulingAtRisk], int] | None = None) -> str:
    lines = ["# Comprehensive Rules: what changed", "", md_escape(count_line(report.changes))]
    for chapter, changes in by_chapter(report.changes).items():
        lines += ["", f"## {md_escape(chapter_title(report, chapter))}", ""]
        others, runs = chapter_items(changes)
        lines += [_change_markdown(c) for c in others]
        lines += [f"- **Moved** ({LANG_NAME[run.lang]}) {run.count_label()}: {md_escape(run.describe())}" for run in runs]
    if risks is not None:
        found, total = risks
        lines += ["", f"## Rulings at risk: {len(found)} of {total}", ""]
        for risk in found:
            fixes = [f"{c.cite} {c.status}: {c.fix}" for c in risk.cites] + [f"scenario: {p}" for p in risk.scenario]
            lines.append(f"- `{md_escape(risk.id)}` ({md_escape(risk.file)}:{risk.line}): {md_escape('; '.join(fixes))}")
    return "\n".join(lines) + "\n"
