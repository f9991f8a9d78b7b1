"""`pal-judge simulate`: seeded random games between two generated legal decks."""

from __future__ import annotations

import json

import typer

from pal_judge.cli._app import app, console, guarded
from pal_judge.errors import UserError

PROGRESS_FROM = 50  # show a progress bar for runs of at least this many games


@app.command("simulate")
@guarded
def simulate_cmd(
    games: int = typer.Option(100, "--games", "-n", help="How many games to play."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed of the first game (game i uses seed+i)."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Play seeded random games with the rules engine and report results and speed."""
    if games < 1:
        raise UserError("--games must be at least 1")
    from pal_judge.engine.simulate import simulate

    out = console()
    if games >= PROGRESS_FROM and not as_json:
        from rich.progress import Progress

        with Progress(console=out, transient=True) as progress:
            task = progress.add_task("playing games", total=games)
            report = simulate(games, seed, progress=lambda done: progress.update(task, completed=done))
    else:
        report = simulate(games, seed)
    data = report.to_dict()
    if as_json:
        print(json.dumps(data, sort_keys=True))
        return
    from rich.table import Table

    table = Table(title=f"simulate: seed {seed}", show_header=False)
    table.add_row("games", str(data["games"]))
    table.add_row("turns", str(data["turns"]))
    table.add_row("events", str(data["events"]))
    for key, n in sorted(data["results"].items()):
        table.add_row(f"result: {key}", str(n))
    table.add_row("games per second", f"{data['games_per_second']:.1f}")
    table.add_row("events per second", f"{data['events_per_second']:.0f}")
    out.print(table)
