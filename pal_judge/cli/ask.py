"""`pal-judge ask QUESTION`: the ruling that answers it, its clauses in both languages, and its replay."""

from __future__ import annotations

import json

import typer
from rich.panel import Panel
from rich.text import Text

from pal_judge.cli._app import app, console, guarded
from pal_judge.render.wrapping import Wrapped


@app.command("ask")
@guarded
def ask(
    question: list[str] = typer.Argument(..., help="The question, in English or Chinese."),
    no_replay: bool = typer.Option(False, "--no-replay", help="Do not replay the ruling's scenario."),
    as_json: bool = typer.Option(False, "--json", help="Print ruling (id or null), cites (most decisive first) and matches."),
    limit: int = typer.Option(5, "--limit", "-n", help="How many rulings and sections to consider."),
) -> None:
    """Answer a rules question from the rulings and the rulebook (searched through the Whoosh index)."""
    from pal_judge.rulings.ask import ask as find_answer
    from pal_judge.rulings.texts import ruling_texts

    if limit < 1:
        from pal_judge.errors import UserError

        raise UserError(f"--limit must be at least 1 (got {limit})")
    query = " ".join(question)
    answer = find_answer(query, ruling_texts(), limit=limit)
    run = None
    if answer.ruling is not None and not no_replay:
        from pal_judge.rulings.loader import load_rulings
        from pal_judge.scenarios import run_scenario

        run = run_scenario(next(r.scenario for r in load_rulings() if r.id == answer.ruling.id))
    if as_json:
        data = answer.to_dict()
        if run is not None:
            data["replay"] = {"ok": run.ok, "error": run.error,
                              "expectations": [e.to_dict() for e in run.expectations],
                              "events": run.events}
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    out = console()
    if answer.ruling is None:
        out.print(Text("No ruling answers this well. The most relevant sections:", style="bold yellow"))
        for hit in answer.sections:
            out.print(Wrapped(_clause(hit.section, hit.en, hit.zh, hit.heading)))
        if not answer.sections:
            out.print(Text("(no section matches either)", style="dim"))
        _others(out, answer, skip=None)
        return
    ruling = answer.ruling
    body = Text()
    body.append(ruling.question_en + "\n", style="bold")
    if ruling.question_zh:
        body.append(ruling.question_zh + "\n", style="bold")
    body.append("\n" + ruling.answer_en + "\n")
    if ruling.answer_zh:
        body.append("\n" + ruling.answer_zh + "\n")
    source = ruling.source
    body.append(f"\nsource: {source.kind} {source.ref} ({source.date.isoformat()})", style="dim")
    if ruling.follows:
        body.append(f" · where the texts disagree this follows the {'Chinese' if ruling.follows == 'zh' else 'English'}", style="dim")
    out.print(Panel(Wrapped(body), title=f"ruling {ruling.id}", title_align="left", border_style="green"))
    _cited_clauses(out, ruling.cites)
    if run is not None:
        from pal_judge.render.replay_view import replay_view

        out.print(Text("\nReplay", style="bold"))
        out.print(replay_view(run, show_board=False))
    _others(out, answer, skip=ruling.id)


def _clause(number: str, en: str, zh: str, heading: str = "") -> Text:
    text = Text()
    text.append(number, style="bold cyan")
    if heading:
        text.append(f"  {heading}", style="dim")
    text.append("\n  " + (zh or "(no Chinese text)"))
    text.append("\n  " + (en or "(no English translation)"), style="italic")
    return text


def _cited_clauses(out: object, cites: tuple[str, ...]) -> None:
    from pal_judge.corpus import load_rulebook

    rulebook = load_rulebook()
    out.print(Text("Clauses (most decisive first)", style="bold"))  # type: ignore[attr-defined]
    for number in cites:
        section = rulebook.get(number)
        if section is None:
            out.print(Text(f"{number}  (not in the rulebook)", style="red"))  # type: ignore[attr-defined]
            continue
        out.print(Wrapped(_clause(number, section.en, section.zh)))  # type: ignore[attr-defined]


def _others(out: object, answer: object, skip: str | None) -> None:
    others = [m for m in answer.matches if m.kind == "ruling" and m.key != skip]  # type: ignore[attr-defined]
    if not others:
        return
    out.print(Text("\nNext best rulings", style="bold"))  # type: ignore[attr-defined]
    for match in others[:4]:
        out.print(Text(f"  {match.key}", style="bold") + Text(f"  {match.title}", style="dim"))  # type: ignore[attr-defined]
