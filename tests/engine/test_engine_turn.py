"""Chapters 6–8: the pre-game, the turn, the main-phase actions."""

from __future__ import annotations

from engine_helpers import board, cited, pal, play

from pal_judge.engine import Game, ScriptedDecider, card_from_dict, validate_deck
from pal_judge.engine.deciders import FirstLegalDecider


def _deck(prefix: str, lucky: int = 8) -> list:
    cards = [card_from_dict(pal(f"{prefix}{i}")) for i in range(13)]
    luck = [card_from_dict(pal(f"{prefix}L{i}", subtype="lucky")) for i in range(2)]
    deck = [c for c in cards[:10] for _ in range(4)] + [luck[0]] * 4 + [luck[1]] * 4 + [cards[10]] * 2
    return deck


def test_validation_reports_every_violation() -> None:
    deck = _deck("X")
    assert validate_deck(deck) == []
    lucky = card_from_dict(pal("Extra Lucky", subtype="lucky"))
    bad = deck + [deck[0], lucky]  # 52 cards, 5 copies of X0, 9 Lucky icons
    rules = sorted(v.rule for v in validate_deck(bad, souls=9))
    assert rules == ["6.1.1.1", "6.1.1.2", "6.1.1.3", "6.1.2"]


def test_same_name_compares_card_names_not_main_names() -> None:
    # 5.20.1 "same name" = a card name in common; 2.1.3 / 2.1.4 a main name is only part of a card name, so
    # 4 "Alpha – Lamball" and 4 "Beta – Lamball" are 4 + 4 cards of two names: legal (6.1.1.2).
    deck = _deck("Y")[:42] + [card_from_dict(pal("Alpha – Lamball"))] * 4 + [card_from_dict(pal("Beta – Lamball"))] * 4
    assert validate_deck(deck) == []
    # 5.20.1.1 / 2.1.5 an added card name does count: 3 Foxparks + 2 cards also named Foxparks is 5
    fox = card_from_dict(pal("Foxparks"))
    alias = card_from_dict(pal("Fire Fox", names=["Foxparks"]))
    msgs = [v.message for v in validate_deck(_deck("Y")[:45] + [fox] * 3 + [alias] * 2) if v.rule == "6.1.1.2"]
    assert any("5 cards named 'Foxparks'" in m for m in msgs)


def test_pregame_second_player_soul_hands_and_first_turn_without_draw() -> None:
    g = Game.from_decks(_deck("A"), _deck("B"), seed=4)
    d = ScriptedDecider(["first", "keep", "keep"])
    g.run(d)
    first = g.first_player
    second = 1 - first
    ps = g.players
    assert ps[second].soul_standing == 1 and ps[second].soul_deck == 9  # 6.2.1.5
    assert ps[first].soul_standing == 2  # only the first soul phase
    assert len(ps[first].hand) == 5  # 7.3.1 no draw on the first player's first turn
    assert len(ps[first].deck) == 45 and len(ps[second].deck) == 45
    assert ps[0].life == ps[1].life == 10
    assert "7.3.1" in cited(g) and "6.2.1.5" in cited(g)


def test_redraw_is_offered_once_per_player_first_player_first() -> None:
    g = Game.from_decks(_deck("A"), _deck("B"), seed=2)
    d = ScriptedDecider(["second", "redraw", "keep"])
    g.run(d)
    redraws = [x for x in d.asked if x.kind == "redraw"]
    assert len(redraws) == 2
    assert redraws[0].player == g.pname(g.first_player)
    assert len(g.players[g.first_player].hand) == 5


def test_second_turn_player_draws_one() -> None:
    g = Game.from_decks(_deck("A"), _deck("B"), seed=1)
    d = ScriptedDecider(["first", "keep", "keep", "end_turn"])
    g.run(d)
    second = 1 - g.first_player
    assert len(g.players[second].hand) == 6  # 7.3.3
    assert g.players[second].soul_standing == 3  # 1 from 6.2.1.5 + 2 (7.4.2.1)


