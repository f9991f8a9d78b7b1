"""A decision knows how many of its options are actions when it is made (speed, issue 11, stop 19): `Game.ask` gives
the concessions apart (`last`), so the count is that of the options asked, read by the random decider without a pass
over the options. The count must be that of the options before the concessions, however the decision was made, and the
random decider must pick what `random.Random(seed).choice` picks among them (1.2.3: never a concession while an action
is offered), so every seeded game plays as it did."""

from __future__ import annotations

import random

from pal_judge.engine.deciders import CONCEDE, Concession, Decision, Option, RandomDecider, is_concession

CONCESSIONS = (Option(CONCEDE, Concession(CONCEDE, 1)), Option(f"{CONCEDE} A", Concession(CONCEDE, 0)),
               Option(f"{CONCEDE} B", Concession(CONCEDE, 1)))


def _actions(n: int) -> tuple[Option, ...]:
    return tuple(Option(f"block with Pal#{i}", i) for i in range(n))


def test_the_concessions_given_apart_come_last_and_are_not_counted_as_actions() -> None:
    for n in range(6):
        decision = Decision("block", "B", _actions(n), "block? (9.4.2)", last=CONCESSIONS)
        assert decision.options == _actions(n) + CONCESSIONS  # 1.2.3 offered last
        assert decision.actions() == n == len([o for o in decision.options if not is_concession(o)])


def test_the_concessions_given_with_the_options_are_not_counted_either() -> None:
    for n in range(6):
        assert Decision("block", "B", _actions(n) + CONCESSIONS).actions() == n


def test_the_random_decider_picks_among_the_actions_as_random_choice_does() -> None:
    for seed in range(20):
        decider, oracle = RandomDecider(seed), random.Random(seed)
        for n in (1, 2, 3, 4, 5, 7, 8, 9, 17):
            decision = Decision("block", "B", _actions(n), last=CONCESSIONS)
            assert decider.decide(decision, None) is oracle.choice(decision.options[:n])  # type: ignore[arg-type]
        only = Decision("block", "B", (), last=CONCESSIONS)  # nothing else to do: a concession (1.2.3)
        assert decider.decide(only, None) is oracle.choice(CONCESSIONS)  # type: ignore[arg-type]
