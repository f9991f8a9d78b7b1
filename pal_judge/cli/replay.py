"""`pal-judge replay FILE-or-ID`: run a scenario through the engine and show it step by step."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Optional

import typer
from rich.text import Text

from pal_judge.cli._app import app, console, guarded
from pal_judge.errors import UserError
from pal_judge.safe_text import one_line, rich_text


@app.command("replay")
@guarded
def replay(
    target: str = typer.Argument(..., help="A ruling id, a ruling file holding one ruling, or a scenario file."),
    as_json: bool = typer.Option(False, "--json", help="Print the full trace (every event with its cites) and each expectation's outcome."),
    save_at: Optional[tuple[int, Path]] = typer.Option(
        None, "--save-at", metavar="STEP FILE", help="Write the board after STEP (0 = the set-up) as a new scenario in FILE."
    ),
    no_board: bool = typer.Option(False, "--no-board", help="Show only the actions, events and expectations."),
) -> None:
    """Replay a scenario: each step's action, the board after it and the clauses cited. Exit 1 if an expectation fails."""
    from pal_judge.render.replay_view import replay_view
    from pal_judge.rulings.find import resolve
    from pal_judge.scenarios import run_scenario

    scenario, ruling = resolve(target)
    run = run_scenario(scenario, keep_states=save_at is not None)
    if save_at is not None:
        _save(run, save_at)
    if as_json:
        data = run.to_dict()
        if ruling is not None:
            data["ruling"] = ruling.to_dict()
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
    elif save_at is None:  # with --save-at the new file is what was asked for: the replay is not printed again
        out = console()
        if ruling is not None:
            out.print(rich_text(ruling.id, "bold") + Text("  ") + rich_text(ruling.question_en), highlight=False)
        elif scenario.description:
            out.print(rich_text(scenario.description), highlight=False)
        out.print(replay_view(run, show_board=not no_board))
    if not run.ok:
        raise typer.Exit(code=1)


def _save(run: "object", save_at: tuple[int, Path]) -> None:
    from pal_judge.scenarios.save import saved_document, write_scenario

    step, path = save_at
    steps = run.steps  # type: ignore[attr-defined]
    if not any(s.index == step for s in steps):
        raise UserError(f"--save-at {step}: the replay has steps 0 to {steps[-1].index}")
    write_scenario(path, saved_document(run, step))  # type: ignore[arg-type]
    saved = Text.assemble(f"wrote the game after step {step} to ", rich_text(one_line(path)),
                          "; replay it with: pal-judge replay ", rich_text(one_line(shlex.quote(str(path)))))
    console().print(saved, highlight=False)
