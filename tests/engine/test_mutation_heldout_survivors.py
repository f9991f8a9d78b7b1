"""Issue 18: the survivors of bench/mutation.py's seeds 27, 28 and 29 (held out at stop 12, tuned on at its second
round), each kind of weakness checked on both sides: both players, both orders, the cites a judge reads.
Expectations come from rules/zh.txt, the clause beside each. Cards whose
words the engine compares ("self", "you", "opponent") are read from YAML text, as a cards file or a ruling is,
so their strings are not the interned literals of the engine's own code."""

from __future__ import annotations

import yaml
from engine_helpers import assert_cites_exist, board, pal
from pal_judge.engine import Game, ScriptedDecider, stats


def _herald_cites(a: dict) -> list[tuple[str, ...]]:
    """The cites of each trigger of the Herald ("when a Pal of yours is deployed, gain 1 material")."""
    herald = pal("Herald", abilities=[{"kind": "auto", "trigger": "on_ally_deployed",
                                       "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    g = Game.from_setup(board(a), [herald, pal("Trainee", cost=0)])
    g.run(ScriptedDecider(["play Trainee"]))
    return [e.cites for e in g.events if e.what.startswith("Herald:") and "triggers" in e.what]


def test_a_pal_deployed_alone_is_not_one_entering_together_with_the_watcher() -> None:
    # 10.8.4.2 covers a card entering at the same time as the card whose trigger sees it: the Herald was in the
    # base before the Trainee was played, so its trigger (10.8.4) rests on the Herald being there, not on 10.8.4.2
    (cites,) = _herald_cites({"base": ["Herald"], "hand": ["Trainee"]})
    assert "10.8.4.2" not in cites


def test_a_used_up_activated_ability_leaves_the_cards_other_ability_offered() -> None:
    # 10.7.2 an activated ability with a limit cannot be used more often than that; the card's other activated
    # ability has no limit and is still offered, as is the limited one before it is used
    well = pal("Well", abilities=[
        {"kind": "activated", "name": "Draw", "limit": 1, "effect": [{"do": "draw", "amount": 1}]},
        {"kind": "activated", "name": "Gather", "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    d = ScriptedDecider(["activate Well: Draw"])
    Game.from_setup(board({"base": ["Well"]}), [well]).run(d)
    assert {"activate Well: Draw", "activate Well: Gather"} <= set(d.asked[0].labels())
    assert "activate Well: Gather" in d.asked[-1].labels() and "activate Well: Draw" not in d.asked[-1].labels()


def test_both_players_losing_for_different_reasons_cite_both_reasons() -> None:
    # 11.3.1 a player at 0 life loses; 11.3.2 a player with no deck loses; 1.2.2 both lose at once: a draw.
    # Checked with the players swapped, so each reason is read from each player
    for a, b, reasons in (({"life": 0}, {"deck": 0}, ("11.3.1", "11.3.2")),
                          ({"deck": 0}, {"life": 0}, ("11.3.2", "11.3.1"))):
        g = Game.from_setup(board(a, b), [])
        g.run(ScriptedDecider([]))
        assert_cites_exist(g)
        (end,) = [e for e in g.events if e.what.startswith("game ends")]
        assert "both players lose" in end.what and {"1.2.2", "11.3.3", *reasons} <= set(end.cites)


def test_a_battle_opponent_outside_a_battle_is_nobody() -> None:
    # 9.4.3 a Pal has a battle opponent only during a battle: "when this Pal is deployed, its battle opponent
    # gets -1000 power" finds nobody when it is deployed in the main phase, and the Pal across keeps its power
    spite = pal("Spite", cost=0, abilities=[{"kind": "auto", "trigger": "on_deploy", "effect": [
        {"do": "power", "amount": -1000, "target": "battle_opponent"}]}])
    g = Game.from_setup(board({"hand": ["Spite"]}, {"base": ["Guard"]}), [spite, pal("Guard", power=1500)])
    g.run(ScriptedDecider(["play Spite"]))
    assert_cites_exist(g)
    assert [c["card"] for c in g.snapshot()["players"]["A"]["base"]] == ["Spite"]
    (guard,) = g.snapshot()["players"]["B"]["base"]
    assert guard.get("power", 1500) == 1500


def test_a_discard_cost_of_a_card_used_from_the_hand_is_paid_with_any_other_card_of_the_hand() -> None:
    # 10.4.2.2 a cost is payable only if it can be paid whole: "discard 1" of a card used from the hand is paid
    # with another card of that hand, whichever came first
    ab = [{"kind": "activated", "zone": "hand", "cost": [{"discard": 1}], "effect": [{"do": "draw", "amount": 1}]}]
    for hand in (["Other", "Src"], ["Src", "Other"]):
        d = ScriptedDecider(["activate Src"])
        g = Game.from_setup(board({"hand": hand}), [pal("Src", abilities=ab), pal("Other")])
        g.run(d)
        assert "activate Src" in d.asked[0].labels()
        assert g.snapshot()["players"]["A"]["graveyard"] == ["Other"]


def _brave_power_cites() -> list[tuple[str, ...]]:
    g = Game.from_setup(board({"base": ["Bold"]}), [pal("Bold", keywords=[{"brave": 1000}])])
    g.run(ScriptedDecider(["attack Bold -> player"]))
    return [e.cites for e in g.events if "Bold" in e.what and "power" in e.what]


def test_the_steps_of_a_keyword_ability_cite_the_keyword() -> None:
    # 12.6.2 "Brave (N)" means "On Attack: this card gets +N power until end of turn": the power it gets is
    # read from that clause
    cites = _brave_power_cites()
    assert cites and any("12.6.2" in c for c in cites)


def test_a_pal_with_negative_power_deals_no_damage_and_the_negative_value_is_cited() -> None:
    # 1.3.2.4 a value may be negative; 9.6.3.1.1 a Pal with 0 or less power deals no battle damage. Weak (1000)
    # gets -2000: at -1000 it attacks the Guard (1000) and deals nothing; the Guard's 1000 destroys it (11.4.1)
    sap = {"name": "Sap", "type": "event", "cost": 0, "effect": [
        {"do": "power", "amount": -2000, "target": {"all": True, "name": "Weak"}}]}
    g = Game.from_setup(board({"base": ["Weak"], "hand": ["Sap"]}, {"base": [{"card": "Guard", "state": "rested"}]}),
                        [sap, pal("Weak"), pal("Guard")])
    g.run(ScriptedDecider(["play Sap", "attack Weak -> Guard"]))
    (none_dealt,) = [e for e in g.events if e.what == "Weak has power -1000: it deals no damage"]
    assert "1.3.2.4" in none_dealt.cites and "9.6.3.1.1" in none_dealt.cites
    (sapped,) = [e for e in g.events if e.what.startswith("Weak gets -2000 power")]
    assert "1.3.2.4" in sapped.cites
    assert g.snapshot()["players"]["A"]["graveyard"] == ["Sap", "Weak"]
    assert [c["card"] for c in g.snapshot()["players"]["B"]["base"]] == ["Guard"]


def test_a_positive_power_change_does_not_cite_negative_values() -> None:
    # 1.3.2.4 is about values that may be 0 or negative: +1000 to a 1000 Pal (2000) does not rest on it
    boost = {"name": "Boost", "type": "event", "cost": 0, "effect": [
        {"do": "power", "amount": 1000, "target": {"all": True, "name": "Weak"}},
        {"do": "strike", "amount": 1, "target": {"all": True, "name": "Weak"}}]}
    g = Game.from_setup(board({"base": ["Weak"], "hand": ["Boost"]}), [boost, pal("Weak")])
    g.run(ScriptedDecider(["play Boost"]))
    changes = [e for e in g.events if e.what.startswith("Weak gets +1")]
    assert len(changes) == 2 and not any("1.3.2.4" in e.cites for e in changes)


def test_a_structure_going_to_the_graveyard_is_not_a_pal_going_there() -> None:
    # "when another Pal of yours goes to the graveyard" (an on_ally_destroyed trigger) watches Pals (2.2.2.1):
    # Demolish destroying a structure of yours does not trigger it, destroying a Pal of yours does
    mourner = pal("Mourner", abilities=[{"kind": "auto", "trigger": "on_ally_destroyed",
                                         "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    demolish = {"name": "Demolish", "type": "event", "cost": 0, "effect": [
        {"do": "destroy", "target": {"choose": 1, "type": "pal_or_structure", "controller": "you"}}]}
    hut = {"name": "Hut", "type": "structure", "cost": 0, "power": 1000}
    material = {}
    for victim in ("Hut", "Trainee"):
        g = Game.from_setup(board({"base": ["Mourner", "Hut", "Trainee"], "hand": ["Demolish"]}),
                            [mourner, demolish, hut, pal("Trainee")])
        g.run(ScriptedDecider(["play Demolish", victim]))
        assert victim in g.snapshot()["players"]["A"]["graveyard"]
        material[victim] = g.snapshot()["players"]["A"]["material"]
    assert material == {"Hut": 0, "Trainee": 1}


def test_a_self_change_after_the_card_left_the_base_does_not_apply() -> None:
    # 10.10.2 / 4.1.4 "when this Pal is destroyed, this Pal gets +1000 power": it is a new object in the graveyard,
    # so the change applies to nothing and the judge reads why; while it is in the base, the same change applies
    cards = yaml.safe_load("""
        - {name: Ember, type: pal, power: 1000, strike: 1, cost: 0, abilities: [
            {kind: auto, trigger: on_destroyed, effect: [{do: power, amount: 1000, target: self}]},
            {kind: auto, trigger: on_deploy, effect: [{do: power, amount: 1000, target: self}]}]}
        - {name: Demolish, type: event, cost: 0, effect: [{do: destroy, target: {choose: 1, type: pal}}]}
    """)
    g = Game.from_setup(board({"hand": ["Ember", "Demolish"]}), cards)
    g.run(ScriptedDecider(["play Ember", "play Demolish"]))
    (deployed,) = [e for e in g.events if e.what.startswith("Ember gets +1000 power")]
    assert deployed.after == {"power": 2000}
    assert [e.cites for e in g.events if e.what == "Ember is not in the base: the power change does not apply to it"
            ] == [("10.10.2", "4.1.4")]


def _player_target_run(target: str, turn_player: str) -> tuple[dict, dict]:
    """The turn player plays Zap: "deal 1 damage to `target`", read from YAML text."""
    zap = yaml.safe_load(f"{{name: Zap, type: event, cost: 0, effect: [{{do: damage, amount: 1, target: {target}}}]}}")
    g = Game.from_setup(board({"hand": ["Zap"]}, {"hand": ["Zap"]}, turn_player=turn_player), [zap])
    g.run(ScriptedDecider(["play Zap"]))
    players = g.snapshot()["players"]
    return players["A"], players["B"]


def test_a_player_target_of_you_or_your_opponent_is_read_for_either_player() -> None:
    # 3.1.2.4 "you" is the player using the card, "your opponent" the other: checked for each player's turn, for
    # a player chosen among "you"/"your opponent" and for "your opponent" named outright
    for turn, you, opponent in (("A", 0, 1), ("B", 1, 0)):
        for target, hit in (("{choose: 1, type: player, controller: you}", you),
                            ("{choose: 1, type: player, controller: opponent}", opponent), ("opponent", opponent)):
            lives = [p["life"] for p in _player_target_run(target, turn)]
            assert lives[hit] == 9 and lives[1 - hit] == 10, (turn, target)


def test_an_effect_on_your_opponent_reaches_the_other_player_whoever_plays_it() -> None:
    # 3.1.2.4 "your opponent draws 1 card": the player who is not the card's controller draws, on either turn
    gift = yaml.safe_load("{name: Gift, type: event, cost: 0, effect: [{do: draw, amount: 1, who: opponent}]}")
    for turn, other in (("A", "B"), ("B", "A")):
        g = Game.from_setup(board({"hand": ["Gift"]}, {"hand": ["Gift"]}, turn_player=turn), [gift])
        g.run(ScriptedDecider(["play Gift"]))
        players = g.snapshot()["players"]
        assert (len(players[turn]["hand"]), len(players[other]["hand"])) == (0, 2)


def _stop_after_one(zone: str) -> tuple[tuple[str, ...], dict]:
    """Sweep: "put up to 2 Pals (of yours, in `zone`) into the graveyard"; the player stops after the Waker."""
    sweep = {"name": "Sweep", "type": "event", "cost": 0, "effect": [
        {"do": "place", "to": "graveyard",
         "target": {"choose": 2, "up_to": True, "type": "pal", "zone": zone, "controller": "you"}}]}
    g = Game.from_setup(board({zone: ["Trainee", "Waker"], "hand": ["Sweep"]} if zone != "hand"
                              else {"hand": ["Sweep", "Trainee", "Waker"]}), [sweep, pal("Trainee"), pal("Waker")])
    g.run(ScriptedDecider(["play Sweep", "Waker", "done"]))
    (stop,) = [e for e in g.events if e.what == "A chooses no more"]
    return stop.cites, g.snapshot()["players"]["A"]


def test_choosing_fewer_of_up_to_n_cites_the_up_to_clause_in_a_public_or_hidden_zone() -> None:
    # 10.6.3.1.1 "choose up to 2": any number from 0 to 2 may be chosen; stopping after one rests on that clause,
    # in the base as in the hand, not on 10.6.3.1.5 (hidden cards that may not be found when a number is required)
    for zone in ("base", "hand"):
        cites, a = _stop_after_one(zone)
        assert "10.6.3.1.1" in cites and "10.6.3.1.5" not in cites, zone
        assert sorted(a["graveyard"]) == ["Sweep", "Waker"]


def _attack_labels(forbidden: dict[str, str]) -> set[str]:
    """First and Second (placed in that order) face the rested Wall and Guard; Truce forbids each Pal named in
    `forbidden` to attack the Pal named beside it."""
    steps = ", ".join(f"{{do: cannot_attack, target: {{all: true, type: pal, name: {who}}}, "
                      f"against: {{type: pal, name: {whom}}}}}" for who, whom in forbidden.items())
    truce = yaml.safe_load(f"{{name: Truce, type: event, cost: 0, effect: [{steps}]}}")
    d = ScriptedDecider(["play Truce"])
    Game.from_setup(board({"base": ["First", "Second"], "hand": ["Truce"]},
                          {"base": [{"card": "Wall", "state": "rested"}, {"card": "Guard", "state": "rested"}]}),
                    [truce, pal("First"), pal("Second"), pal("Wall"), pal("Guard")]).run(d)
    return {lb for lb in d.asked[-1].labels() if lb.startswith("attack") and not lb.endswith("player")}


def test_a_restriction_on_one_pal_leaves_the_others_free_whichever_came_first() -> None:
    # 9.2.4.1 an effect may forbid a Pal some attack targets: only the Pal named is forbidden, only that target
    assert _attack_labels({"Second": "Wall"}) == {"attack First -> Wall", "attack First -> Guard",
                                                  "attack Second -> Guard"}
    assert _attack_labels({"First": "Wall", "Second": "Guard"}) == {"attack First -> Guard",
                                                                    "attack Second -> Wall"}


def test_a_continuous_ability_after_an_auto_one_still_works() -> None:
    # 10.3.5 a card's continuous abilities work while it is in the base, whatever abilities come before them on
    # the card: the Captain's Pals get +1000 even though its first ability is an automatic one
    captain = pal("Captain", abilities=[
        {"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "gain", "resource": "material", "amount": 1}]},
        {"kind": "continuous", "effect": [{"do": "power", "amount": 1000,
                                           "target": {"all": True, "type": "pal", "name": "Trainee"}}]}])
    g = Game.from_setup(board({"base": ["Captain", "Trainee"]}), [captain, pal("Trainee")])
    assert {c.label: stats.power(g, c) for c in g.base_cards()} == {"Captain": 1000, "Trainee": 2000}


def test_either_player_takes_a_card_back_from_their_own_graveyard() -> None:
    # 5.9.1 "put a Pal from your graveyard into your hand": each player's own graveyard, on either player's turn
    recall = yaml.safe_load("""
        {name: Recall, type: event, cost: 0, effect: [
          {do: place, to: hand, target: {choose: 1, type: pal, zone: graveyard, controller: you}}]}
    """)
    for turn, other in (("A", "B"), ("B", "A")):
        g = Game.from_setup(board({"hand": ["Recall"], "graveyard": ["Trainee"]},
                                  {"hand": ["Recall"], "graveyard": ["Trainee"]}, turn_player=turn),
                            [recall, pal("Trainee")])
        g.run(ScriptedDecider(["play Recall"]))
        players = g.snapshot()["players"]
        assert players[turn]["hand"] == ["Trainee"] and players[other]["graveyard"] == ["Trainee"]


def test_looking_one_at_a_time_shows_each_card_in_order() -> None:
    # 5.8.2.2/5.8.2.5 the player looks at the 1st card from the top, then the 2nd (5.8.2.4 they know it)
    peek = {"name": "Peek", "type": "event", "cost": 0, "effect": [{"do": "look_top_up_to", "amount": 2}]}
    g = Game.from_setup(board({"hand": ["Peek"], "deck": ["Alpha", "Beta", "Gamma"]}),
                        [peek, pal("Alpha"), pal("Beta"), pal("Gamma")])
    g.run(ScriptedDecider(["play Peek", "continue", "continue"]))
    assert [e.after["seen"] for e in g.events if "5.8.2.4" in e.cites] == ["Alpha", "Beta"]


def _offered(cost: dict, zone: str, a: dict) -> bool:
    card = pal("Tool", abilities=[{"kind": "activated", "zone": zone, "cost": [cost],
                                  "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    d = ScriptedDecider([])
    g = Game.from_setup(board(a), [card, pal("Helper")])
    g.run(d)  # the script is empty: the run stops at the first question
    return "activate Tool" in d.asked[0].labels()


def test_a_self_cost_is_payable_only_where_the_card_can_pay_it() -> None:
    # 10.4.2.2 a cost that cannot be paid whole cannot be paid: "rest this card" needs it standing in the base;
    # "discard this card" needs it in the hand
    rest = {"rest": "self"}
    assert _offered(rest, "base", {"base": ["Tool"]})
    assert not _offered(rest, "base", {"base": [{"card": "Tool", "state": "rested"}]})
    discard = {"discard": "self"}
    assert _offered(discard, "hand", {"hand": ["Tool"]})
    assert not _offered(discard, "base", {"base": ["Tool"]})


def test_a_pal_is_not_assigned_to_its_own_ability() -> None:
    # 5.17.3 the Pal assigned by an ability is assigned to the card using it, so it is another standing Pal of
    # yours (5.17.2): alone the Tool cannot pay "assign 1"; with a standing Helper it can
    assign = {"assign": 1}
    assert not _offered(assign, "base", {"base": ["Tool"]})
    assert _offered(assign, "base", {"base": ["Tool", "Helper"]})
    assert not _offered(assign, "base", {"base": ["Tool", {"card": "Helper", "state": "rested"}]})


def test_paying_assign_rests_the_other_pal_and_not_the_card_using_it() -> None:
    # 5.17.2 the player assigns a standing Pal of theirs; 5.17.1.2 it becomes rested. The Tool is the card it is
    # assigned to (5.17.3), so with one other standing Pal there is nothing to choose: the Helper rests, the
    # Tool stands, and the ability gives 1 material
    card = pal("Tool", abilities=[{"kind": "activated", "cost": [{"assign": 1}],
                                  "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    g = Game.from_setup(board({"base": ["Tool", "Helper"]}), [card, pal("Helper")])
    d = ScriptedDecider(["activate Tool"])
    g.run(d)
    assert [q.kind for q in d.asked] == ["main", "main"]
    a = g.snapshot()["players"]["A"]
    assert {c["card"]: c["state"] for c in a["base"]} == {"Tool": "standing", "Helper": "rested"}
    assert a["material"] == 1


def _interrupt_offered(hand: list[str]) -> bool:
    """A attacks B, who has no standing soul and holds `hand` (the Nitewing has Interrupt)."""
    d = ScriptedDecider(["attack Direhowl -> player"])
    Game.from_setup(board({"base": ["Direhowl"]}, {"hand": hand, "souls": {"rested": 2}}),
                    [pal("Direhowl"), pal("Nitewing", keywords=["interrupt"]), pal("Lamball")]).run(d)
    return any("activate Nitewing" in q.labels() for q in d.asked)


def test_interrupt_without_a_soul_needs_another_card_in_the_hand() -> None:
    # 12.8.2 Interrupt: [pay 1 soul, discard this card] or [discard this card and 1 OTHER card of the hand];
    # 10.4.2.2 a cost that cannot be paid whole cannot be paid. Without a standing soul, the Nitewing alone in
    # the hand cannot be used; with the Lamball beside it, it can
    assert not _interrupt_offered(["Nitewing"])
    assert _interrupt_offered(["Nitewing", "Lamball"])
