"""`pal-judge xcheck`: where the English translation and the Chinese rulebook disagree."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from pal_judge.cli._app import app, console, guarded
from pal_judge.errors import UserError

if TYPE_CHECKING:
    from pal_judge.corpus import Glossary, Rulebook
    from pal_judge.xcheck import Finding


@app.command("xcheck")
@guarded
def xcheck(
    section: Optional[str] = typer.Option(None, "--section", "-s", help="Check one subtree only, e.g. 2.1."),
    check: Optional[list[str]] = typer.Option(None, "--check", "-c", help="Run only this check (repeatable)."),
    as_json: bool = typer.Option(False, "--json", help="Print the findings as a JSON list."),
    fmt: str = typer.Option("table", "--format", "-f", help="table, markdown or json."),
    severity: Optional[str] = typer.Option(None, "--severity", help="Show only findings of this severity or graver: "
                                           "error, warning or info."),
    strict: bool = typer.Option(False, "--strict", help="Exit 1 when any finding has severity error."),
    guide: Optional[Path] = typer.Option(None, "--guide", help="Check a secondary text (e.g. rules/guide_en.txt) "
                                         "against the sections its Authority: lines cite."),
    list_checks: bool = typer.Option(False, "--list-checks", help="List the checks and exit."),
    all_checks: bool = typer.Option(False, "--all", help="Also run the review-only checks (negation, condition, "
                                    "quantifier, exception, equality on one side only)."),
) -> None:
    """Cross-check the translation clause by clause (numbers, references, terms, roles, missing text)."""
    from pal_judge.corpus import load_corpus
    from pal_judge.xcheck import CHECKS
    from pal_judge.xcheck.guide import GUIDE_CHECKS

    from pal_judge.safe_text import one_line
    from pal_judge.xcheck.finding import SEVERITIES

    fmt = "json" if as_json else fmt.lower()
    if fmt not in ("table", "markdown", "json"):
        raise UserError(f"unknown format {one_line(fmt)!r}; use table, markdown or json")
    if severity is not None and severity not in SEVERITIES:
        raise UserError(f"unknown severity {one_line(severity)!r}; use {', '.join(SEVERITIES)}")
    summaries = {c.id: c.summary for c in CHECKS} | {g: summary for g, (_, summary) in GUIDE_CHECKS.items()}
    if list_checks:
        severities = {c.id: c.severity for c in CHECKS} | {g: severity for g, (severity, _) in GUIDE_CHECKS.items()}
        review_only = {c.id for c in CHECKS if not c.default}
        for check_id, text in summaries.items():
            note = " (review-only: --all or --check)" if check_id in review_only else ""
            console().print(f"[bold]{check_id}[/]  {severities[check_id]}: {text}{note}", highlight=False)
        return
    rulebook, glossary = load_corpus()
    if section is not None:
        from pal_judge.corpus.lookup import existing_number

        section = existing_number(rulebook, section)
    if guide is not None:
        findings = _guide_findings(rulebook, glossary, guide, section, check)
        title = f"Quick-start guide check: {guide.name}"
    else:
        from pal_judge.xcheck import run_checks

        wanted = check or ([c.id for c in CHECKS] if all_checks else None)
        findings = run_checks(rulebook, glossary, section=section, checks=wanted)
        title = "Translation cross-check: English against the Chinese Comprehensive Rules"
    if severity is not None:
        from pal_judge.render.xcheck_view import at_least

        findings = at_least(findings, severity)
    _print(findings, fmt, title, rulebook, summaries)
    if strict and any(f.severity == "error" for f in findings):
        raise typer.Exit(code=1)


def _guide_findings(rulebook: "Rulebook", glossary: "Glossary", path: Path, section: str | None,
                    checks: list[str] | None) -> list["Finding"]:
    from pal_judge.xcheck.guide import GUIDE_CHECK_IDS, check_guide
    from pal_judge.xcheck.units import in_subtree

    if checks:
        unknown = [c for c in checks if c not in GUIDE_CHECK_IDS]
        if unknown:
            raise UserError(f"unknown guide check {', '.join(unknown)}; known: {', '.join(GUIDE_CHECK_IDS)}")
    from pal_judge.textfiles import read_utf8

    from pal_judge.corpus.model import number_key

    text = read_utf8(path)
    found = check_guide(rulebook, glossary, text, path.name, tuple(checks) if checks else None)
    found.sort(key=lambda f: number_key(f.section) if f.section else (0,))  # book order, as the main report
    return [f for f in found if section is None or in_subtree(f.section, section)]


def _print(findings: list["Finding"], fmt: str, title: str, rulebook: "Rulebook", summaries: dict[str, str]) -> None:
    from pal_judge.render.xcheck_view import findings_markdown, findings_tables

    if fmt == "json":
        typer.echo(json.dumps([f.to_dict() for f in findings], ensure_ascii=False, indent=2))
        return

    def chapter_title(chapter: str) -> str:
        found = rulebook.get(chapter)
        if found is None:
            return f"Chapter {chapter}"
        names = " · ".join(n for n in (found.title_en, found.title_zh) if n)
        return f"Chapter {chapter}  {names}"

    if fmt == "markdown":
        from pal_judge.safe_text import visible

        typer.echo(visible(findings_markdown(findings, chapter_title, title, summaries), None), nl=False)  # rules text
        return
    if not findings:
        console().print("No findings.", style="green")
        return
    console().print(findings_tables(findings, chapter_title, summaries))
