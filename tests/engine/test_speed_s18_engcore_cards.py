"""Card definitions of stop 18 (issue 11, speed): what a card's printed abilities and keywords give it is read once for
each abilities tuple and keywords (the cards of a generated deck share the tuples of its templates). Cards that share an
abilities tuple but not their keywords, or their keywords but not their abilities, must still each play by their own
text (12.9.2 Vigilance, 7.6.1 end-of-turn abilities). A card in B's base is B's
(3.1.2, 4.1.6); a game keeps its state in slots."""

from __future__ import annotations

from engine_helpers import base, board, pal, play
from pal_judge.engine.cards import CardDef, parse_ability, parse_keyword
from pal_judge.engine.simulate import play_one

ON_BLOCK_DRAW = (parse_ability({"kind": "auto", "trigger": "on_block", "effect": [{"do": "draw", "amount": 1}]},
                               "abilities[0]", "pal"),)
END_OF_TURN_MATERIAL = (parse_ability({"kind": "auto", "trigger": "end_of_turn",
                                       "effect": [{"do": "gain", "resource": "material", "amount": 1}]},
                                      "abilities[0]", "pal"),)
VIGILANCE = (parse_keyword("vigilance", "keywords[0]"),)


def _pal(name: str, abilities: tuple = (), keywords: tuple = ()) -> CardDef:
    return CardDef(name=name, type="pal", cost=1, power=1000, strike=1, abilities=abilities, keywords=keywords)


def test_two_pals_with_one_abilities_tuple_keep_their_own_keywords() -> None:
    # Tired and Guard share one abilities tuple (an On Block draw); only Guard has Vigilance: at the end of A's turn
    # Guard stands (12.9.2), Tired stays rested until A's next stand phase (7.2.1)
    tired = _pal("Tired", ON_BLOCK_DRAW)
    guard = _pal("Guard", ON_BLOCK_DRAW, VIGILANCE)
    g = play(board({"base": ["Tired", "Guard"]}), [tired, guard],
             ["attack Tired -> player", "attack Guard -> player", "end_turn"])
    assert {label: card["state"] for label, card in base(g, "A").items()} == {"Tired": "rested", "Guard": "standing"}


def test_two_pals_with_the_same_keywords_keep_their_own_abilities() -> None:
    # Plain and Lantern have the same (no) keywords; only Lantern has an end-of-turn ability: it triggers at the end of
    # A's turn (7.6.1) and A gains 1 material; Plain's On Block ability does not trigger
    plain = _pal("Plain", ON_BLOCK_DRAW)
    lantern = _pal("Lantern", END_OF_TURN_MATERIAL)
    g = play(board({"base": ["Plain", "Lantern"]}), [plain, lantern], ["end_turn"])
    assert [e.card for e in g.events if e.what.endswith("triggers")] == ["Lantern"]
    assert g.players[0].material == 1


WATCHER = pal("Watcher", power=3000, abilities=[{"kind": "auto", "trigger": "on_attacked",
                                                 "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])


def test_a_card_is_controlled_by_the_player_whose_base_it_is_in() -> None:
    # 3.1.2 B's rested Watcher is B's card: attacked by A's Striker (9.3.2), its ability triggers for B and B gains the
    # material (a card's controller is its owner, 4.1.6)
    g = play(board({"base": ["Striker"]}, {"base": [{"card": "Watcher", "state": "rested"}]}), [pal("Striker"), WATCHER],
             ["attack Striker -> Watcher"])
    (triggered,) = [e for e in g.events if e.what.endswith("triggers")]
    assert (triggered.card, triggered.player) == ("Watcher", "B")
    assert (g.players[0].material, g.players[1].material) == (0, 1)


def test_a_played_game_keeps_its_whole_state_in_its_declared_fields() -> None:
    # every field of a game is a slot (`Game.__slots__`): none is left to the instance dict, where each read of the
    # game's state would be a lookup by name; the same seeded game still plays to its end
    g = play_one(3, record=True)
    assert g.result is not None and g.result.outcome == "win"
    assert vars(g) == {}
