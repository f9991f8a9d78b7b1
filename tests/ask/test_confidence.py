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


def _ruling(cites: tuple[str, ...]):  # type: ignore[no-untyped-def]
    import datetime

    from pal_judge.rulings.model import RulingText, Source

    return RulingText("r", "q", "问", "a", "答", cites, (), Source("judge", "test", datetime.date(2026, 12, 1)))


def test_a_ruling_far_above_every_clause_matches_well_whatever_the_scale() -> None:
    from pal_judge.rulings.ask import CLEAR_OF_CLAUSES, MIN_SCORE, matches_well

    ruling = _ruling(("9.4.2",))  # cites none of the sections found: the searches do not agree
    for clause in (20.0, 300.0):  # the best section's score: a short question, a long one
        clear = CLEAR_OF_CLAUSES * clause
        assert 0.9 * clear >= MIN_SCORE
        assert matches_well(clear, ruling, [("1.1", clause), ("2.1", clause / 2)])
        assert not matches_well(0.9 * clear, ruling, [("1.1", clause), ("2.1", clause / 2)])


def test_a_ruling_citing_a_first_section_found_matches_well_from_the_minimum_score() -> None:
    from pal_judge.rulings.ask import MIN_SCORE, matches_well

    sections = [("9.4.2", 100.0), ("9.4", 90.0)]
    assert matches_well(MIN_SCORE, _ruling(("9.4.2.1",)), sections)  # a clause under one found
    assert not matches_well(MIN_SCORE, _ruling(("12.10.1",)), sections)
    assert not matches_well(MIN_SCORE - 1, _ruling(("9.4.2",)), sections)
