"""`ask` re-weighs its best rulings by how much of the question all they say holds (question,
answer, tags, decisive clauses): of two rulings the first pass scores alike, the one speaking
of more of what the player asked comes first."""

from __future__ import annotations

import datetime

import pytest

from pal_judge.rulings.ask import by_coverage, ruling_words
from pal_judge.rulings.model import RulingText, Source


def _ruling(ruling_id: str, question: str, answer: str, cites: tuple[str, ...]) -> RulingText:
    source = Source("rulebook", cites[0], datetime.date(2026, 12, 1))
    return RulingText(ruling_id, question, "", answer, "", cites, (), source)


@pytest.fixture(scope="module")
def searcher():  # type: ignore[no-untyped-def]
    from pal_judge.search import section_searcher

    return section_searcher()


def test_the_ruling_saying_more_of_the_question_comes_first(searcher) -> None:  # type: ignore[no-untyped-def]
    # Two made-up rulings on one board, scored alike by the first pass; the question is about
    # a Pal going back to its owner's hand, which only the second speaks of.
    lethal = _ruling("lethal", "My Pal takes damage equal to its power.", "It is put into the graveyard.", ("11.4.1",))
    zone = _ruling("zone", "My buffed Pal returns to my hand and I play it again.",
                   "It is a new card: the buff is gone.", ("4.1.4",))
    ranked = by_coverage("buffed pal goes back to hand and is played again, still buffed?", [(50.0, lethal), (50.0, zone)],
                         searcher)
    assert [r.id for _, r in ranked] == ["zone", "lethal"]
    assert ranked[0][0] == 50.0  # the best-covering ruling keeps its score: the cut-offs keep their meaning
    assert ranked[1][0] < 50.0


def test_a_ruling_is_read_with_its_decisive_clauses(searcher) -> None:  # type: ignore[no-untyped-def]
    # 7.2.1: "The turn player stands all of the cards in their base and soul area."
    en, zh = ruling_words(_ruling("stand", "Do my souls come back?", "Yes.", ("7.2.1",)), searcher)
    assert "soul area" in en and "灵魂区" in zh
