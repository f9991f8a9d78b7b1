"""`pal-judge card NAME`: a card the rulings use (or of your own list), its data in words and
the rulings whose boards use it."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.panel import Panel
from rich.text import Text

from pal_judge.cli._app import app, console, guarded
from pal_judge.safe_text import one_line, rich_text


@app.command("card")
@guarded
def card(
    name: list[str] = typer.Argument(None, help="A card name: any case, a unique beginning, or a near spelling."),
    cards_file: Path = typer.Option(
        None, "--cards", help="Your own card list (same format as a rulings file's cards:); default $PAL_JUDGE_CARDS."
    ),
    list_all: bool = typer.Option(False, "--list", help="List every card."),
    as_json: bool = typer.Option(False, "--json", help="Print the card (or the list) as JSON."),
) -> None:
    """Show a card: type, cost, power, strike, keywords, abilities, and the rulings using it."""
    from pal_judge.cards.catalogue import catalogue
    from pal_judge.cards.lookup import find_cards
    from pal_judge.cards.words import summary
    from pal_judge.errors import UserError

    cards = catalogue(cards_file)
    if list_all or not name:
        if not list_all:
            raise UserError("give a card name, such as Grizzbolt (or --list for every card)")
        if as_json:
            typer.echo(json.dumps([_to_json(c) for c in cards], ensure_ascii=False, indent=2))
            return
        out = console()
        from pal_judge.render.answer_view import labelled_line

        for found in sorted(cards, key=lambda c: c.name.lower()):
            out.print(labelled_line(found.name, summary(found)))
        return
    found = find_cards(cards, " ".join(name))
    if as_json:
        typer.echo(json.dumps([_to_json(c) for c in found], ensure_ascii=False, indent=2))
        return
    out = console()
    for definition in found:
        out.print(_card_panel(definition, len(found)))
        _rulings_using(out, definition.rulings)


def _card_panel(found, definitions: int) -> Panel:  # type: ignore[no-untyped-def]
    from pal_judge.cards.words import abilities_text, summary

    body = Text()
    body.append_text(rich_text(summary(found), "bold", limit=300))
    if found.aliases:
        body.append("\nalso named: ", style="dim")
        body.append_text(rich_text(", ".join(found.aliases), limit=300))
    for line in abilities_text(found):
        body.append("\n• ")
        body.append_text(rich_text(line, limit=600))
    body.append(f"\ndefined at {one_line(', '.join(found.defined_at), 300)}", style="dim")
    if definitions > 1:
        body.append(f"  (one of {definitions} definitions of this name)", style="yellow")
    return Panel(body, title=Text(f"card {one_line(found.name, 80)}"), title_align="left", border_style="cyan")  # never markup


def _rulings_using(out, ids: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    if not ids:
        out.print(Text("No ruling's board uses this definition.", style="dim"))
        return
    from pal_judge.render.answer_view import labelled_line
    from pal_judge.rulings.texts import ruling_texts

    questions = {r.id: r.question_en for r in ruling_texts()}
    out.print(Text(f"Rulings whose boards use it ({len(ids)})", style="bold"))
    for ruling_id in ids:
        out.print(labelled_line(ruling_id, questions.get(ruling_id, "")))


def _to_json(found) -> dict:  # type: ignore[no-untyped-def]
    from pal_judge.cards.words import abilities_text

    return {"name": found.name, "type": found.type, "data": found.data, "abilities_in_words": abilities_text(found),
            "also_named": list(found.aliases), "defined_at": found.defined_at, "rulings": list(found.rulings)}
