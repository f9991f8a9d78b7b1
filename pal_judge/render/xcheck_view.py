"""Views of translation findings: a Rich table per chapter, and a Markdown report."""

from __future__ import annotations

from collections import Counter
from typing import Callable, Iterable

from rich.console import Group
from rich.table import Table
from rich.text import Text

from pal_judge.safe_text import one_line, visible
from pal_judge.xcheck.finding import SEVERITIES, Finding, Span

SEVERITY_STYLE = {"error": "bold red", "warning": "yellow", "info": "dim"}
MARK_STYLE = "bold black on yellow"
EXCERPT = 260  # characters of context shown around the marked tokens


def chapter_of(finding: Finding) -> str:
    return finding.section.split(".")[0] if finding.section else ""


def _chapter_order(chapter: str) -> tuple[int, int]:
    """Chapters in book order; findings outside the numbered rules last."""
    return (0, int(chapter)) if chapter.isdigit() else (1, 0)


def group_by_chapter(findings: Iterable[Finding]) -> dict[str, list[Finding]]:
    """Findings by chapter, chapters in book order, each keeping its findings' order."""
    groups: dict[str, list[Finding]] = {}
    for f in findings:
        groups.setdefault(chapter_of(f), []).append(f)
    return {c: groups[c] for c in sorted(groups, key=_chapter_order)}


def at_least(findings: Iterable[Finding], severity: str) -> list[Finding]:
    """The findings of `severity` or graver (`warning`: errors and warnings)."""
    rank = SEVERITIES.index(severity)  # type: ignore[arg-type]
    return [f for f in findings if SEVERITIES.index(f.severity) <= rank]


def counts_by_check(findings: Iterable[Finding]) -> list[tuple[str, str, int]]:
    """(severity, check, count), gravest first, then by check."""
    counts = Counter((f.severity, f.check) for f in findings)
    return sorted(((s, c, n) for (s, c), n in counts.items()), key=lambda r: (SEVERITIES.index(r[0]), r[1]))  # type: ignore[arg-type]


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
    """The text (made safe to show) with its marked spans highlighted."""
    body, shown = excerpt(text.replace("\n", " ⏎ "), marks)
    out = Text(f"{label} ", style="dim")
    last = 0
    for a, b in sorted(shown):
        if a < last:
            continue
        out.append(visible(body[last:a], None))
        out.append(visible(body[a:b], None), style=MARK_STYLE)
        last = b
    out.append(visible(body[last:], None))
    return out


def count_line(findings: list[Finding]) -> str:
    return f"{len(findings)} finding{'' if len(findings) == 1 else 's'}"


def summary_line(findings: list[Finding]) -> str:
    counts = Counter(f.severity for f in findings)
    return ", ".join(f"{counts.get(s, 0)} {s}{'s' if counts.get(s, 0) != 1 else ''}" for s in ("error", "warning", "info"))


def summary_table(findings: list[Finding], check_summaries: dict[str, str]) -> Table:
    """Counts by severity and check, gravest first: what to read before the findings."""
    table = Table(title=f"Summary: {count_line(findings)}: {summary_line(findings)}", title_justify="left")
    table.add_column("sev", no_wrap=True)
    table.add_column("check", no_wrap=True)
    table.add_column("count", justify="right")
    table.add_column("what it means", ratio=1)
    for severity, check, n in counts_by_check(findings):
        table.add_row(Text(severity, style=SEVERITY_STYLE[severity]), check, str(n), check_summaries.get(check, ""))
    return table


def findings_tables(findings: list[Finding], chapter_title: Callable[[str], str],
                    check_summaries: dict[str, str]) -> Group:
    """The summary, then one Rich table per chapter (book order): severity, check, section, finding."""
    parts: list[Table | Text] = [summary_table(findings, check_summaries)]
    for chapter, items in group_by_chapter(findings).items():
        title = chapter_title(chapter) if chapter else "Outside the numbered rules"
        table = Table(title=Text(one_line(title)), title_justify="left", show_lines=True, expand=True)
        table.add_column("sev", no_wrap=True)
        table.add_column("check", no_wrap=True)
        table.add_column("§", no_wrap=True, style="cyan")
        table.add_column("finding", ratio=1, overflow="fold")
        for f in items:
            lines: list[Text] = [Text(visible(f.message), style="bold")]
            if f.en:
                lines.append(marked_text("EN", f.en, f.en_marks))
            if f.zh:
                lines.append(marked_text("ZH", f.zh, f.zh_marks))
            table.add_row(Text(f.severity, style=SEVERITY_STYLE[f.severity]), f.check, Text(one_line(f.section or "–")),
                          Text("\n").join(lines))
        parts.append(table)
    return Group(*parts)


def md_escape(text: str) -> str:
    text = visible(text, None)
    for ch in ("\\", "*", "_", "`", "[", "]", "<", ">", "|"):
        text = text.replace(ch, "\\" + ch)
    return text


def _md_marked(text: str, marks: tuple[Span, ...]) -> str:
    body, shown = excerpt(text.replace("\n", " / "), marks, width=600)
    out, last = [], 0
    for a, b in sorted(shown):
        if a < last:
            continue
        out.append(md_escape(body[last:a]))
        out.append(f"**{md_escape(body[a:b])}**")
        last = b
    out.append(md_escape(body[last:]))
    return "".join(out)


def findings_markdown(findings: list[Finding], chapter_title: Callable[[str], str], title: str,
                      check_summaries: dict[str, str]) -> str:
    """A report to send to the publisher: a summary, then the findings by chapter (book order)."""
    lines = [f"# {md_escape(title)}", "", f"{count_line(findings)}: {summary_line(findings)}.", ""]
    if findings:
        lines += ["| severity | check | count | what it means |", "| --- | --- | --- | --- |"]
        for severity, check, n in counts_by_check(findings):
            lines.append(f"| {severity} | {check} | {n} | {md_escape(check_summaries.get(check, ''))} |")
        lines.append("")
    for chapter, items in group_by_chapter(findings).items():
        lines += [f"## {md_escape(chapter_title(chapter)) if chapter else 'Outside the numbered rules'}", ""]
        for f in items:
            lines.append(f"### {md_escape(f.section or '–')} · {f.check} · {f.severity}")
            lines += ["", md_escape(f.message), ""]
            if f.en:
                lines.append(f"- EN: {_md_marked(f.en, f.en_marks)}")
            if f.zh:
                lines.append(f"- ZH: {_md_marked(f.zh, f.zh_marks)}")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"
