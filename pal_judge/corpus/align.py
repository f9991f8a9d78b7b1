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
cost for pairs far from the diagonal; the DP only searches a band around it). The best path is
the alignment; a forward–backward pass over the same grid gives each chosen
bead its posterior probability, which is the score (0..1) kept on the sections.

`rules/alignment_overrides.yaml` can pin a paragraph to given sections (each
entry with a reason); a pinned paragraph makes every other bead covering it
prohibitively expensive, and the DP fills in the rest around it.

rules/ALIGNMENT.md records what this finds on the published texts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

from pal_judge.corpus.glossary import Glossary
from pal_judge.corpus.model import AlignedParagraph, Section
from pal_judge.corpus.signals import Signals, en_signals, implied_terms, zh_signals

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
W_POSITION = 1.0  # a pair BAND paragraphs off the diagonal costs this much more
GC_VARIANCE = 17.0  # s² of the length model, per Chinese character
BAND = 30  # paragraphs either side of the diagonal searched
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


class _Scorer:
    """Costs of the candidate beads over one pair of texts."""

    def __init__(self, paragraphs: tuple[str, ...], sections: tuple[Section, ...], glossary: Glossary, pins: Iterable[Pin]):
        self.sections = sections
        self.is_clause = [s.kind == "clause" for s in sections]
        implied = implied_terms(glossary)
        self.en = [en_signals(p, glossary, implied) for p in paragraphs]
        self.zh = [zh_signals(s.zh, glossary, s.number, implied) for s in sections]
        clause_chars = sum(z.length for z, c in zip(self.zh, self.is_clause) if c)
        self.ratio = sum(e.length for e in self.en) / max(clause_chars, 1)
        # Rarer terms say more: weight each glossary term by its inverse document frequency.
        df: dict[str, int] = {}
        for z in self.zh:
            for t in z.terms:
                df[t] = df.get(t, 0) + 1
        n = len(self.zh)
        self.idf = {t: math.log((n + 1) / (c + 0.5)) for t, c in df.items()}
        self.default_idf = math.log((n + 1) / 0.5)
        self.pins = {p.en_index: p.sections for p in pins}
        # Position: where a paragraph "should" fall if the translation were one paragraph per clause.
        self.clause_rank = [0] * (len(sections) + 1)  # clauses before grid column j
        for j, is_clause in enumerate(self.is_clause):
            self.clause_rank[j + 1] = self.clause_rank[j] + (1 if is_clause else 0)
        self.slope = len(paragraphs) / max(self.clause_rank[-1], 1)
        self.numbers = [s.number for s in sections]
        self._weights: dict[frozenset[str], float] = {}

    def _weight(self, terms: frozenset[str]) -> float:
        weight = self._weights.get(terms)
        if weight is None:
            weight = self._weights[terms] = sum(self.idf.get(t, self.default_idf) for t in terms)
        return weight

    def _joined(self, en: tuple[int, ...], zh: tuple[int, ...]) -> tuple[Signals, Signals]:
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
        return self._evidence_cost(e, z)

    def _evidence_cost(self, e: Signals, z: Signals) -> float:
        return self._length_cost(e, z) + self._shared_cost(e, z)

    def match(self, en: tuple[int, ...], zh: tuple[int, ...]) -> float:
        e, z = self._joined(en, zh)
        cost = self._evidence_cost(e, z) + self._position_cost(en[0], zh[0])
        if len(en) > 1:
            cost += PRIOR_MERGE + self._parts_without_evidence([self.en[i] for i in en], z, True)
        if len(zh) > 1:
            cost += PRIOR_MERGE + self._parts_without_evidence([self.zh[j] for j in zh], e, False)
        if not all(self.is_clause[j] for j in zh):
            cost += PRIOR_HEADING_TEXT
        return cost + self._pin_cost(en, zh)

    def en_only(self, i: int) -> float:
        return PRIOR_EN_ONLY + self._pin_cost((i,), ())

    def zh_only(self, j: int) -> float:
        return PRIOR_CLAUSE_DROPPED if self.is_clause[j] else 0.0

    def _parts_without_evidence(self, parts: list[Signals], other: Signals, parts_are_en: bool) -> float:
        """NO_OWN_EVIDENCE for each part that shares nothing with `other` its siblings do not
        already share, and whose length the pair does not need either."""
        whole = sum(p.length for p in parts)
        with_all = self._lengths_cost(whole, other.length, parts_are_en)
        penalty = 0.0
        for k, part in enumerate(parts):
            terms = part.terms & other.terms
            refs = part.refs & other.refs
            numbers = part.numbers & other.numbers
            for n, sibling in enumerate(parts):
                if n != k:
                    terms -= sibling.terms
                    refs -= sibling.refs
                    numbers -= sibling.numbers
            own = self._weight(terms) + W_REF_SHARED * len(refs) + W_NUM_SHARED * len(numbers)
            without = self._lengths_cost(whole - part.length, other.length, parts_are_en)
            if own < MIN_OWN_EVIDENCE and without - with_all < LENGTH_EVIDENCE:
                penalty += NO_OWN_EVIDENCE
        return penalty

    def _pin_cost(self, en: tuple[int, ...], zh: tuple[int, ...]) -> float:
        wanted = tuple(self.numbers[j] for j in zh)
        return sum(PIN_PENALTY for i in en if i in self.pins and self.pins[i] != wanted)

    def offset(self, i: int, j: int) -> float:
        """How far paragraph i lies from the diagonal at grid column j, in paragraphs."""
        return i - self.clause_rank[j] * self.slope

    def _position_cost(self, i: int, j: int) -> float:
        return W_POSITION * (self.offset(i, j) / BAND) ** 2

    def _length_cost(self, e: Signals, z: Signals) -> float:
        return self._lengths_cost(e.length, z.length, True)

    def _lengths_cost(self, first: int, second: int, first_is_en: bool) -> float:
        en_length, zh_length = (first, second) if first_is_en else (second, first)
        zl = max(zh_length, 1)
        delta = (en_length - self.ratio * zl) / math.sqrt(GC_VARIANCE * zl)
        a = abs(delta)
        return 0.5 * a * a if a < 2 else 2 * a - 2  # Huber: outliers cost linearly

    def _shared_cost(self, e: Signals, z: Signals) -> float:
        cost = W_REF_DIFF * len(e.refs ^ z.refs) - W_REF_SHARED * len(e.refs & z.refs)
        cost += W_NUM_DIFF * len(e.numbers ^ z.numbers) - W_NUM_SHARED * len(e.numbers & z.numbers)
        cost += W_TERM_DIFF * self._weight(e.terms ^ z.terms) - W_TERM_SHARED * self._weight(e.terms & z.terms)
        return cost


