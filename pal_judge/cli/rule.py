"""`pal-judge rule NUMBER|TERM`: a section, EN and ZH side by side, from the cached rulebook.

Kept fast: imports only typer, rich and the light corpus modules; the rulebook is
read from its JSON cache (never re-aligned per call) and whoosh is never imported.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import typer

from pal_judge.cli._app import app, console, guarded
from pal_judge.errors import UserError

if TYPE_CHECKING:
    from pal_judge.corpus.model import Rulebook
    from pal_judge.corpus.readings import Reading


@app.command("rule")
@guarded
def rule(
    query: list[str] = typer.Argument(..., help="A section number (9.6.3, §9.6.3, CR 9.6.3) or a keyword/term (Taunt, 挑衅)."),
    lang: str = typer.Option("both", "--lang", "-l", help="Text to show: en, zh or both."),
    depth: int = typer.Option(None, "--depth", "-d", min=0, help="Levels of sub-clauses to show (default: all)."),
    as_json: bool = typer.Option(False, "--json", help="Print the section as JSON: its text, sub-clauses, cross-references, previous/next, scenarios, translation findings and readings."),
    replay: bool = typer.Option(False, "--replay", help="Also replay the first scenario whose run cites this section."),
) -> None:
    """Show a section of the Comprehensive Rules with its sub-clauses, in English and Chinese."""
    from pal_judge.corpus import load_corpus
    from pal_judge.corpus.lookup import resolve
    from pal_judge.render.rule_view import LANGS, render_rule, rule_payload

    if lang not in LANGS:
        raise UserError(f"--lang must be one of {', '.join(LANGS)}, not {lang!r}")
    text = " ".join(query)
    book, glossary = load_corpus()
    found = resolve(book, glossary, text)
    scenarios = _linked_scenarios(found.section.number, strict=replay)
    payload = rule_payload(book, found.section, query=text, term=found.term, depth=depth, lang=lang, scenarios=scenarios,
                           glossary=glossary)
    readings = _readings_about(book, found.section.number)
    if as_json:
        unwanted = set() if lang == "both" else {"en", "zh"} - {lang}  # as for the section's own texts
        payload["readings"] = [{k: v for k, v in r.to_dict().items() if k not in unwanted} for r in readings]
        typer.echo(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        render_rule(console(), payload, lang)
        if readings:
            from pal_judge.render.readings_view import render_readings

            render_readings(console(), readings, lang, title="Where the rulebook is silent, pal-judge reads it so:")
    if replay:
        _replay_first(found.section.number, scenarios, as_json)


def _readings_about(book: "Rulebook", number: str) -> "list[Reading]":
    """The documented readings (rules/readings.yaml) about the section, its sub-clauses or a heading above it."""
    from pal_judge.corpus.readings import load_readings, readings_about

    return readings_about(load_readings(), number, [s.number for s in book.subtree(number)])


def _linked_scenarios(number: str, strict: bool) -> list[str]:
    """Scenarios whose engine trace cites the section (from the cached runs; see pal_judge/rulings/coverage.py).

    A missing or broken rulings folder must not hide the rulebook: unless a replay was asked for,
    it costs only the list of scenarios, with a warning.
    """
    from pal_judge.rulings.coverage import scenarios_citing

    try:
        return scenarios_citing(number)
    except UserError as err:
        if strict:
            raise
        from pal_judge.notices import warn

        warn(f"scenarios citing {number} not listed: {err.message}")
        return []


def _replay_first(number: str, scenarios: list[str], as_json: bool) -> None:
    if not scenarios:
        raise UserError(f"no scenario cites {number} yet; `pal-judge coverage --missing` lists such sections")
    from pal_judge.cli.replay import replay

    replay(scenarios[0], as_json=as_json, save_at=None, no_board=False)
