"""The check-type rule actions are not looked for again while nothing they read has changed (rule_actions:
`Game.rules_clean_at`); every change they read must count as a change, or a rule action is missed."""

from __future__ import annotations

from engine_helpers import base, board, pal
from pal_judge.engine import Game, ScriptedDecider


def test_a_one_shot_pal_limit_decrease_is_followed_by_pal_overflow() -> None:
    """4.4.5, 11.5.1, 10.5.3.1: A has 5 Pals and a limit of 5; an activated ability makes the limit 4 and moves no
    card. At the check timing before the next play timing A is over the limit: the last placed Pal, Shrinker (the
    board places its cards in the order listed), is kept (11.5.1.1), A chooses 3 of the others (11.5.1.2) and
    the fourth goes to the graveyard (11.5.1.3)."""
    cards = [pal(f"P{i}") for i in range(4)] + [
        pal("Shrinker", abilities=[{"kind": "activated", "effect": [{"do": "pal_limit", "amount": -1}]}])]
    g = Game.from_setup(board({"base": [f"P{i}" for i in range(4)] + ["Shrinker"]}), cards)
    result = g.run(ScriptedDecider(["activate Shrinker", "P0", "P2", "P3"]))
    assert result.pending is not None and result.pending.kind == "main"
    assert sorted(base(g, "A")) == ["P0", "P2", "P3", "Shrinker"]
    assert any(e.what.startswith("P1 ") and "graveyard" in e.what and "11.5.1.3" in e.cites for e in g.events)
