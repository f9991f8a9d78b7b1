"""What an event says changed (`Event.before` / `Event.after`) is kept by `Game.emit` as the frequent events give it,
their keys and values in one flat tuple (`trace.Change`), and read as a mapping only when the trace is read (speed,
issue 11, stop 19: no dict is kept for each move or rest). A judge must read the same changes as before: the zone
and object a moved card left and the new object it became (4.1.4), the rested state a card had and has (4.3.2)."""

from __future__ import annotations

from engine_helpers import board, pal, play
from pal_judge.engine import Game, ScriptedDecider
from pal_judge.engine.trace import NO_CHANGE, change_mapping, event_from

STRIKER = pal("Striker", power=1000, strike=1)
FARM = {"name": "Farm", "type": "structure", "cost": 1, "power": 3000, "abilities": [
    {"kind": "activated", "cost": [{"assign": 1}], "effect": [{"do": "gain", "resource": "material", "amount": 1}]}]}


def _attack_then_pass_the_turn() -> tuple[Game, list[int]]:
    """A's Striker attacks player B, whose base is empty, then A ends the turn; B's deck as it was, top first."""
    g = Game.from_setup(board({"base": ["Striker"], "hand": ["Filler"]}, {"life": 5, "souls": {"standing": 1, "rested": 2, "deck": 7}}), [STRIKER])
    deck_b = [c.oid for c in g.players[1].deck]
    g.run(ScriptedDecider(["attack Striker -> player", "end_turn"]))
    return g, deck_b


def _change(g: Game, primary: str) -> tuple[dict, dict]:
    event = next(e for e in g.events if e.cites[0] == primary)
    return event.before, event.after


def test_the_attacker_is_read_standing_before_and_rested_after() -> None:
    # 9.3.2.1 the attacking Pal is rested: it was standing (4.3.2.2)
    g, _ = _attack_then_pass_the_turn()
    rest = next(e for e in g.events if "9.3.2.1" in e.cites)
    assert (rest.card, rest.before, rest.after) == ("Striker", {"state": "standing"}, {"state": "rested"})
    assert rest.to_dict()["before"] == {"state": "standing"} and rest.to_dict()["after"] == {"state": "rested"}


def test_a_moved_card_is_read_leaving_its_zone_and_arriving_as_a_new_object() -> None:
    # 1 damage to B: B puts the top card of the deck into the graveyard (11.2.2.1); next turn B draws the next one
    # (7.3.3); each arrives as a new object (4.1.4), the one now in that zone
    g, deck_b = _attack_then_pass_the_turn()
    b = g.players[1]
    put = next(e for e in g.events if e.cites[0] == "11.2.2.1")
    assert put.before == {"zone": "deck", "oid": deck_b[0]}
    assert put.after == {"zone": "graveyard", "oid": b.graveyard[0].oid} and b.graveyard[0].oid not in deck_b
    drawn = next(e for e in g.events if e.cites[0] == "7.3.3")
    assert drawn.to_dict()["before"] == {"zone": "deck", "oid": deck_b[1]}
    assert drawn.to_dict()["after"] == {"zone": "hand", "oid": b.hand[-1].oid}
    assert list(drawn.before) == ["zone", "oid"]  # in the order written, as the saved trace and replays print it


def test_the_damage_to_a_player_is_read_dealt_resolved_and_paid_in_life() -> None:
    # the Striker's strike 1 is dealt to B (9.6.3.3, 5.14.2), resolved (11.2.1) by putting the top card into the
    # graveyard, no Lucky: B loses 1 life, and the damage is gone (11.2.2.3)
    g, _ = _attack_then_pass_the_turn()
    assert _change(g, "9.6.3") == ({"damage": 0}, {"damage": 1})
    assert _change(g, "11.2.1") == ({"damage": 1}, {})
    assert _change(g, "11.2.2.3") == ({"life": 5, "damage": 1}, {"life": 4, "damage": 0})


def test_b_s_souls_are_read_standing_then_moving_the_soul_increment() -> None:
    # B's turn: 7.2.1 B's 2 rested souls stand (no base card); 7.4.2 / 7.4.2.1 then 2 cards go from B's soul deck of
    # 7 to B's soul area, standing (4.3.2.3): 3 standing become 5
    g, _ = _attack_then_pass_the_turn()
    assert _change(g, "7.2.1") == ({"rested": [], "souls_rested": 2}, {"rested": [], "souls_rested": 0})
    assert _change(g, "7.4.2") == ({"soul_deck": 7, "souls_standing": 3}, {"soul_deck": 5, "souls_standing": 5})


def test_an_assigned_pal_is_read_rested_and_assigned() -> None:
    # 5.17.1.2 the Pal assigned to the Farm is rested: the event says both what it became and where it is assigned
    g = play(board({"base": ["Striker", "Farm"]}), [STRIKER, FARM], ["activate Farm"])
    assigned = next(e for e in g.events if "5.17.1.2" in e.cites)
    assert assigned.before == {"state": "standing"}
    assert assigned.after == {"state": "rested", "assigned_to": "Farm"}


def test_a_change_given_flat_or_as_a_mapping_reads_the_same() -> None:
    flat = event_from((1, "x", ("4.3.2",), 0, "C", ("zone", "base", "oid", 7), {"zone": "hand", "oid": 9}), ("A", "B"))
    assert flat.before == {"zone": "base", "oid": 7} and flat.after == {"zone": "hand", "oid": 9}
    assert change_mapping(None) is NO_CHANGE and change_mapping(()) is NO_CHANGE and change_mapping({}) is NO_CHANGE
