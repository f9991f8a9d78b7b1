"""Table talk `ask` reads as the rulebook's words: Chinese player words (认负, 抽光, 赢下, 停不了, 竖回来), power written
in thousands ("2k"), and the rulings' indexes rebuilt when the words a query expands with change."""

from __future__ import annotations

from pathlib import Path

import pytest

from pal_judge.rulings.ask import ask, in_full
from pal_judge.rulings.texts import ruling_texts
from pal_judge.search import documents_index
from pal_judge.search.documents import Document


@pytest.mark.parametrize(
    ("question", "rulings"),
    [
        # 1.2.3: a player may concede at any time (认负 / 认输: table talk for 投降)
        ("打到一半可以直接认负吗", {"concede-any-time", "concede-during-opponents-attack"}),
        # 4.5 / 11.2: a player who must draw from an empty deck loses (抽光: drawn dry)
        ("牌库抽光了会输吗", {"deck-out-loses", "draw-more-than-deck"}),
        # 1.2.4: a card that makes a player win does so as it resolves (赢得 / 赢下: win, 胜利)
        ("卡牌让我直接赢下这局，什么时候算", {"effect-wins-the-game"}),
        # 13.1.1.1: a loop neither player can stop ends the game in a draw (停不了: 无法停止)
        ("两个强制效果互相触发，谁都停不了，这局怎么算", {"unstoppable-loop-is-a-draw"}),
        # 9.3.2: the attacker is rested and stays so after the battle (竖回来: stands again)
        ("攻击完的帕鲁会竖回来吗", {"attacker-stays-rested"}),
    ],
)
def test_chinese_table_talk_finds_the_ruling_of_the_rule_word(question: str, rulings: set[str]) -> None:
    answer = ask(question, ruling_texts())
    assert answer.matches[0].key in rulings


def test_power_in_thousands_is_read_in_full() -> None:
    assert in_full("2k into 2K, a 1.5k pal") == "2000 into 2000, a 1500 pal"
    assert in_full("两只2k的帕鲁") == "两只2000的帕鲁"
    assert in_full("3kg of cards, v2k") == "3kg of cards, v2k"  # not a number of thousands


def test_the_rulings_indexes_are_rebuilt_when_the_glossary_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ruling index built with old player words or glossary would keep searching with them."""
    glossary = tmp_path / "glossary.yaml"
    monkeypatch.setattr(documents_index, "default_glossary_path", lambda: glossary)
    documents = [Document(id="r", en="can I concede", zh="可以投降吗")]
    glossary.write_text("- {id: concede, kind: action, en: [concede], zh: [投降]}\n", encoding="utf-8")
    before = documents_index.documents_key(documents)
    glossary.write_text("- {id: concede, kind: action, en: [concede, scoop], zh: [投降]}\n", encoding="utf-8")
    assert documents_index.documents_key(documents) != before


def test_opp_is_the_opponent() -> None:
    """'opp' / 'the other guy' read as the opponent (对手): the discard ruling (5.10.2) stands clearly first."""
    answer = ask("my event makes opp discard a card, who picks which one", ruling_texts())
    assert answer.ruling is not None and answer.ruling.id == "discard-chosen-by-owner"
    assert answer.confidence.level == "high"
