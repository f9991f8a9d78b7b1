"""`pal-judge card`: the cards the rulings define, found the way a judge names them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pal_judge.cli import app

runner = CliRunner()


def _card_json(*args: str) -> list[dict]:
    result = runner.invoke(app, ["card", "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_card_of_the_rulings_shows_its_data_and_the_rulings_using_it() -> None:
    result = runner.invoke(app, ["card", "Chillet"])  # issue 14: `rule Chillet` knew nothing of it
    assert result.exit_code == 0, result.output
    assert "power 2000" in result.stdout
    assert "on attack" in result.stdout  # its ability, in words
    assert "triggers-turn-player-first" in result.stdout  # the ruling whose board uses it


def test_names_are_found_in_any_case_by_a_unique_beginning_or_a_near_spelling() -> None:
    for typed in ("grizzbolt", "GRIZZ", "Grizbolt"):
        assert {c["name"] for c in _card_json(typed)} == {"Grizzbolt"}, typed


def test_a_name_defined_differently_in_two_files_shows_both_definitions() -> None:
    definitions = _card_json("Grizzbolt")
    keywords = [c["data"].get("keywords", []) for c in definitions]
    assert ["breakthrough"] in keywords  # rulings/keywords.yaml gives it Breakthrough
    assert len(definitions) >= 2 and all(c["defined_at"] for c in definitions)
    used = {r for c in definitions for r in c["rulings"]}
    assert "lucky-first-card-stops-check" in used


def test_a_card_counting_as_another_name_shows_it() -> None:
    (bear,) = _card_json("Thunder Bear")
    assert bear["also_named"] == ["Grizzbolt"]  # 2.1.5: a card can have another card name


def test_an_unknown_card_is_one_clear_line_with_suggestions() -> None:
    result = runner.invoke(app, ["card", "Lamb"])
    assert result.exit_code == 2
    assert "no card named 'Lamb'" in result.output and "Lamball" in result.output
    assert "Traceback" not in result.output


def test_a_pasted_wall_of_text_is_refused_quickly() -> None:
    result = runner.invoke(app, ["card", "x" * 50_000])
    assert result.exit_code == 2 and "at most" in result.output


def test_a_judges_own_card_list_is_used_and_checked_with_line_numbers(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    own = tmp_path / "mine.yaml"
    own.write_text("cards:\n  Jetragon: {power: 9000, strike: 3, keywords: [Stealth]}\n", encoding="utf-8")
    (jetragon,) = _card_json("--cards", str(own), "jetragon")
    assert jetragon["data"]["power"] == 9000 and jetragon["defined_at"] == [f"{own}:2"]
    monkeypatch.setenv("PAL_JUDGE_CARDS", str(own))
    assert _card_json("Jetragon")[0]["name"] == "Jetragon"
    bad = tmp_path / "bad.yaml"
    bad.write_text("Jetragon: {power: 9000}\nAnubis: {power: 6000, keywords: [Tuant]}\n", encoding="utf-8")
    result = runner.invoke(app, ["card", "--cards", str(bad), "Anubis"])
    assert result.exit_code == 2
    assert f"{bad}:2" in result.output and "Taunt" in result.output  # the line, and the keyword it means


def test_a_card_name_with_control_characters_is_shown_harmlessly(tmp_path: Path) -> None:
    own = tmp_path / "mine.yaml"
    own.write_text('"Evil\\e[31mPal[/]": {power: 1000}\n', encoding="utf-8")
    result = runner.invoke(app, ["card", "--cards", str(own), "evil"])
    assert result.exit_code == 0, result.output  # "[/]" in the panel's title is text, not a closing tag
    assert "\x1b" not in result.stdout and "\\x1b" in result.stdout and "Pal[/]" in result.stdout


def test_the_words_of_an_ability() -> None:
    from pal_judge.cards.catalogue import Card
    from pal_judge.cards.words import abilities_text, summary

    card = Card("Sparkit", "pal", {"cost": 1, "power": 1000, "strike": 1, "keywords": [{"brave": 300}],
                                  "abilities": [{"kind": "auto", "trigger": "on_deploy",
                                                 "effect": [{"do": "draw", "amount": 1}]}]}, ("x.yaml:1",))
    assert summary(card) == "pal, cost 1, power 1000, strike 1, Brave 300"
    assert abilities_text(card) == ["auto (on deploy): draw 1"]


def test_ask_and_search_recognise_card_names_in_a_question() -> None:
    asked = runner.invoke(app, ["ask", "--no-replay", "my tombat dies to an event in my main phase, does retaliate do anything"])
    assert asked.exit_code == 0, asked.output
    assert "Cards named" in asked.stdout and "Tombat" in asked.stdout and "Retaliate" in asked.stdout
    searched = runner.invoke(app, ["search", "tombat", "retaliate", "--limit", "1"])
    assert searched.exit_code == 0 and "Cards named" in searched.stdout
