"""The Chinese of the engine's replay sentences, checked on games the table was not written from.

The sentence table (pal_judge/html/replay_words.py) was written from the rulings' replays and
from random games of seeds 1000-1029 and 2000-2029; the games here (seeds 3000-3007) were never
looked at while writing it. Their events must all have a Chinese form, and it must use the
rulebook's own word (rules/glossary.yaml) for every zone, action, keyword, phase and state
the English names.
"""

from __future__ import annotations

from typing import Iterator

import pytest

from pal_judge.corpus import load_glossary
from pal_judge.engine.simulate import play_one
from pal_judge.html.replay_words import zh_of
from pal_judge.scenarios.ready_made import card_name

HELD_OUT_SEEDS = range(3000, 3008)
GLOSSARY_KINDS = ("zone", "action", "keyword", "phase", "state", "resource")


def _events(seed: int) -> Iterator[str]:
    for event in play_one(seed, record=True).events:
        yield card_name(event.what)


@pytest.fixture(scope="module")
def held_out_events() -> list[str]:
    return [what for seed in HELD_OUT_SEEDS for what in _events(seed)]


def test_every_event_of_unseen_games_has_a_chinese_form(held_out_events: list[str]) -> None:
    assert len(held_out_events) > 2000
    missing = sorted({what for what in held_out_events if zh_of(what) is None})
    assert not missing, f"{len(missing)} sentence shapes have no Chinese form, e.g. {missing[:5]}"


def test_the_chinese_uses_the_rulebooks_terms(held_out_events: list[str]) -> None:
    glossary = load_glossary()
    wrong = []
    for english in set(held_out_events):
        chinese = zh_of(english) or ""
        for term in glossary.terms_in_en(english):
            if term.kind in GLOSSARY_KINDS and not any(zh in chinese for zh in term.zh):
                wrong.append((term.id, english, chinese))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("english, chinese", [
    # 9.3.2 the attacking Pal rests (横置, 5.2); 11.4 lethal damage (致命伤害); 12.14 Breakthrough (突破)
    ("Lamball rests", "Lamball横置"),
    ("Lamball is put into B's graveyard (lethal damage)", "Lamball被送入B的墓地（致命伤害）"),
    ("Rushoar: Breakthrough triggers", "Rushoar：突破诱发"),
    ("the beginning of the damage step", "伤害步骤开始时"),
    # the ready-made deck cards (rulings/README.md: normal, lucky)
    ("B puts lucky from the top of the deck into the graveyard (Lucky)", "B将牌库顶的幸运帕鲁送入墓地（幸运）"),
])
def test_sentences_read_as_the_rulebook_says_them(english: str, chinese: str) -> None:
    assert zh_of(english) == chinese


def test_an_unknown_sentence_has_no_made_up_translation() -> None:
    assert zh_of("Lamball sings a song") is None
