"""`rule` lists the scenarios whose trace cites the section shown or one of its sub-clauses, read
from the stored runs: the section's own citers first, then the most focused traces."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pal_judge.rulings.coverage import scenarios_citing
from pal_judge.rulings.runs import RunSummary, _cache_path, cached_cites


def _store(cites: dict[str, object]) -> Path:
    path = _cache_path(None)
    path.parent.mkdir(parents=True, exist_ok=True)
    runs = {ruling: RunSummary(ruling, None, (), tuple(cited)).to_dict() if isinstance(cited, list) else
            {"ruling": ruling, "error": None, "failures": [], "cited": cited, "primary": ""} for ruling, cited in cites.items()}
    path.write_text(json.dumps(runs), encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAL_JUDGE_CACHE", str(tmp_path))


def test_a_section_is_cited_by_itself_or_a_sub_clause_never_by_a_number_it_merely_begins() -> None:
    _store({
        "itself": ["1.2", "9.6"],
        "sub-clause": ["9.6.3.1"],
        "deep-and-itself": ["9.6", "9.6.3", "9.6.4"],
        "other-section-9-60": ["9.60"],
        "other-section-9-61-2": ["9.61.2"],
        "ending-in-9-6": ["19.6", "19.6.1", "1.9.6"],
        "parent-only": ["9"],
        "nothing": [],
    })
    # The section's own citers first (fewest cites first), then those citing only a sub-clause.
    assert scenarios_citing("9.6") == ["itself", "deep-and-itself", "sub-clause"]
    assert scenarios_citing("9.6.3") == ["deep-and-itself", "sub-clause"]
    assert scenarios_citing("9") == ["parent-only", "other-section-9-60", "other-section-9-61-2", "sub-clause", "itself",
                                     "deep-and-itself"]
    assert scenarios_citing("19.6") == ["ending-in-9-6"]
    assert scenarios_citing("6") == []


@pytest.mark.parametrize("cited", [9.6, ("9.6", "9.6.3"), {"9.6": 1}, None], ids=["a-number", "a-list", "an-object", "null"])
def test_stored_cites_not_a_list_of_clause_numbers_are_not_read(cited: object) -> None:
    _store({"good": ["9.6"], "planted": cited})
    assert cached_cites(None) is None  # so `rule` runs the scenarios again rather than trusting the file


@pytest.mark.parametrize("cited", [(), ("9.6",), ("1.2", "9.6", "9.6.3.1")], ids=["none", "one", "several"])
def test_a_run_summary_reads_back_as_it_was_stored(cited: tuple[str, ...]) -> None:
    summary = RunSummary("a-ruling", None, ({"expect": "x"},), cited, cited[:1])
    assert RunSummary.from_dict(json.loads(json.dumps(summary.to_dict()))) == summary  # through JSON, as cached
