"""The out-of-scope topics `ask` declines: matched as whole words, the file checked by line."""

from __future__ import annotations

from pathlib import Path

import pytest

from pal_judge.errors import UserError
from pal_judge.rulings.scope import out_of_scope, topics


def test_topic_words_match_whole_words_only() -> None:
    assert out_of_scope("is slow play a game loss") is not None
    assert out_of_scope("what does the card's price say") is not None
    # "pricey"/"latest"/"event" are not topic words; a rules question stays a rules question
    assert out_of_scope("play the latest event card during the quick step") is None


def test_chinese_topic_words_match_in_either_script() -> None:
    assert out_of_scope("比赛迟到怎么办").name == out_of_scope("比賽遲到怎麼辦").name  # type: ignore[union-attr]


def test_a_malformed_topics_file_names_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "topics.yaml"
    bad.write_text("- {topic: sleeves, say: [sleeve]}\n- {topic: prices}\n", encoding="utf-8")
    with pytest.raises(UserError, match=r"topics\.yaml:2"):
        topics(bad)
