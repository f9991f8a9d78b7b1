"""Shortcuts of the battle's steps, the turn's other phases and the check timings (stop 19, battle round): each test
plays a board on which the shortcut, were it wrong, would change what happens.

`triggers.fire_global` returns at once when no delayed ability waits (10.8.5) and no card of the zone view has a
printed ability of a phase, step or turn trigger that no keyword's ability has (10.3.5, 10.8.1): a start-of-step ability,
a delayed ability with no card listening, and Vigilance's end of turn (a keyword's trigger, 12.9.2) still trigger.
The other shortcuts are described above their tests."""

from __future__ import annotations

from typing import Any

from engine_helpers import base, board, cited, pal, play, whats
from pal_judge.engine import Game, ScriptedDecider

GAIN = [{"do": "gain", "resource": "material", "amount": 1}]


def _material(g: Game, player: str = "A") -> int:
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


# The battle's and the turn's check timings (9.3.3, 9.4.4, 9.5.3, 9.7.2, 7.2.3, 7.6.2) are called only when
# `g.check_version` moved since the last one found nothing (timing.py): each ability below enters standby just before
# one of them and must be used in it, before the next step or phase begins.

def _before(g: Game, first: str, then: str) -> bool:
    ws = whats(g)
    return ws.index(first) < ws.index(then)


def test_an_on_attack_ability_is_used_in_the_check_timing_after_the_attack_is_declared() -> None:
    """9.3.3: "when this attacks, gain 1 material" is used before the block declaration step (9.4.1)."""
    horn = pal("Horn", abilities=[{"kind": "auto", "trigger": "on_attack", "effect": GAIN}])
    g = play(board({"base": ["Horn"]}), [horn], ["attack Horn -> player"])
    assert _material(g) == 1 and _before(g, "Horn: on_attack is used", "block declaration step")


def test_a_pal_that_deals_itself_lethal_damage_when_it_attacks_is_destroyed_before_the_block_step() -> None:
    """9.3.3, 11.4.1: "when this attacks, deal 1500 damage to this" on a 1000-power Pal destroys it in 9.3.3's check
    timing: there is no battle opponent to block and no damage step deals damage."""
    rash = pal("Rash", abilities=[{"kind": "auto", "trigger": "on_attack",
                                   "effect": [{"do": "damage", "amount": 1500, "target": "self"}]}])
    g = play(board({"base": ["Rash"]}), [rash], ["attack Rash -> player"])
    lethal = next(e.what for e in g.events if "11.4.1" in e.cites)
    assert _before(g, lethal, "block declaration step") and g.players[1].life == 10


def test_an_on_block_ability_is_used_before_the_quick_step() -> None:
    """9.4.4: "when this blocks, gain 1 material" is used in the check timing that ends the block step (9.5.1 after)."""
    guard = pal("Guard", abilities=[{"kind": "auto", "trigger": "on_block", "effect": GAIN}])
    g = play(board({"base": ["Runner"]}, {"base": ["Guard"]}), [pal("Runner"), guard],
             ["attack Runner -> player", "Guard"])
    assert _material(g, "B") == 1 and _before(g, "Guard: on_block is used", "quick step")


def test_an_end_of_battle_ability_is_used_before_the_battle_ends() -> None:
    """9.7.1, 9.7.2: "at the end of battle, gain 1 material" is used in the end of battle step's check timing."""
    bell = pal("Bell", abilities=[{"kind": "auto", "trigger": "end_of_battle", "effect": GAIN}])
    g = play(board({"base": ["Bell"]}), [bell], ["attack Bell -> player"])
    assert _material(g) == 1 and _before(g, "Bell: end_of_battle is used", "the battle ends")


def test_a_start_of_turn_ability_is_used_in_the_stand_phase() -> None:
    """7.2.2, 7.2.3: "at the start of the turn, gain 1 material" is used before the draw phase."""
    dawn = pal("Dawn", abilities=[{"kind": "auto", "trigger": "start_of_turn", "effect": GAIN}])
    g = play(board({"base": ["Dawn"]}, phase="stand"), [dawn], [])
    assert _material(g) == 1 and _before(g, "Dawn: start_of_turn is used", "draw phase")


