"""`pal-judge readings [SECTION]`: the readings pal-judge takes where the rulebook is silent."""

from __future__ import annotations

import json

import typer

from pal_judge.cli._app import app, console, guarded
from pal_judge.errors import UserError


@app.command("readings")
@guarded
def readings(
    section: str = typer.Argument(None, help="Only the readings about this section or its sub-clauses (11.5, §12.12.2)."),
    lang: str = typer.Option("both", "--lang", "-l", help="Text to show: en, zh or both."),
    as_json: bool = typer.Option(False, "--json", help="Print the readings as JSON: [{id, clauses, en, zh}]."),
) -> None:
    """The readings pal-judge takes where the rulebook is silent or leaves a choice; rulings follow them."""
    from pal_judge.corpus.readings import load_readings
    from pal_judge.render.readings_view import render_readings
    from pal_judge.render.rule_view import LANGS

    if lang not in LANGS:
        raise UserError(f"--lang must be one of {', '.join(LANGS)}, not {lang!r}")
    chosen, about = list(load_readings()), "any section"
    if section is not None:
        from pal_judge.corpus import load_rulebook
        from pal_judge.corpus.lookup import existing_number

        about = existing_number(load_rulebook(), section)
        chosen = [r for r in chosen if any(c == about or c.startswith(about + ".") for c in r.clauses)]
    if as_json:
        typer.echo(json.dumps([r.to_dict() for r in chosen], ensure_ascii=False, indent=2))
    elif not chosen:
        console().print(f"No reading concerns {about}: the rulebook's text decides it.", highlight=False, markup=False)
    else:
        render_readings(console(), chosen, lang)
