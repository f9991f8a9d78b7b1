"""`pal-judge align`: review the English→Chinese alignment, lowest confidence first."""

from __future__ import annotations

import json

import typer

from pal_judge.cli._app import app, console, guarded


@app.command("align")
@guarded
def align(
    limit: int = typer.Option(20, "--limit", "-n", min=0, help="Paragraphs to show in the review table (0 = all)."),
    as_json: bool = typer.Option(False, "--json", help="Print the whole alignment, one entry per English paragraph, in order."),
) -> None:
    """Show how the English paragraphs were aligned to the numbered Chinese sections, least confident first:
    English with no clause, then pairs whose texts hardly agree."""
    from pal_judge.corpus import load_corpus
    from pal_judge.render.align_view import align_payload, render_review, reviewed

    book, glossary = load_corpus()
    items = reviewed(book, glossary)
    if as_json:
        typer.echo(json.dumps(align_payload(items), ensure_ascii=False))
        return
    render_review(console(), book, items, limit or None)
