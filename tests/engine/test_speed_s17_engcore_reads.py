"""The event side's reads of stop 17 (issue 11, speed) must not change what a judge sees: at the end of the turn only
the cards with a printed Vigilance (or a printed end-of-turn ability) are read when no effect grants keywords
(12.9.2, 10.10.1.1), and all of them stand, in base order with the other end-of-turn abilities (7.6.1, 10.3.5)."""

from __future__ import annotations

from engine_helpers import base, board, pal, play

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

