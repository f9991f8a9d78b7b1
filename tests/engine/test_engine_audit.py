"""Clause-by-clause audit of the engine against the Chinese rulebook (chapters 3-13): each test's
expectation is read from the clause it names."""

from __future__ import annotations

from typing import Any

from engine_helpers import base, board, cited, pal, play

from pal_judge.engine import Game, ScriptedDecider


def _labels(setup: dict[str, Any], cards: list[dict[str, Any]], answers: list[str]) -> list[str]:
    g = Game.from_setup(setup, cards)
    r = g.run(ScriptedDecider(answers))
    assert r.pending is not None
    return r.pending.labels()


# ------------------------------------------------------------------ 7.5.2.1 must attack "if able"
BERSERKER = pal("Berserker", abilities=[{"kind": "continuous", "effect": [
    {"do": "must_attack", "target": "self"},
    {"do": "cannot_attack", "target": "self", "against": "opponent"}]}])


def test_a_pal_that_must_attack_but_has_no_legal_target_does_not_stop_the_turn_ending() -> None:
    # 7.5.2.1 binds only a pal "处于能够执行合理的适正攻击状态"; Berserker may not attack the player and
    # B has nothing else to attack (9.2.4.1), so it cannot attack legally. Another pal (Filler) can
    # attack, but it is under no obligation: ending the main phase stays allowed.
    labels = _labels(board({"base": ["Berserker", "Filler"]}), [BERSERKER], [])
    assert "attack Filler -> player" in labels
    assert not any(lb.startswith("attack Berserker") for lb in labels)
    assert "end_turn" in labels


# ------------------------------------------------------------------ 11.1.2.4 / 10.5.3.1 all at once
def test_lethal_damage_and_overflow_are_performed_at_the_same_time() -> None:
    # 5 pals, limit 5. One effect places Newcomer (a sixth pal) and then deals it 1000 damage.
    # At the next check timing both check-type rule actions apply and are performed simultaneously
    # (10.5.3.1, 11.1.2.4): overflow counts 6 pals, keeps the last placed Newcomer (11.5.1.1) and 4 of
    # the 5 older ones chosen by A (11.5.1.2); lethal damage (11.4.1) sends Newcomer away as well.
    cards = [pal(f"Old{i}") for i in range(1, 6)] + [pal("Newcomer"), {
        "name": "Ambush", "type": "event", "cost": 0, "effect": [
            {"do": "place", "to": "base", "target": {"all": True, "zone": "graveyard", "controller": "you",
                                                      "name": "Newcomer"}},
            {"do": "damage", "amount": 1000, "target": {"all": True, "controller": "you", "name": "Newcomer"}}]}]
    g = play(board({"base": [f"Old{i}" for i in range(1, 6)], "graveyard": ["Newcomer"], "hand": ["Ambush"]}),
             cards, ["play Ambush", "Old1", "Old2", "Old3", "Old4"])
    a = g.snapshot()["players"]["A"]
    assert sorted(base(g, "A")) == ["Old1", "Old2", "Old3", "Old4"]
    assert "Old5" in a["graveyard"] and "Newcomer" in a["graveyard"]
    assert {"11.4.1", "11.5.1.1", "11.5.1.2", "11.1.2.4"} <= cited(g)


