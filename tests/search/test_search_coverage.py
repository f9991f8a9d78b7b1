"""The second pass of the ranking: the share of a question's words a section holds, a player's
word counting as held where the rulebook term it means is."""

from __future__ import annotations

from pal_judge.search.coverage import concepts, coverage, reweigh
from pal_judge.search.query import Compiler


def _holders(index: dict[str, set[int]]):  # type: ignore[no-untyped-def]
    return lambda field, token: frozenset(index.get(token, set()))


def test_a_players_word_is_covered_by_the_rulebook_term_it_means(searcher) -> None:  # type: ignore[no-untyped-def]
    found = concepts(Compiler(searcher.opened.lexicon), "does the order of my trash matter")
    # doc 1 says "graveyard" and "order" (4.7.2), doc 2 only "order" (4.9.2, the soul area)
    shares = coverage(_holders({"graveyard": {1}, "order": {1, 2}, "matter": set()}), found, [1, 2])
    assert shares[1] > shares[2] > 0.0


def test_chinese_is_counted_by_character_pairs(searcher) -> None:  # type: ignore[no-untyped-def]
    found = concepts(Compiler(searcher.opened.lexicon), "墓地的顺序")
    shares = coverage(_holders({"墓地": {1, 2}, "顺序": {1}}), found, [1, 2])
    assert shares[1] == 1.0 and shares[2] < 1.0


def test_question_words_are_not_concepts_and_no_concept_leaves_the_score(searcher) -> None:  # type: ignore[no-untyped-def]
    assert concepts(Compiler(searcher.opened.lexicon), "what does it do") == []
    assert coverage(_holders({}), [], [7]) == {7: 1.0}
    assert reweigh(10.0, 1.0) == 10.0 and reweigh(10.0, 0.0) < 10.0


def test_a_chinese_pair_is_covered_by_its_two_characters_apart(searcher) -> None:  # type: ignore[no-untyped-def]
    # 卡种 (card kind) is not the rulebook's pair; 2.2.2 says 卡牌种类: 卡 and 种 apart.
    found = concepts(Compiler(searcher.opened.lexicon), "卡种")
    shares = coverage(_holders({"卡": {1, 2}, "种": {1}}), found, [1, 2])
    assert shares[1] == 1.0 and shares[2] == 0.0
    # `ask` (the index without the rulings' questions) counts the pair itself only.
    found = concepts(Compiler(searcher.opened.lexicon, expanded=False), "卡种")
    assert coverage(_holders({"卡": {1}, "种": {1}}), found, [1]) == {1: 0.0}
