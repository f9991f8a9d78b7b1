"""`pal-judge why-not FILE-or-ID`: each `attempt:` of a scenario, answered by the rules' legality test.

"step 3: can B block Lamball now? no, because 12.11.2: Raider has Stealth: it cannot be blocked".
"""

from __future__ import annotations

import typer
from rich.text import Text

from pal_judge.cli._app import app, console, guarded
from pal_judge.errors import UserError
from pal_judge.safe_text import rich_text


def answer_sentence(subject: str, verdict: str) -> str:
    """`B: block Lamball` + `refused by 12.11.2: …` -> `can B block Lamball now? no, because 12.11.2: …`."""
    player, _, action = subject.partition(": ")
    if verdict.startswith("refused by "):
        return f"can {player} {action} now? no, because {verdict.removeprefix('refused by ')}"
    return f"can {player} {action} now? yes, {verdict}"


@app.command("why-not")
@guarded
def why_not(
    target: str = typer.Argument(..., help="A ruling id, a ruling file holding one ruling, or a scenario file with attempt: steps."),
) -> None:
    """Why the rules refuse each attempted action of a scenario (its `attempt:` steps), and what would allow it."""
    from pal_judge.rulings.find import resolve
    from pal_judge.scenarios import run_scenario

    scenario, _ = resolve(target)
    if not any(step.action == "attempt" for step in scenario.steps):
        raise UserError(f"{scenario.where}: the scenario has no 'attempt:' step to explain (rulings/README.md)")
    run = run_scenario(scenario)
    out = console()
    for result in run.expectations:
        if result.expectation.kind != "refused":
            continue
        mark = Text("✓ " if result.ok else "✗ ", style="bold green" if result.ok else "bold red")
        out.print(mark + Text(f"step {result.step}: ") + rich_text(answer_sentence(result.expectation.subject, result.actual)),
                  highlight=False)
    if run.error:
        out.print(rich_text(f"✗ {run.error}", "bold red"), highlight=False)