def test_an_end_of_turn_ability_is_used_before_damage_is_removed() -> None:
    """7.6.1, 7.6.2, 7.6.3: "at the end of the turn, gain 1 material" is used before the turn's damage is removed."""
    dusk = pal("Dusk", power=3000, abilities=[{"kind": "auto", "trigger": "end_of_turn", "effect": GAIN}])
    g = play(board({"base": [{"card": "Dusk", "damage": 1000}]}), [dusk], ["end_turn"])
    assert _material(g) == 1 and _before(g, "Dusk: end_of_turn is used", "damage is removed from Dusk")


# The block step reads the effects that change who may block once (`stats.effects_in_play`); the end of battle step
# reads the effects from resolved abilities only when there are some (9.7.3).

def _block_offered(cards: list[dict[str, Any]], attacker: str) -> bool:
    """Is B asked whether to block the attack (9.4.2)? (The script ends at the next decision.)"""
    g = Game.from_setup(board({"base": [attacker]}, {"base": ["Guard"]}), cards)
    run = g.run(ScriptedDecider([f"attack {attacker} -> player"]))
    return run.pending is not None and run.pending.kind == "block"


def test_a_granted_stealth_makes_the_attacker_unblockable() -> None:
    """12.11.2, 10.10.1.2: "when this attacks, it gains Stealth until end of turn": B's standing Guard may not block."""
    sneak = pal("Sneak", abilities=[{"kind": "auto", "trigger": "on_attack", "effect": [
        {"do": "grant", "keyword": "stealth", "target": "self", "duration": "until_end_of_turn"}]}])
    assert _block_offered([pal("Runner"), pal("Guard")], "Runner")
    assert not _block_offered([sneak, pal("Guard")], "Sneak")


def test_an_attacker_that_cannot_be_blocked_is_not_blocked() -> None:
    """9.4.2, 10.10.1.3: "this cannot be blocked" (continuous): B is not asked to block."""
    ghost = pal("Ghost", abilities=[{"kind": "continuous", "effect": [{"do": "cannot_be_blocked", "target": "self"}]}])
    assert not _block_offered([ghost, pal("Guard")], "Ghost")


def test_a_pal_that_cannot_block_is_not_offered_as_a_blocker() -> None:
    """9.4.2, 10.10.1.3: "your opponent's Pals cannot block" (continuous on the attacker): B is not asked to block."""
    bully = pal("Bully", abilities=[{"kind": "continuous", "effect": [
        {"do": "cannot_block", "target": {"all": True, "type": "pal", "controller": "opponent"}}]}])
    assert not _block_offered([bully, pal("Guard")], "Bully")


def test_a_power_bonus_until_end_of_battle_ends_with_the_battle() -> None:
    """9.7.3: "when this attacks, +2000 power until end of battle" is gone once the battle is over."""
    surge = pal("Surge", abilities=[{"kind": "auto", "trigger": "on_attack", "effect": [
        {"do": "power", "amount": 2000, "target": "self", "duration": "until_end_of_battle"}]}])
    g = play(board({"base": ["Surge"]}), [surge], ["attack Surge -> player"])
    assert base(g, "A")["Surge"]["power"] == 1000 and _before(g, "effects lasting until end of battle end",
                                                              "the battle ends")


# The frequent events of the battle, the turn's phases, the Lucky check and standby pass who, which card and what
# changed to `Game.emit` by position: each lands in its field.

def _event(g: Game, what: str) -> dict[str, Any]:
    return next(e.to_dict() for e in g.events if e.what == what)


def test_a_blocked_attack_names_its_players_cards_and_target() -> None:
    """9.3.1 A attacks with Runner; 9.4.2 B blocks with Guard, the target changing from B to Guard; 9.4.3 they are battle
    opponents (no player named)."""
    g = play(board({"base": ["Runner"]}, {"base": ["Guard"]}), [pal("Runner"), pal("Guard")],
             ["attack Runner -> player", "Guard"])
    attack = _event(g, "A starts a battle: Runner attacks player B")
    assert (attack["player"], attack["card"], attack["after"]) == ("A", "Runner", {"attacker": "Runner",
                                                                                   "target": "player B"})
    block = _event(g, "B blocks with Guard")
    assert (block["player"], block["card"], block["before"], block["after"]) == (
        "B", "Guard", {"target": "player B"}, {"target": "Guard"})
    opponents = _event(g, "Runner and Guard are battle opponents")
    assert (opponents["player"], opponents["card"]) == (None, "Runner")