# ------------------------------------------------------------------ 7.6.5 the end phase repeats
PHOENIX = pal("Phoenix", abilities=[{"kind": "auto", "trigger": "end_of_turn", "zone": "graveyard",
                                     "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
REAPER = pal("Reaper", abilities=[{"kind": "auto", "trigger": "end_of_turn", "effect": [
    {"do": "destroy", "target": {"all": True, "name": "Phoenix"}}]}])


def test_the_end_phase_repeats_for_a_graveyard_ability_that_has_not_triggered_this_turn() -> None:
    # 7.6.1 Reaper triggers; Phoenix's graveyard ability is not active in the base (10.3.4.1).
    # 7.6.2 Reaper puts Phoenix into the graveyard, where it is a new card (4.1.4) with an "at the end
    # of your turn" ability that has not triggered this turn: 7.6.5 the end phase is performed again,
    # and in the repeated 7.6.1 that ability triggers: A gains 1 material.
    g = play(board({"base": ["Phoenix", "Reaper"]}), [PHOENIX, REAPER], ["end_turn"])
    assert g.turn == 4
    assert g.players[0].material == 1
    assert "7.6.5" in cited(g)


def test_an_end_of_turn_ability_whose_condition_is_not_met_does_not_repeat_the_end_phase() -> None:
    # 7.6.5 repeats only for a trigger condition still to be met; "at the end of your turn, if it is
    # night" during the day never triggers (10.3.3), so the turn ends and B's turn begins.
    owl = pal("Owl", abilities=[{"kind": "auto", "trigger": "end_of_turn", "if": "night",
                                 "effect": [{"do": "draw", "amount": 1}]}])
    g = play(board({"base": ["Owl"]}), [owl], ["end_turn"])
    assert g.turn == 4 and len(g.players[0].hand) == 0


# ------------------------------------------------------------------ 5.21.2 the controller picks one
def test_with_two_activates_n_times_effects_the_controller_chooses_which_applies() -> None:
    # 5.21.2 "该自动能力的控制者只能选择应用其中1个处理": Echo (2 times) and Chorus (3 times) both
    # apply to Miner's on-deploy ability; A, its controller, chooses Echo's: it resolves twice.
    ab = [{"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "gain", "resource": "material", "amount": 1}]}]

    def times(name: str, n: int) -> dict[str, Any]:
        return {"name": name, "type": "structure", "power": 1000, "cost": 0, "abilities": [
            {"kind": "continuous", "effect": [{"do": "trigger_times", "amount": n, "trigger": "on_deploy"}]}]}

    setup = board({"hand": ["Miner"], "base": ["Echo", "Chorus"], "souls": {"standing": 1}})
    cards = [pal("Miner", abilities=ab), times("Echo", 2), times("Chorus", 3)]
    labels = _labels(setup, cards, ["play Miner"])
    assert labels[:2] == ["2 times", "3 times"]
    g = play(setup, cards, ["play Miner", "2 times"])
    assert g.players[0].material == 2 and "5.21.2" in cited(g)
    g = play(setup, cards, ["play Miner", "3 times"])
    assert g.players[0].material == 3


# ------------------------------------------------------------------ 11.2.1 interrupt type
def test_damage_taken_already_on_the_board_is_resolved_at_once() -> None:
    # 11.2.1 "当任意一名玩家所承受的伤害为1或以上时" the player damage process runs; it is an interrupt-type
    # rule action (11.1.2.1), so a board that starts with B's damage taken at 2 resolves it before anything
    # else: 2 cards from B's deck to the graveyard, no Lucky, life 10 -> 8, damage taken back to 0.
    g = Game.from_setup(board(None, {"damage": 2, "deck": ["Filler"] * 4}), [])
    g.run(ScriptedDecider([]))
    b = g.snapshot()["players"]["B"]
    assert b["damage"] == 0 and b["life"] == 8 and b["graveyard"] == ["Filler", "Filler"]
    assert "11.2.2.3" in cited(g)


# ------------------------------------------------------------------ 4.1.5 the zone's player orders
FORAGE = {"name": "Forage", "type": "event", "cost": 0, "effect": [
    {"do": "look_and_choose", "amount": 3, "choose": 1, "to": "hand", "rest": "deck_bottom"}]}


def test_cards_put_on_the_bottom_together_are_ordered_by_the_decks_owner() -> None:
    # 4.1.5 several cards put into a zone at the same time: the zone's player decides their order.
    # Forage keeps Lamball; A puts Direhowl on the bottom, then Foxparks below it.
    cards = [FORAGE, pal("Lamball"), pal("Foxparks"), pal("Direhowl")]
    setup = board({"hand": ["Forage"], "deck": ["Lamball", "Foxparks", "Direhowl", "Filler", "Filler"]})
    g = play(setup, cards, ["play Forage", "Lamball", "Direhowl"])
    assert g.snapshot()["players"]["A"]["deck"] == ["Filler", "Filler", "Direhowl", "Foxparks"]
    assert "4.1.5" in cited(g)
    g = play(setup, cards, ["play Forage", "Lamball", "Foxparks"])
    assert g.snapshot()["players"]["A"]["deck"] == ["Filler", "Filler", "Foxparks", "Direhowl"]


def test_an_end_phase_that_repeats_forever_is_a_loop_nobody_can_stop_and_a_draw() -> None:
    # Phoenix destroys itself at the end of the turn and, from the graveyard, returns at the end of the
    # turn: each time it is a new card (4.1.4) whose ability has not triggered yet, so 7.6.5 repeats the
    # end phase without end. Both abilities are mandatory (10.8.3.1): 13.1.1.1 the game is a draw.
    phoenix = pal("Phoenix", abilities=[
        {"kind": "auto", "trigger": "end_of_turn", "effect": [{"do": "destroy", "target": "self"}]},
        {"kind": "auto", "trigger": "end_of_turn", "zone": "graveyard",
         "effect": [{"do": "place", "target": "self", "to": "base"}]}])
    g = Game.from_setup(board({"base": ["Phoenix"]}), [phoenix])
    r = g.run(ScriptedDecider(["end_turn"]))
    assert r.outcome == "loop_draw" and "13.1.1.1" in cited(g)


# ------------------------------------------------------------------ 12.8.2 / 10.6.2.3.1 Interrupt payment
def test_interrupt_without_a_soul_still_decides_which_other_card_pays_when_the_cost_is_decided() -> None:
    # 12.8.2 [discard this card and 1 other card]; 10.6.2.3.1 the way of paying is decided when the cost
    # is determined. B has no standing soul and two other cards: B names the one to discard (Foxparks).
    cards = [pal("Direhowl", 3000, strike=2), pal("Nitewing", keywords=["interrupt"]), pal("Lamball"),
             pal("Foxparks", 2000)]
    setup = board({"base": ["Direhowl"]}, {"hand": ["Nitewing", "Lamball", "Foxparks"], "souls": {"rested": 2}})
    g = Game.from_setup(setup, cards)
    d = ScriptedDecider(["attack Direhowl -> player", "activate Nitewing", "discard Foxparks"])
    g.run(d)
    (pay,) = [x for x in d.asked if x.kind == "interrupt_payment"]
    assert pay.labels()[:2] == ["discard Lamball", "discard Foxparks"] and "soul" not in pay.labels()
    b = g.snapshot()["players"]["B"]
    assert b["life"] == 10 and sorted(b["graveyard"]) == ["Foxparks", "Nitewing"] and b["hand"] == ["Lamball"]
    assert {"5.18.1", "10.6.2.3.1"} <= cited(g)


def test_an_ability_with_one_way_to_pay_does_not_cite_the_choice_of_payment() -> None:
    # 10.6.2.3.1 is the choice among several ways of paying a cost (Interrupt's soul or discard, above); a
    # structure's ability paid one way only (rest this card) uses no such choice, so its use does not cite it.
    well = {"name": "Well", "type": "structure", "power": 3000, "cost": 1, "abilities": [
        {"kind": "activated", "cost": [{"rest": "self"}], "effect": [{"do": "draw", "amount": 1}]}]}
    g = play(board({"base": ["Well"]}), [well], ["activate Well"])
    (used,) = [e for e in g.events if e.what.startswith("A uses Well")]
    assert used.cites[0] == "8.3.1" and "10.6.2.3.1" not in used.cites
    assert g.snapshot()["players"]["A"]["hand"]  # the ability resolved: A drew a card


# ------------------------------------------------------------------ 9.7.4 the end-of-battle step repeats
def test_the_defenders_end_of_battle_ability_that_does_not_trigger_does_not_repeat_the_step() -> None:
    # Watcher (B's) says "at the end of battle in your turn" (whose: you): in A's battle it never triggers,
    # so 9.7.4 finds nothing left to trigger and the battle ends; A's main phase goes on.
    watcher = pal("Watcher", abilities=[{"kind": "auto", "trigger": "end_of_battle",
                                         "effect": [{"do": "draw", "amount": 1}]}])
    g = Game.from_setup(board({"base": ["Filler"]}, {"base": ["Watcher"]}), [watcher])
    d = ScriptedDecider(["attack Filler -> player", "none"])
    g.run(d)
    assert g.players[1].life == 9 and len(g.players[1].hand) == 0
    assert d.asked[-1].kind == "main" and "9.7.4" in cited(g)


# ------------------------------------------------------------------ 10.6.2.2.1 modes are chosen on use
GAMBLE = {"name": "Gamble", "type": "event", "cost": 1, "effect": [
    {"do": "draw", "amount": 1},
    {"do": "choose_one", "options": [[{"do": "gain", "resource": "material", "amount": 1}],
                                     [{"do": "gain", "resource": "ingredient", "amount": 1}]]}]}


def test_a_choose_one_mode_is_chosen_when_the_card_is_used_before_its_cost_and_effect() -> None:
    # 10.6.2.2 / 10.6.2.2.1 the options are chosen while using the card, before the cost is paid (10.6.2.3)
    # and before anything resolves (10.6.2.4): at that moment the soul is still standing and the card
    # Gamble draws is not in hand yet.
    setup = board({"hand": ["Gamble"], "souls": {"standing": 1}, "deck": ["Filler"] * 5})
    g = Game.from_setup(setup, [GAMBLE])
    r = g.run(ScriptedDecider(["play Gamble"]))
    assert r.pending is not None and r.pending.kind == "choose_one"
    a = g.snapshot()["players"]["A"]
    assert a["souls"]["standing"] == 1 and a["hand"] == []
    g = play(setup, [GAMBLE], ["play Gamble", "option 2"])
    assert g.players[0].ingredient == 1 and g.players[0].material == 0 and len(g.players[0].hand) == 1
    assert "10.6.2.2.1" in cited(g)


def test_an_auto_abilitys_undefined_x_is_chosen_when_it_is_used_not_halfway_through() -> None:
    # 10.6.2 applies to auto abilities too: 10.6.2.2.2 X is chosen on use (10.6.2.2), before the ability
    # resolves (10.6.2.4), so Miner's owner picks X before the card it draws is in hand.
    miner = pal("Miner", abilities=[{"kind": "auto", "trigger": "on_deploy", "effect": [
        {"do": "draw", "amount": 1}, {"do": "gain", "resource": "material", "amount": "X"}]}])
    setup = board({"hand": ["Miner"], "souls": {"standing": 1}, "deck": ["Filler"] * 5})
    g = Game.from_setup(setup, [miner])
    r = g.run(ScriptedDecider(["play Miner"]))
    assert r.pending is not None and r.pending.kind == "choose_x"
    assert g.snapshot()["players"]["A"]["hand"] == []
    g = play(setup, [miner], ["play Miner", "2"])
    assert g.players[0].material == 2 and len(g.players[0].hand) == 1


# ------------------------------------------------------------------ 10.8.3.1 the same ability of two same-named cards
def test_the_same_ability_of_two_copies_in_a_graveyard_is_offered_as_two_choices_a_script_can_name() -> None:
    # 10.8.3.1 with several abilities in standby their controller chooses which to use first. Two copies of Ember in
    # the graveyard (labelled by name alone there) both trigger at the end of the turn (10.3.4.1): two different
    # abilities, each named apart, and the one chosen is the one used first (its card is placed first, 4.1.4)
    ember = pal("Ember", abilities=[{"kind": "auto", "trigger": "end_of_turn", "zone": "graveyard",
                                     "effect": [{"do": "place", "target": "self", "to": "base"}]}])
    g = Game.from_setup(board({"graveyard": ["Ember", "Ember"]}), [ember])
    first, second = (c.oid for c in g.players[0].graveyard)
    r = g.run(ScriptedDecider(["end_turn"]))
    assert r.pending is not None and r.pending.kind == "order_triggers"
    labels = r.pending.labels()[:2]
    assert len(set(labels)) == 2, labels
    for chosen, expected in ((labels[0], first), (labels[1], second)):
        g = Game.from_setup(board({"graveyard": ["Ember", "Ember"]}), [ember])
        g.run(ScriptedDecider(["end_turn", chosen]))
        placed = [e for e in g.events if e.what == "Ember is placed in the base"]
        assert placed and placed[0].before["oid"] == expected
