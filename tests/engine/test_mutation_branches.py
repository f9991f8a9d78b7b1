"""Issue 18: branches of the rule modules that no ruling or engine test reached (line coverage under
bench/mutation.py's test command), each shown on both sides of its condition. Expectations from rules/zh.txt."""

from __future__ import annotations

from engine_helpers import board, pal
from pal_judge.engine import Game, ScriptedDecider, stats


def test_a_bonus_until_end_of_battle_ends_with_the_battle() -> None:
    # 9.7.3 effects lasting "until end of battle" end in the end of battle step: the Charger's "+2000 until end of
    # battle" (when it attacks) makes it 3000 against the 2000 Guard, which is destroyed; back at 1000 with the
    # Guard's 2000 damage once the battle is over (damage stays until the end phase, 7.6.3), it is destroyed too
    charger = pal("Charger", abilities=[{"kind": "auto", "trigger": "on_attack", "effect": [
        {"do": "power", "amount": 2000, "target": "self", "duration": "until_end_of_battle"}]}])
    g = Game.from_setup(board({"base": ["Charger"]}, {"base": [{"card": "Guard", "state": "rested"}]}),
                        [charger, pal("Guard", power=2000)])
    g.run(ScriptedDecider(["attack Charger -> Guard"]))
    players = g.snapshot()["players"]
    assert players["B"]["graveyard"] == ["Guard"] and players["A"]["graveyard"] == ["Charger"]
    assert "effects lasting until end of battle end" in [e.what for e in g.events]


def _after_scouting(rest: str | None) -> dict:
    """Look at the top 3 cards, take a Pal named Waker into the hand, the rest to `rest`."""
    scout = {"name": "Scout", "type": "event", "cost": 0, "effect": [
        {"do": "look_and_choose", "amount": 3, "choose": 1, "filter": {"name": "Waker"}, "to": "hand",
         **({"rest": rest} if rest else {})}]}
    g = Game.from_setup(board({"hand": ["Scout"], "deck": ["Filler", "Waker", "Lucky Filler", "Filler"]}),
                        [scout, pal("Waker")])
    g.run(ScriptedDecider(["play Scout", "Waker"] + ([] if rest else ["Filler"])))
    return g.snapshot()["players"]["A"]


def test_looked_at_cards_not_taken_go_where_the_card_says() -> None:
    # 5.9.1 look at the top 3, take the Waker (5.9.1.1); the other 2 go to the graveyard when the card says so, else
    # to the bottom of the deck (4.1.5)
    a = _after_scouting("graveyard")
    assert a["hand"] == ["Waker"] and sorted(a["graveyard"]) == ["Filler", "Lucky Filler", "Scout"]
    assert len(a["deck"]) == 1
    a = _after_scouting(None)
    assert a["hand"] == ["Waker"] and a["graveyard"] == ["Scout"] and len(a["deck"]) == 3


def test_nullifying_an_attack_outside_a_battle_does_nothing() -> None:
    # 5.18.1 applies while there is an attacking Pal (9.3.2.1); with none, the instruction cannot be done and
    # nothing happens (1.3.2); the card still resolves and goes to the graveyard
    smoke = {"name": "Smoke Screen", "type": "event", "cost": 0, "keywords": ["Quick"],
             "effect": [{"do": "nullify_attack"}]}
    g = Game.from_setup(board({"hand": ["Smoke Screen"]}), [smoke])
    g.run(ScriptedDecider(["play Smoke Screen"]))
    assert "no attack to nullify" in [e.what for e in g.events]
    assert g.snapshot()["players"]["A"]["graveyard"] == ["Smoke Screen"]


def _material_after_owl_call(night: bool) -> int:
    # "draw 1 card. If it is night, gain 1 material"
    call = {"name": "Owl Call", "type": "event", "cost": 0, "effect": [
        {"do": "draw", "amount": 1}, {"do": "gain", "resource": "material", "amount": 1, "if": "night"}]}
    g = Game.from_setup(board({"hand": ["Owl Call"]}, night=night), [call])
    g.run(ScriptedDecider(["play Owl Call"]))
    a = g.snapshot()["players"]["A"]
    assert len(a["hand"]) == 1  # the draw has no condition
    return a["material"]


