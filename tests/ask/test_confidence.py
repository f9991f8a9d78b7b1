"""How sure `ask` says it is: the levels follow the best ruling's score and its lead."""

from __future__ import annotations

from pal_judge.rulings.confidence import HIGH_RATIO, HIGH_SCORE, assess


def test_a_ruling_well_ahead_of_the_next_is_high() -> None:
    verdict = assess([HIGH_SCORE * 2, HIGH_SCORE * 2 * HIGH_RATIO * 0.9], well=True)
    assert verdict.level == "high"
    assert verdict.certainty == 1.0
    assert verdict.close == 1  # nothing to offer side by side


def test_two_rulings_scoring_alike_are_medium_and_offered_together() -> None:
    verdict = assess([100.0, 97.0, 40.0], well=True)
    assert verdict.level == "medium"
    assert verdict.close == 2
    assert verdict.certainty < 1.0


def test_a_weak_best_ruling_is_not_high_however_far_ahead() -> None:
    assert assess([HIGH_SCORE * 0.9], well=True).level == "medium"


def test_nothing_matching_well_is_low() -> None:
    assert assess([100.0, 10.0], well=False).level == "low"
    assert assess([], well=False).level == "low"


def test_a_ruling_silent_on_a_players_word_is_never_high() -> None:
    # clearly ahead of the next (as "high" needs): shown, but only as "medium"
    ahead = assess([HIGH_SCORE * 2, HIGH_SCORE * 2 * HIGH_RATIO * 0.9], well=True, silent=True)
    assert ahead.level == "medium"
    # not clearly ahead, or too weak: not shown at all
    assert assess([100.0, 90.0], well=True, silent=True).level == "low"
    assert assess([HIGH_SCORE * 0.9], well=True, silent=True).level == "low"
