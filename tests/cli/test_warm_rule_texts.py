"""`rule` lists, in its translation box, the rulings that follow the Chinese text where the two disagree. It reads
them as plain rows from the rulings' text cache (`rulings-texts.json`): the rows it shows must be the rulings'
files' own, and a cache under the right key holding a row pal-judge never writes (planted, or broken) is passed
over for the files, never shown and never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pal_judge.paths import ruling_files
from pal_judge.render.translation_notes import rulings_following_chinese
from pal_judge.rulings.loader import load_rulings
from pal_judge.rulings.texts import ruling_texts, texts_key


@pytest.fixture(scope="module")
def a_clause_and_its_rulings() -> tuple[str, list[dict[str, str]]]:
    """A clause some ruling following the Chinese cites, and those rulings (from the YAML files)."""
    following = [r for r in load_rulings() if r.follows == "zh"]
    number = following[0].cites[0]
    return number, [{"id": r.id, "question_en": r.question_en, "question_zh": r.question_zh}
                    for r in following if number in r.cites]


def test_the_rulings_following_the_chinese_are_the_files_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, a_clause_and_its_rulings: tuple[str, list[dict[str, str]]]) -> None:
    number, expected = a_clause_and_its_rulings
    monkeypatch.setenv("PAL_JUDGE_CACHE", str(tmp_path))
    monkeypatch.setenv("PAL_JUDGE_PREBUILT", "0")
    assert rulings_following_chinese([number]) == expected  # from the files, then cached
    assert rulings_following_chinese([number]) == expected  # read back from the cache


_A_ROW = {"id": "planted", "question": ["PLANTED", "PLANTED"], "answer": ["a", "a"], "cites": ["CLAUSE"], "tags": [],
          "source": {"kind": "judge", "ref": "x", "date": "2026-01-01"}, "follows": "zh"}


@pytest.mark.parametrize("planted", [
    {**_A_ROW, "question": "PLANTED"},  # a string where the two languages' list belongs
    {**_A_ROW, "question": ["PLANTED"]},
    {**_A_ROW, "cites": "CLAUSE"},
    {**_A_ROW, "id": 7},
    {**_A_ROW, "source": "judge"},
    {k: v for k, v in _A_ROW.items() if k != "answer"},
], ids=["question-a-string", "question-one-language", "cites-a-string", "id-a-number", "source-a-string", "no-answer"])
def test_a_planted_rulings_text_row_is_passed_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, a_clause_and_its_rulings: tuple[str, list[dict[str, str]]],
        planted: dict[str, object]) -> None:
    number, expected = a_clause_and_its_rulings
    monkeypatch.setenv("PAL_JUDGE_CACHE", str(tmp_path))
    monkeypatch.setenv("PAL_JUDGE_PREBUILT", "0")
    row = json.loads(json.dumps(planted).replace('"CLAUSE"', json.dumps(number)))
    (tmp_path / "rulings-texts.json").write_text(json.dumps({"key": texts_key(ruling_files(None)), "rulings": [row]}),
                                                 encoding="utf-8")
    assert rulings_following_chinese([number]) == expected
    # `ask`, `search` and `card` read the same cache as the rulings' texts: the planted row is passed over there too
    shown = ruling_texts()
    assert [t.id for t in shown] == [r.id for r in load_rulings()] and "planted" not in {t.question_en for t in shown}
