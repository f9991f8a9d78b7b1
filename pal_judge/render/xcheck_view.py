"""Views of translation findings: a Rich table per chapter, and a Markdown report."""

from __future__ import annotations

from collections import Counter
from typing import Callable, Iterable

from rich.console import Group
from rich.table import Table
from rich.text import Text

from pal_judge.safe_text import rich_text
from pal_judge.xcheck.finding import Finding, Span

SEVERITY_STYLE = {"error": "bold red", "warning": "yellow", "info": "dim"}
MARK_STYLE = "bold black on yellow"
EXCERPT = 260  # characters of context shown around the marked tokens


def chapter_of(finding: Finding) -> str:
    return finding.section.split(".")[0] if finding.section else ""


def group_by_chapter(findings: Iterable[Finding]) -> dict[str, list[Finding]]:
    groups: dict[str, list[Finding]] = {}
    for f in findings:
        groups.setdefault(chapter_of(f), []).append(f)
    return groups


def excerpt(text: str, marks: tuple[Span, ...], width: int = EXCERPT) -> tuple[str, tuple[Span, ...]]:
    """A window of `text` around its marks (whole text when short), marks shifted to match."""
    if len(text) <= width:
        return text, marks
    centre = marks[0][0] if marks else 0
    start = max(0, min(centre - width // 3, len(text) - width))
    end = start + width
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    shift = len(prefix) - start
    shown = tuple((max(a, start) + shift, min(b, end) + shift) for a, b in marks if b > start and a < end)
    return prefix + text[start:end] + suffix, shown


def marked_text(label: str, text: str, marks: tuple[Span, ...]) -> Text:
    body, shown = excerpt(text.replace("\n", " ⏎ "), marks)
    out = Text(f"{label} ", style="dim")
    offset = len(out)
    out.append(body)
    for a, b in shown:
        out.stylize(MARK_STYLE, offset + a, offset + b)
    return out


def count_line(findings: list[Finding]) -> str:
    return f"{len(findings)} finding{'' if len(findings) == 1 else 's'}"


def summary_line(findings: list[Finding]) -> str:
    counts = Counter(f.severity for f in findings)
    return ", ".join(f"{counts.get(s, 0)} {s}{'s' if counts.get(s, 0) != 1 else ''}" for s in ("error", "warning", "info"))


def findings_tables(findings: list[Finding], chapter_title: Callable[[str], str]) -> Group:
    """One Rich table per chapter: severity, check, section, and the explained finding."""
    parts: list[Table | Text] = []
    for chapter, items in group_by_chapter(findings).items():
        title = chapter_title(chapter) if chapter else "Outside the numbered rules"
        table = Table(title=rich_text(title), title_justify="left", show_lines=True, expand=True)  # never markup
        table.add_column("sev", no_wrap=True)
        table.add_column("check", no_wrap=True)
        table.add_column("§", no_wrap=True, style="cyan")
        table.add_column("finding", ratio=1, overflow="fold")
        for f in items:
            detail = Text(f.message, style="bold")
            lines: list[Text] = [detail]
            if f.en:
                lines.append(marked_text("EN", f.en, f.en_marks))
            if f.zh:
                lines.append(marked_text("ZH", f.zh, f.zh_marks))
            table.add_row(Text(f.severity, style=SEVERITY_STYLE[f.severity]), Text(f.check), Text(f.section or "–"),
                          Text("\n").join(lines))
        parts.append(table)
    parts.append(Text(f"{count_line(findings)}: {summary_line(findings)}", style="bold"))
    return Group(*parts)


def _md_escape(text: str) -> str:
    for ch in ("\\", "*", "_", "`", "[", "]", "<", ">", "|"):
        text = text.replace(ch, "\\" + ch)
    return text


def _md_marked(text: str, marks: tuple[Span, ...]) -> str:
    body, shown = excerpt(text.replace("\n", " / "), marks, width=600)
    out, last = [], 0
    for a, b in sorted(shown):
        if a < last:
            continue
        out.append(_md_escape(body[last:a]))
        out.append(f"**{_md_escape(body[a:b])}**")
        last = b
    out.append(_md_escape(body[last:]))
    return "".join(out)


def findings_markdown(findings: list[Finding], chapter_title: Callable[[str], str], title: str,
                      check_summaries: dict[str, str]) -> str:
    """A report to send to the publisher: a summary, then the findings by chapter."""
    lines = [f"# {title}", "", f"{count_line(findings)}: {summary_line(findings)}.", ""]
    per_check = Counter((f.check, f.severity) for f in findings)
    if per_check:
        lines += ["| check | severity | count | what it means |", "| --- | --- | --- | --- |"]
        for (check, severity), n in sorted(per_check.items()):
            lines.append(f"| {check} | {severity} | {n} | {_md_escape(check_summaries.get(check, ''))} |")
        lines.append("")
    for chapter, items in group_by_chapter(findings).items():
        lines += [f"## {chapter_title(chapter) if chapter else 'Outside the numbered rules'}", ""]
        for f in items:
            lines.append(f"### {f.section or '–'} · {f.check} · {f.severity}")
            lines += ["", _md_escape(f.message), ""]
            if f.en:
                lines.append(f"- EN: {_md_marked(f.en, f.en_marks)}")
            if f.zh:
                lines.append(f"- ZH: {_md_marked(f.zh, f.zh_marks)}")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"
