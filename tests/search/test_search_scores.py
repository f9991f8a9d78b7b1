"""The fast scorer (search/scores.py) gives exactly Whoosh's ranking: the same documents,
the same scores to the last bit, equal scores in the same order, for natural questions in
both languages and for every kind of query syntax."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from whoosh.collectors import TopCollector

from pal_judge.errors import UserError
from pal_judge.search.query import parse
from pal_judge.search.scores import QueryScorer

QUESTIONS = [e["q"] for e in yaml.safe_load((Path(__file__).parent / "relevance.yaml").read_text(encoding="utf-8"))]
SYNTAX = ['"turn player"', "taunt AND blocker", "redraw NOT deck", "attack*", "chapter:9 damage", "term:taunt",
          "(lucky OR 幸运) card", "heading:battle -damage", "section:9.6 kind:clause", "9.6"]


def whoosh_top(searcher, query, limit):  # type: ignore[no-untyped-def]
    collector = TopCollector(limit=limit, usequality=False, replace=0)
    searcher.search_with_collector(query, collector)
    return [(hit.docnum, hit.score) for hit in collector.results()]


@pytest.mark.parametrize("lang", ["both", "en", "zh"])
def test_the_scorer_ranks_exactly_as_whoosh_does(searcher, lang: str) -> None:  # type: ignore[no-untyped-def]
    raw = searcher._searcher
    scorer = QueryScorer(raw)  # a fresh one: nothing kept from other tests
    compiler = searcher.compiler(lang, True)
    compared = 0
    for text in QUESTIONS + SYNTAX:
        try:
            query = compiler.compile(parse(text))
        except UserError:  # a question with nothing in this language: no ranking to compare
            continue
        for limit in (5, 60):
            expected = whoosh_top(raw, query, limit)
            assert scorer.top(query, limit) == expected, text
            assert scorer.top(query, limit) == expected, f"{text} (asked again, from the kept leaves)"
        compared += 1
    assert compared >= len(QUESTIONS) // 2


def test_the_kept_leaves_stay_within_their_bound_and_change_no_ranking(searcher, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import pal_judge.search.scores as scores

    monkeypatch.setattr(scores, "LEAF_CACHE_PAIRS", 2_000)  # a few leaves only: most are read again
    raw = searcher._searcher
    scorer = QueryScorer(raw)
    compiler = searcher.compiler("both", True)
    for text in QUESTIONS[:20]:
        query = compiler.compile(parse(text))
        assert scorer.top(query, 10) == whoosh_top(raw, query, 10), text
        assert sum(len(kept) for kept in scorer._leaves.values()) <= 2_000
