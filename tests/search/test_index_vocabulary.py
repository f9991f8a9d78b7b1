"""The player words (`player_words.yaml`) are read from the YAML once per version of the file and
kept as plain JSON in the cache: an edit must still be seen by the next build, a mistake still
named by file and line, and a cached copy that is not what the YAML says must never be used."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pal_judge.corpus.yaml_data import DataFileError
from pal_judge.search.vocabulary import player_words


@pytest.fixture
def words_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PAL_JUDGE_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "player_words.yaml"
    path.write_text("- {say: [trash, 弃牌堆], means: [graveyard, 墓地]}\n", encoding="utf-8")
    return path


def said_and_meant(path: Path) -> list[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]]:
    return [(term.en, term.zh, means) for term, means in player_words(path)]


def test_the_words_are_split_by_language_and_read_again_from_the_cache(words_file: Path) -> None:
    expected = [(("trash",), ("弃牌堆",), ("graveyard", "墓地"))]
    assert said_and_meant(words_file) == expected
    assert said_and_meant(words_file) == expected  # the second time from the cache


def test_an_edit_of_the_file_is_seen_at_once(words_file: Path) -> None:
    said_and_meant(words_file)
    words_file.write_text("- {say: [yard], means: [graveyard]}\n", encoding="utf-8")
    assert said_and_meant(words_file) == [(("yard",), (), ("graveyard",))]


def test_a_mistake_is_named_by_file_and_line_even_after_a_good_version_was_cached(words_file: Path) -> None:
    said_and_meant(words_file)
    words_file.write_text("- {say: [yard], means: [graveyard]}\n- {say: [], means: [graveyard]}\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"player_words\.yaml:2: say must be a non-empty list of strings"):
        player_words(words_file)


def test_a_cached_copy_holding_something_else_is_passed_over(words_file: Path) -> None:
    expected = said_and_meant(words_file)
    cached = words_file.parent / "cache" / "player-words.json"
    stored = json.loads(cached.read_text(encoding="utf-8"))
    for planted in ({"not": "entries"}, [[["trash"], []]], [["trash"]]):
        cached.write_text(json.dumps({"key": stored["key"], "value": planted}), encoding="utf-8")
        assert said_and_meant(words_file) == expected
