"""Chapter 11 rule actions: the Lucky check, defeat, lethal damage, pal overflow."""

from __future__ import annotations

from engine_helpers import board, cited, pal, play

from pal_judge.engine import Game, ScriptedDecider


def _hit(strike: int, deck: list[str], life: int = 10) -> Game:
    cards = [pal("Striker", 1000, strike=strike)]
    return play(board({"base": ["Striker"]}, {"deck": deck, "life": life}), cards, ["attack Striker -> player"])


def test_lucky_card_cancels_all_damage_and_stays_in_the_graveyard() -> None:
    # 11.2.2.2: Filler, then Lucky Filler -> 11.2.2.4: damage cleared, no life lost.
    g = _hit(3, ["Filler", "Lucky Filler", "Filler", "Filler"])
    b = g.snapshot()["players"]["B"]
    assert b["life"] == 10 and b["damage"] == 0
    assert b["graveyard"] == ["Filler", "Lucky Filler"] and b["deck"] == ["Filler", "Filler"]
    assert "11.2.2.2" in cited(g)


def test_lucky_card_as_the_last_card_of_the_deck_saves_life_but_the_empty_deck_loses() -> None:
    # 11.2.2.2 cancels the damage; then the check timing finds an empty deck: 11.3.2, A wins.
    g = _hit(3, ["Filler", "Lucky Filler"])
    assert g.players[1].life == 10
    assert g.result is not None and g.result.outcome == "win" and g.result.winner == "A"
    assert {"11.2.2.2", "11.3.2"} <= cited(g)


def test_deck_running_out_during_the_check_loses_the_full_damage() -> None:
    # 11.2.2.3 the deck is empty before 3 cards: the full 3 is lost (life 10 -> 7), then 11.3.2.
    g = _hit(3, ["Filler"])
    assert g.players[1].life == 7
    assert g.result is not None and g.result.winner == "A"


def test_life_zero_loses() -> None:
    g = _hit(2, ["Filler"] * 5, life=2)
    assert g.players[1].life == 0
    assert g.result is not None and g.result.winner == "A" and "11.3.1" in cited(g)


def test_both_players_losing_at_once_is_a_draw() -> None:
    # 1.2.2 / 11.3: both lives are 0 at the first check timing.
    g = Game.from_setup(board({"life": 0}, {"life": 0}), [])
    r = g.run(ScriptedDecider([]))
    assert r.outcome == "draw" and r.winner is None and "1.2.2" in cited(g)


def test_overflow_after_deploying_two_at_once_keeps_the_newest() -> None:
    # 4 pals in base; an event places 2 pals at once. 11.5.1.1: the 2 last placed are kept (2 <= 5);
    # 11.5.1.2: the controller keeps 3 of the 4 older ones; 11.5.1.3: the other goes to the graveyard.
    cards = [pal("Old1"), pal("Old2"), pal("Old3"), pal("Old4"), pal("New1"), pal("New2"),
             {"name": "Reunion", "type": "event", "cost": 0,
              "effect": [{"do": "place", "to": "base", "target": {"all": True, "zone": "graveyard", "controller": "you"}}]}]
    g = play(board({"base": ["Old1", "Old2", "Old3", "Old4"], "graveyard": ["New1", "New2"], "hand": ["Reunion"]}),
             cards, ["play Reunion", "Old1", "Old3", "Old4"])
    a = g.snapshot()["players"]["A"]
    assert sorted(c["label"] for c in a["base"]) == ["New1", "New2", "Old1", "Old3", "Old4"]
    assert "Old2" in a["graveyard"]
    assert {"11.5.1", "11.5.1.3"} <= cited(g)


def test_overflow_when_more_were_placed_at_once_than_the_limit() -> None:
    # Pal limit 1; two placed at once: 11.5.1.1 choose 1 of the two new ones; everything else goes.
    cards = [pal("Old"), pal("New1"), pal("New2"),
             {"name": "Reunion", "type": "event", "cost": 0,
              "effect": [{"do": "place", "to": "base", "target": {"all": True, "zone": "graveyard", "controller": "you"}}]}]
    g = play(board({"base": ["Old"], "graveyard": ["New1", "New2"], "hand": ["Reunion"], "pal_limit": 1}),
             cards, ["play Reunion", "New2"])
    a = g.snapshot()["players"]["A"]
    assert [c["label"] for c in a["base"]] == ["New2"]
    assert sorted(a["graveyard"]) == ["New1", "Old", "Reunion"]


def test_deploying_a_sixth_pal_sends_an_older_one_to_the_graveyard() -> None:
    cards = [pal(f"P{i}") for i in range(1, 7)]
    g = play(board({"base": [f"P{i}" for i in range(1, 6)], "hand": ["P6"], "souls": {"standing": 1}}), cards,
             ["play P6", "P1", "P2", "P3", "P4"])
    a = g.snapshot()["players"]["A"]
    assert sorted(c["label"] for c in a["base"]) == ["P1", "P2", "P3", "P4", "P6"]
    assert "P5" in a["graveyard"]
