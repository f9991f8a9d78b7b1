"""`ask` reads the rulings' words from a cache that follows every edit of the rulings' YAML."""

from __future__ import annotations

import shutil
from pathlib import Path

from pal_judge.paths import cache_dir, rulings_dir
from pal_judge.rulings.loader import load_rulings
from pal_judge.rulings.texts import following_chinese_rows, ruling_texts


def _copy(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / "rulings"
    folder.mkdir()
    shutil.copy(rulings_dir() / name, folder / name)
    return folder


def test_the_cached_words_are_the_rulings_words_and_follow_an_edit(tmp_path: Path, _isolated_cache: None) -> None:
    folder = _copy(tmp_path, "misc.yaml")
    expected = [r.words() for r in load_rulings(folder)]
    assert ruling_texts(folder) == expected  # loaded, then cached
    assert ruling_texts(folder) == expected  # read back from the cache
    path = folder / "misc.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Am I stuck in my main phase?", "Is my turn stuck?"),
                    encoding="utf-8")
    questions = [t.question_en for t in ruling_texts(folder)]
    assert any(q.endswith("Is my turn stuck?") for q in questions)
    assert not any("Am I stuck" in q for q in questions)


def test_an_unreadable_cache_is_rebuilt(tmp_path: Path, _isolated_cache: None) -> None:
    folder = _copy(tmp_path, "misc.yaml")
    ruling_texts(folder)
    (cache_dir() / "rulings-texts.json").write_text("{not json", encoding="utf-8")
    assert [t.id for t in ruling_texts(folder)] == [r.id for r in load_rulings(folder)]


def test_the_rulings_following_the_chinese_are_the_same_loaded_or_cached(tmp_path: Path, _isolated_cache: None) -> None:
    folder = tmp_path / "rulings"
    shutil.copytree(rulings_dir(), folder)
    expected = [r.words() for r in load_rulings(folder) if r.follows == "zh"]
    assert expected  # the rulings do follow the Chinese where the English differs
    (cache_dir() / "rulings-texts.json").unlink(missing_ok=True)
    shown = [(r.id, [r.question_en, r.question_zh], list(r.cites)) for r in expected]
    assert [(r["id"], r["question"], r["cites"]) for r in following_chinese_rows(folder)] == shown  # loaded, then cached
    assert [(r["id"], r["question"], r["cites"]) for r in following_chinese_rows(folder)] == shown  # read back
