"""A decision knows how many of its options are actions when it is made (speed, issue 11, stop 19): `Game.ask` gives
the concessions apart (`last`), so the count is that of the options asked, read by the random decider without a pass
over the options. The count must be that of the options before the concessions, however the decision was made, and the
random decider must pick what `random.Random(seed).choice` picks among them (1.2.3: never a concession while an action
is offered), so every seeded game plays as it did."""

from __future__ import annotations

import random

from engine_helpers import board, pal
from pal_judge.engine import Game, turn
from pal_judge.engine.deciders import CONCEDE, Concession, Decision, Option, RandomDecider, is_concession

CONCESSIONS = (Option(CONCEDE, Concession(CONCEDE, 1)), Option(f"{CONCEDE} A", Concession(CONCEDE, 0)),
               Option(f"{CONCEDE} B", Concession(CONCEDE, 1)))


def _actions(n: int) -> tuple[Option, ...]:
    return tuple(Option(f"block with Pal#{i}", i) for i in range(n))


def test_the_concessions_given_apart_come_last_and_are_not_counted_as_actions() -> None:
    for n in range(6):
        decision = Decision("block", "B", _actions(n), "block? (9.4.2)", last=CONCESSIONS)
        assert decision.options == _actions(n) + CONCESSIONS  # 1.2.3 offered last
        assert decision.action_count == n == len([o for o in decision.options if not is_concession(o)])


def test_the_concessions_given_with_the_options_are_not_counted_either() -> None:
    for n in range(6):
        assert Decision("block", "B", _actions(n) + CONCESSIONS).action_count == n


def test_the_random_decider_picks_among_the_actions_as_random_choice_does() -> None:
    for seed in range(20):
        decider, oracle = RandomDecider(seed), random.Random(seed)
        for n in (1, 2, 3, 4, 5, 7, 8, 9, 17):
            decision = Decision("block", "B", _actions(n), last=CONCESSIONS)
            assert decider.decide(decision, None) is oracle.choice(decision.options[:n])  # type: ignore[arg-type]
        only = Decision("block", "B", (), last=CONCESSIONS)  # nothing else to do: a concession (1.2.3)
        assert decider.decide(only, None) is oracle.choice(CONCESSIONS)  # type: ignore[arg-type]


KIT = pal("Kit", abilities=[{"kind": "activated", "cost": [{"soul": 1}], "effect": [{"do": "draw", "amount": 1}]}])
# A: a Kit in the base, another in the hand, 3 standing souls; B: a rested Lamball
MAIN = board({"hand": ["Kit"], "base": ["Kit"], "souls": {"standing": 3}}, {"base": [{"card": "Lamball", "state": "rested"}]})
ACTIONS = ["play Kit", "activate Kit", "attack Kit -> player", "attack Kit -> Lamball", "soul_draw", "end_turn"]


def test_the_main_phase_decision_read_before_it_is_asked_offers_the_concessions_once_asked() -> None:
    """7.5.2: the main-phase decision, read from the board, offers A's actions (8.2.1, 8.3.1, 8.4.1 with 9.2.3, 8.5,
    7.5.3); asked, it offers the concessions last (1.2.3), even when its options were read before it was asked."""
    g = Game.from_setup(MAIN, [KIT, pal("Lamball")])
    decision = turn.main_options(g)
    assert [o.label for o in decision.options] == ACTIONS
    concessions = decision.offer_last(CONCESSIONS)
    assert [o.label for o in concessions.options] == ACTIONS + ["concede", "concede A", "concede B"]
    assert concessions.action_count == len(ACTIONS)
    assert [turn.main_options(g).offer_last(CONCESSIONS).option(k).label for k in range(-3, 0)] == \
        ["concede", "concede A", "concede B"]  # read alone, counted from the end
