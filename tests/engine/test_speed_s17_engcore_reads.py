"""The event side's reads of stop 17 (issue 11, speed) must not change what a judge sees: at the end of the turn only
the cards with a printed Vigilance (or a printed end-of-turn ability) are read when no effect grants keywords
(12.9.2, 10.10.1.1), and all of them stand, in base order with the other end-of-turn abilities (7.6.1, 10.3.5); the
zone view reads the hand and graveyard once a card with an ability for them left its deck (10.3.4.1)."""

from __future__ import annotations

from engine_helpers import base, board, pal, play
from pal_judge.engine import Game, triggers
from pal_judge.engine.cards import card_from_dict

GUARD = pal("Guard", keywords=["vigilance"])
LANTERN = pal("Lantern", abilities=[{"kind": "auto", "trigger": "end_of_turn",
                                      "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])


def test_printed_vigilance_stands_only_its_own_pals_at_the_end_of_the_turn() -> None:
    # 12.9.2 at the end of A's turn Guard (printed Vigilance) stands; Tired and Lantern have no Vigilance and stay
    # rested (7.2.1 stands them only in A's next stand phase); Lantern's printed end-of-turn ability still triggers
    # (7.6.1), after Guard's in base order (10.3.5); A uses Guard's first (10.8.3.1)
    g = play(board({"base": ["Tired", "Guard", "Lantern"]}), [pal("Tired"), GUARD, LANTERN],
             ["attack Tired -> player", "attack Guard -> player", "attack Lantern -> player", "end_turn",
              "Guard: Vigilance"])
    states = {label: card["state"] for label, card in base(g, "A").items()}
    assert states == {"Tired": "rested", "Guard": "standing", "Lantern": "rested"}
    triggered = [e.card for e in g.events if e.what.endswith("triggers") and "7.6.1" in e.cites]
    assert triggered == ["Guard", "Lantern"]
    assert g.players[0].material == 1



PHOENIX = {"name": "Ember Phoenix", "type": "pal", "cost": 1, "power": 1000, "strike": 1, "abilities": [
    {"kind": "auto", "zone": "graveyard", "trigger": "start_of_turn", "optional": True,
     "effect": [{"do": "place", "target": "self", "to": "hand"}]}]}


def test_a_graveyard_ability_of_a_card_from_a_deck_triggers_at_the_start_of_the_turn() -> None:
    # 10.3.4.1 an ability with a graveyard icon works in the graveyard: Ember Phoenix, one of A's 50 deck cards, put
    # into the graveyard from the deck, triggers at the start of A's turn (7.2.2); the Filler beside it does not
    fillers = [card_from_dict(pal(f"Filler {i}")) for i in range(12)]
    deck = [c for c in fillers for _ in range(4)] + [card_from_dict(PHOENIX)] * 2
    g = Game.from_decks(deck, deck, seed=3, shuffled=True, first="A")
    a = g.players[0]
    phoenix = next(c for c in a.deck if c.card.name == "Ember Phoenix")
    filler = a.deck[0] if a.deck[0] is not phoenix else a.deck[1]
    for card in (phoenix, filler):
        g.move(card, "graveyard", ("11.2.2.1",))
    triggers.fire_global(g, "start_of_turn")
    assert [p.ctx.source_label for p in g.pending] == ["Ember Phoenix"]
