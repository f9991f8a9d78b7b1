"""The random decider (simulations, the soak) never concedes while it has something else to do (1.2.3: a
concession is offered at every decision, API.md §3); it tells concessions apart by what they are, not by
their label, so a card whose name reads like one is an ordinary choice."""

from __future__ import annotations

from collections import Counter

from engine_helpers import board, pal
from pal_judge.engine import Game, RandomDecider, ScriptedDecider
from pal_judge.engine.deciders import is_concession

CARDS = [pal("Attacker", power=3000), pal("concede Fox"), pal("Lamball")]
BOARD = board({"base": ["Attacker"]}, {"base": ["concede Fox", "Lamball"]})


def _blocked_with(seed: int) -> str:
    """B's answer to the block declaration (9.4.2) when A's Attacker attacks B, answered at random."""
    g = Game.from_setup(BOARD, CARDS, seed=seed)
    g.run(ScriptedDecider(["attack Attacker -> player"], fallback=RandomDecider(seed)), until="turn:4")
    assert not [e.what for e in g.events if e.what.endswith("concedes")]  # 1.2.3 nobody conceded
    blocks = [e.what for e in g.events if e.what.startswith("B blocks with ") or e.what == "B does not block"]
    return blocks[0]


def test_a_concession_is_picked_only_when_nothing_else_is_offered() -> None:
    picks = Counter(_blocked_with(seed) for seed in range(60))
    # the card named "concede Fox" is a blocker like any other; each legal answer is picked, no concession
    assert set(picks) == {"B blocks with concede Fox", "B blocks with Lamball", "B does not block"}, picks


def test_concessions_are_known_by_their_data() -> None:
    g = Game.from_setup(BOARD, CARDS)
    pending = g.run(ScriptedDecider(["attack Attacker -> player"])).pending
    assert pending is not None and pending.kind == "block"
    conceding = [o.label for o in pending.options if is_concession(o)]
    assert conceding == ["concede", "concede A", "concede B"]  # 1.2.3 offered last, after the legal answers
    assert [o.label for o in pending.options if not is_concession(o)] == ["concede Fox", "Lamball", "none"]
