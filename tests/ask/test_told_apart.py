"""Of neighbouring rulings sharing a question's words, `ask` ranks first the one whose own
question the judge's question says (told_apart.py). The questions here were written for
this test, in none of bench/questions/; the right rulings follow the rulebook clause named."""

from __future__ import annotations

import pytest

from pal_judge.rulings.ask import ask
from pal_judge.rulings.texts import ruling_texts


@pytest.mark.parametrize(
    "question, right",
    [
        # 5.2.2.1: souls are paid by resting standing souls; one standing soul cannot pay a cost of 2
        # (not the ruling on a triggered ability's cost, which shares "soul", "cost", "pay").
        ("with 1 standing soul can i pay for a cost 2 pal", "cannot-play-without-souls"),
        # 10.8.7: an effect making a trigger activate twice (not the "twice per turn" limit ruling).
        ("echo totem doubles triggers, my on deploy draw happens how many times", "trigger-activates-twice"),
        # 10.3: abilities work in the base; put there from the hand by an effect, On Deploy triggers.
        ("an effect drops a pal from my hand into the base without casting it, does on deploy still fire",
         "deployed-from-hand-by-an-effect"),
        ("blocker has retaliate and my attacker has breakthrough, who gets damaged", "breakthrough-vs-retaliate"),
        ("卡上的X没有定义，抽几张", "x-undefined-is-chosen"),
        ("打死同归于尽的帕鲁，我的攻击帕鲁会怎样", "retaliate-defender-dies"),
    ],
)
def test_the_ruling_asked_about_ranks_before_its_neighbours(question: str, right: str) -> None:
    answer = ask(question, ruling_texts())
    assert [m.key for m in answer.matches if m.kind == "ruling"][0] == right


def test_a_ruling_question_said_back_in_full_is_wholly_said() -> None:
    from pal_judge.rulings.ask import _compiler
    from pal_judge.rulings.told_apart import question_words, said
    from pal_judge.search import section_searcher

    rulings = ruling_texts()
    compiler = _compiler(section_searcher())
    words = question_words(compiler, rulings)
    ruling = next(r for r in rulings if r.id == "overflow-keeps-newest")
    whole = f"{ruling.question_en} {' '.join(ruling.tags)} {ruling.question_zh}"
    assert words.share_said(ruling.id, said(compiler, whole)) == 1.0  # exact: summed with fsum, whatever the set order
    assert words.share_said(ruling.id, said(compiler, "is exile the same as the graveyard")) < 0.2


def test_a_broken_or_planted_question_words_cache_only_costs_time() -> None:
    """The rulings' question words are kept as plain JSON; one under the right key that is not what
    pal-judge wrote (words missing, wrong shapes, not an object) is recomputed: the same answer."""
    import json

    from pal_judge.paths import cache_dir

    rulings = ruling_texts()
    question = "opponent has 2 taunt guys both rested, which one do i have to swing at"
    expected = ask(question, rulings).to_dict()
    note = cache_dir() / "question-words.json"
    written = note.read_bytes()
    key = json.loads(written)["key"]
    try:
        for planted in ({"words": {}, "rarity": {}}, {"words": {"two-taunts": [1, 2, 3]}, "rarity": {}}, "words"):
            note.write_text(json.dumps({"key": key, "value": planted}), encoding="utf-8")
            assert ask(question, rulings).to_dict() == expected
    finally:
        note.write_bytes(written)
