"""The random decider (simulations, the soak) never concedes while it has something else to do (1.2.3: a
concession is offered at every decision, API.md §3); it tells concessions apart by what they are, not by
their label, so a card whose name reads like one is an ordinary choice."""

from __future__ import annotations

from collections import Counter

from pal_judge.engine import Game, RandomDecider
from pal_judge.engine.deciders import Decision, Option, is_concession


def _asked(options: list[Option]) -> Decision:
    """The decision as `Game.ask` puts it: the legal options, then the concessions of this game."""
    game = Game()
    return Decision("block", "B", tuple(options) + game._concessions(1), "block Lamball? (9.4.2)")


def test_a_concession_is_picked_only_when_nothing_else_is_offered() -> None:
    decision = _asked([Option("Lamball", 3), Option("concede Fox", 4), Option("none")])
    picks = Counter(RandomDecider(seed).decide(decision, Game()).label for seed in range(300))
    # a card labelled "concede Fox" is a blocker like any other; every legal answer is picked, no concession
    assert set(picks) == {"Lamball", "concede Fox", "none"}
    assert all(80 < n < 120 for n in picks.values()), picks
    only = Decision("main", "A", Game()._concessions(0), "")
    assert all(is_concession(RandomDecider(seed).decide(only, Game())) for seed in range(20))


def test_concessions_are_known_by_their_data() -> None:
    offered = Game()._concessions(0)
    assert [o.label for o in offered] == ["concede", "concede A", "concede B"]
    assert all(is_concession(o) for o in offered)
    assert not is_concession(Option("concede Fox", 4)) and not is_concession(Option("end_turn", ("end_turn",)))
