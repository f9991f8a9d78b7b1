"""The vocabulary a judge needs (issue 11): watcher triggers with `whose`, amounts taken from the game,
resources for either player. Expectations come from the card text and rules/zh.txt."""

from __future__ import annotations

from engine_helpers import board, pal, play


def _material(g, player: str) -> int:  # type: ignore[no-untyped-def]
    return g.snapshot()["players"][player]["material"]


def test_another_card_becomes_rested_or_standing() -> None:
    # "when another card of yours becomes rested, gain 1 material": attacking rests the attacker (9.3.2.1)
    watcher = pal("Watcher", abilities=[{"kind": "auto", "trigger": "on_other_rested",
                                         "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    g = play(board({"base": ["Watcher", "Striker"]}, {"deck": 10}), [watcher, pal("Striker")],
             ["attack Striker -> player"])
    assert _material(g, "A") == 1
    # the Watcher resting itself is not "another card"; standing at the stand phase (7.2.1) triggers
    # `on_other_stood`
    stood = pal("Waker", abilities=[{"kind": "auto", "trigger": "on_other_stood",
                                      "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    g = play(board({"base": ["Waker", {"card": "Filler", "state": "rested"}, {"card": "Filler", "state": "rested"}]},
                   phase="stand"), [stood], [])
    assert _material(g, "A") == 2


def test_an_opponents_pal_attacks() -> None:
    # "when a Pal of your opponent's attacks, gain 1 material" (whose: opponent): B's Sentry sees A's attack;
    # the same ability with whose: you does not.
    def sentry(name: str, whose: str) -> dict:  # type: ignore[type-arg]
        return pal(name, abilities=[{"kind": "auto", "trigger": "on_pal_attacks", "whose": whose,
                                     "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    g = play(board({"base": ["Striker"]}, {"base": ["Sentry", "Mine"]}),
             [pal("Striker"), sentry("Sentry", "opponent"), sentry("Mine", "you")],
             ["attack Striker -> player", "none"])
    assert _material(g, "B") == 1


def test_an_opponents_pal_destroyed_with_whose() -> None:
    # on_ally_destroyed with whose: opponent — "when a Pal of your opponent's goes to the graveyard"
    vulture = pal("Vulture", abilities=[{"kind": "auto", "trigger": "on_ally_destroyed", "whose": "opponent",
                                         "effect": [{"do": "draw", "amount": 1}]}])
    g = play(board({"base": ["Vulture"], "hand": []}, {"base": [{"card": "Filler", "damage": 1000}]}), [vulture], [])
    assert len(g.snapshot()["players"]["A"]["hand"]) == 1


def test_amounts_taken_from_the_game() -> None:
    # "deal damage equal to this card's strike" and "draw 1 card for each Pal of yours"
    brute = pal("Brute", strike=3, abilities=[{"kind": "activated", "limit": 1, "effect": [
        {"do": "damage", "amount": {"strike": "self"}, "target": "opponent"},
        {"do": "draw", "amount": {"count": {"all": True, "type": "pal", "controller": "you"}}}]}])
    g = play(board({"base": ["Brute", "Filler", "Filler"], "hand": []}, {"deck": 10}), [brute], ["activate Brute"])
    assert g.snapshot()["players"]["B"]["life"] == 7
    assert len(g.snapshot()["players"]["A"]["hand"]) == 3


def test_the_opponent_gains_or_loses_resources() -> None:
    # 3.3.1 resources belong to a player; "your opponent loses 2 material" (3.3.3.1 not below 0)
    tax = {"name": "Tax", "type": "event", "cost": 0, "effect": [
        {"do": "gain", "resource": "material", "amount": -2, "who": "opponent"},
        {"do": "gain", "resource": "ingredient", "amount": 1, "who": "opponent"}]}
    g = play(board({"hand": ["Tax"]}, {"material": 3}), [tax], ["play Tax"])
    b = g.snapshot()["players"]["B"]
    assert (b["material"], b["ingredient"]) == (1, 1)


def test_a_strike_change_already_on_a_card_in_the_set_up() -> None:
    # a board where Striker (strike 1) already has +2 strike until end of turn: attacking the player deals
    # damage equal to its strike, 3 (9.6.3.3.2); B has no Lucky card in the deck, so B loses 3 life (11.2.2.3)
    g = play(board({"base": [{"card": "Striker", "strike": 2, "power": 500}]}, {"deck": 10}), [pal("Striker")],
             ["attack Striker -> player", "end_turn"])
    assert g.snapshot()["players"]["B"]["life"] == 7


def test_a_player_concedes_at_any_time_not_only_when_asked() -> None:
    # 1.2.3 any player may concede at any time: here B concedes right after A's draw (7.3), a moment
    # at which the engine asks nobody anything; the game ends there (1.2.3.1) and A wins.
    from pal_judge.engine import FirstLegalDecider, Game

    g = Game.from_setup(board(phase="stand"), [])

    def listener(game: Game, event: object) -> None:
        if getattr(event, "what", "") == "A draws a card":
            game.concede("B")

    g.listeners.append(listener)
    result = g.run(FirstLegalDecider())
    whats = [e.what for e in g.events]
    assert (result.outcome, result.winner) == ("win", "A")
    assert whats[whats.index("A draws a card") + 1] == "B concedes"
    assert "1.2.3" in g.events[-1].cites
