"""A scenario's replay as HTML: each step's action, its events with cited clauses as links, the board after it.

The input is the JSON of `replay --json` (`ScenarioRun.to_dict()`), and the
board is the engine's `snapshot()`. Keys this renderer does not know are still
shown, generically, so nothing is hidden. Every label, action and event is shown
in English and in Chinese (pal_judge/html/replay_words.py), for the language toggle.
"""

from __future__ import annotations

from typing import Any

from pal_judge.html.markup import Known, bi, cite_links, esc
from pal_judge.html.replay_words import card_zh, zh_of
from pal_judge.scenarios.ready_made import card_name


def _runs(values: list[Any]) -> list[str]:
    """Consecutive repeats folded, order kept (a deck is top first): normal ×3, lucky, normal."""
    out: list[str] = []
    previous, count = None, 0
    for value in [*values, object()]:
        if count and value == previous:
            count += 1
            continue
        if count:
            out.append(_scalar(previous) + (f" ×{count}" if count > 1 else ""))
        previous, count = value, 1
    return out


def said(english: str) -> str:
    """One replay string in both languages (escaped); English on both sides, marked, when it has no Chinese form."""
    english = card_name(english)
    chinese = zh_of(english)
    if chinese is None:
        shown = esc(english)
        return f'<span class="en untranslated" lang="en">{shown}</span><span class="zh untranslated" lang="en">{shown}</span>'
    return bi(esc(english), esc(chinese))


def _answer(value: str) -> str:
    """A known phrase in both languages, else a name (a card, a player) or a number, the same in both."""
    return said(value) if zh_of(card_name(value)) is not None else _name(value)


def _name(value: str) -> str:
    """A card's name: the same in both languages, except the ready-made cards (normal 普通帕鲁, lucky 幸运帕鲁)."""
    name = card_name(value)
    return esc(name) if card_zh(name) == name else bi(esc(name), esc(card_zh(name)))


def _label(key: str) -> str:
    return _answer(str(key).replace("_", " "))


