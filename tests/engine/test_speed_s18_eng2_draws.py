"""A generated game's cards draw their values through `deciders.pick` (speed, issue 11, stop 18): each draw must be the
one `random.Random(seed).choice` or `randint` makes and leave the generator where they leave it, so that every seeded
game is generated, and then played, as it was."""

from __future__ import annotations

import random

from pal_judge.engine.deciders import pick


def test_pick_draws_what_random_choice_draws_with_the_same_seed() -> None:
    # sizes just past powers of two, where a draw is rejected most often, and the sizes a generated card draws among
    sizes = [1, 2, 3, 4, 5, 6, 7, 9, 12, 17, 33, 65]
    for seed in range(40):
        ours, oracle = random.Random(seed), random.Random(seed)
        for size in sizes:
            options = [f"option {i}" for i in range(size)]
            for _ in range(5):
                assert pick(ours, options) == oracle.choice(options), (seed, size)
        assert ours.getstate() == oracle.getstate()  # the next draw is the same draw


def test_pick_from_a_range_draws_what_randint_draws() -> None:
    for seed in range(40):
        ours, oracle = random.Random(seed), random.Random(seed)
        for low, high in [(1, 4), (1, 3), (0, 2), (0, 0), (5, 21)]:
            for _ in range(5):
                assert pick(ours, range(low, high + 1)) == oracle.randint(low, high), (seed, low, high)
        assert ours.getstate() == oracle.getstate()


def test_pick_reaches_every_option() -> None:
    rng = random.Random(3)
    assert {pick(rng, "abcde") for _ in range(200)} == set("abcde")