def test_a_step_with_a_condition_is_done_only_when_it_holds() -> None:
    # 10.3.3 a part of an effect with a condition is done only while it holds (night: 5.3.4)
    assert _material_after_owl_call(night=True) == 1
    assert _material_after_owl_call(night=False) == 0


def _guardian_after_meteor(turn_player: str) -> list[str]:
    # the Guardian: "during your turn, if this Pal would be destroyed, rest it instead"
    guardian = pal("Guardian", abilities=[{"kind": "replacement", "replaces": "destroy", "if": "your_turn",
                                           "instead": [{"do": "rest", "target": "self"}]}])
    meteor = {"name": "Meteor", "type": "event", "cost": 0, "keywords": ["Quick"], "effect": [
        {"do": "destroy", "target": {"choose": 1, "type": "pal", "name": "Guardian"}}]}
    g = Game.from_setup(board({"base": ["Guardian"], "hand": ["Meteor"]}, turn_player=turn_player),
                        [guardian, meteor])
    if turn_player == "A":
        g.run(ScriptedDecider(["play Meteor"]))
    else:  # B's turn: B attacks and A plays the Meteor in the quick step
        g = Game.from_setup(board({"base": ["Guardian"], "hand": ["Meteor"]}, {"base": ["Striker"]},
                                  turn_player="B"), [guardian, meteor, pal("Striker")])
        g.run(ScriptedDecider(["attack Striker -> player", "none", "play Meteor"]))
    return [c["state"] for c in g.snapshot()["players"]["A"]["base"]]


def test_a_replacement_with_a_condition_applies_only_while_it_holds() -> None:
    # 10.11.1 a replacement effect replaces the event only while its ability works: "during your turn" (10.2.1.2)
    # holds on A's turn, so the Guardian rests instead of being destroyed; on B's turn it is destroyed
    assert _guardian_after_meteor("A") == ["rested"]
    assert _guardian_after_meteor("B") == []


def _after_the_last_pal_goes(state: str) -> tuple[list[str], list[str]]:
    """The Mourner, a structure: "when [state], deploy a Pal from your hand"; Meteor destroys A's only Pal while
    the Keepsake is in A's hand. A's base and hand afterwards."""
    mourner = {"name": "Mourner", "type": "structure", "cost": 0, "power": 1000, "abilities": [
        {"kind": "auto", "trigger": "state", "state": state, "effect": [
            {"do": "deploy", "from": "hand", "filter": {"type": "pal"}}]}]}
    meteor = {"name": "Meteor", "type": "event", "cost": 0, "effect": [
        {"do": "destroy", "target": {"choose": 1, "type": "pal"}}]}
    g = Game.from_setup(board({"base": ["Mourner", "Trainee"], "hand": ["Meteor", "Keepsake"]}),
                        [mourner, meteor, pal("Trainee"), pal("Keepsake")])
    g.run(ScriptedDecider(["play Meteor"] + (["Keepsake"] if state == "no_pals" else [])))
    a = g.snapshot()["players"]["A"]
    return sorted(c["card"] for c in a["base"]), a["hand"]


def test_a_no_pals_state_trigger_fires_when_the_last_pal_goes() -> None:
    # 10.8.6 "when you have no Pals": once Meteor destroys the Trainee, A has none, and the Mourner deploys the
    # Keepsake (5.15.2); "when your hand is empty" does not trigger, the hand still holds the Keepsake
    assert _after_the_last_pal_goes("no_pals") == (["Keepsake", "Mourner"], [])
    assert _after_the_last_pal_goes("hand_empty") == (["Mourner"], ["Keepsake"])


