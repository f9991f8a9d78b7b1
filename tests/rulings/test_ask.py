"""`pal-judge ask`: what a judge sees for a question (the quality figures are in test_ask_quality.py)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pal_judge.cli import app
from pal_judge.rulings.ask import agrees, keyword_names, respell, support

MISSION = "My Pal with Breakthrough attacks, they block with a Retaliate Pal, both die — do they still take damage?"
# The both-die ruling answers it exactly; breakthrough-vs-retaliate was the ruling before it was written.
MISSION_RULINGS = {"breakthrough-retaliate-both-die", "breakthrough-vs-retaliate"}


def _ask_json(*question: str) -> dict:
    result = CliRunner().invoke(app, ["ask", "--no-replay", "--json", *question])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout[result.stdout.index("{"):])


def test_the_mission_question_finds_its_ruling_and_its_clauses_most_decisive_first(_isolated_cache: None) -> None:
    data = _ask_json(MISSION)
    assert data["ruling"] in MISSION_RULINGS
    # 12.14.2: Breakthrough deals damage to the player when the battle opponent is destroyed.
    assert data["cites"][0] == "12.14.2"
    assert "12.12.2" in data["cites"]  # 12.12.2 Retaliate destroys the attacker
    assert data["matches"][0] == {**data["matches"][0], "kind": "ruling", "id": data["ruling"]}
    assert {m["kind"] for m in data["matches"]} == {"ruling", "section"}


def test_a_colloquial_chinese_question_finds_the_ruling(_isolated_cache: None) -> None:
    # 7.3.1: the player going first skips the draw in their first turn.
    assert _ask_json("先手第一回合抽不抽牌")["ruling"] == "first-player-skips-first-draw"


def test_a_question_no_ruling_answers_shows_the_sections_instead(_isolated_cache: None) -> None:
    data = _ask_json("can I look at the cards in my opponent's hand")
    assert data["ruling"] is None
    assert "4.6.2" in data["cites"][:3]  # 4.6.2 you may not see the cards in your opponent's hand
    result = CliRunner().invoke(app, ["ask", "--no-replay", "can I look at the cards in my opponent's hand"])
    assert result.exit_code == 0
    assert "No ruling answers this well" in result.output
    assert "4.6.2" in result.output


def test_a_misspelt_keyword_is_read_as_the_keyword() -> None:
    names = ("taunt", "retaliate", "breakthrough", "interrupt", "quick")
    assert respell("the retailate pal died", names) == "the retaliate pal died"
    assert respell("my breakthru pal", names) == "my breakthrough pal"
    assert respell("can i interupt", names) == "can i interrupt"
    # ordinary words near a keyword stay as they are
    assert respell("played quickly, then attacked", names) == "played quickly, then attacked"


def test_keyword_names_are_the_one_word_keywords_of_the_glossary() -> None:
    from pal_judge.corpus.glossary import load_glossary

    names = keyword_names(load_glossary().terms)
    assert {"taunt", "retaliate", "breakthrough", "stealth"} <= set(names)
    assert "on deploy" not in names


def test_the_rulebook_search_supports_rulings_that_cite_what_it_finds() -> None:
    found = [("6.2.1.7", 10.0), ("10.5.2", 8.0)]
    assert support(("6.2.1.7", "6.2.1.7.1"), found) > support(("6.2.1.7.1", "6.2.1.7"), found)  # decisive cite first
    assert support(("6.2.1.7.1",), found) > 0  # a clause under a section found
    assert support(("11.4.1",), found) == 0
    assert support(("6.1.1",), [("6", 20.0)]) == 0  # a whole chapter found supports nothing
    assert agrees(("10.5.2",), found) and not agrees(("11.4.1",), found)


def test_a_question_of_only_a_card_value_and_filler_still_gets_an_answer(_isolated_cache: None) -> None:
    # Card values do not pick a ruling and 的 is a stop word: the search must not come back empty.
    assert _ask_json("3000", "的")["matches"]
