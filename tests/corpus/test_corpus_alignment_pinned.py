"""The aligner's result on the published texts is pinned (tests/corpus/data/alignment.json,
written by `python -m tests.corpus.pinned_alignment --write` from the code before it was
made fast): every paragraph keeps its sections, its score and its review confidence."""

from __future__ import annotations

import json

import pytest

from tests.corpus.pinned_alignment import PINNED, computed_alignment

# Scores are sums over sets of terms whose iteration order follows Python's per-process
# string hashing, so two runs of the same code differ in the last bits (about 1e-12).
TOLERANCE = 1e-9


@pytest.fixture(scope="module")
def pinned() -> list[dict]:
    return json.loads(PINNED.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def computed() -> list[dict]:
    return computed_alignment()


def test_every_paragraph_keeps_its_sections(pinned: list[dict], computed: list[dict]) -> None:
    assert [(a["en_index"], a["sections"]) for a in computed] == [(a["en_index"], a["sections"]) for a in pinned]


@pytest.mark.parametrize("field", ["score", "confidence"])
def test_every_paragraph_keeps_its_score_and_confidence(pinned: list[dict], computed: list[dict], field: str) -> None:
    moved = {a["en_index"]: (a[field], b[field]) for a, b in zip(computed, pinned)
             if abs(a[field] - b[field]) > TOLERANCE}
    assert moved == {}
