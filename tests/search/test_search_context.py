"""A sub-clause is found by what its clause says too: "Each player sets their life to 10"
(6.2.1.8) is one of the steps "before the start of a game" (6.2.1)."""

from __future__ import annotations

from pal_judge.search.documents import IndexDoc
from pal_judge.search.sections_index import with_parent_clause


def _doc(key: str, kind: str, en: str, asked_en: str = "") -> IndexDoc:
    return IndexDoc(key, kind, key.split(".")[0], (key,), "", "", "", "", en, "", (), asked_en)


def test_a_sub_clause_carries_its_clause_but_not_a_heading() -> None:
    docs = with_parent_clause([
        _doc("6.2", "heading", "Pre-Game Procedure"),
        _doc("6.2.1", "clause", "Before the start of a game, players perform the following steps."),
        _doc("6.2.1.8", "clause", "Each player sets their life to 10.", asked_en="How much life?"),
    ])
    by_key = {d.key: d for d in docs}
    assert by_key["6.2.1.8"].asked_en == "How much life?\nBefore the start of a game, players perform the following steps."
    assert by_key["6.2.1"].asked_en == ""  # under a heading: the heading path is its own field
    assert by_key["6.2.1.8"].en == "Each player sets their life to 10."  # the text shown is its own


def test_questions_in_the_clause_words_find_the_sub_clause(searcher) -> None:  # type: ignore[no-untyped-def]
    # Written after the rule, never tuned on; each ranked lower without its clause's words.
    found = [h.section for h in searcher.search("how much life does each player get before a game starts", limit=3)]
    assert "6.2.1.8" in found  # 6.2.1: before the start of a game
    found = [h.section for h in searcher.search("if the chosen pal or target is not suitable, is the battle cancelled",
                                                limit=5)]
    assert "9.3.1.1" in found  # 9.3.1: the turn player chooses a Pal and its target
