"""Shortcuts of the battle's steps, the turn's other phases and the check timings (stop 19, battle round): each test
plays a board on which the shortcut, were it wrong, would change what happens.

`triggers.fire_global` returns at once when no delayed ability waits (10.8.5) and no card of the zone view has a
printed ability of a phase, step or turn trigger that no keyword's ability has (10.3.5, 10.8.1): a start-of-step ability,
a delayed ability with no card listening, and Vigilance's end of turn (a keyword's trigger, 12.9.2) still trigger."""

from __future__ import annotations

from engine_helpers import base, board, cited, pal, play, whats

GAIN = [{"do": "gain", "resource": "material", "amount": 1}]


def _material(g, player: str = "A") -> int:  # type: ignore[no-untyped-def]
    return int(g.snapshot()["players"][player]["material"])


def test_a_start_of_step_ability_triggers_at_the_damage_step() -> None:
    """9.6.1, 10.8.1: "at the beginning of the damage step, gain 1 material" triggers in A's battle, once."""
    drummer = pal("Drummer", abilities=[{"kind": "auto", "trigger": "start_of_step", "step": "damage", "effect": GAIN}])
    g = play(board({"base": ["Drummer"]}), [drummer], ["attack Drummer -> player"])
    assert _material(g) == 1 and "9.6.1" in cited(g)
    used = whats(g).index("Drummer: start_of_step is used")
    assert used > whats(g).index("the beginning of the damage step")


def test_a_delayed_ability_triggers_with_no_card_listening_to_its_trigger() -> None:
    """10.8.5, 10.8.5.1: an event's "at the end of this battle, gain 1 material" played in the quick step triggers at
    the end of battle step, though no card in play has an end-of-battle ability."""
    later = {"name": "Later", "type": "event", "cost": 0, "keywords": ["quick"], "effect": [
        {"do": "delayed", "trigger": "end_of_battle", "effect": GAIN}]}
    g = play(board({"base": ["Runner"]}, {"hand": ["Later"]}), [pal("Runner"), later],
             ["attack Runner -> player", "play Later"])
    assert _material(g, "B") == 1 and "10.8.5.1" in cited(g)


def test_vigilance_stands_its_pal_with_no_printed_end_of_turn_ability_in_play() -> None:
    """12.9.2: Vigilance's "at the end of your turn, stand this card" is a keyword's end of turn ability: no card prints
    an end-of-turn ability and nothing is delayed, yet the rested Watch stands at A's end of turn."""
    g = play(board({"base": ["Watch"]}), [pal("Watch", keywords=["vigilance"])], ["attack Watch -> player", "end_turn"])
    assert base(g, "A")["Watch"]["state"] == "standing" and "12.9.2" in cited(g)