def _scalar(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return said("yes" if value else "no")
    if isinstance(value, (list, tuple)):
        return ", ".join(_runs(list(value))) if value else "—"
    if isinstance(value, dict):
        return ", ".join(f"{_label(k)} {_scalar(v)}" for k, v in value.items()) or "—"
    if isinstance(value, str) and zh_of(value) is not None:  # a phase, a state, an outcome …
        return said(value)
    return _name(str(value))


def _pairs(data: dict[str, Any], keys: tuple[str, ...]) -> str:
    return " · ".join(f"<span><b>{_label(k)}</b> {_scalar(data[k])}</span>" for k in keys if k in data)


BASE_COLUMNS = ("card", "state", "power", "damage", "strike", "keywords")


def _cell(column: str, value: str) -> str:
    """A cell of the base table; on a phone each row becomes a line, each value led by its column's name."""
    return f'<td data-en="{esc(column)}" data-zh="{esc(zh_of(column) or column)}">{value}</td>'


def _base_table(cards: list[Any]) -> str:
    if not cards:
        return "—"
    rows = []
    for card in cards:
        if not isinstance(card, dict):
            rows.append(f"<tr><td colspan=6>{_scalar(card)}</td></tr>")
            continue
        state = card.get("state", "")
        name = _name(str(card.get("label", card.get("card", "?"))))
        values = (name, _scalar(state), *(_scalar(card.get(k)) for k in BASE_COLUMNS[2:]))
        rows.append(f'<tr class="{esc(str(state))}">{"".join(_cell(c, v) for c, v in zip(BASE_COLUMNS, values))}</tr>')
    head = "".join(f"<th>{_label(c)}</th>" for c in BASE_COLUMNS)
    return f'<table class="base"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


PLAYER_HEAD = ("life", "damage", "material", "ingredient", "souls", "pal_limit")
PLAYER_ZONES = ("hand", "deck", "graveyard", "exile")
GAME_HEAD = ("turn", "turn_player", "phase", "step", "night", "battle", "result")


def _player(name: str, data: dict[str, Any]) -> str:
    zones = "".join(
        f"<div><b>{_label(zone)}</b> ({len(data[zone])}): {_scalar(data[zone])}</div>"
        for zone in PLAYER_ZONES
        if isinstance(data.get(zone), list)
    )
    known = set(PLAYER_HEAD) | set(PLAYER_ZONES) | {"base"}
    other = _pairs(data, tuple(k for k in data if k not in known))
    return (
        f'<div class="player"><div class="who">{bi("Player " + esc(name), "玩家" + esc(name))}</div>'
        f'<div class="stats">{_pairs(data, PLAYER_HEAD)}</div>'
        f'<div class="zone-base"><b>{_label("base")}</b> {_base_table(data.get("base") or [])}</div>'
        f'<div class="zones">{zones}</div>{f"<div class=stats>{other}</div>" if other else ""}</div>'
    )


def render_board(board: dict[str, Any]) -> str:
    """The engine snapshot as a compact board: game state, then each player."""
    players = board.get("players") or {}
    rest = tuple(k for k in board if k not in GAME_HEAD and k != "players")
    head = _pairs(board, GAME_HEAD + rest)
    body = "".join(_player(str(n), p) for n, p in players.items() if isinstance(p, dict))
    return f'<div class="board"><div class="stats">{head}</div><div class="players">{body}</div></div>'


def _event(event: dict[str, Any], known: Known) -> str:
    change = ""
    if event.get("after"):
        before = f"{_scalar(event['before'])} → " if event.get("before") else ""
        change = f' <span class="delta">{before}{_scalar(event["after"])}</span>'
    cites = event.get("cites") or []
    return (
        f'<li class="event"><span class="what">{said(str(event.get("what", "")))}</span>{change}'
        f'{f" <span class=cites>{cite_links(cites, known)}</span>" if cites else ""}</li>'
    )


def _decisions(items: list[Any]) -> str:
    rows = [
        f"<li>{esc(str(d.get('player') or '—'))} · {_label(str(d.get('kind', '')))}: <b>{_answer(str(d.get('answer', '')))}</b></li>"
        for d in items
        if isinstance(d, dict)
    ]
    return f'<ul class="decisions">{"".join(rows)}</ul>' if rows else ""


def _step(index: int, step: dict[str, Any], known: Known, last: bool) -> str:
    number = step.get("step", index)
    action = step.get("action") or step.get("describe") or step.get("answer") or f"step {number}"
    if isinstance(action, dict):
        action = " ".join(str(v) for v in action.values())
    events = step.get("events") or []
    board = step.get("board") or step.get("snapshot")
    checks = _expectations(step.get("expectations") or step.get("expect") or [])
    return (
        f'<li class="step" data-step="{esc(str(number))}"><div class="action"><span class="n">{esc(str(number))}</span> {said(str(action))}</div>'
        f"{_decisions(step.get('decisions') or [])}"
        f'<ol class="events">{"".join(_event(e, known) for e in events if isinstance(e, dict))}</ol>'
        f"{checks}{_board_panel(board, open_=index == 0 or last) if isinstance(board, dict) else ''}</li>"
    )


def _board_panel(board: dict[str, Any], open_: bool) -> str:
    """The board after a step, folded away except at the start and the end of the replay."""
    return (
        f'<details class="board-after"{" open" if open_ else ""}><summary>{bi("Board", "局面")}</summary>'
        f"{render_board(board)}</details>"
    )


def _expectations(items: list[Any]) -> str:
    rows = []
    for item in items:
        if not isinstance(item, dict):
            continue
        ok = bool(item.get("ok"))
        mark = "✔" if ok else "✘"
        actual = "" if ok else f" ({bi('actual', '实际')}: {_scalar(item.get('actual'))})"
        rows.append(
            f'<li class="{"ok" if ok else "fail"}">{mark} {said(str(item.get("description", "")))}'
            f"{actual}</li>"
        )
    return f'<ul class="expectations">{"".join(rows)}</ul>' if rows else ""


def render_replay(run: dict[str, Any], known: Known) -> str:
    """The whole replay: the numbered steps (step 0 is the board as set up), then the final expectations."""
    steps = [s for s in run.get("steps") or [] if isinstance(s, dict)]
    error = f'<p class="fail run-error">{esc(str(run["error"]))}</p>' if run.get("error") else ""
    final = [e for e in run.get("expectations") or [] if isinstance(e, dict) and not e.get("step")]
    verdict = _expectations(final)
    outcome = _pairs(run, ("outcome", "winner"))
    at_end = f"<b>{bi('At the end', '最终')}</b>{verdict}" if verdict else ""
    return (
        f'{error}<ol class="steps">{"".join(_step(i, s, known, i == len(steps) - 1) for i, s in enumerate(steps))}</ol>'
        f'<div class="verdict">{at_end}<div class="stats">{outcome}</div></div>'
    )


def replay_summary(run: dict[str, Any]) -> tuple[int, int, int]:
    """(scripted steps, expectations met, expectations in all); step 0, the board as set up, is not counted."""
    items = [e for e in run.get("expectations") or [] if isinstance(e, dict)]
    steps = [s for s in run.get("steps") or [] if isinstance(s, dict) and s.get("step", 1) != 0]
    return len(steps), sum(1 for e in items if e.get("ok")), len(items)
