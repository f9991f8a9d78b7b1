"""diff.html: what changed between two versions of the rulebook (written when export-html is given both)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pal_judge.diff.grouping import LANG_NAME, by_chapter, chapter_items, chapter_title, count_line, headline
from pal_judge.html.markup import bi, esc, page

if TYPE_CHECKING:
    from pal_judge.diff.compare import DiffReport
    from pal_judge.diff.model import Change

_OP_TAG = {"=": "{}", "-": "<del>{}</del>", "+": "<ins>{}</ins>"}


def _item(change: Change) -> str:
    lang = f' lang="{change.lang}"'
    body = ""
    if change.kind == "changed":
        body = "".join(_OP_TAG[op].format(esc(piece)) for op, piece in change.diff)
    elif change.kind in ("added", "removed"):
        body = esc(change.new_text or change.old_text)
    fix = f' <span class="fix">fix: {esc(change.fix)}</span>' if change.fix else ""
    text = f'<div class="text"{lang}>{body}</div>' if body else ""
    return (f'<li class="{esc(change.kind)}"><b>{esc(change.kind)}</b> ({LANG_NAME[change.lang]}) '
            f"{esc(headline(change))}{fix}{text}</li>")


def render_diff(report: DiffReport) -> str:
    parts = [f"<h1>{bi('Changes between two versions', '版本之间的变更')}</h1>", f"<p>{esc(count_line(report.changes))}</p>"]
    for chapter, changes in by_chapter(report.changes).items():
        others, runs = chapter_items(changes)
        items = [_item(c) for c in others]
        items += [f'<li class="moved"><b>moved</b> ({LANG_NAME[run.lang]}) {esc(run.count_label())}: {esc(run.describe())}</li>'
                  for run in runs]
        parts.append(f'<section><h2 lang="zh">{esc(chapter_title(report, chapter))}</h2><ul class="diff">{"".join(items)}</ul></section>')
    return page("Changes · 变更", "diff.html", "".join(parts))