def _moves(scorer: _Scorer, i: int, j: int) -> list[tuple[int, int, Bead]]:
    """The beads ending at grid point (i, j): (previous i, previous j, bead)."""
    out: list[tuple[int, int, Bead]] = []
    if i >= 1:
        out.append((i - 1, j, Bead((i - 1,), (), scorer.en_only(i - 1))))
    if j >= 1:
        out.append((i, j - 1, Bead((), (j - 1,), scorer.zh_only(j - 1))))
    if i >= 1 and j >= 1:
        out.append((i - 1, j - 1, Bead((i - 1,), (j - 1,), scorer.match((i - 1,), (j - 1,)))))
    if i >= 1 and j >= 2 and scorer.is_clause[j - 1] and scorer.is_clause[j - 2]:
        out.append((i - 1, j - 2, Bead((i - 1,), (j - 2, j - 1), scorer.match((i - 1,), (j - 2, j - 1)))))
    if i >= 2 and j >= 1 and scorer.is_clause[j - 1]:
        out.append((i - 2, j - 1, Bead((i - 2, i - 1), (j - 1,), scorer.match((i - 2, i - 1), (j - 1,)))))
    return out


def _logsumexp(values: list[float]) -> float:
    finite = [v for v in values if v != -INF]
    if not finite:
        return -INF
    top = max(finite)
    return top + math.log(sum(math.exp(v - top) for v in finite))


def align(
    paragraphs: tuple[str, ...],
    sections: tuple[Section, ...],
    glossary: Glossary,
    pins: Iterable[Pin] = (),
) -> Alignment:
    """The best monotone alignment of `paragraphs` to `sections`, with per-bead posteriors."""
    scorer = _Scorer(paragraphs, sections, glossary, pins)
    m, n = len(paragraphs), len(sections)
    def in_band(i: int, j: int) -> bool:
        return abs(scorer.offset(i, j)) <= BAND or (i, j) in ((0, 0), (m, n))

    # Forward: Viterbi cost and log partition (sum over paths of exp(-cost)).
    best: dict[tuple[int, int], tuple[float, tuple[int, int], Bead | None]] = {(0, 0): (0.0, (0, 0), None)}
    alpha: dict[tuple[int, int], float] = {(0, 0): 0.0}
    edges: dict[tuple[int, int], list[tuple[int, int, Bead]]] = {}
    for j in range(n + 1):
        for i in range(m + 1):
            if (i, j) == (0, 0) or not in_band(i, j):
                continue
            moves = [mv for mv in _moves(scorer, i, j) if (mv[0], mv[1]) in best]
            if not moves:
                continue
            edges[(i, j)] = moves
            pi, pj, bead = min(moves, key=lambda mv: best[(mv[0], mv[1])][0] + mv[2].cost)
            best[(i, j)] = (best[(pi, pj)][0] + bead.cost, (pi, pj), bead)
            alpha[(i, j)] = _logsumexp([alpha[(a, b)] - bd.cost for a, b, bd in moves])
    if (m, n) not in best:
        raise ValueError("alignment band too narrow for these texts")

    # Backward: log partition of the paths from each point to the end.
    beta: dict[tuple[int, int], float] = {(m, n): 0.0}
    for point in sorted(edges, key=lambda p: (p[1], p[0]), reverse=True):
        if point not in beta:
            continue
        for a, b, bead in edges[point]:
            contribution = beta[point] - bead.cost
            beta[(a, b)] = _logsumexp([beta.get((a, b), -INF), contribution])
    total = alpha[(m, n)]

    # Posterior of a bead = probability that the paragraphs and sections it joins are
    # joined exactly so. Summed over grid positions: a 1-0 bead may sit before or after
    # a free heading 0-1 bead, and those paths are the same alignment.
    mass: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}
    for point, moves in edges.items():
        if point not in beta:
            continue
        for a, b, bead in moves:
            key = (bead.en, bead.zh)
            mass[key] = mass.get(key, 0.0) + math.exp(alpha[(a, b)] - bead.cost + beta[point] - total)

    chain: list[Bead] = []
    point = (m, n)
    while point != (0, 0):
        _, previous, bead = best[point]
        assert bead is not None
        chain.append(bead)
        point = previous
    chain.reverse()
    scores = tuple(min(1.0, max(0.0, mass.get((b.en, b.zh), 0.0))) for b in chain)
    return Alignment(tuple(chain), scores, scorer.ratio)


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
