"""`pal-judge export-html DIR`: write the offline bilingual rulebook site."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from rich.text import Text

from pal_judge.cli._app import app, console, guarded, warn


@app.command("export-html")
@guarded
def export_html(
    directory: Path = typer.Argument(..., help="Folder to write the site into (created if missing)."),
    as_json: bool = typer.Option(False, "--json", help="Print the export report as JSON."),
    diff: Optional[tuple[Path, Path]] = typer.Option(None, "--diff", metavar="OLD NEW",
                                                     help="Also write diff.html: the changes from rules folder OLD to NEW."),
) -> None:
    """Write a static site (rulebook EN+ZH, search, glossary, rulings with replays) that works offline from file://."""
    from pal_judge.html import export_site

    extra = None
    if diff is not None:
        from pal_judge.diff import diff_folders
        from pal_judge.html.diff_page import render_diff

        extra = {"diff.html": render_diff(diff_folders(*diff))}
    report = export_site(directory, extra=extra)
    if as_json:
        typer.echo(json.dumps(report.to_dict(), ensure_ascii=False, indent=2))
        return
    out = console()
    out.print(Text(
        f"Wrote {len(report.files)} files, {report.bytes / 1024:.0f} KiB, to {report.directory} "
        f"in {report.seconds:.2f} s: {report.sections} sections, {report.terms} glossary terms, "
        f"{report.rulings} rulings, {report.covered_sections} sections exercised by scenarios, "
        f"{report.findings} translation findings."),  # Text: the folder's name is never markup
        highlight=False,
    )
    for problem in report.problems:
        warn(problem)
    out.print(Text(f"Open {(report.directory / 'index.html').resolve().as_uri()}"), highlight=False, soft_wrap=True)
