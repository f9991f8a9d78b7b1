"""`ask` replays its ruling after parsing only the rulings files that name it: the ruling found so
is the one `load_rulings` keeps (the first file in order holding the id), for every ruling."""

from __future__ import annotations

from pathlib import Path

import pytest

from pal_judge.errors import UserError
from pal_judge.rulings.find import load_ruling_by_id
from pal_judge.rulings.loader import load_rulings

RULING = ('- {{id: {id}, question: {{en: "{question}"}}, answer: {{en: "It is."}}, cites: ["13.1.1"], '
          'source: {{kind: rulebook, date: 2026-11-30}}, scenario: {{setup: {{turn: A}}}}}}\n')


def test_every_ruling_is_found_where_load_rulings_finds_it() -> None:
    for ruling in load_rulings():
        assert str(load_ruling_by_id(ruling.id).where) == str(ruling.where), ruling.id


def test_a_second_file_with_the_same_id_loses_and_a_broken_file_is_passed_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.yaml").write_text(RULING.format(id="twice", question="First?"), encoding="utf-8")
    (tmp_path / "b.yaml").write_text(RULING.format(id="twice", question="Second?"), encoding="utf-8")
    (tmp_path / "0-broken.yaml").write_text("- id: twice\n  question: [unclosed\n", encoding="utf-8")
    monkeypatch.setenv("PAL_JUDGE_RULINGS", str(tmp_path))
    assert load_ruling_by_id("twice").question_en == "First?"
    with pytest.raises(UserError, match="did you mean twice"):
        load_ruling_by_id("twise")
