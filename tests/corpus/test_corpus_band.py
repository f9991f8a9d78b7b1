"""The aligner searches a narrow band of the grid (pal_judge/corpus/align.py): around a diagonal
drawn through anchors, widened until nothing outside it could matter. The band may cost time,
never a different alignment: on texts that drift far from the straight diagonal (a lost page of
English, with or without cross-references to anchor on), the result equals the search of the
whole grid, pairing for pairing and score for score."""

from __future__ import annotations

import re

import pytest

from pal_judge.corpus import Rulebook, load_corpus
from pal_judge.corpus.align import _monotone_chain, _Scorer, align, band_centres, paragraph_alignment

# English paragraphs of chapters 9 and 10 (9.1.1 … 10.13.3), and a page of chapter 9 lost from
# them: 9.2.2.3 … 9.6.2 have no English (21 paragraphs, the path far off the straight diagonal).
CHAPTERS_9_10 = range(239, 386)
LOST = range(244, 265)
REF = re.compile(r"\(?(?<![\d.])\d+(?:\.\d+)+(?![\d.])\)?")


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def _texts(book: Rulebook):
    sections = tuple(s for s in book if s.chapter in (9, 10))
    kept = [i for i in CHAPTERS_9_10 if i not in LOST]
    return sections, tuple(book.en_paragraphs[i] for i in kept), kept


def test_a_lost_page_aligns_as_on_the_whole_grid(corpus) -> None:
    book, glossary = corpus
    sections, paragraphs, kept = _texts(book)
    narrow = align(paragraphs, sections, glossary)
    assert narrow == align(paragraphs, sections, glossary, band=len(paragraphs))  # every bead, cost and score
    # and the English after the lost page keeps the clauses it has in the whole book
    got = paragraph_alignment(narrow, sections, len(paragraphs))
    after = [k for k, i in enumerate(kept) if i >= LOST.stop]
    assert [got[k].sections for k in after] == [book.alignment[kept[k]].sections for k in after]


def _chapter_9(book: Rulebook, strip_refs: bool = False):
    sections = tuple(s for s in book if s.chapter == 9)
    texts = (book.en_paragraphs[i] for i in range(239, 280))
    return sections, tuple(REF.sub("", text) if strip_refs else text for text in texts)


def test_a_band_too_narrow_is_widened_until_the_alignment_is_the_whole_grids(corpus) -> None:
    book, glossary = corpus
    sections, paragraphs = _chapter_9(book, strip_refs=True)  # no anchors: the straight diagonal
    paragraphs = paragraphs[:5] + paragraphs[12:]  # a lost page of 7 paragraphs
    assert align(paragraphs, sections, glossary, band=1) == align(paragraphs, sections, glossary, band=len(paragraphs))


def test_anchors_carry_the_band_over_a_lost_page(corpus) -> None:
    book, glossary = corpus
    sections, paragraphs, kept = _texts(book)
    scorer = _Scorer(paragraphs, sections, glossary, ())
    centres = band_centres(scorer, len(paragraphs), len(sections))
    column = {s.number: j for j, s in enumerate(sections)}
    # where the path really is: the grid point after each paragraph's clause
    path = {column[a.sections[-1]] + 1: k + 1
            for k, a in enumerate(paragraph_alignment(align(paragraphs, sections, glossary), sections, len(paragraphs)))
            if a.sections}
    diagonal = max(abs(row - scorer.diagonal[j]) for j, row in path.items())
    anchored = max(abs(row - centres[j]) for j, row in path.items())
    assert diagonal > 8 and anchored <= 4, (diagonal, anchored)


def test_anchors_are_the_longest_chain_monotone_on_both_sides() -> None:
    # (column, row) pairs: (5, 2) crosses (3, 5) and (4, 9); (4, 9) and (4, 10) share a column
    pairs = [(9, 14), (1, 1), (3, 5), (4, 10), (4, 9), (5, 2), (7, 12)]
    assert _monotone_chain(pairs) == [(1, 1), (3, 5), (4, 9), (7, 12), (9, 14)]
    assert _monotone_chain([]) == []


def test_a_pin_far_off_the_diagonal_is_kept_as_on_the_whole_grid(corpus) -> None:
    from pal_judge.corpus.align import Pin

    book, glossary = corpus
    sections, paragraphs = _chapter_9(book)
    # 9.2.3's English pinned to 9.6.3, 19 clauses on: the clauses between are left without English;
    # the cross-references of 9.2.4 … 9.6.2 (anchors out of order with the pin) must yield to it
    pins = [Pin(6, ("9.6.3",))]
    narrow = align(paragraphs, sections, glossary, pins)
    assert narrow == align(paragraphs, sections, glossary, pins, band=len(paragraphs))
    assert paragraph_alignment(narrow, sections, len(paragraphs))[6].sections == ("9.6.3",)
