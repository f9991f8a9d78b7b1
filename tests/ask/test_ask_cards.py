"""`ask` and `search` recognise the cards a question names, by name, nickname or misspelling,
and `ask` prefers the rulings whose boards use them (issue 14, "Cards judges name")."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pal_judge.cards.catalogue import ruling_cards
from pal_judge.cards.lookup import cards_named_in
from pal_judge.cli import app
from pal_judge.rulings.ask import ask, named_cards, rulings_using_named_cards
from pal_judge.rulings.texts import ruling_texts
from pal_judge.search import section_searcher


def _named(question: str) -> set[str]:
    return {c.name for c in cards_named_in(question, ruling_cards(), known=section_searcher().knows)}


@pytest.mark.parametrize(
    ("question", "card"),
    [
        ("grizz attacks and they chump", "Grizzbolt"),  # a unique beginning: a nickname
        ("my penk is tapped", "Penking"),
        ("sparkitt on deploy, do i have to draw", "Sparkit"),  # a misspelling
        ("hoocrate dies in battle", "Hoocrates"),
    ],
)
def test_nicknames_and_misspelt_card_names_are_recognised(question: str, card: str) -> None:
    assert card in _named(question)


@pytest.mark.parametrize("question", ["shuffle a deck, does it count as shuffled", "can i pick 0 targets"])
def test_words_of_the_rulebook_are_never_taken_for_a_card(question: str) -> None:
    # `shuffled` is close to Reshuffle and `pick` begins Pick Off, but both are rulebook words.
    assert _named(question) == set()


def _boards_by_card() -> dict[str, set[str]]:
    """Card name -> the rulings whose boards use it (every definition of the name)."""
    boards: dict[str, set[str]] = {}
    for card in ruling_cards():
        boards.setdefault(card.name, set()).update(card.rulings)
    return boards


def test_a_card_on_fewer_boards_tells_more() -> None:
    rulings = ruling_texts()
    weights = rulings_using_named_cards(named_cards("lamball and hoocrates"), len(rulings))
    by_card = _boards_by_card()
    assert len(by_card["Lamball"]) > len(by_card["Hoocrates"]) == 1
    (hoocrates_ruling,) = by_card["Hoocrates"]
    lamball_only = next(iter(by_card["Lamball"] - {hoocrates_ruling}))
    assert weights[hoocrates_ruling] > weights[lamball_only] > 0
    assert rulings_using_named_cards(named_cards("a pal with no name"), len(rulings)) == {}


def test_naming_a_card_moves_up_the_rulings_whose_boards_use_it() -> None:
    rulings = ruling_texts()
    question = "the opponent has two rested pals with taunt, which must i attack"
    before = [m for m in ask(question, rulings).matches if m.kind == "ruling"]
    first, second = before[0], before[1]
    users = _boards_by_card()
    card = next(name for name, ids in users.items() if second.key in ids and first.key not in ids)
    after = {m.key: m.score for m in ask(f"{question} ({card})", rulings).matches if m.kind == "ruling"}
    assert after[second.key] / after[first.key] > second.score / first.score, card


def test_search_names_a_nicknamed_card_with_its_data() -> None:
    result = CliRunner().invoke(app, ["search", "grizz breakthrough"])
    assert result.exit_code == 0, result.output
    assert "Grizzbolt" in result.stdout and "power 5000" in result.stdout


def test_search_lists_first_the_ruling_whose_board_uses_the_nicknamed_card() -> None:
    result = CliRunner().invoke(app, ["search", "grizz hits face, first flip is lucky"])
    assert result.exit_code == 0, result.output
    listed = result.stdout.split("\nRulings\n", 1)[1].split()
    first = listed[listed.index("ruling") + 1]
    assert first in _boards_by_card()["Grizzbolt"]


def test_search_never_corrects_a_card_name_into_a_rulebook_word() -> None:
    result = CliRunner().invoke(app, ["search", "Penking", "taunt"])  # was read as "pending taunt"
    assert result.exit_code == 0, result.output
    assert "showing results for" not in result.output
    assert "Penking" in result.stdout.split("Cards named", 1)[1]


def test_no_card_name_of_the_catalogue_is_taken_for_a_misspelling() -> None:
    from pal_judge.cards.lookup import name_words
    from pal_judge.search import correct_query

    cards = ruling_cards()
    keep = name_words(cards)
    assert [c.name for c in cards if correct_query(c.name, keep=keep) is not None] == []
    assert correct_query("tuant", keep=keep) is not None  # a real misspelling is still corrected


def test_ask_json_names_the_cards_of_the_question() -> None:
    import json

    result = CliRunner().invoke(app, ["ask", "--json", "--no-replay", "grizz hits face, first flip is lucky"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout[result.stdout.index("{"):])
    assert data["cards"] == ["Grizzbolt"]
