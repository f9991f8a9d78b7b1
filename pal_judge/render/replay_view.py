"""Rich view of a scenario replay: each step's action, the board after it, and the clauses cited."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pal_judge.safe_text import rich_text, visible
from pal_judge.render.wrapping import wrapped
from pal_judge.scenarios.ready_made import card_name

if TYPE_CHECKING:  # a cached replay's events are shown (`ask`) without loading the engine
    from pal_judge.scenarios.expectations import ExpectationResult
    from pal_judge.scenarios.runner import ScenarioRun, StepRun

PLAYERS = ("A", "B")


def _pal_table(base: list[dict[str, Any]]) -> RenderableType:
    if not base:
        return Text("(empty base)", style="dim")
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False, padding=(0, 1))
    for column in ("card", "type", "power", "strike", "damage", "state", "keywords"):
        table.add_column(column, justify="right" if column in ("power", "strike", "damage") else "left")
    for card in base:
        damage = card.get("damage", 0)
        state = card.get("state", "")
        table.add_row(  # card names, types and keywords come from scenario files: Text, never markup
            rich_text(card_name(str(card.get("label", card.get("card", "?")))), "bold"),
            rich_text(card.get("type", "")),
            rich_text(card.get("power", "")),
            rich_text(card.get("strike", "") if card.get("type") == "pal" else ""),
            Text(str(damage), style="red" if damage else "dim"),
            rich_text(state, "yellow" if state == "rested" else "green"),
            rich_text(", ".join(_keyword(k) for k in card.get("keywords", []))),
        )
    return table


def _keyword(keyword: Any) -> str:
    if isinstance(keyword, dict):
        return ", ".join(f"{k} {v}" for k, v in keyword.items())
    return str(keyword)


def _names(cards: Iterable[str], limit: int = 8) -> str:
    cards = [card_name(str(c)) for c in cards]
    shown = ", ".join(visible(card, 200) for card in cards[:limit])
    return shown + (f", … (+{len(cards) - limit})" if len(cards) > limit else "") if cards else "—"


def player_panel(name: str, board: dict[str, Any], turn_player: str | None) -> Panel:
    souls = board.get("souls", {})
    facts = Text()
    facts.append("life ", style="dim")
    facts.append(str(board.get("life")), style="bold")
    facts.append("   souls ", style="dim")
    facts.append(f"{souls.get('standing', 0)} standing / {souls.get('rested', 0)} rested", style="bold")
    facts.append(f" (soul deck {souls.get('deck', 0)})", style="dim")
    facts.append("   material ", style="dim")
    facts.append(str(board.get("material", 0)))
    facts.append("   ingredient ", style="dim")
    facts.append(str(board.get("ingredient", 0)))
    zones = Text()
    zones.append("deck ", style="dim")
    zones.append(str(len(board.get("deck", []))))
    zones.append("   hand ", style="dim")
    zones.append(_names(board.get("hand", [])))
    zones.append("\ngraveyard ", style="dim")
    zones.append(_names(board.get("graveyard", [])))
    if board.get("exile"):
        zones.append("   exile ", style="dim")
        zones.append(_names(board["exile"]))
    title = f"player {name}" + ("  (turn player)" if name == turn_player else "")
    return Panel(Group(facts, zones, _pal_table(board.get("base", []))), title=title, title_align="left")


def board_view(snapshot: dict[str, Any]) -> RenderableType:
    if not snapshot:
        return Text("(no board)", style="dim")
    header = Text()
    header.append(f"turn {snapshot.get('turn')}", style="bold")
    header.append(f" · {snapshot.get('turn_player')} · {snapshot.get('phase')}")
    if snapshot.get("step"):
        header.append(f" · {snapshot['step']} step")
    if snapshot.get("night"):
        header.append(" · night", style="magenta")
    result = snapshot.get("result")
    if result and result.get("outcome") in ("win", "draw", "loop_draw"):
        header.append(f" · game over: {result.get('outcome')} {result.get('winner') or ''} ({result.get('reason', '')})", style="bold red")
    players = snapshot.get("players", {})
    panels = [player_panel(p, players[p], snapshot.get("turn_player")) for p in PLAYERS if p in players]
    return Group(header, *panels)


def events_view(events: list[dict[str, Any]]) -> RenderableType:
    if not events:
        return Text("(no event)", style="dim")
    table = Table(show_header=False, box=None, pad_edge=False, padding=(0, 1))
    table.add_column(justify="right", style="dim")
    table.add_column()
    table.add_column(style="cyan")
    for event in events:
        table.add_row(str(event.get("seq", "")), wrapped(card_name(str(event.get("what", "")))), wrapped(" ".join(event.get("cites", []))))
    return table


def expectation_line(result: ExpectationResult) -> Text:
    from pal_judge.scenarios.model import as_written

    line = Text()
    if result.ok:
        line.append("✓ ", style="bold green")
        line.append(visible(result.description))
        return line
    line.append("✗ ", style="bold red")
    line.append(f"{visible(result.description)}  (line {result.expectation.where.line})\n")
    line.append(f"    - expected: {visible(as_written(result.expectation.expected))}\n", style="red")
    line.append(f"    + actual:   {visible(as_written(result.actual))}", style="green")
    return line


def step_view(step: StepRun, show_board: bool = True) -> Panel:
    parts: list[RenderableType] = [events_view(step.events)]
    if show_board:
        parts.append(board_view(step.snapshot))
    parts += [expectation_line(e) for e in step.expectations]
    title = Text("set-up") if step.index == 0 else Text(f"step {step.index}: ") + rich_text(step.text)  # never markup
    if step.line:
        title += Text(f"  (line {step.line})", style="dim")
    return Panel(Group(*parts), title=title, title_align="left", border_style="blue")


def replay_view(run: ScenarioRun, show_board: bool = True) -> RenderableType:
    parts: list[RenderableType] = [step_view(step, show_board) for step in run.steps]
    if run.final:
        parts.append(Panel(Group(*[expectation_line(e) for e in run.final]), title="expect", title_align="left"))
    if run.error:
        parts.append(Text(f"✗ {visible(run.error)}", style="bold red"))
    verdict = Text()
    failed = sum(not e.ok for e in run.expectations)
    if run.ok and not run.expectations:
        verdict.append("the scenario runs; it has no expectations", style="bold green")
    elif run.ok:
        verdict.append(f"all {len(run.expectations)} expectations hold", style="bold green")
    else:
        verdict.append(f"{failed} of {len(run.expectations)} expectations fail" + (" and the run failed" if run.error else ""), style="bold red")
    parts.append(verdict)
    return Group(*parts)
