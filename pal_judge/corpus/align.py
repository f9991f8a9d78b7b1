"""Align the English paragraphs to the numbered Chinese sections, by program.

A monotone dynamic programme over (English paragraphs) × (Chinese sections in
book order). A path through the grid is a sequence of *beads*:

  1-1  one paragraph translates one section
  1-2  one paragraph translates two consecutive clauses (the translation merged them)
  2-1  two paragraphs translate one clause (the translation split it, or added a sentence)
  1-0  a paragraph with no Chinese counterpart (the document title, added text)
  0-1  a section with no English: free for chapters and headings (the translation
       dropped every heading), costly for a clause (the translation dropped text)

A bead's cost adds a prior for its type to the disagreement of the signals both
texts share (pal_judge/corpus/signals.py): relative length (a Gale–Church term
with the EN/ZH character ratio estimated from the two texts), cross-reference
numbers, other numbers, glossary terms weighted by rarity, and position (a mild
cost for pairs far from the diagonal). The DP searches a narrow band around a line drawn
through anchors (cross-reference numbers that one paragraph and one clause alone quote), widened
until the paths through its edge weigh nothing a float can hold. The best path is the
alignment; a forward–backward pass over the same band gives each chosen bead its posterior
probability, which is the score (0..1) kept on the sections.

`rules/alignment_overrides.yaml` can pin a paragraph to given sections (each
entry with a reason); a pinned paragraph makes every other bead covering it
prohibitively expensive, and the DP fills in the rest around it.

rules/ALIGNMENT.md records what this finds on the published texts.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass
from typing import Iterable

from pal_judge.corpus.glossary import Glossary
from pal_judge.corpus.model import AlignedParagraph, Section
from pal_judge.corpus.signals import en_signals, implied_terms, zh_signals

INF = float("inf")

# Bead priors (costs, in nats).
PRIOR_MERGE = 3.0  # 1-2 and 2-1
PRIOR_EN_ONLY = 7.0  # 1-0
PRIOR_CLAUSE_DROPPED = 7.0  # 0-1 for a clause
PRIOR_HEADING_TEXT = 9.0  # a paragraph translating a chapter or heading line (rare)
# Signal weights.
W_REF_SHARED = 3.0
W_REF_DIFF = 2.0
W_NUM_SHARED = 0.5
W_NUM_DIFF = 0.4
W_TERM_SHARED = 0.8
W_TERM_DIFF = 0.35
W_POSITION = 1.0  # a pair POSITION_SCALE paragraphs off the diagonal costs this much more
POSITION_SCALE = 30
GC_VARIANCE = 17.0  # s² of the length model, per Chinese character
BAND = 8  # paragraphs either side of the anchored diagonal searched first (see align)
EDGE_NATS = 45.0  # e^-45 ≈ 3e-20: below the 2^-53 ≈ e^-36.7 that a float can add to 1
PIN_PENALTY = 1000.0
# In a 1-2 or 2-1 bead each part must bring shared evidence (terms, references,
# numbers) of its own, not already carried by the other part; a part without it
# is more likely added text (or a dropped clause) than half of a split.
NO_OWN_EVIDENCE = 7.0
MIN_OWN_EVIDENCE = 1.0
LENGTH_EVIDENCE = 2.0  # a part whose removal worsens the length cost this much is needed


@dataclass(frozen=True)
class Pin:
    """An override: paragraph `en_index` translates exactly `sections` (() for none)."""

    en_index: int
    sections: tuple[str, ...]


@dataclass(frozen=True)
class Bead:
    en: tuple[int, ...]  # English paragraph indices
    zh: tuple[int, ...]  # indices into the section list
    cost: float


@dataclass(frozen=True)
class Alignment:
    """The chosen beads in order, each with its posterior probability."""

    beads: tuple[Bead, ...]
    scores: tuple[float, ...]
    ratio: float  # EN characters per ZH character used by the length model


class _Bits:
    """Interns strings as the bits of an int, so that set algebra on the small sets of
    signals is integer arithmetic (the aligner scores some 80,000 candidate pairs)."""

    def __init__(self) -> None:
        self.bit: dict[str, int] = {}

    def mask(self, items: Iterable[str]) -> int:
        """The items' bits, new ones numbered in sorted order: not in the order of a set, which
        changes with each process's string hashing and, through the order in which term weights
        are summed, would change the last digits of the scores from run to run."""
        mask = 0
        for item in sorted(items):
            bit = self.bit.get(item)
            if bit is None:
                bit = self.bit[item] = 1 << len(self.bit)
            mask |= bit
        return mask


class _Packed:
    """A text's Signals with each set as a bit mask (a plain slotted class: the aligner
    joins some 130,000 of them)."""

    __slots__ = ("length", "refs", "numbers", "terms")

    def __init__(self, length: int, refs: int, numbers: int, terms: int) -> None:
        self.length, self.refs, self.numbers, self.terms = length, refs, numbers, terms

    def __add__(self, other: "_Packed") -> "_Packed":
        return _Packed(self.length + other.length, self.refs | other.refs,
                       self.numbers | other.numbers, self.terms | other.terms)


class _TermWeights(dict):  # type: ignore[type-arg]
    """Summed rarity of a set of terms (a bit mask), computed on first use: 0.0 plus each term's,
    lowest bit first (always in that order, so that a set's weight is the same to the last bit
    whichever sets were weighed before it)."""

    def __init__(self, term_weights: list[float]) -> None:
        super().__init__({0: 0.0})
        self.term_weights = term_weights  # by bit position

    def __missing__(self, terms: int) -> float:
        weight, left, term_weights = 0.0, terms, self.term_weights
        while left:
            lowest = left & -left
            weight += term_weights[lowest.bit_length() - 1]
            left ^= lowest
        self[terms] = weight
        return weight


class _Scorer:
    """Costs of the candidate beads over one pair of texts."""

    def __init__(self, paragraphs: tuple[str, ...], sections: tuple[Section, ...], glossary: Glossary, pins: Iterable[Pin]):
        self.sections = sections
        self.is_clause = [s.kind == "clause" for s in sections]
        implied = implied_terms(glossary)
        en = [en_signals(p, glossary, implied) for p in paragraphs]
        zh = [zh_signals(s.zh, glossary, s.number, implied) for s in sections]
        clause_chars = sum(z.length for z, c in zip(zh, self.is_clause) if c)
        self.ratio = sum(e.length for e in en) / max(clause_chars, 1)
        # Rarer terms say more: weight each glossary term by its inverse document frequency.
        df: dict[str, int] = {}
        for z in zh:
            for t in z.terms:
                df[t] = df.get(t, 0) + 1
        n = len(zh)
        idf = {t: math.log((n + 1) / (c + 0.5)) for t, c in df.items()}
        default_idf = math.log((n + 1) / 0.5)
        refs, numbers, terms = _Bits(), _Bits(), _Bits()
        self.en_refs, self.zh_refs = [x.refs for x in en], [x.refs for x in zh]  # for band_centres
        self.en, self.zh = ([_Packed(x.length, refs.mask(x.refs), numbers.mask(x.numbers), terms.mask(x.terms)) for x in side]
                            for side in (en, zh))
        self.weights = _TermWeights([idf.get(t, default_idf) for t in terms.bit])  # bits in order of position
        self.pins = {p.en_index: p.sections for p in pins}
        # Position: where a paragraph "should" fall if the translation were one paragraph per clause.
        self.clause_rank = [0] * (len(sections) + 1)  # clauses before grid column j
        for j, is_clause in enumerate(self.is_clause):
            self.clause_rank[j + 1] = self.clause_rank[j] + (1 if is_clause else 0)
        self.slope = len(paragraphs) / max(self.clause_rank[-1], 1)
        self.diagonal = [rank * self.slope for rank in self.clause_rank]
        self.numbers = [s.number for s in sections]
        # Neighbours joined once: a 1-2 bead joins the same two sections at every row of the band
        # (and a 2-1 bead the same two paragraphs at every column). Index k joins k - 1 and k.
        self.en_pairs = [self.en[0]] + [self.en[k - 1] + self.en[k] for k in range(1, len(self.en))]
        self.zh_pairs = [self.zh[0]] + [self.zh[k - 1] + self.zh[k] for k in range(1, len(self.zh))]
        # The length model's scale of each section and of each pair of neighbours (as zh_pairs).
        self.zh_scale = [self._scale(z.length) for z in self.zh]
        self.zh_pair_scale = [self._scale(z.length) for z in self.zh_pairs]

    def _scale(self, zh_length: int) -> tuple[float, float]:
        """The English length expected for `zh_length` Chinese characters, and its spread."""
        zl = max(zh_length, 1)
        return self.ratio * zl, math.sqrt(GC_VARIANCE * zl)

    def _joined(self, en: tuple[int, ...], zh: tuple[int, ...]) -> tuple[_Packed, _Packed]:
        e = self.en[en[0]]
        for i in en[1:]:
            e = e + self.en[i]
        z = self.zh[zh[0]]
        for j in zh[1:]:
            z = z + self.zh[j]
        return e, z

    def evidence_cost(self, en: tuple[int, ...], zh: tuple[int, ...]) -> float:
        """What the two texts' own signals say against the pair (length, references, numbers,
        terms); negative when they share more than they differ."""
        e, z = self._joined(en, zh)
        return self._evidence_cost(e, z, _length_cost(e.length, self._scale(z.length)))

    def _evidence_cost(self, e: _Packed, z: _Packed, lengths: float) -> float:
        """`lengths`: the length cost of the pair."""
        cost = lengths
        if e.refs or z.refs:
            cost += W_REF_DIFF * (e.refs ^ z.refs).bit_count() - W_REF_SHARED * (e.refs & z.refs).bit_count()
        if e.numbers or z.numbers:
            cost += W_NUM_DIFF * (e.numbers ^ z.numbers).bit_count() - W_NUM_SHARED * (e.numbers & z.numbers).bit_count()
        if e.terms or z.terms:
            cost += W_TERM_DIFF * self.weights[e.terms ^ z.terms] - W_TERM_SHARED * self.weights[e.terms & z.terms]
        return cost

    def _position_cost(self, i: int, j: int) -> float:
        """A pair starting at paragraph i and section j, off the diagonal (see clause_rank)."""
        off_diagonal = (i - self.diagonal[j]) / POSITION_SCALE
        return W_POSITION * off_diagonal * off_diagonal

    def one_one(self, i: int, j: int) -> float:
        """Paragraph i translates section j."""
        e = self.en[i]
        cost = self._evidence_cost(e, self.zh[j], _length_cost(e.length, self.zh_scale[j])) + self._position_cost(i, j)
        if not self.is_clause[j]:
            cost += PRIOR_HEADING_TEXT
        return cost + self._pin_cost((i,), (j,)) if self.pins else cost

    def one_two(self, i: int, j: int) -> float:
        """Paragraph i translates the clauses j and j + 1 (a merge; both clauses, see _Lattice)."""
        e, scales = self.en[i], self.zh_scale
        return self._merge_cost(i, j, e, self.zh_pairs[j + 1], self.zh_pair_scale[j + 1], (self.zh[j], self.zh[j + 1]),
                                ((e.length, scales[j + 1]), (e.length, scales[j])), ((i,), (j, j + 1)))

    def two_one(self, i: int, j: int) -> float:
        """Paragraphs i and i + 1 translate the clause j (a split; a clause, see _Lattice)."""
        first, second, scale = self.en[i], self.en[i + 1], self.zh_scale[j]
        return self._merge_cost(i, j, self.en_pairs[i + 1], self.zh[j], scale, (first, second),
                                ((second.length, scale), (first.length, scale)), ((i, i + 1), (j,)))

    def _merge_cost(self, i: int, j: int, e: _Packed, z: _Packed, scale: tuple[float, float],
                    halves: tuple[_Packed, _Packed], without: tuple[tuple[int, tuple[float, float]], ...],
                    beads: tuple[tuple[int, ...], tuple[int, ...]]) -> float:
        """A merge or split starting at paragraph i and section j: `e` and `z` its two sides (`scale`:
        z's length scale), one of them the two `halves` joined; `without`: for each half, the English
        length and the Chinese scale of the pair without it; `beads` the paragraphs and sections it joins."""
        halves_are_en = len(beads[0]) == 2
        lengths = _length_cost(e.length, scale)
        cost = self._evidence_cost(e, z, lengths) + self._position_cost(i, j)
        cost += PRIOR_MERGE + self._halves_without_evidence(*halves, z if halves_are_en else e, without, lengths)
        return cost + self._pin_cost(*beads) if self.pins else cost

    def en_only(self, i: int) -> float:
        return PRIOR_EN_ONLY + self._pin_cost((i,), ()) if self.pins else PRIOR_EN_ONLY

    def zh_only(self, j: int) -> float:
        return PRIOR_CLAUSE_DROPPED if self.is_clause[j] else 0.0

    def _halves_without_evidence(self, first: _Packed, second: _Packed, other: _Packed,
                                 without: tuple[tuple[int, tuple[float, float]], ...], with_all: float) -> float:
        """NO_OWN_EVIDENCE for each of the two halves of a merge or split that shares nothing with
        `other` the other half does not already share, and whose length the pair does not need
        either (`with_all`: the length cost of the whole pair; `without`: see _merge_cost)."""
        penalty = 0.0
        for (part, sibling), lengths_without in zip(((first, second), (second, first)), without):
            # summed as references + numbers + terms, each term >= 0: stop once enough
            own = W_REF_SHARED * (part.refs & other.refs & ~sibling.refs).bit_count()
            if own < MIN_OWN_EVIDENCE:
                own += W_NUM_SHARED * (part.numbers & other.numbers & ~sibling.numbers).bit_count()
            if own < MIN_OWN_EVIDENCE:
                own += self.weights[part.terms & other.terms & ~sibling.terms]
            if own < MIN_OWN_EVIDENCE:
                if _length_cost(*lengths_without) - with_all < LENGTH_EVIDENCE:
                    penalty += NO_OWN_EVIDENCE
        return penalty

    def _pin_cost(self, en: tuple[int, ...], zh: tuple[int, ...]) -> float:
        wanted = tuple(self.numbers[j] for j in zh)
        return sum(PIN_PENALTY for i in en if i in self.pins and self.pins[i] != wanted)


def _length_cost(en_length: int, scale: tuple[float, float]) -> float:
    """The length model's cost of `en_length` English characters where a Chinese text's `scale` (see
    _Scorer._scale) expects another length: Huber, so outliers cost linearly."""
    a = abs((en_length - scale[0]) / scale[1])
    return 0.5 * a * a if a < 2 else 2 * a - 2


# The five bead shapes, as (English paragraphs, Chinese sections) consumed.
EN_ONLY, ZH_ONLY, ONE_ONE, ONE_TWO, TWO_ONE = (1, 0), (0, 1), (1, 1), (1, 2), (2, 1)
Move = tuple[int, tuple[int, int], float]  # (previous grid point, bead shape, bead cost)


def align(
    paragraphs: tuple[str, ...],
    sections: tuple[Section, ...],
    glossary: Glossary,
    pins: Iterable[Pin] = (),
    band: int = BAND,
) -> Alignment:
    """The best monotone alignment of `paragraphs` to `sections`, with per-bead posteriors.

    The grid is searched `band` rows either side of the anchored diagonal (see band_centres); the
    band is doubled until the paths through its edge carry no weight a float can hold, so a band
    too narrow for the texts costs time, never a different alignment."""
    scorer = _Scorer(paragraphs, sections, glossary, pins)
    m, n = len(paragraphs), len(sections)
    centres = band_centres(scorer, m, n)
    while True:
        lattice = _Lattice(scorer, _band(centres, band, m), m, n)
        if band >= m or lattice.held_by_band():
            return lattice.best_alignment()
        band *= 2


class _Lattice:
    """Forward and backward passes over the grid points of a band: each point's Viterbi cost and
    log partition (sum over paths of exp(-cost)) from the start, and log partition to the end."""

    def __init__(self, scorer: _Scorer, rows: list[range], m: int, n: int) -> None:
        self.scorer, self.rows, self.m, self.n = scorer, rows, m, n
        width = self.width = n + 1  # grid point (i, j) is stored at i * width + j
        size = (m + 1) * width
        best, alpha = self.best, self.alpha = [INF] * size, [-INF] * size
        best[0] = alpha[0] = 0.0
        back: dict[int, Move] = {}  # the cheapest bead into each point
        edges: dict[int, list[Move]] = {}
        exp, log = math.exp, math.log
        is_clause = scorer.is_clause
        one_one, one_two, two_one = scorer.one_one, scorer.one_two, scorer.two_one
        skip_en = [scorer.en_only(i) for i in range(m)]
        for j, column in enumerate(rows):
            # The beads ending at (i, j) from a reached point, in this order (the first cheapest
            # wins a tie); merges and splits join clauses only.
            skip_zh = scorer.zh_only(j - 1) if j else INF
            split = j >= 1 and is_clause[j - 1]
            merge = split and j >= 2 and is_clause[j - 2]
            for i in column:
                point = i * width + j
                moves: list[Move] = []
                if i and best[point - width] < INF:
                    moves.append((point - width, EN_ONLY, skip_en[i - 1]))
                if j and best[point - 1] < INF:
                    moves.append((point - 1, ZH_ONLY, skip_zh))
                if i and j and best[point - width - 1] < INF:
                    moves.append((point - width - 1, ONE_ONE, one_one(i - 1, j - 1)))
                if i and merge and best[point - width - 2] < INF:
                    moves.append((point - width - 2, ONE_TWO, one_two(i - 1, j - 2)))
                if i >= 2 and split and best[point - 2 * width - 1] < INF:
                    moves.append((point - 2 * width - 1, TWO_ONE, two_one(i - 2, j - 1)))
                if not moves:
                    continue
                edges[point] = moves
                previous, _, cost = moves[0]
                chosen, cheapest = moves[0], best[previous] + cost
                if len(moves) == 1:
                    alpha[point] = alpha[previous] - cost
                else:
                    for move in moves[1:]:
                        if best[move[0]] + move[2] < cheapest:  # strictly: the first cheapest wins a tie
                            chosen, cheapest = move, best[move[0]] + move[2]
                    values = [alpha[previous] - cost for previous, _, cost in moves]
                    top = max(values)
                    alpha[point] = top + log(sum([exp(v - top) for v in values]))
                back[point] = chosen
                best[point] = cheapest
        self.back, self.end = back, m * width + n
        self.beta = beta = [-INF] * size
        if best[self.end] == INF:
            return  # the band does not reach the end: held_by_band() is False
        beta[self.end] = 0.0
        for point in reversed(list(edges)):
            after = beta[point]
            if after == -INF:
                continue
            for previous, _, cost in edges[point]:
                before, through = beta[previous], after - cost
                if before == -INF:
                    beta[previous] = through
                else:  # log(exp(before) + exp(through))
                    top = before if before > through else through
                    beta[previous] = top + log(exp(before - top) + exp(through - top))
        self.total = alpha[self.end]

    def held_by_band(self) -> bool:
        """Whether the paths through the band's edge (its outer two rows, which every path
        leaving the band crosses, a 2-1 bead being two rows high) weigh less than e^-EDGE_NATS
        of all paths: below what a float adds to 1, so a wider band would change nothing."""
        if self.best[self.end] == INF:
            return False
        alpha, beta, width, floor = self.alpha, self.beta, self.width, self.total - EDGE_NATS
        for j, column in enumerate(self.rows):
            if not column:
                continue
            edge = ([column.start, column.start + 1] if column.start > 0 else []) + (
                [column.stop - 2, column.stop - 1] if column.stop <= self.m else [])
            if any(alpha[i * width + j] + beta[i * width + j] > floor for i in edge if i in column):
                return False
        return True

    def _mass(self, previous: int, point: int, cost: float) -> float:
        return math.exp(self.alpha[previous] - cost + self.beta[point] - self.total)

    def best_alignment(self) -> Alignment:
        """The best path, then each of its beads' posterior: the probability that the paragraphs
        and sections it joins are joined exactly so. A 1-0 bead may sit before or after a free
        heading 0-1 bead, and those paths are the same alignment: its mass is summed over the
        grid row (and a 0-1 bead's over the column); every other shape has one place."""
        width, rows = self.width, self.rows
        chain: list[Bead] = []
        scores: list[float] = []
        point = self.end
        while point != 0:
            previous, shape, cost = self.back[point]
            i, j = divmod(point, width)
            if shape == EN_ONLY:  # the same paragraph, skipped at any column
                bead_mass = sum(self._mass((i - 1) * width + k, i * width + k, cost)
                                for k in range(self.n + 1) if i in rows[k] and i - 1 in rows[k])
            elif shape == ZH_ONLY:  # the same section, skipped at any row
                bead_mass = sum(self._mass(k * width + j - 1, k * width + j, cost)
                                for k in rows[j] if k in rows[j - 1])
            else:
                bead_mass = self._mass(previous, point, cost)
            chain.append(Bead(tuple(range(i - shape[0], i)), tuple(range(j - shape[1], j)), cost))
            scores.append(min(1.0, max(0.0, bead_mass)))
            point = previous
        chain.reverse()
        scores.reverse()
        return Alignment(tuple(chain), tuple(scores), self.scorer.ratio)


def band_centres(scorer: _Scorer, m: int, n: int) -> list[float]:
    """Where the path is expected to cross each grid column: on straight lines (by clause rank, as
    headings have no English) between anchors, kept in the longest chain that is monotone on both
    sides. Anchors: the pinned pairs (alignment_overrides.yaml), and the pairs that alone on each
    side quote the same cross-reference number (such as "(10.5.1)") in order with every pin.
    Without anchors, the diagonal from corner to corner."""
    en_refs: dict[str, list[int]] = {}
    zh_refs: dict[str, list[int]] = {}
    for side, owners in ((scorer.en_refs, en_refs), (scorer.zh_refs, zh_refs)):
        for index, refs in enumerate(side):
            for ref in refs:
                owners.setdefault(ref, []).append(index)
    column = {number: j for j, number in enumerate(scorer.numbers)}
    pinned = [(column[numbers[-1]] + 1, i + 1) for i, numbers in scorer.pins.items() if numbers]
    pairs = [(zh[0] + 1, en[0] + 1) for ref, en in en_refs.items()  # the grid point after each pair
             if len(en) == 1 and len(zh := zh_refs.get(ref, [])) == 1]
    pairs = pinned + [(j, i) for j, i in pairs if all((j < pj) == (i < pi) and j != pj and i != pi for pj, pi in pinned)]
    rank = scorer.clause_rank
    anchors = [(0, 0)] + [(j, i) for j, i in _monotone_chain(pairs) if 0 < i < m and 0 < j < n] + [(n, m)]
    centres: list[float] = []
    for (j0, i0), (j1, i1) in zip(anchors, anchors[1:]):
        span = rank[j1] - rank[j0]
        for j in range(j0, j1):
            centres.append(i0 + (i1 - i0) * (rank[j] - rank[j0]) / span if span else float(i0))
    centres.append(float(m))
    return centres


def _monotone_chain(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest subsequence of `pairs` increasing strictly in both coordinates (a longest
    increasing subsequence of the second coordinate, the pairs taken by the first ascending and,
    within one first coordinate, by the second descending so that two never chain)."""
    pairs = sorted(pairs, key=lambda pair: (pair[0], -pair[1]))
    tails: list[int] = []  # tails[k]: the pair ending the chain of length k + 1 with the lowest end
    ends: list[int] = []  # ends[k]: that pair's second coordinate
    before: list[int] = [-1] * len(pairs)
    for index, (_, i) in enumerate(pairs):
        k = bisect.bisect_left(ends, i)
        before[index] = tails[k - 1] if k else -1
        if k == len(tails):
            tails.append(index)
            ends.append(i)
        else:
            tails[k], ends[k] = index, i
    chain: list[tuple[int, int]] = []
    index = tails[-1] if tails else -1
    while index >= 0:
        chain.append(pairs[index])
        index = before[index]
    return chain[::-1]


def _band(centres: list[float], band: int, m: int) -> list[range]:
    """For each grid column, the rows searched: those within `band` of its centre, in the grid
    (the last column's centre is the end point)."""
    return [range(max(0, math.ceil(c - band)), min(m, math.floor(c + band)) + 1) for c in centres]


def paragraph_alignment(result: Alignment, sections: tuple[Section, ...], count: int) -> tuple[AlignedParagraph, ...]:
    """One AlignedParagraph per English paragraph, in order."""
    out: list[AlignedParagraph] = []
    for bead, score in zip(result.beads, result.scores):
        numbers = tuple(sections[j].number for j in bead.zh)
        out.extend(AlignedParagraph(i, numbers, score) for i in bead.en)
    assert [a.en_index for a in out] == list(range(count)), "every paragraph is aligned exactly once"
    return tuple(out)


def section_scores(result: Alignment, sections: tuple[Section, ...]) -> dict[str, tuple[tuple[int, ...], float]]:
    """For each section: the English paragraphs aligned to it and the bead's score."""
    out: dict[str, tuple[tuple[int, ...], float]] = {}
    for bead, score in zip(result.beads, result.scores):
        for j in bead.zh:
            out[sections[j].number] = (bead.en, score)
    return out


# Review confidence (`pal-judge align`). The posterior says how sure the aligner is of the
# path; it stays near 1 for a pair no other path explains better, even when the pair's own
# texts hardly agree. The confidence shown for review also asks the pair's own evidence:
# at EVIDENCE_NEUTRAL nats against the pair it halves, and every EVIDENCE_SCALE more
# nats divides the odds by e. An English paragraph with no clause has confidence 0: a
# reader must say what it adds.
EVIDENCE_NEUTRAL = 2.0
EVIDENCE_SCALE = 1.0


def evidence_fit(cost: float) -> float:
    """0..1: how well a pair's own signals support it (1 when they agree, ½ at EVIDENCE_NEUTRAL)."""
    return 1.0 / (1.0 + math.exp((cost - EVIDENCE_NEUTRAL) / EVIDENCE_SCALE))


def review_confidence(paragraphs: tuple[str, ...], sections: tuple[Section, ...], glossary: Glossary,
                      alignment: tuple[AlignedParagraph, ...]) -> tuple[float, ...]:
    """For each English paragraph (in order): its posterior times the fit of its bead's own
    evidence; 0 for a paragraph aligned to no section."""
    scorer = _Scorer(paragraphs, sections, glossary, ())
    column = {s.number: j for j, s in enumerate(sections)}
    beads: dict[tuple[str, ...], list[int]] = {}
    for a in alignment:
        if a.sections:
            beads.setdefault(a.sections, []).append(a.en_index)
    fit = {numbers: evidence_fit(scorer.evidence_cost(tuple(en), tuple(column[n] for n in numbers)))
           for numbers, en in beads.items()}
    return tuple(a.score * fit[a.sections] if a.sections else 0.0 for a in alignment)
