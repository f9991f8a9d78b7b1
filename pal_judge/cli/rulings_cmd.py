"""`pal-judge rulings check` and `pal-judge rulings list`."""

from __future__ import annotations

import json
from typing import Optional

import typer
from rich.text import Text

from pal_judge.cli._app import app, console, guarded, warn
from pal_judge.safe_text import one_line, visible

rulings_app = typer.Typer(help="The rulings database: list it, check that every ruling holds.", no_args_is_help=True)
app.add_typer(rulings_app, name="rulings")


@rulings_app.command("check")
@guarded
def check(
    as_json: bool = typer.Option(False, "--json", help="Print one report per ruling as JSON."),
    fresh: bool = typer.Option(False, "--fresh", help="Rerun every scenario even if the cached outcome is current."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="List every ruling, not only the failing ones."),
) -> None:
    """Run every ruling's scenario: expectations hold, cited sections exist and appear in the trace. Exit 1 on failure."""
    from pal_judge.rulings.check import check_rulings
    from pal_judge.rulings.coverage import zh_sections
    from pal_judge.rulings.loader import load_rulings
    from pal_judge.rulings.runs import run_all

    broken: list[str] = []  # rulings that could not even be loaded: left out of the run, and a failure
    rulings = load_rulings(skip=broken.append)
    summaries = run_all(rulings, use_cache=not fresh)
    reports = check_rulings(rulings, summaries, {s.number for s in zh_sections()})
    failed = [r for r in reports if not r.ok]
    if as_json:
        typer.echo(json.dumps({"rulings": len(reports), "failed": len(failed), "reports": [r.to_dict() for r in reports],
                               "broken": broken}, ensure_ascii=False, indent=2))
    else:
        out = console()
        for report in reports:
            if report.ok and not verbose and not report.warnings:
                continue
            mark = Text("✓ ", style="bold green") if report.ok else Text("✗ ", style="bold red")
            where = f"{report.ruling.file}:{report.ruling.where.line}"  # file text below: visible, never markup
            out.print(mark + Text(one_line(report.ruling.id), style="bold") + Text(f"  {one_line(where)}", style="dim"))
            if report.known_engine_issue:
                out.print(Text(f"    known engine issue: {visible(report.ruling.engine_issue)}", style="yellow"))
            for problem in report.problems:
                out.print(Text(f"    {visible(problem)}", style="red"))
            for warning in report.warnings:
                out.print(Text(f"    warning: {visible(warning)}", style="yellow"))
            for note in report.notes:
                out.print(Text(f"    note: {visible(note)}", style="dim"))
        style = "bold green" if not failed else "bold red"
        known = sum(r.known_engine_issue for r in reports)
        suffix = f" ({known} of the failures are known engine issues, marked engine_issue)" if known else ""
        for problem in broken:
            out.print(Text("✗ ", style="bold red") + Text(f"left out: {one_line(problem)}", style="red"))
        out.print(Text(f"{len(reports) - len(failed)} of {len(reports)} rulings hold{suffix}", style=style))
        if broken:
            out.print(Text(f"{len(broken)} broken rulings left out", style="bold red"))
    if failed or broken:
        raise typer.Exit(code=1)


@rulings_app.command("list")
@guarded
def list_rulings(
    tag: Optional[str] = typer.Option(
        None, "--tag", "-t", help="Only rulings with this tag (any case), or whose boards use the card it names."
    ),
    card: Optional[str] = typer.Option(
        None, "--card", "-c", help="Only rulings whose boards use this card (any case, a unique beginning, a near spelling)."
    ),
    section: Optional[str] = typer.Option(None, "--section", "-s", help="Only rulings citing this section or one under it."),
    as_json: bool = typer.Option(False, "--json", help="Print the rulings as JSON."),
) -> None:
    """List the rulings: id, question, cited sections, tags."""
    from pal_judge.rulings.loader import load_rulings

    rulings = load_rulings(skip=warn)  # a broken ruling is reported, the others listed
    if tag:
        rulings = _with_tag_or_card(rulings, tag)
    if card:
        from pal_judge.cards.catalogue import catalogue
        from pal_judge.cards.lookup import rulings_using

        using = rulings_using(catalogue(), card)
        rulings = [r for r in rulings if r.id in using]
    if section:
        from pal_judge.corpus.lookup import existing_number
        from pal_judge.corpus.model import Rulebook
        from pal_judge.rulings.coverage import zh_sections

        number = existing_number(Rulebook(tuple(zh_sections())), section)
        rulings = [r for r in rulings if any(c == number or c.startswith(number + ".") for c in r.cites)]
    if as_json:
        typer.echo(json.dumps([r.to_dict() for r in rulings], ensure_ascii=False, indent=2))
        return
    out = console()
    for r in rulings:
        line = Text(one_line(r.id), style="bold")  # ruling text: visible, never markup
        line.append("  " + " ".join(r.cites[:4]) + (" …" if len(r.cites) > 4 else ""), style="cyan")
        if r.tags:
            line.append("  " + one_line(", ".join(r.tags)), style="dim")
        out.print(line)
        out.print(Text("    " + one_line(r.question_en)), overflow="ellipsis", no_wrap=True)
    out.print(Text(f"{len(rulings)} rulings", style="dim"))


def _with_tag_or_card(rulings: list, tag: str) -> list:  # type: ignore[type-arg]
    """The rulings tagged `tag` (any case); when no ruling has that tag, the rulings whose
    boards use the card it names (`--tag grizzbolt`), else one line saying neither was found."""
    from pal_judge.cards.catalogue import catalogue
    from pal_judge.cards.lookup import rulings_using
    from pal_judge.errors import UserError

    wanted = tag.strip().lower()
    tagged = [r for r in rulings if wanted in (t.lower() for t in r.tags)]
    if tagged:
        return tagged
    try:
        using = rulings_using(catalogue(), tag)
    except UserError as err:
        raise UserError(f"no ruling has the tag {tag!r}, and {err}") from None
    return [r for r in rulings if r.id in using]
