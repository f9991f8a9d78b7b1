"""`pal-judge index [--rebuild]`: build the search index explicitly and say what was done."""

from __future__ import annotations

import time

import typer
from rich.text import Text

from pal_judge.cli._app import app, console, guarded


@app.command("index")
@guarded
def index(
    rebuild: bool = typer.Option(False, "--rebuild", help="Rebuild even when the cached index is up to date."),
) -> None:
    """Build (or check) the full-text search index of the rulebook."""
    from pal_judge.search import build_section_index

    started = time.perf_counter()
    opened = build_section_index(rebuild=rebuild)
    elapsed = time.perf_counter() - started
    where = str(opened.location) if opened.location else "memory (the cache folder is not writable)"
    out = console()
    if opened.built:
        out.print(Text(
            f"Built the search index: {opened.doc_count} sections in {opened.build_seconds:.2f} s "
            f"({elapsed:.2f} s in all)\n  at {where}"),  # Text: the folder's name is never markup
            highlight=False,
        )
    else:
        out.print(Text(
            f"The search index is up to date: {opened.doc_count} sections, opened in {elapsed:.2f} s\n"
            f"  at {where} (--rebuild to build it again)"),
            highlight=False,
        )
