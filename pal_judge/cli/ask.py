"""`pal-judge ask QUESTION`: the answer first (how sure, its decisive clauses), then its replay."""

from __future__ import annotations

import json
from typing import Any, Callable

import typer
from rich.text import Text

from pal_judge.cli._app import app, console, guarded
from pal_judge.render.wrapping import Wrapped
from pal_judge.safe_text import one_line


@app.command("ask")
@guarded
def ask(
    question: list[str] = typer.Argument(..., help="The question, in English or Chinese (simplified or traditional)."),
    no_replay: bool = typer.Option(False, "--no-replay", help="Do not replay the ruling's scenario."),
    brief: bool = typer.Option(False, "--brief", help="Only the answer, how sure it is, and the clause numbers."),
    full: bool = typer.Option(False, "--full", help="Every cited clause and every step of the replay."),
    as_json: bool = typer.Option(
        False, "--json", help="Print ruling (id or null), confidence, did_you_mean, declined, cites and matches."
    ),
    limit: int = typer.Option(5, "--limit", "-n", help="How many rulings and sections to consider."),
) -> None:
    """Answer a rules question from the rulings and the rulebook, saying how sure the answer is."""
    from pal_judge.errors import UserError
    from pal_judge.rulings.ask import ask as find_answer
    from pal_judge.rulings.texts import ruling_texts

    if limit < 1:
        raise UserError(f"--limit must be at least 1 (got {limit})")
    if brief and full:
        raise UserError("--brief and --full contradict each other: choose one")
    answer = find_answer(" ".join(question), ruling_texts(), limit=limit)
    run = None
    if answer.ruling is not None and not (no_replay or brief):
        run = _replay(answer.ruling.id, every_step=full and not as_json)  # broken files: reported by ruling_texts
    if as_json:
        data = answer.to_dict()
        if run is not None:
            data["replay"] = run.to_dict()
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    _show(answer, run, brief, full)


def _replay(ruling_id: str, every_step: bool):  # type: ignore[no-untyped-def]
    """The ruling's replay: its cached transcript (events and expectations), or with `every_step`
    (`--full` shows each step's board) the engine's run."""
    if not every_step:
        from pal_judge.rulings.replays import replay_transcript

        return replay_transcript(ruling_id)
    from pal_judge.rulings.find import load_ruling_by_id
    from pal_judge.scenarios import run_scenario

    return run_scenario(load_ruling_by_id(ruling_id).scenario)


def _clause_texts(searcher: Any) -> Callable[[str], tuple[str, str] | None]:
    """A clause's English and Chinese, read from the rulebook index the answer was found with
    (`searcher`; the rulebook itself is loaded only for a heading, or a number the index does not
    hold)."""

    def texts(number: str) -> tuple[str, str] | None:
        found = searcher.clause_texts(number)
        if found is not None:
            return found
        from pal_judge.corpus import load_rulebook

        section = load_rulebook().get(number)
        return None if section is None else (section.en, section.zh)

    return texts


def _show(answer, run, brief: bool, full: bool) -> None:  # type: ignore[no-untyped-def]
    from pal_judge.render import answer_view as view

    out = console()
    if answer.declined is not None:
        out.print(view.declined_view(answer))
        return
    if answer.ruling is None:
        out.print(Text("No ruling answers this well. ", style="bold yellow") + view.confidence_line(answer))
        if not brief:
            out.print(Text("The most relevant sections:", style="bold"))
            for hit in answer.sections:
                out.print(Wrapped(view.clause(hit.section, hit.en, hit.zh, hit.heading)))
            if not answer.sections:
                out.print(Text("(no section matches either)", style="dim"))
        else:
            out.print(Text("sections: " + " ".join(h.section for h in answer.sections), style="cyan"))
        others = view.others_view(answer, skip=None)
        if others is not None:
            out.print(others)
        return
    if answer.candidates and not brief:
        out.print(view.confidence_line(answer))
        out.print(view.candidates_view(answer))
        return
    out.print(view.ruling_panel(answer.ruling, answer, brief))
    if brief:
        if answer.candidates:
            out.print(Text("did you mean: " + " / ".join(one_line(r.id, 80) for r in answer.candidates), style="yellow"))
        return
    from pal_judge.search import section_searcher

    searcher = section_searcher()  # the clauses' texts and the rulebook's words (no card nicknames)
    out.print(view.clauses_view(answer.ruling.cites, _clause_texts(searcher), full))
    if run is not None:
        if full:
            from pal_judge.render.replay_view import replay_view

            out.print(Text("\nReplay", style="bold"))
            out.print(replay_view(run, show_board=False))
        else:
            out.print(view.replay_summary(run, answer.ruling.cites[:view.DECISIVE]))
    others = view.others_view(answer, skip=answer.ruling.id)
    if others is not None:
        out.print(others)
    cards = view.named_cards_view(answer.query, searcher.knows)
    if cards is not None:
        out.print(cards)
