"""`pal-judge coverage`: the numbered clauses that some scenario's engine trace cites."""

from __future__ import annotations

import json

import typer
from rich.table import Table
from rich.text import Text

from pal_judge.cli._app import app, console, guarded


@app.command("coverage")
@guarded
def coverage(
    missing: bool = typer.Option(False, "--missing", help="List the clauses no scenario reaches."),
    as_json: bool = typer.Option(False, "--json", help='Print {"overall": {...}, "chapters": {...}, "missing": [...]}.'),
) -> None:
    """Per chapter and overall: how many numbered clauses some scenario applies (an event's primary cite or a
    decision's legal basis); the broad figure (cited anywhere in a trace) alongside."""
    from pal_judge.rulings.coverage import coverage as compute

    result = compute()
    if as_json:
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
        return
    out = console()
    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    for column in ("chapter", "covered", "total", "%"):
        table.add_column(column, justify="right")
    for chapter, counts in result.chapters().items():
        share = 100 * counts["covered"] / counts["total"] if counts["total"] else 0.0
        table.add_row(chapter, str(counts["covered"]), str(counts["total"]), f"{share:.0f}")
    out.print(table)
    overall = result.overall()
    goal = result.overall(set(range(1, 14)) - {2})
    out.print(Text(f"overall {overall['covered']}/{overall['total']} clauses ({100 * overall['covered'] / overall['total']:.1f}%)", style="bold"))
    out.print(Text(f"chapters 1 and 3-13: {goal['covered']}/{goal['total']} ({100 * goal['covered'] / goal['total']:.1f}%)", style="bold"))
    broad = result.to_dict()["broad"]["overall"]
    out.print(Text(f"(counted as primary cites and decisions' legal bases; cited anywhere in a trace: "
                   f"{broad['covered']}/{broad['total']}, {100 * broad['covered'] / broad['total']:.1f}%)"))
    if missing:
        gaps = result.missing()
        out.print(Text(f"\n{len(gaps)} clauses no scenario reaches:", style="bold"))
        out.print(" ".join(gaps), highlight=False)
