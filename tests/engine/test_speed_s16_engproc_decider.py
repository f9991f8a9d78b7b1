"""The random decider draws its choice itself (speed, issue 11, stop 16): a seeded decider must still pick, decision
after decision, the option Python's own `random.Random(seed).choice` picks among the legal actions, so that every
seeded game (`pal-judge simulate`, the soak, `bench_engine.py --digest`) plays as it did."""

from __future__ import annotations

import random

from pal_judge.engine.deciders import CONCEDE, Concession, Decision, Option, RandomDecider

CONCESSIONS = (Option(CONCEDE, Concession(CONCEDE, 0)), Option(f"{CONCEDE} A", Concession(CONCEDE, 0)),
               Option(f"{CONCEDE} B", Concession(CONCEDE, 1)))


def _decision(n: int) -> Decision:
    """A decision with `n` legal actions, then the three concessions a game offers at every decision (1.2.3)."""
    return Decision("main", "A", tuple(Option(f"action {i}", i) for i in range(n)) + CONCESSIONS)


def test_each_pick_is_the_one_random_choice_makes_with_the_same_seed() -> None:
    # counts of every size up to 40 (powers of two and the counts just past them, where a draw is rejected most often)
    counts = [1 + (k * 7) % 40 for k in range(300)]
    for seed in range(25):
        decider, oracle = RandomDecider(seed), random.Random(seed)
        for n in counts:
            decision = _decision(n)
            expected = oracle.choice(decision.options[:n])
            assert decider.decide(decision, None) is expected  # type: ignore[arg-type]


def test_with_only_concessions_it_concedes_as_random_choice_picks() -> None:
    decider, oracle = RandomDecider(3), random.Random(3)
    for _ in range(50):
        assert decider.decide(Decision("main", "A", CONCESSIONS), None) is oracle.choice(CONCESSIONS)  # type: ignore[arg-type]
