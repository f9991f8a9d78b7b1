"""`pal-judge diff OLD NEW`: what changed between two versions of the rulebook, and the rulings at risk."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from pal_judge.cli._app import app, console, guarded
from pal_judge.errors import UserError

FORMATS = ("table", "markdown", "json")


@app.command("diff")
@guarded
def diff(
    old: Path = typer.Argument(..., help="The old rules folder (zh.txt and en.txt, as in rules/)."),
    new: Path = typer.Argument(..., help="The new rules folder."),
    rulings: bool = typer.Option(False, "--rulings", help="Replay every ruling against NEW: list those at risk, with the fix."),
    as_json: bool = typer.Option(False, "--json", help="Print the changes as a JSON list (with --rulings: "
                                 "an object with 'changes' and 'rulings_at_risk')."),
    fmt: str = typer.Option("table", "--format", "-f", help="table, markdown or json."),
) -> None:
    """Clauses added, removed, changed (word diff; Chinese by character) and moved, in both languages, paired
    by content; cross-references the renumbering affects; with --rulings, the rulings to fix."""
    from pal_judge.diff import diff_folders

    fmt = "json" if as_json else fmt.lower()
    if fmt not in FORMATS:
        raise UserError(f"unknown format {fmt!r}; use {', '.join(FORMATS)}")
    report = diff_folders(old, new)
    risks = None
    if rulings:
        from pal_judge.diff.at_risk import rulings_at_risk

        risks = rulings_at_risk(report)
    if fmt == "json":
        changes = [c.to_dict() for c in report.changes]
        data = changes if risks is None else {"changes": changes, "rulings_at_risk": [r.to_dict() for r in risks[0]]}
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
    elif fmt == "markdown":
        from pal_judge.diff.markdown import diff_markdown

        typer.echo(diff_markdown(report, risks), nl=False)
    else:
        from pal_judge.render.diff_view import diff_view, rulings_view

        out = console()
        out.print(diff_view(report))
        if risks is not None:
            out.print(rulings_view(*risks))
