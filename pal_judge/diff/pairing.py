"""Pair the items of an old and a new sequence by content, keeping book order (a monotone alignment).

Identical items are matched first (difflib's longest matching blocks, so one inserted clause
leaves every later clause matched); between two such anchors, the leftover old and new items
are paired by a small dynamic programme that maximises their total similarity, pairs below
MIN_SIMILARITY staying unpaired (a removal and an addition rather than a rewrite).
"""

from __future__ import annotations

from difflib import SequenceMatcher
from typing import Callable, Sequence

# Below this share of common content two texts are different clauses, not one clause reworded.
MIN_SIMILARITY = 0.5
# A gap larger than this many old × new items is not searched pair by pair (all unpaired).
MAX_GAP_CELLS = 40_000

Pair = tuple[int | None, int | None]


def pair_by_content(old: Sequence[str], new: Sequence[str], similarity: Callable[[str, str], float]) -> list[Pair]:
    """(old index, new index) pairs in order; None on one side for an item only the other has."""
    matcher = SequenceMatcher(None, list(old), list(new), autojunk=False)
    pairs: list[Pair] = []
    i = j = 0
    for block in matcher.get_matching_blocks():
        for a, b in _pair_gap(old[i:block.a], new[j:block.b], similarity):
            pairs.append((None if a is None else i + a, None if b is None else j + b))
        pairs.extend((block.a + k, block.b + k) for k in range(block.size))
        i, j = block.a + block.size, block.b + block.size
    return pairs


def _pair_gap(old: Sequence[str], new: Sequence[str], similarity: Callable[[str, str], float]) -> list[Pair]:
    """Pairs within a gap between anchors, indices relative to the gap."""
    if not old or not new or len(old) * len(new) > MAX_GAP_CELLS:
        return [(a, None) for a in range(len(old))] + [(None, b) for b in range(len(new))]
    n, m = len(old), len(new)
    score = [[0.0] * (m + 1) for _ in range(n + 1)]
    for a in range(n - 1, -1, -1):
        for b in range(m - 1, -1, -1):
            best = max(score[a + 1][b], score[a][b + 1])
            s = similarity(old[a], new[b])
            if s >= MIN_SIMILARITY:
                best = max(best, s + score[a + 1][b + 1])
            score[a][b] = best
    pairs: list[Pair] = []
    a = b = 0
    while a < n and b < m:
        if score[a][b] == score[a + 1][b]:
            pairs.append((a, None))
            a += 1
        elif score[a][b] == score[a][b + 1]:
            pairs.append((None, b))
            b += 1
        else:
            pairs.append((a, b))
            a, b = a + 1, b + 1
    pairs.extend((k, None) for k in range(a, n))
    pairs.extend((None, k) for k in range(b, m))
    return pairs
