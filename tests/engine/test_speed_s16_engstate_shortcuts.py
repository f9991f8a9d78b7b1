"""The event side's shortcuts of stop 16 (issue 11, speed) must not change what a judge sees: the end of the turn, whose
abilities are read from every card without a per-card pre-check (stop 16), still stands every pal with Vigilance
and no other (a granted Vigilance included, 12.9.2, 10.10.1.2), deck validation (read with the
pre-game's generated decks) still names every card that may not be in a main deck (2.2.2, 6.1.1), and every decision,
built with the game's concession options made once, still offers both players' concessions last (1.2.3)."""

from __future__ import annotations

import random

from engine_helpers import RecordingRandomDecider, board, pal, play
from pal_judge.engine import Game
from pal_judge.engine.cards import CardDef
from pal_judge.engine.deck import validate_deck
from pal_judge.engine.simulate import generate_deck

WATCHTOWER = {"name": "Watchtower", "type": "structure", "cost": 2, "power": 3000, "abilities": [
    {"kind": "continuous", "effect": [{"do": "grant", "keyword": "vigilance",
                                       "target": {"all": True, "controller": "you", "type": "pal"}}]}]}
DRILL = {"name": "Drill", "type": "event", "cost": 0, "effect": [
    {"do": "grant", "keyword": "vigilance", "target": {"choose": 1, "controller": "you"}}]}


def _state(g: Game, player: str, label: str) -> str:
    return next(c["state"] for c in g.snapshot()["players"][player]["base"] if c["label"] == label)


def test_vigilance_granted_by_a_continuous_ability_stands_the_pal_at_the_end_of_the_turn() -> None:
    # 10.10.1.2 Watchtower gives A's Pals Vigilance; 12.9.2 at the end of A's turn each of them stands. Tired prints
    # neither Vigilance nor an end-of-turn ability: only the granted keyword makes it stand
    g = play(board({"base": ["Watchtower", "Tired"]}), [WATCHTOWER, pal("Tired")], ["attack Tired -> player", "end_turn"])
    assert _state(g, "A", "Tired") == "standing"
    assert any("12.9.2" in e.cites and e.card == "Tired" for e in g.events)


def test_vigilance_granted_by_a_resolved_effect_stands_the_pal_at_the_end_of_the_turn() -> None:
    # 10.2.1.2 Drill's effect gives Tired Vigilance until the end of the turn, which lasts until the end phase's
    # cleanup (7.6.4), after the end-of-turn abilities trigger (7.6.1): Tired stands
    g = play(board({"base": ["Tired"], "hand": ["Drill"]}), [DRILL, pal("Tired")],
             ["attack Tired -> player", "play Drill", "end_turn"])
    assert _state(g, "A", "Tired") == "standing"


def test_without_vigilance_an_attacking_pal_stays_rested_at_the_end_of_the_turn() -> None:
    # the same board without a grant: nothing stands Tired (7.2.1 stands it only in A's next stand phase)
    g = play(board({"base": ["Tired"]}), [pal("Tired")], ["attack Tired -> player", "end_turn"])
    assert _state(g, "A", "Tired") == "rested"
    assert not any("12.9.2" in e.cites for e in g.events)


def _deck(*extra: CardDef) -> list[CardDef]:
    fillers = [CardDef(name=f"Filler {i}", type="pal", cost=1, power=1000, strike=1) for i in range(13)]
    return [c for c in fillers for _ in range(4)][:50 - len(extra)] + list(extra)


def test_each_card_that_may_not_be_in_a_main_deck_is_named() -> None:
    # 2.2.2.5 / 6.1.2 soul cards are prepared apart from the main deck: each one in it is reported by its name, and the
    # deck is otherwise legal (50 cards, at most 4 of a name, 6.1.1)
    souls = (CardDef(name="Soul A", type="soul"), CardDef(name="Soul B", type="soul"))
    violations = validate_deck(_deck(*souls))
    assert [(v.rule, v.message.split("'")[1]) for v in violations] == [("2.2.2", "Soul A"), ("2.2.2", "Soul B")]
    assert validate_deck(_deck()) == []


def test_lucky_cards_are_counted_across_the_deck() -> None:
    # 6.1.1.3 at most 8 cards with a Lucky icon: 9 distinct Lucky pals (1 copy each) are one too many
    lucky = tuple(CardDef(name=f"Lucky {i}", type="pal", subtype="lucky", lucky=True) for i in range(9))
    violations = validate_deck(_deck(*lucky))
    assert [v.rule for v in violations] == ["6.1.1.3"] and "9 cards" in violations[0].message


def test_every_decision_of_either_player_offers_both_concessions_last() -> None:
    # 1.2.3 a player may concede at any time: every decision ends with `concede` (the player asked) and
    # `concede NAME` for each player, also the one not being asked
    rng = random.Random(3)
    decider = RecordingRandomDecider(3)
    Game.from_decks(generate_deck(rng, "Red"), generate_deck(rng, "Blue"), seed=3).run(decider)
    players = {d.player for d in decider.asked}
    assert players == {"A", "B"} and len(decider.asked) > 20
    for d in decider.asked:
        assert d.labels()[-3:] == ["concede", "concede A", "concede B"]
        assert [o.data.player for o in d.options[-3:]] == [0 if d.player == "A" else 1, 0, 1]
