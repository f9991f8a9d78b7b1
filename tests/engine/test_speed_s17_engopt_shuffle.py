"""The deck shuffle draws its swaps itself (speed, issue 11, stop 17): a seeded shuffle (5.6.1; 6.2.1.2 before the game,
6.2.1.7 after a redraw, a `shuffle` step) must put the cards in the order Python's own `random.Random(seed).shuffle`
gives and leave the generator where it leaves it, so that every seeded game, and a saved game's random state, play
as they did."""

from __future__ import annotations

import random

from pal_judge.engine.deciders import shuffle_cards


def test_each_shuffle_gives_the_order_random_shuffle_gives_with_the_same_seed() -> None:
    # decks of every size a game meets (empty, one card: 5.6.1.1; a hand put back, 50 cards, more), and sizes just past
    # powers of two, where a draw is rejected most often
    sizes = [0, 1, 2, 3, 5, 9, 17, 33, 45, 50, 65, 100]
    for seed in range(40):
        ours, oracle = random.Random(seed), random.Random(seed)
        for size in sizes:
            cards, expected = [f"card {i}" for i in range(size)], [f"card {i}" for i in range(size)]
            shuffle_cards(ours, cards)
            oracle.shuffle(expected)
            assert cards == expected, (seed, size)
        assert ours.getstate() == oracle.getstate()  # the next draw of the game is the same draw


def test_a_shuffle_keeps_every_card_once() -> None:
    rng = random.Random(7)
    deck = [object() for _ in range(50)]
    shuffled = list(deck)
    shuffle_cards(rng, shuffled)
    assert shuffled != deck and sorted(map(id, shuffled)) == sorted(map(id, deck))
