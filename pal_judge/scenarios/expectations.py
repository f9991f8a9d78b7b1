"""Check what a judge expects against the engine's board snapshot (API.md §6)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from pal_judge.scenarios.model import ATTACKING_PAL, PLAYERS, Expectation

LIST_ZONES = ("hand", "graveyard", "exile", "deck")
# The primary cites of an ability used from standby (10.5.3.2, 10.5.3.3): `resolved` lists their cards.
RESOLVES = ("10.5.3.2", "10.5.3.3")
# The event of a redraw: the hand returned to the deck (6.2.1.7), once per game (6.2.1.7.1).
REDRAW = ("6.2.1.7", "6.2.1.7.1")
# The primary cite of a replaced event (10.11.1); its text ends with the replacement, "(Card: Ability)".
REPLACED = "10.11.1"
# Expectation kinds read from the battle in progress (Game.snapshot()["battle"]).
BATTLE_KEYS = {"attacker": "attacker", "attack_target": "target", "battle_opponent": "battle_opponent"}


@dataclass(frozen=True)
class ExpectationResult:
    expectation: Expectation
    actual: Any
    ok: bool
    step: int  # 0 = the end of the scenario's steps, else the step it is attached to

    @property
    def description(self) -> str:
        return self.expectation.describe()

    def to_dict(self) -> dict[str, Any]:
        exp = self.expectation
        return {
            "description": exp.describe(),
            "kind": exp.kind,
            "subject": exp.subject,
            "expected": exp.expected,
            "actual": self.actual,
            "ok": self.ok,
            "step": self.step or None,
            "line": exp.where.line,
        }


def _base_name(label: str) -> str:
    return re.sub(r"#\d+$", "", label)


def _base_entry(snapshot: dict[str, Any], label: str) -> dict[str, Any] | None:
    for player in PLAYERS:
        for entry in snapshot["players"][player]["base"]:
            if entry.get("label") == label:
                return entry
    return None


def card_zones(snapshot: dict[str, Any], label: str) -> list[str]:
    """Every zone holding the card: its label in a base, its name in the list zones."""
    zones = ["base"] if _base_entry(snapshot, label) else []
    name = _base_name(label)
    for player in PLAYERS:
        board = snapshot["players"][player]
        for zone in LIST_ZONES:
            if name in board.get(zone, []) and zone not in zones:
                zones.append(zone)
    return zones


def actual_value(snapshot: dict[str, Any], exp: Expectation) -> Any:
    """What the board shows for one expectation."""
    if exp.kind == "deck_violations":
        return sorted(snapshot.get("deck_violations", {}).get(str(exp.subject), []))
    if "players" not in snapshot:
        return "no game was played"
    if exp.kind == "winner":
        result = snapshot.get("result") or {}
        if result.get("outcome") in ("draw", "loop_draw"):  # 1.2.2, 13.1.1.1
            return "draw"
        return result.get("winner") or "none"
    if exp.kind == "turn":
        return snapshot.get("turn_player")
    if exp.kind in ("loop_count", "resolved", "replaced"):
        return snapshot.get(exp.kind)
    if exp.kind == "turn_number":
        return snapshot.get("turn")
    if exp.kind in ("phase", "night"):
        return snapshot.get(exp.kind)
    if exp.kind in BATTLE_KEYS:
        value = (snapshot.get("battle") or {}).get(BATTLE_KEYS[exp.kind])
        return value or "none"
    if exp.kind == "battle_step":
        return (snapshot.get("step") or "none") if snapshot.get("battle") else "none"
    if exp.subject in PLAYERS:
        board = snapshot["players"][exp.subject]
        if exp.kind == "life":
            return board["life"]
        if exp.kind in ("hand", "deck", "graveyard", "base"):
            return len(board[exp.kind])
        if exp.kind == "soul_deck":
            return board["souls"]["deck"]
        if exp.kind == "soul_area":
            return board["souls"]["standing"] + board["souls"]["rested"]
        if exp.kind == "pending_damage":
            return board["damage"]
        if exp.kind == "redraws":
            return snapshot.get("redraws", {}).get(exp.subject, 0)
        if exp.kind == "souls":
            souls = board["souls"]
            if "total" in exp.expected:
                return {"total": souls["standing"] + souls["rested"]}
            return {k: souls[k] for k in exp.expected}
        if exp.kind == "resources":
            return {k: board.get(k, 0) for k in exp.expected}
    label = str(exp.subject)
    if label == ATTACKING_PAL:
        label = (snapshot.get("battle") or {}).get("attacker") or "no attacking Pal"
    if exp.kind == "main_name":
        from pal_judge.engine.cards import sub_and_main  # the engine is imported only when a game is read

        parts = sub_and_main(_base_name(label))
        return parts[1] if parts else "none"
    if exp.kind == "zone":
        zones = card_zones(snapshot, label)
        return exp.expected if exp.expected in zones else (", ".join(zones) or "nowhere")
    entry = _base_entry(snapshot, label)
    if entry is None:
        return f"{label} is not in a base"
    return entry.get(exp.kind)


def with_history(snapshot: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    """The board plus what only the trace shows: the loop count declared (13.1.1.2), the cards whose
    abilities were used from standby, in order (10.5.3.2 the turn player's first, 10.5.3.3 then the other's),
    the replacement effects that replaced an event, in order (10.11.1, 10.11.2), and each player's redraws (6.2.1.7)."""
    counts = [e["after"]["loop_count"] for e in events if "loop_count" in (e.get("after") or {})]
    resolved = [e.get("card") for e in events if (e.get("cites") or [None])[0] in RESOLVES and e.get("card")]
    replaced = [m.group(1) for e in events if (e.get("cites") or [None])[0] == REPLACED
                and (m := re.search(r"\(([^()]+)\)$", e["what"]))]
    redraws = Counter(e.get("player") for e in events if tuple(e.get("cites") or ())[:2] == REDRAW)
    return dict(snapshot, loop_count=counts[-1] if counts else 0, resolved=resolved, replaced=replaced, redraws=redraws)


def check(snapshot: dict[str, Any], expectations: tuple[Expectation, ...], step: int) -> list[ExpectationResult]:
    results = []
    for exp in expectations:
        actual = actual_value(snapshot, exp)
        results.append(ExpectationResult(exp, actual, actual == exp.expected, step))
    return results
