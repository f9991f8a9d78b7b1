"""The rulebook cache restores tuples wherever a record's field is typed as one, however the
annotation is written (an alias, typing.Tuple, a fixed-length tuple), and nowhere else; and it
reads back only tables of the record's own fields."""

from __future__ import annotations

import json
from typing import NamedTuple, Optional, Tuple

import pytest

from pal_judge.corpus.cache import _records, _table

Spans = tuple[tuple[int, int], ...]  # an alias: its name does not say "tuple"


class _Record(NamedTuple):
    spans: Spans
    names: Tuple[str, ...]
    pair: tuple[int, int]
    words: list[str]
    note: Optional[str] = None


def test_fields_typed_as_tuples_come_back_as_tuples_and_lists_stay_lists() -> None:
    record = _Record(spans=((0, 2), (4, 5)), names=("a", "b"), pair=(1, 2), words=["x"], note=None)
    (restored,) = _records(_Record, json.loads(json.dumps(_table((record,), _Record))))  # through JSON, as cached
    assert isinstance(restored.spans, tuple) and isinstance(restored.names, tuple) and isinstance(restored.pair, tuple)
    assert isinstance(restored.words, list)
    assert restored.names == ("a", "b") and restored.pair == (1, 2)


@pytest.mark.parametrize("fields", [["spans", "names", "pair", "words"], ["names", "spans", "pair", "words", "note"],
                                    ["spans", "names", "pair", "words", "note", "extra"]],
                         ids=["one-missing", "reordered", "one-more"])
def test_a_table_of_other_fields_is_refused(fields: list[str]) -> None:
    rows = [[[[0, 2]], ["a"], [1, 2], ["x"], None, None][: len(fields)]]
    with pytest.raises(ValueError):
        _records(_Record, {"fields": fields, "rows": rows})


@pytest.mark.parametrize("row", [[[[0, 2]], ["a"], [1, 2], ["x"]], [[[0, 2]], ["a"], [1, 2], ["x"], None, "more"],
                                 {"spans": [], "names": [], "pair": [1, 2], "words": [], "note": None}],
                         ids=["short", "long", "an-object"])
def test_a_row_that_is_not_the_fields_values_is_refused(row: object) -> None:
    with pytest.raises(ValueError):
        _records(_Record, {"fields": list(_Record._fields), "rows": [row]})
