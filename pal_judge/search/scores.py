"""Whoosh's scores for a compiled query, computed without building its matcher tree.

A question compiles to a tree of ORs over a few hundred term and phrase queries. Whoosh
answers it by building a matcher object per node and stepping them all in parallel, which
costs far more than the scoring itself on an index of a few hundred sections. Here each
leaf (a term, a phrase, or any part other than a plain OR) is read once through Whoosh's
own matcher, its (document, score) pairs kept for the life of the searcher (the index never
changes), and the ORs above the leaves are added up in plain dictionaries with the very
arithmetic of the matchers Whoosh would have chosen (`whoosh.query.compound.Or._matcher`),
so every score, and so every ranking, is the one Whoosh computes, to the last bit:

* an OR of one part is that part (its own boost ignored, as Whoosh does);
* an OR of two parts is a union: the two scores added, then times the OR's boost;
* an OR of more parts is Whoosh's preloaded array: each part's score times the OR's
  boost added in the order of the parts, and only the documents with a positive total.

Any OR these rules do not cover (coordination scaling, a minimum match, a forced matcher
type, a caller needing the current match) is left to Whoosh as a leaf.

A plain term's leaf is read a block of postings at a time from its matcher's own arrays
(`_term_scores`): private attributes of whoosh-reloaded 2.7.5 (the version pyproject.toml pins),
taken only from the exact matcher and scorer classes it knows, any other matcher stepped;
tests/ask/test_warm_ask_scores.py compares it with Whoosh's stepping.
"""

from __future__ import annotations

import heapq
from collections import OrderedDict
from typing import Any

import pal_judge.search.deferred_imports  # noqa: F401 (first: Whoosh without the modules it never uses)
from whoosh import query as Q
from whoosh.codec.whoosh3 import W3LeafMatcher
from whoosh.matching import ListMatcher, WrappingMatcher
from whoosh.scoring import BM25FScorer
from whoosh.searching import Searcher

Scores = dict[int, float]
# Whoosh preloads an OR of more than two parts into an array only on an index this small.
_SMALL_INDEX = 5000
# The leaves kept per searcher, counted in (document, score) pairs (about 100 bytes each): the
# terms and phrases of a few thousand questions.
LEAF_CACHE_PAIRS = 200_000


class QueryScorer:
    """Scores compiled queries on one open, single-segment searcher."""

    def __init__(self, searcher: Searcher) -> None:
        self._searcher = searcher
        self._context = searcher.context()  # what search_with_collector would pass down
        self._small = searcher.doc_count_all() <= _SMALL_INDEX
        self._leaves: OrderedDict[Q.Query, Scores] = OrderedDict()
        self._kept_pairs = 0
        self._lengths: dict[str, dict[int, Any]] = {}  # a field's length of each document read so far

    def top(self, query: Q.Query, limit: int) -> list[tuple[int, float]]:
        """The `limit` best (docnum, score) pairs, best first; equal scores in document order
        (as Whoosh's TopCollector ranks them)."""
        scored = self.scores(query)
        return heapq.nsmallest(limit, scored.items(), key=lambda pair: (-pair[1], pair[0]))

    def scores(self, query: Q.Query) -> Scores:
        if not (self._small and _plain_or(query, self._context)):
            return self._leaf(query)
        parts = query.subqueries
        if not parts:
            return {}
        if len(parts) == 1:
            return self.scores(parts[0])
        boost = query.boost
        if len(parts) == 2:  # Whoosh's union matcher (wrapped for the boost)
            total = dict(self.scores(parts[0]))
            for doc, score in self.scores(parts[1]).items():
                total[doc] = total[doc] + score if doc in total else score
            return {doc: score * boost for doc, score in total.items()} if boost != 1.0 else total
        summed: Scores = {}  # Whoosh's ArrayUnionMatcher
        for part in parts:
            for doc, score in self.scores(part).items():
                summed[doc] = summed.get(doc, 0.0) + score * boost
        return {doc: score for doc, score in summed.items() if score > 0}

    def _leaf(self, query: Q.Query) -> Scores:
        found = self._leaves.get(query)
        if found is not None:
            self._leaves.move_to_end(query)
            return found
        matcher = query.matcher(self._searcher, self._context)
        found = _term_scores(matcher, self._lengths)
        if found is None:
            found = {}
            while matcher.is_active():
                found[matcher.id()] = matcher.score()
                matcher.next()
        self._leaves[query] = found
        self._kept_pairs += len(found)
        while self._kept_pairs > LEAF_CACHE_PAIRS:
            self._kept_pairs -= len(self._leaves.popitem(last=False)[1])
        return found


def _term_scores(matcher: Any, lengths: dict[str, dict[int, Any]]) -> Scores | None:
    """The (document, score) pairs of a term's postings, a block at a time: the very values and
    arithmetic of its matcher's `score()` (BM25F's `_score(weight, length)`, then times the term's
    boost when Whoosh wrapped it for one), without the half-dozen calls per posting of stepping the
    matcher. A short posting list kept in the terms table (Whoosh's ListMatcher) is one block whose
    `weight()` is its one weight for all, else its own, else 1.0. None when the matcher is not a plain
    term's (a phrase, another codec or weighting). `lengths`: each field's document lengths already
    read through the scorer's `dfl` on this searcher (they never change), so that the terms of a
    question read each one once."""
    boost, leaf = (matcher.boost, matcher.child) if type(matcher) is WrappingMatcher else (None, matcher)
    scorer = leaf.scorer if type(leaf) is W3LeafMatcher else leaf._scorer if type(leaf) is ListMatcher else None
    if type(scorer) is not BM25FScorer or not hasattr(scorer, "dfl") or leaf.term() is None:
        return None  # (a field without lengths has no `dfl`)
    score, read_length = scorer._score, scorer.dfl
    known = lengths.setdefault(leaf.term()[0], {})
    found: Scores = {}

    def add(doc: int, weight: float) -> None:
        length = known.get(doc)
        if length is None:
            length = known[doc] = read_length(doc)
        found[doc] = score(weight, length) if boost is None else score(weight, length) * boost

    if type(leaf) is ListMatcher:
        ids, weights, for_all = leaf._ids, leaf._weights, leaf._all_weights
        for at in range(leaf._i, len(ids)):
            add(ids[at], for_all if for_all else weights[at] if weights else 1.0)
        return found
    while leaf.is_active():
        ids, weights = leaf._ids, leaf._weights
        if ids is None:
            leaf._read_ids()
            ids = leaf._ids
        if weights is None:
            leaf._read_weights()
            weights = leaf._weights
        for at in range(leaf._i, leaf._blocklength):
            add(ids[at], weights[at])
        leaf._i = leaf._blocklength - 1
        leaf.next()  # the next block, as stepping past the block's last posting does
    return found


def _plain_or(query: Any, context: Any) -> bool:
    """An OR whose matcher Whoosh would choose by size alone (see the module's rules)."""
    return (
        type(query) is Q.Or
        and query.matcher_type == Q.Or.AUTO_MATCHER
        and not query.minmatch
        and not query.scale
        and not context.needs_current
        and context.weighting is not None
    )
