"""The rulebook cache restores tuples wherever a record's field is typed as one, however the
annotation is written (an alias, typing.Tuple, a fixed-length tuple), and nowhere else."""

from __future__ import annotations

from typing import NamedTuple, Optional, Tuple

from pal_judge.corpus.cache import _records

Spans = tuple[tuple[int, int], ...]  # an alias: its name does not say "tuple"


class _Record(NamedTuple):
    spans: Spans
    names: Tuple[str, ...]
    pair: tuple[int, int]
    words: list[str]
    note: Optional[str] = None


def test_fields_typed_as_tuples_come_back_as_tuples_and_lists_stay_lists() -> None:
    record = _Record(spans=((0, 2), (4, 5)), names=("a", "b"), pair=(1, 2), words=["x"], note=None)
    rows = [{key: list(value) if isinstance(value, tuple) else value for key, value in record._asdict().items()}]
    (restored,) = _records(_Record, rows)
    assert isinstance(restored.spans, tuple) and isinstance(restored.names, tuple) and isinstance(restored.pair, tuple)
    assert isinstance(restored.words, list)
    assert restored.names == ("a", "b") and restored.pair == (1, 2)
