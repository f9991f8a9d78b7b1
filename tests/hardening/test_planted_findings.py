"""The translation notes under a clause (`rule`, `ask`) come from two caches of xcheck's findings: the whole
book's and the clauses checked one by one. A file under either name with the right key over a value pal-judge
never writes (planted, or broken) is passed over: the notes are checked again and are the ones the rules give,
never a traceback and never the planted text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pal_judge.render import translation_notes as notes

_A_FINDING_SHAPE = {"section": "CLAUSE", "check": "x", "severity": "error", "message": "PLANTED", "en": "", "zh": ""}


@pytest.fixture(scope="module")
def a_clause_and_its_notes(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list[dict]]:
    """A clause the whole book's check reports an error or a warning about, and those findings."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PAL_JUDGE_CACHE", str(tmp_path_factory.mktemp("whole-book")))
        mp.setenv("PAL_JUDGE_PREBUILT", "0")
        shown = [f for f in notes.all_findings() if f["severity"] in notes.SHOWN_SEVERITIES]
    number = shown[0]["section"]
    return number, [f for f in shown if f["section"] == number]


# CLAUSE stands for the clause asked about: a planted value sits under the very clause shown.
@pytest.mark.parametrize("cache_name, planted", [
    (notes.WHOLE_BOOK, "findings"),
    (notes.WHOLE_BOOK, [1, "x"]),
    (notes.WHOLE_BOOK, [{"section": "CLAUSE", "severity": "error"}]),  # a finding without its texts
    (notes.WHOLE_BOOK, [{**_A_FINDING_SHAPE, "en_marks": "0-3", "zh_marks": []}]),
    (notes.BY_CLAUSE, ["CLAUSE"]),
    (notes.BY_CLAUSE, {"CLAUSE": "abc"}),
    (notes.BY_CLAUSE, {"CLAUSE": [{"section": "CLAUSE", "severity": "error"}]}),
], ids=["whole-a-string", "whole-not-findings", "whole-finding-without-texts", "whole-marks-not-spans",
        "clauses-a-list", "clauses-a-string", "clauses-finding-without-texts"])
def test_a_planted_findings_cache_is_passed_over(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  a_clause_and_its_notes: tuple[str, list[dict]],
                                                  cache_name: str, planted: object) -> None:
    number, expected = a_clause_and_its_notes
    monkeypatch.setenv("PAL_JUDGE_CACHE", str(tmp_path))
    monkeypatch.setenv("PAL_JUDGE_PREBUILT", "0")
    value = json.loads(json.dumps(planted).replace('"CLAUSE"', json.dumps(number)))
    (tmp_path / f"{cache_name}.json").write_text(json.dumps({"key": notes._key(), "value": value}), encoding="utf-8")
    assert notes.clause_findings([number]) == expected
