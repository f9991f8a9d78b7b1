"""`rule` lists, under a clause, the rulings that follow the Chinese text there. A warm `rule` reads them from a
small cache of their own (`rulings-following-zh.json`), not from every ruling's words: the rulings it lists
must still be the files' own, a planted or broken small cache is passed over, and a ruling left out as broken
is reported on every run, never cached away."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pal_judge.paths import ruling_files, rulings_dir
from pal_judge.rulings.loader import load_rulings
from pal_judge.rulings.texts import FOLLOWING_ZH, following_chinese_rows, texts_key


def _files_own(folder: Path | None = None) -> list[tuple[str, list[str], list[str]]]:
    return [(r.id, [r.question_en, r.question_zh], list(r.cites)) for r in load_rulings(folder) if r.follows == "zh"]


def _shown(rows: list[dict[str, object]]) -> list[tuple[object, object, object]]:
    return [(r["id"], r["question"], r["cites"]) for r in rows]


@pytest.fixture()
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cache = tmp_path / "cache"
    monkeypatch.setenv("PAL_JUDGE_CACHE", str(cache))
    monkeypatch.setenv("PAL_JUDGE_PREBUILT", "0")
    return cache


def test_a_warm_rule_lists_the_files_own_rulings_without_the_rulings_texts(own_cache: Path) -> None:
    expected = _files_own()
    assert expected  # the rulings do follow the Chinese somewhere
    assert _shown(following_chinese_rows()) == expected  # from the files, then cached
    (own_cache / "rulings-texts.json").write_text("{not json", encoding="utf-8")  # the big cache is not needed now
    assert _shown(following_chinese_rows()) == expected
    assert (own_cache / "rulings-texts.json").read_text(encoding="utf-8") == "{not json"  # not reloaded, not rewritten


@pytest.mark.parametrize("planted", [
    [{"id": "planted", "question": "PLANTED", "cites": ["1.1"]}],  # a string where the two languages' list belongs
    [{"id": "planted", "question": ["PLANTED"], "cites": ["1.1"]}],
    [{"id": 7, "question": ["PLANTED", "PLANTED"], "cites": ["1.1"]}],
    [{"id": "planted", "question": ["PLANTED", "PLANTED"], "cites": "1.1"}],
    {"planted": True},
], ids=["question-a-string", "question-one-language", "id-a-number", "cites-a-string", "not-a-list"])
def test_a_planted_small_cache_is_passed_over(own_cache: Path, planted: object) -> None:
    own_cache.mkdir(mode=0o700)
    (own_cache / f"{FOLLOWING_ZH}.json").write_text(
        json.dumps({"key": texts_key(ruling_files(None)), "value": planted}), encoding="utf-8")
    assert _shown(following_chinese_rows()) == _files_own()


def test_a_broken_ruling_is_reported_on_every_run(own_cache: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "rulings"
    shutil.copytree(rulings_dir(), folder)
    (folder / "zz-broken.yaml").write_text("- id: [not, an, id]\n", encoding="utf-8")
    for _ in range(2):
        following_chinese_rows(folder)
        assert "ruling left out" in capsys.readouterr().err
    assert not (own_cache / f"{FOLLOWING_ZH}.json").exists()