def _foreman_material(answers: list[str]) -> tuple[int, list[str]]:
    """The Foreman: "once per turn, when another Pal of yours is deployed, gain 1 material" (an automatic ability
    with a use limit); A plays two Pals, answering `answers` when asked whether to use it."""
    foreman = pal("Foreman", abilities=[{"kind": "auto", "trigger": "on_ally_deployed", "limit": 1,
                                         "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    g = Game.from_setup(board({"base": ["Foreman"], "hand": ["Trainee", "Waker"], "souls": {"standing": 2}}),
                        [foreman, pal("Trainee"), pal("Waker")])
    decider = ScriptedDecider(["play Trainee", answers[0], "play Waker", *answers[1:]])
    g.run(decider)
    return g.snapshot()["players"]["A"]["material"], [d.kind for d in decider.asked]


def test_declining_a_limited_automatic_ability_does_not_use_up_its_limit() -> None:
    # 10.7.3 an automatic ability with a use limit may be declined when it would be used: that standby is cancelled
    # and not counted, so declined for the Trainee it is still used for the Waker; used for the Trainee, the limit
    # is reached and it is not used again, without asking (10.8.3.2)
    assert _foreman_material(["no", "yes"]) == (1, ["main", "optional", "main", "optional", "main"])
    assert _foreman_material(["yes"]) == (1, ["main", "optional", "main", "main"])


def _night_watch_trigger(night: bool) -> tuple[int, tuple[str, ...] | None]:
    """The Night Watch: "at night, at the start of your main phase, gain 1 material"; A's turn from the stand phase."""
    watch = pal("Night Watch", abilities=[{"kind": "auto", "trigger": "start_of_phase", "phase": "main", "if": "night",
                                           "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    g = Game.from_setup(board({"base": ["Night Watch"]}, phase="stand", night=night), [watch])
    g.run(ScriptedDecider([]))
    triggered = [e.cites for e in g.events if e.what == "Night Watch: start_of_phase triggers"]
    return g.snapshot()["players"]["A"]["material"], (triggered[0] if triggered else None)


def test_a_trigger_that_works_at_night_cites_day_and_night() -> None:
    # 10.3.3 an ability with a condition works only while it holds; day and night are 5.3.4's: at night the trigger
    # resolves and its event cites both; by day it does not trigger
    material, cites = _night_watch_trigger(night=True)
    assert material == 1 and cites is not None and {"10.3.3", "5.3.4"} <= set(cites)
    assert _night_watch_trigger(night=False) == (0, None)


def test_an_activated_ability_with_x_asks_x_before_the_cost() -> None:
    # 10.6.2.2 X is chosen before the cost is paid (10.6.2.3): "[rest this structure] gain X material" asks X,
    # then rests the Well, then gains X
    well = {"name": "Well", "type": "structure", "cost": 0, "power": 1000, "abilities": [
        {"kind": "activated", "cost": [{"rest": "self"}], "effect": [{"do": "gain", "resource": "material",
                                                                      "amount": "X"}]}]}
    g = Game.from_setup(board({"base": ["Well"]}), [well])
    decider = ScriptedDecider(["activate Well", "3"])
    g.run(decider)
    whats = [e.what for e in g.events]
    assert [d.kind for d in decider.asked] == ["main", "choose_x", "main"]
    assert whats.index("A chooses X = 3 for Well") < whats.index("Well rests")
    assert g.snapshot()["players"]["A"]["material"] == 3


def test_a_penalty_on_the_attacking_pal_lasts_only_while_it_attacks() -> None:
    # 9.3.2.1 the attacking Pal: B's Dazzler says "the attacking Pal gets -1000 power" (10.2.1.2). A's Striker (2000)
    # attacks B's rested Guard (1500) at 1000: it deals 1000 and takes 1500, so it is destroyed and the Guard is not
    # (9.6.3, 11.4.1); before the attack it is 2000
    dazzler = pal("Dazzler", abilities=[{"kind": "continuous", "effect": [
        {"do": "power", "amount": -1000, "target": "attacker"}]}])
    g = Game.from_setup(board({"base": ["Striker"]}, {"base": ["Dazzler", {"card": "Guard", "state": "rested"}]}),
                        [dazzler, pal("Striker", power=2000), pal("Guard", power=1500)])
    (striker,) = [c for c in g.base_cards() if c.label == "Striker"]
    assert stats.power(g, striker) == 2000
    g.run(ScriptedDecider(["attack Striker -> Guard", "none"]))
    players = g.snapshot()["players"]
    assert players["A"]["graveyard"] == ["Striker"]
    assert [(c["card"], c["damage"]) for c in players["B"]["base"] if c["card"] == "Guard"] == [("Guard", 1000)]


def test_a_pal_leaving_with_others_sees_only_its_own_side_go() -> None:
    # 10.8.4.1.2 Pals leaving in one event see each other leave: the Griever ("when another Pal of yours goes to the
    # graveyard, gain 1 material"), destroyed by Earthquake with A's Trainee and Waker and B's Scout, sees the
    # Trainee and the Waker go (Pals of its controller's) and not the Scout: 2 material
    griever = pal("Griever", abilities=[{"kind": "auto", "trigger": "on_ally_destroyed",
                                         "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    quake = {"name": "Earthquake", "type": "event", "cost": 0, "effect": [
        {"do": "destroy", "target": {"all": True, "type": "pal", "controller": "any"}}]}
    g = Game.from_setup(board({"base": ["Griever", "Trainee", "Waker"], "hand": ["Earthquake"]}, {"base": ["Scout"]}),
                        [griever, quake, pal("Trainee"), pal("Waker"), pal("Scout")])
    g.run(ScriptedDecider(["play Earthquake"]))
    players = g.snapshot()["players"]
    assert not players["A"]["base"] and not players["B"]["base"]
    assert (players["A"]["material"], players["B"]["material"]) == (2, 0)


def _nullified_by_a_snare(trigger: dict) -> tuple[list[str], int]:
    """B's Snare, a structure: "[trigger], nullify the attack"; A's Striker attacks B. The kinds of decision asked
    and B's life."""
    snare = {"name": "Snare", "type": "structure", "cost": 0, "power": 1000, "abilities": [
        {"kind": "auto", **trigger, "effect": [{"do": "nullify_attack"}]}]}
    g = Game.from_setup(board({"base": ["Striker"]}, {"base": ["Snare", "Scout"]}),
                        [snare, pal("Striker"), pal("Scout")])
    decider = ScriptedDecider(["attack Striker -> player"])
    g.run(decider)
    assert "the attack is nullified" in [e.what for e in g.events]
    return [d.kind for d in decider.asked], g.snapshot()["players"]["B"]["life"]


def test_an_attack_nullified_before_the_block_skips_to_the_end_of_battle() -> None:
    # 5.18.1 once the attack is nullified the battle goes at once to the end of battle step (9.7): nullified as it
    # is declared ("when a Pal of your opponent attacks") or as the block step begins (9.4.1, "at the start of the
    # block step of your opponent's turn"), B is never asked to block and takes no damage
    for trigger in ({"trigger": "on_pal_attacks", "whose": "opponent"},
                    {"trigger": "start_of_step", "step": "block", "whose": "opponent"}):
        assert _nullified_by_a_snare(trigger) == (["main", "main"], 10)


def _scorch(x: str) -> tuple[list[int], list[str]]:
    """Scorch: "deal X damage to each Pal of your opponent"; B has the Scout and the Elder (1000 each). Their
    damage, and the damage events."""
    scorch = {"name": "Scorch", "type": "event", "cost": 0, "effect": [
        {"do": "damage", "amount": "X", "target": {"all": True, "type": "pal", "controller": "opponent"}}]}
    g = Game.from_setup(board({"hand": ["Scorch"]}, {"base": ["Scout", "Elder"]}),
                        [scorch, pal("Scout"), pal("Elder")])
    g.run(ScriptedDecider(["play Scorch", x]))
    return [c.damage for c in g.base_cards()], [e.what for e in g.events if "damage to" in e.what]


def test_x_chosen_as_0_deals_no_damage_to_pals() -> None:
    # 10.6.2.2.2 (zh) X is a whole number 0 or more (1.3.5): with X = 0 no damage is dealt, and the trace says none;
    # with X = 1 each Pal takes 1 (5.14.1)
    assert _scorch("0") == ([0, 0], [])
    assert _scorch("1") == ([1, 1], ["Scorch deals 1 damage to Scout", "Scorch deals 1 damage to Elder"])
