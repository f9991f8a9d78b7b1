"""A term's postings scored a block at a time (search/scores.py `_term_scores`) give what stepping
Whoosh's matcher posting by posting gives: the same documents in the same order, the same scores
to the last bit, for plain and boosted terms, and for terms whose postings fill several blocks.
(tests/search/test_search_scores.py compares whole rankings with Whoosh's own collector.)"""

from __future__ import annotations

import pytest
from whoosh import query as Q

from pal_judge.search.query import parse
from pal_judge.search.scores import _term_scores

QUESTIONS = [
    "My Pal with Breakthrough attacks, they block with a Retaliate Pal, both die - do they still take damage?",
    "can I untap a tapped pal during my opponent's turn",
    "对手的帕鲁有挑衅时我能攻击基地吗",
    "what happens when the deck runs out of cards",
]


@pytest.fixture(scope="module")
def searcher(_isolated_cache: None):  # type: ignore[no-untyped-def]
    from pal_judge.search import build_section_index, section_searcher

    build_section_index(quiet=True)
    return section_searcher()


def stepped(matcher) -> dict[int, float]:  # type: ignore[no-untyped-def]
    found = {}
    while matcher.is_active():
        found[matcher.id()] = matcher.score()
        matcher.next()
    return found


def terms_of(query: Q.Query) -> list[Q.Term]:
    if type(query) is Q.Term:
        return [query]
    return [term for part in getattr(query, "subqueries", ()) for term in terms_of(part)]


def test_a_terms_scores_are_those_of_its_matcher(searcher) -> None:  # type: ignore[no-untyped-def]
    raw, context = searcher._searcher, searcher._searcher.context()
    compiler = searcher.compiler("both", False)
    terms = {term for text in QUESTIONS for term in terms_of(compiler.compile(parse(text)))}
    terms |= {Q.Term("en", "card"), Q.Term("en", "card", boost=0.3)}  # in more sections than one block holds
    compared = boosted = longest = 0
    for term in terms:
        if (term.fieldname, term.text) not in raw.reader():
            continue  # no postings: Whoosh gives a null matcher, which the scorer steps as any other
        fast = _term_scores(term.matcher(raw, context), {})
        assert fast is not None, term  # a plain term's postings, long or kept in the terms table
        expected = stepped(term.matcher(raw, context))
        assert list(fast.items()) == list(expected.items()), term
        compared += 1
        boosted += term.boost != 1.0
        longest = max(longest, len(fast))
    assert compared >= 5 and boosted and longest > 128  # boosted terms, and postings over several blocks


def test_a_phrase_is_left_to_its_matcher(searcher) -> None:  # type: ignore[no-untyped-def]
    raw = searcher._searcher
    assert _term_scores(Q.Phrase("en", ["damag", "step"]).matcher(raw, raw.context()), {}) is None