def test_an_unblockable_attack_and_the_turn_s_phases_name_their_player() -> None:
    """12.11.2 a Stealth attacker cannot be blocked (B's block step, naming the attacker); 7.2.1 the stand phase stands
    A's rested cards; 7.4.2 the soul phase moves 2 souls; 7.6.5 the next turn is B's."""
    g = play(board({"base": ["Sneak"]}, {"base": ["Guard"]}, phase="stand"),
             [pal("Sneak", keywords=["stealth"]), pal("Guard")], ["attack Sneak -> player", "end_turn"])
    unblockable = _event(g, "Sneak cannot be blocked")
    assert (unblockable["player"], unblockable["card"]) == ("B", "Sneak")
    stand = _event(g, "A stands 0 base card(s) and 0 soul(s)")
    assert (stand["player"], stand["before"], stand["after"]) == ("A", {"rested": [], "souls_rested": 0},
                                                                  {"rested": [], "souls_rested": 0})
    soul = next(e.to_dict() for e in g.events if "soul(s) from the soul deck" in e.what)
    assert soul["player"] == "A" and soul["after"]["souls_standing"] - soul["before"]["souls_standing"] == 2
    assert _event(g, "turn 3 ends; B becomes the turn player")["player"] == "B"


def test_two_standby_abilities_are_put_in_order_and_one_is_used_without_asking() -> None:
    """10.8.3.1: with two different abilities in standby their controller chooses which is used first (the choice
    read as given: lose all material, then gain 1); `timing._pick` returns a lone ability without a question."""
    twin = pal("Twin", abilities=[
        {"kind": "auto", "trigger": "on_deploy", "effect": GAIN},
        {"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "gain", "resource": "material", "amount": -5}]}])
    g = play(board({"hand": ["Twin"], "souls": {"standing": 1}}), [twin], ["play Twin", "Twin: on_deploy #2"])
    assert _material(g) == 1
    lone = pal("Lone", abilities=[{"kind": "auto", "trigger": "on_deploy", "effect": GAIN}])
    g = play(board({"hand": ["Lone"], "souls": {"standing": 1}}), [lone], ["play Lone"])
    assert _material(g) == 1 and "Lone: on_deploy is used" in whats(g)


def test_a_pal_that_must_attack_but_cannot_lets_the_main_phase_end_citing_the_prohibition() -> None:
    """1.3.3, 7.5.2.1, 9.2.2.2: a Pal that must attack and may not attack: the prohibition prevails and A may end the
    main phase; the event ending it cites the clauses (`turn._prohibition_over_obligation` reads the standing pals only
    when a must-attack effect is in play)."""
    torn = pal("Torn", abilities=[{"kind": "continuous", "effect": [{"do": "must_attack", "target": "self"},
                                                                    {"do": "cannot_attack", "target": "self"}]}])
    g = play(board({"base": ["Torn"]}), [torn], ["end_turn"])
    ended = _event(g, "A ends the main phase")
    assert ended["cites"][-3:] == ["1.3.3", "7.5.2.1", "9.2.2.2"]
    free = play(board({"base": ["Free"]}), [pal("Free")], ["end_turn"])
    assert "1.3.3" not in _event(free, "A ends the main phase")["cites"]


def test_an_activates_twice_effect_puts_an_ability_into_standby_twice() -> None:
    """5.21.1: with Echo's "your On Deploy abilities activate 2 times" in play, Lamb's "on deploy: gain 1 material"
    is put into standby twice (A gains 2); without Echo, once (`triggers._standby` reads the count only when such a
    continuous ability is in play)."""
    echo = pal("Echo", abilities=[{"kind": "continuous", "effect": [
        {"do": "trigger_times", "amount": 2, "trigger": "on_deploy"}]}])
    lamb = pal("Lamb", abilities=[{"kind": "auto", "trigger": "on_deploy", "effect": GAIN}])
    with_echo = play(board({"base": ["Echo"], "hand": ["Lamb"], "souls": {"standing": 1}}), [echo, lamb], ["play Lamb"])
    assert _material(with_echo) == 2 and "5.21.1" in cited(with_echo)
    alone = play(board({"hand": ["Lamb"], "souls": {"standing": 1}}), [lamb], ["play Lamb"])
    assert _material(alone) == 1