def test_soul_phase_with_one_soul_left_moves_it_alone() -> None:
    # 7.4.2.2 fewer than 2 in the soul deck: all of them.
    g = Game.from_setup(board({"souls": {"standing": 0, "rested": 9, "deck": 1}}, phase="stand"), [])
    g.run(ScriptedDecider([]))
    a = g.players[0]
    assert (a.soul_deck, a.soul_standing, a.soul_rested) == (0, 10, 0)
    assert "7.4.2.2" in cited(g)


def test_soul_draw_once_per_turn_for_three_souls() -> None:
    g = Game.from_setup(board({"souls": {"standing": 7}}), [])
    d = ScriptedDecider(["soul_draw"])
    g.run(d)
    assert g.players[0].soul_standing == 4 and len(g.players[0].hand) == 1
    assert "soul_draw" not in d.asked[-1].labels()  # 8.5.2
    assert "8.5.2" in cited(g)


def test_soul_draw_needs_three_standing_souls() -> None:
    g = Game.from_setup(board({"souls": {"standing": 2}}), [])
    d = ScriptedDecider([])
    g.run(d)
    assert "soul_draw" not in d.asked[0].labels()


def test_playing_a_card_pays_its_soul_cost() -> None:
    cards = [pal("Big", 5000, cost=3)]
    g = Game.from_setup(board({"hand": ["Big"], "souls": {"standing": 2}}), cards)
    d = ScriptedDecider([])
    g.run(d)
    assert "play Big" not in d.asked[0].labels()
    g2 = play(board({"hand": ["Big"], "souls": {"standing": 3}}), cards, ["play Big"])
    a = g2.players[0]
    assert a.soul_standing == 0 and a.soul_rested == 3 and [c.label for c in a.base] == ["Big"]


def test_end_phase_clears_damage_and_until_end_of_turn_effects_then_next_turn_stands() -> None:
    cards = [pal("Hurt", 3000)]
    setup = board({"base": [{"card": "Hurt", "damage": 1000, "power": 500, "state": "rested"}],
                   "souls": {"rested": 2}})
    g = Game.from_setup(setup, cards)
    g.run(ScriptedDecider(["end_turn", "end_turn"]))
    hurt = g.snapshot()["players"]["A"]["base"][0]
    assert hurt["damage"] == 0 and hurt["power"] == 3000  # 7.6.3, 7.6.4
    # 7.2.1 on A's next turn the pal and the 2 rested souls stand; 7.4.2.1 then 2 more souls come
    assert hurt["state"] == "standing" and g.players[0].soul_standing == 4 and g.players[0].soul_rested == 0
    assert {"7.6.3", "7.6.4", "7.2.1", "7.6.5"} <= cited(g)


def test_must_attack_removes_end_turn() -> None:
    cards = [pal("Angry", abilities=[{"kind": "continuous", "effect": [{"do": "must_attack", "target": "self"}]}])]
    g = Game.from_setup(board({"base": ["Angry"]}), cards)
    d = ScriptedDecider([])
    g.run(d)
    assert "end_turn" not in d.asked[0].labels()  # 7.5.2.1
    assert "attack Angry -> player" in d.asked[0].labels()


def test_first_legal_games_terminate() -> None:
    g = Game.from_decks(_deck("A"), _deck("B"), seed=9)
    r = g.run(FirstLegalDecider())
    assert r.outcome in ("win", "draw")


def test_deck_building_ability_replaces_the_four_copies_rule() -> None:
    # 6.1.3: a card whose ability allows any number of copies is not limited to 4 (as the guide's Beegarde).
    swarm = card_from_dict(pal("Swarm", deck_limit="any"))
    deck = _deck("Z")[:38] + [swarm] * 12
    assert [v.rule for v in validate_deck(deck)] == []
    capped = card_from_dict(pal("Pair", deck_limit=2))
    assert [v.rule for v in validate_deck(_deck("W")[:47] + [capped] * 3)] == ["6.1.3"]
