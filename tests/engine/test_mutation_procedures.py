"""Issue 18: rule procedures checked on both sides of their conditions: the cites a judge reads, the choices
offered, the counts in the trace. Each test covers a kind of weakness bench/mutation.py found (tuning seeds 19, 20,
23, 24 and 25); expectations come from rules/zh.txt, the clause beside each."""

from __future__ import annotations

import json

import pytest
import yaml
from engine_helpers import board, pal
from pal_judge.engine import Game, ScriptedDecider, stats


def _damage_from_the_deck(top: str, cards: list[dict]) -> tuple[dict, tuple[str, ...] | None]:
    """A 1-strike attack on player B, whose deck's top card is `top`: B's state after, and the cites of the
    Lucky event if there was one."""
    g = Game.from_setup(board({"base": ["Striker"]}, {"deck": [top, "Filler", "Filler"]}),
                        [pal("Striker", strike=1), *cards])
    g.run(ScriptedDecider(["attack Striker -> player"]))
    lucky = [e.cites for e in g.events if e.what.startswith("Lucky!")]
    return g.snapshot()["players"]["B"], (lucky[0] if lucky else None)


def test_a_lucky_icon_cancels_the_damage_and_only_a_lucky_pal_is_cited_as_one() -> None:
    # 11.2.2.2 the card put from the deck has a Lucky icon (2.10.1): go to 11.2.2.4, the damage is cleared and no
    # life is lost. A Lucky Pal (subtype "lucky", 2.3.1.2) is a Pal and a Lucky Pal at once (2.2.2.1.2); an event
    # with a Lucky icon is not a Lucky Pal; a normal Pal has no icon and the player loses 1 life (11.2.2.3)
    charm = {"name": "Charm", "type": "event", "cost": 0, "lucky": True,
             "effect": [{"do": "gain", "resource": "material", "amount": 1}]}
    b, pal_cites = _damage_from_the_deck("Lucky Filler", [])
    assert b["life"] == 10 and pal_cites is not None
    assert {"11.2.2.2", "2.10.1", "2.3.1.2", "2.2.2.1.2"} <= set(pal_cites)
    b, event_cites = _damage_from_the_deck("Charm", [charm])
    assert b["life"] == 10 and event_cites is not None
    assert "2.10.1" in event_cites and not {"2.3.1.2", "2.2.2.1.2"} & set(event_cites)
    b, none = _damage_from_the_deck("Filler", [])
    assert b["life"] == 9 and none is None


def _choice_cites(zone: str) -> tuple[str, ...]:
    """A choice of one of two Pals of the player's own, in the base or in the hand."""
    grab = {"name": "Grab", "type": "event", "cost": 0, "effect": [
        {"do": "place", "target": {"choose": 1, "type": "pal", "controller": "you", "zone": zone}, "to": "graveyard"}]}
    a = {"hand": ["Grab", "Trainee", "Waker"]} if zone == "hand" else {"base": ["Trainee", "Waker"], "hand": ["Grab"]}
    g = Game.from_setup(board(a), [grab, pal("Trainee"), pal("Waker")])
    g.run(ScriptedDecider(["play Grab", "Waker"]))
    (chose,) = [e for e in g.events if e.what == "A chooses Waker"]
    assert "Waker" in g.snapshot()["players"]["A"]["graveyard"]
    return chose.cites


def test_a_choice_in_the_hand_cites_the_hidden_zone_and_one_in_the_base_does_not() -> None:
    # 4.6.2 the hand is a hidden zone (4.1.2): a card chosen there by its information rests on those clauses;
    # a Pal chosen in a base is one "in a base" (4.4.3), a public zone
    in_hand = _choice_cites("hand")
    assert {"4.1.2", "4.6.2"} <= set(in_hand) and "4.4.3" not in in_hand
    in_base = _choice_cites("base")
    assert "4.4.3" in in_base and not {"4.1.2", "4.6.2"} & set(in_base)


def test_the_name_of_the_card_being_played_can_be_declared() -> None:
    # 5.19.1 any card name that exists may be declared: the Echo Call being played (in the resolution zone) and
    # the one on top of the deck are both cards that exist, so "Echo Call" is offered; declared, the top card
    # has that name and is taken (5.9.1.1)
    echo = {"name": "Echo Call", "type": "event", "cost": 0, "effect": [
        {"do": "declare"},
        {"do": "look_and_choose", "amount": 1, "choose": 1, "filter": {"type": "any", "name": "declared"},
         "to": "hand"}]}
    g = Game.from_setup(board({"hand": ["Echo Call"], "deck": ["Echo Call", "Filler"]}, {"base": ["Waker"]}),
                        [echo, pal("Waker")])
    decider = ScriptedDecider(["play Echo Call", "Echo Call", "Echo Call"])
    g.run(decider)
    (declare,) = [d for d in decider.asked if d.kind == "declare_name"]
    assert {"Echo Call", "Filler", "Waker"} <= set(declare.labels())
    a = g.snapshot()["players"]["A"]
    assert a["hand"] == ["Echo Call"] and a["graveyard"] == ["Echo Call"]


def test_the_end_phase_counts_only_the_effects_that_end() -> None:
    # 7.6.4 every effect lasting "until end of turn" ends; one lasting the whole game stays: Rally gives Striker
    # +1000 for the game and twice +1000 until end of turn (4000), so 2 effects end and 2000 is left
    rally = {"name": "Rally", "type": "event", "cost": 0, "effect": [
        {"do": "power", "amount": 1000, "target": {"all": True, "name": "Striker"},
         "duration": "game"},
        {"do": "power", "amount": 1000, "target": {"all": True, "name": "Striker"}},
        {"do": "power", "amount": 1000, "target": {"all": True, "name": "Striker"}}]}
    g = Game.from_setup(board({"base": ["Striker"], "hand": ["Rally"]}), [rally, pal("Striker")])
    g.run(ScriptedDecider(["play Rally", "end_turn"]))
    (striker,) = g.base_cards()
    (ended,) = [e.what for e in g.events if e.cites == ("7.6.4",)]
    assert ended == "2 effect(s) lasting until end of turn end"
    assert stats.power(g, striker) == 2000


def _fort_after_demolish(pals: list[str], answers: list[str]) -> tuple[dict, ScriptedDecider, list]:
    # the Fort: "if this structure would be destroyed, you may butcher a Pal instead" (no number: one Pal, 5.16.2)
    fort = {"name": "Fort", "type": "structure", "cost": 0, "power": 2000, "abilities": [
        {"kind": "replacement", "replaces": "destroy", "optional": True, "instead": [{"do": "butcher"}]}]}
    demolish = {"name": "Demolish", "type": "event", "cost": 0, "effect": [
        {"do": "destroy", "target": {"choose": 1, "type": "structure"}}]}
    g = Game.from_setup(board({"base": ["Fort", *pals], "hand": ["Demolish"]}),
                        [fort, demolish, *(pal(n) for n in pals)])
    decider = ScriptedDecider(["play Demolish", *answers])
    g.run(decider)
    return g.snapshot()["players"]["A"], decider, g.events


def test_butcher_a_pal_instead_needs_one_pal() -> None:
    # 10.11.3 a "you may ... instead" replacement applies only if its choice can be made; butchering "a Pal"
    # (5.16.2) needs one Pal of yours. With one, the player is asked and the Pal goes instead of the Fort:
    a, decider, _ = _fort_after_demolish(["Trainee"], ["yes"])
    assert [d.kind for d in decider.asked] == ["main", "optional", "main"]
    assert [c["card"] for c in a["base"]] == ["Fort"] and sorted(a["graveyard"]) == ["Demolish", "Trainee"]
    # with none the choice cannot be made: nobody is asked and the Fort is destroyed
    a, decider, events = _fort_after_demolish([], [])
    assert not a["base"] and sorted(a["graveyard"]) == ["Demolish", "Fort"]
    assert any("10.11.3" in e.cites for e in events)
    assert [d.kind for d in decider.asked] == ["main", "main"]


def test_a_restriction_against_pals_of_either_player_names_no_side() -> None:
    # 9.2.4.1 "this turn, your Pals cannot attack a Pal named Wall": the card names no controller, so the event a
    # judge reads names the Wall and no player's side; read from a cards file as a judge writes one
    truce = yaml.safe_load("""
        name: Truce
        type: event
        cost: 0
        effect:
          - {do: cannot_attack, target: {all: true, type: pal, controller: you},
             against: {type: pal, controller: any, name: Wall}}
    """)
    g = Game.from_setup(board({"base": ["Striker"], "hand": ["Truce"]}, {"base": ["Wall"]}),
                        [truce, pal("Striker"), pal("Wall")])
    g.run(ScriptedDecider(["play Truce"]))
    (restriction,) = [e.what for e in g.events if "cannot attack" in e.what]
    assert restriction == "Striker: cannot attack Wall pal until end of turn"


def test_a_battle_opponent_penalty_reaches_the_battle_opponent_only() -> None:
    # "its battle opponent gets -1000 power": 9.4.3 the Pal it battles is its battle opponent, only during the
    # battle. Dread (1000) attacks the rested Guard (1500), which battles at 500: 9.6.3 Dread takes 500 damage and
    # survives; the Guard takes 1000, at least its 500 power at the check timing of the damage step (11.4.1)
    dread = pal("Dread", abilities=[{"kind": "continuous", "effect": [
        {"do": "power", "amount": -1000, "target": "battle_opponent"}]}])
    g = Game.from_setup(board({"base": ["Dread"]}, {"base": ["Scout", {"card": "Guard", "state": "rested"}]}),
                        [dread, pal("Scout"), pal("Guard", power=1500)])
    assert {c.label: stats.power(g, c) for c in g.base_cards()} == {"Dread": 1000, "Scout": 1000, "Guard": 1500}
    g.run(ScriptedDecider(["attack Dread -> Guard", "none"]))
    assert {c.label: c.damage for c in g.base_cards()} == {"Dread": 500, "Scout": 0}
    assert g.snapshot()["players"]["B"]["graveyard"] == ["Guard"]


def test_the_stand_phase_event_shows_what_stood() -> None:
    # 7.2.1 every card in the base and every soul in the soul area stands: before, the rested Pal and 2 rested
    # souls; after, none rested
    g = Game.from_setup(board({"base": [{"card": "Sleeper", "state": "rested"}], "souls": {"rested": 2, "standing": 1}},
                              phase="end", turn_player="B"), [pal("Sleeper")])
    g.run(ScriptedDecider([]))
    (stood,) = [e for e in g.events if e.cites == ("7.2.1",)]
    assert stood.what == "A stands 1 base card(s) and 2 soul(s)"
    assert stood.before == {"rested": ["Sleeper"], "souls_rested": 2}
    assert stood.after == {"rested": [], "souls_rested": 0}


class MaterialAtEachMain(ScriptedDecider):
    """Follows the script; notes B's material at each main-phase decision, with whose turn it is."""

    def __init__(self, script: list[str]) -> None:
        super().__init__(script)
        self.seen: list[tuple[str, int]] = []

    def decide(self, decision, game):  # type: ignore[no-untyped-def]
        if decision.kind == "main":
            self.seen.append((decision.player, game.players[1].material))
        return super().decide(decision, game)


def _material_at_main_phases(whose: str) -> list[tuple[str, int]]:
    """B's Sentry: "at the start of [whose] main phase, gain 1 material", from A's stand phase to B's main."""
    sentry = pal("Sentry", abilities=[{"kind": "auto", "trigger": "start_of_phase", "phase": "main", "whose": whose,
                                       "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    g = Game.from_setup(board({}, {"base": ["Sentry"]}, phase="stand"), [sentry])
    decider = MaterialAtEachMain(["end_turn"])
    g.run(decider)
    return decider.seen


def test_a_phase_trigger_fires_on_the_turns_it_names() -> None:
    # 10.8.1 "at the start of your opponent's main phase" / "of your main phase" / "of each main phase": the
    # turn is the turn player's (7.1.1); B's Sentry, A's turn then B's
    assert _material_at_main_phases("opponent") == [("A", 1), ("B", 1)]
    assert _material_at_main_phases("you") == [("A", 0), ("B", 1)]
    assert _material_at_main_phases("any") == [("A", 1), ("B", 2)]


def test_a_state_trigger_fires_beside_a_deploy_trigger_already_waiting() -> None:
    # 10.8.6 "when your hand is empty, draw 1 card": playing the last card of the hand, a Pal with "when deployed,
    # gain 1 ingredient", empties it; the deploy trigger is on standby (10.8.1) and the state trigger enters
    # standby as well (10.8.6.1): the player chooses their order and both resolve; the draw ends the state
    scholar = pal("Scholar", abilities=[{"kind": "auto", "trigger": "state", "state": "hand_empty",
                                         "effect": [{"do": "draw", "amount": 1}]}])
    newbie = pal("Newbie", abilities=[{"kind": "auto", "trigger": "on_deploy",
                                       "effect": [{"do": "gain", "resource": "ingredient", "amount": 1}]}])
    g = Game.from_setup(board({"base": ["Scholar"], "hand": ["Newbie"], "souls": {"standing": 1}}), [scholar, newbie])
    decider = ScriptedDecider(["play Newbie", "Newbie: on_deploy"])
    g.run(decider)
    (order,) = [d for d in decider.asked if d.kind == "order_triggers"]
    assert {"Newbie: on_deploy", "Scholar: state"} <= set(order.labels())
    a = g.snapshot()["players"]["A"]
    assert (len(a["hand"]), a["ingredient"]) == (1, 1)


def _ally_deployed_cites(fallen: list[str]) -> list[tuple[str, ...]]:
    """Revive puts every Pal of A's graveyard into the base in one move event; among them the Herald ("when a Pal
    of yours is deployed, gain 1 material"). The cites of each Herald trigger."""
    herald = pal("Herald", abilities=[{"kind": "auto", "trigger": "on_ally_deployed",
                                       "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    revive = {"name": "Revive", "type": "event", "cost": 0, "effect": [
        {"do": "place", "target": {"all": True, "type": "pal", "zone": "graveyard", "controller": "you"},
         "to": "base"}]}
    g = Game.from_setup(board({"hand": ["Revive"], "graveyard": fallen}),
                        [herald, revive, *(pal(n) for n in fallen if n != "Herald")])
    g.run(ScriptedDecider(["play Revive"]))
    assert g.snapshot()["players"]["A"]["material"] == 1
    return [e.cites for e in g.events if e.what.startswith("Herald:") and "triggers" in e.what]


def test_a_pal_entering_with_its_watcher_is_seen_in_either_order() -> None:
    # 10.8.4.2 a card whose zone-change trigger starts to work in the zone it enters sees a card entering at the
    # same time: the Herald, put back with the Trainee, sees the Trainee deployed, whichever was put first
    for fallen in (["Herald", "Trainee"], ["Trainee", "Herald"]):
        (cites,) = _ally_deployed_cites(fallen)
        assert "10.8.4.2" in cites


def _pal_limit_after(x: str) -> int:
    expand = {"name": "Expand", "type": "event", "cost": 0, "effect": [{"do": "pal_limit", "amount": "X"}]}
    g = Game.from_setup(board({"hand": ["Expand"]}), [expand])
    g.run(ScriptedDecider(["play Expand", x]))
    return g.players[0].pal_limit


def test_a_pal_limit_raised_by_x_follows_the_x_chosen() -> None:
    # 4.4.5 a player's Pal limit, 5 at the start (4.4.5.2), changed by an effect; 10.6.2.2.2 (zh) X is chosen by
    # the player, 0 or more (1.3.5): X = 0 leaves 5, X = 2 makes 7
    assert _pal_limit_after("0") == 5
    assert _pal_limit_after("2") == 7


def test_damage_counted_from_the_board_when_the_event_resolves() -> None:
    # "deal damage to your opponent equal to the number of Pals you control": 2.16.1 the Pals that have that
    # information are counted as the effect is done (10.6.2.4): 2 Pals, 2 damage. The event a judge reads cites
    # those two clauses and no more.
    volley = {"name": "Volley", "type": "event", "cost": 0, "effect": [
        {"do": "damage", "amount": {"count": {"type": "pal", "controller": "you"}}, "target": "opponent"}]}
    g = Game.from_setup(board({"base": ["Trainee", "Waker"], "hand": ["Volley"]}, {"base": ["Scout"]}),
                        [volley, pal("Trainee"), pal("Waker"), pal("Scout")])
    g.run(ScriptedDecider(["play Volley"]))
    (amount,) = [e for e in g.events if "the amount is" in e.what]
    assert amount.after == {"amount": 2} and amount.cites == ("2.16.1", "10.6.2.4")
    assert g.snapshot()["players"]["B"]["life"] == 8


class SavesAtSecondMain(ScriptedDecider):
    """Follows the script, and at the second main-phase decision goes on in a copy of the game saved and read
    back through JSON (as `replay --save-at` does), answering the rest of the script there."""

    def __init__(self, script: list[str]) -> None:
        super().__init__(script)
        self.mains = 0
        self.resumed: Game | None = None

    def decide(self, decision, game):  # type: ignore[no-untyped-def]
        if decision.kind == "main":
            self.mains += 1
            if self.mains == 2 and self.resumed is None:
                self.resumed = Game.from_data(json.loads(json.dumps(game.to_data(decision.kind))))
                raise KeyboardInterrupt
        return super().decide(decision, game)


def test_an_effect_ended_by_leaving_the_base_does_not_end_again_in_a_resumed_game() -> None:
    # 10.10.2 a Pal that leaves the base loses the effects applied to it (a new object, 4.1.4): Boost's "+1000
    # until end of turn" ends when Meteor destroys the Striker, so at the end phase (7.6.4) no effect is left to
    # end. The game is saved after Boost and resumed; its decks of 300 cards give objects numbers past 256.
    boost = {"name": "Boost", "type": "event", "cost": 0, "effect": [
        {"do": "power", "amount": 1000, "target": {"all": True, "name": "Striker"}}]}
    meteor = {"name": "Meteor", "type": "event", "cost": 0, "effect": [
        {"do": "destroy", "target": {"choose": 1, "type": "pal"}}]}
    g = Game.from_setup(board({"base": ["Striker"], "hand": ["Boost", "Meteor"], "deck": 300}, {"deck": 300}),
                        [boost, meteor, pal("Striker")])
    saver = SavesAtSecondMain(["play Boost"])
    with pytest.raises(KeyboardInterrupt):
        g.run(saver)
    assert saver.resumed is not None
    resumed = saver.resumed
    resumed.run(ScriptedDecider(["play Meteor", "end_turn"]))
    whats = [e.what for e in resumed.events]
    assert "effects on Striker end: it left the base" in whats
    assert not [w for w in whats if "lasting until end of turn end" in w]


def _blockers_offered(scared: str) -> list[str]:
    """B has two standing Pals, Elder and Youngster; A's Fear ("a Pal of your opponent cannot block this turn")
    picks `scared`, then A's Striker attacks B: the Pals B is offered as blockers."""
    fear = {"name": "Fear", "type": "event", "cost": 0, "effect": [
        {"do": "cannot_block", "target": {"choose": 1, "type": "pal", "controller": "opponent"}}]}
    g = Game.from_setup(board({"base": ["Striker"], "hand": ["Fear"]}, {"base": ["Elder", "Youngster"]}),
                        [fear, pal("Striker", power=3000), pal("Elder"), pal("Youngster")])
    decider = ScriptedDecider(["play Fear", scared, "attack Striker -> player"])
    g.run(decider)
    (block,) = [d for d in decider.asked if d.kind == "block"]
    return [label for label in block.labels() if label in ("Elder", "Youngster")]


def test_a_pal_that_cannot_block_is_the_only_one_not_offered() -> None:
    # 10.10.1.3 "cannot block" applies to the Pal the effect chose; 9.4.2 every other standing Pal of the
    # defending player may still block, whichever of the two was chosen
    assert _blockers_offered("Youngster") == ["Elder"]
    assert _blockers_offered("Elder") == ["Youngster"]


def _overflow_after_deploying(barracks_owner: str, pals: int) -> tuple[int, int]:
    """A has `pals` Pals and plays one more, keeping the oldest ones when asked; a Barracks ("your Pal limit is 1
    more", 4.4.5) is in `barracks_owner`'s base. A's Pals in the base and in the graveyard afterwards."""
    barracks = {"name": "Barracks", "type": "structure", "cost": 0, "power": 1000, "abilities": [
        {"kind": "continuous", "effect": [{"do": "pal_limit", "amount": 1}]}]}
    names = [f"Pal {n}" for n in range(1, pals + 2)]
    a = {"base": names[:-1] + (["Barracks"] if barracks_owner == "A" else []), "hand": names[-1:],
         "souls": {"standing": 1}}
    b = {"base": ["Barracks"]} if barracks_owner == "B" else {}
    g = Game.from_setup(board(a, b), [barracks, *(pal(n) for n in names)])
    limit = 6 if barracks_owner == "A" else 5
    g.run(ScriptedDecider([f"play {names[-1]}", *names[:limit - 1]]))
    snap = g.snapshot()["players"]["A"]
    return sum(1 for c in snap["base"] if c["card"] != "Barracks"), len(snap["graveyard"])


def test_a_continuous_pal_limit_counts_for_its_controller_only() -> None:
    # 4.4.5 the Pal limit, 5 at the start (4.4.5.2), raised by 1 by A's own Barracks: a 7th Pal is one too many
    # and 6 stay (11.5.1: the new one and 5 chosen); B's Barracks does not raise A's limit: a 6th Pal is one too
    # many and 5 stay
    assert _overflow_after_deploying("A", pals=6) == (6, 1)
    assert _overflow_after_deploying("B", pals=5) == (5, 1)


def _deck_after_sinking(to: str) -> tuple[list[str], list[str], list[str]]:
    """A puts both of its Pals, Trainee and Waker, on the `to` of its deck (of 2 Fillers), choosing the Trainee
    first: the deck from the top, the order prompts, and the trace's order events."""
    sink = {"name": "Sink", "type": "event", "cost": 0, "effect": [
        {"do": "place", "target": {"all": True, "type": "pal", "controller": "you"}, "to": f"deck_{to}"}]}
    g = Game.from_setup(board({"base": ["Trainee", "Waker"], "hand": ["Sink"], "deck": 2}),
                        [sink, pal("Trainee"), pal("Waker")])
    decider = ScriptedDecider(["play Sink", "Trainee"])
    g.run(decider)
    prompts = [d.prompt for d in decider.asked if d.kind == "order_cards"]
    return [c.card.name for c in g.players[0].deck], prompts, [e.what for e in g.events if "4.1.5" in e.cites]


def test_cards_put_on_the_deck_together_are_ordered_by_their_player() -> None:
    # 4.1.5 cards put into the deck at the same time: the deck's player chooses their order, one card at a time;
    # on the bottom the last one chosen is the lowest, on the top the last one chosen is the top card
    deck, prompts, events = _deck_after_sinking("bottom")
    assert deck == ["Filler", "Filler", "Trainee", "Waker"]
    assert len(prompts) == 1 and "bottom" in prompts[0] and "top" not in prompts[0]
    assert events == ["A puts Trainee on the bottom of the deck next"]
    deck, prompts, events = _deck_after_sinking("top")
    assert deck == ["Waker", "Trainee", "Filler", "Filler"]
    assert len(prompts) == 1 and "top" in prompts[0] and "bottom" not in prompts[0]
    assert events == ["A puts Trainee on the top of the deck next"]


def test_each_triggered_ability_of_a_pal_waits_for_its_own_event() -> None:
    # 10.8.1 an automatic ability triggers when its own condition happens. Both players have a Sentinel ("when this
    # Pal attacks, gain 1 material"; "when this Pal blocks, gain 1 ingredient"): A's attacks (9.3) and B's blocks
    # (9.4.2), so A gains 1 material and B 1 ingredient, and nothing else
    sentinel = pal("Sentinel", abilities=[
        {"kind": "auto", "trigger": "on_attack", "effect": [{"do": "gain", "resource": "material", "amount": 1}]},
        {"kind": "auto", "trigger": "on_block", "effect": [{"do": "gain", "resource": "ingredient", "amount": 1}]}])
    g = Game.from_setup(board({"base": ["Sentinel"]}, {"base": ["Sentinel"]}), [sentinel])
    g.run(ScriptedDecider(["attack Sentinel -> player", "Sentinel#2"]))
    players = g.snapshot()["players"]
    assert [(players[p]["material"], players[p]["ingredient"]) for p in "AB"] == [(1, 0), (0, 1)]


def _end_of_main_cites(b_base: list[str]) -> tuple[str, ...]:
    """A's Caged Berserker must attack if able but cannot attack a player; A ends the main phase."""
    caged = pal("Caged Berserker", power=2000, abilities=[{"kind": "continuous", "effect": [
        {"do": "must_attack"}, {"do": "cannot_attack", "target": "self", "against": "opponent"}]}])
    g = Game.from_setup(board({"base": ["Caged Berserker"]}, {"base": b_base}),
                        [caged, pal("Decoy", keywords=["taunt"])])
    g.run(ScriptedDecider(["end_turn"]))
    (ended,) = [e for e in g.events if e.what == "A ends the main phase"]
    return ended.cites


def test_a_pal_that_must_attack_but_has_no_legal_target_lets_the_turn_end() -> None:
    # 7.5.2.1 the obligation binds a Pal only if it can attack legally; this one may not attack the player
    # (9.2.4.1) and a standing Pal is no legal target (9.2.3), Taunt or not (12.10.3): the prohibition prevails
    # (1.3.3), with or without B's standing Taunt Pal
    for b_base in ([], ["Decoy"]):
        cites = _end_of_main_cites(b_base)
        assert {"1.3.3", "7.5.2.1", "9.2.4.1"} <= set(cites)


def _after_butchering(victim: str) -> dict[str, list[str]]:
    """A's Cleaver: "butcher 1 Pal" chosen among every Pal in the bases; A has the Trainee, B the Scout."""
    cleaver = {"name": "Cleaver", "type": "event", "cost": 0, "effect": [
        {"do": "butcher", "target": {"choose": 1, "type": "pal"}}]}
    g = Game.from_setup(board({"base": ["Trainee"], "hand": ["Cleaver"]}, {"base": ["Scout"]}),
                        [cleaver, pal("Trainee"), pal("Scout")])
    g.run(ScriptedDecider(["play Cleaver", victim]))
    players = g.snapshot()["players"]
    return {p: sorted(c["card"] for c in players[p]["base"]) for p in "AB"}


def test_a_player_butchers_only_a_pal_they_control() -> None:
    # 5.16.1 a Pal is butchered only if the player doing it controls it: A's own Trainee goes to the graveyard;
    # B's Scout, chosen by A, stays
    assert _after_butchering("Trainee") == {"A": [], "B": ["Scout"]}
    assert _after_butchering("Scout") == {"A": ["Trainee"], "B": ["Scout"]}


def _trigger_cites_of(ability: dict) -> tuple[str, ...]:
    """A's Herald with `ability` (gain 1 material); A's Striker attacks the player from the start of the main
    phase, so a block step starts too."""
    herald = pal("Herald", abilities=[{**ability, "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    g = Game.from_setup(board({"base": ["Herald", "Striker"]}, {"base": ["Scout"]}, phase="stand"),
                        [herald, pal("Striker"), pal("Scout")])
    g.run(ScriptedDecider(["attack Striker -> player", "none"]))
    (triggered,) = [e.cites for e in g.events if e.what.startswith("Herald:") and "triggers" in e.what]
    return triggered


def test_a_phase_or_step_trigger_cites_the_start_of_that_phase_or_step() -> None:
    # 10.8.1 "at the start of your main phase" triggers at the beginning of the main phase (7.5.1); "at the start
    # of the block step" at the beginning of the block step (9.4.1)
    phase = _trigger_cites_of({"kind": "auto", "trigger": "start_of_phase", "phase": "main"})
    assert "7.5.1" in phase and "9.4.1" not in phase
    step = _trigger_cites_of({"kind": "auto", "trigger": "start_of_step", "step": "block"})
    assert "9.4.1" in step and "7.5.1" not in step


def _after_destroying_a_bulwark(a: dict, first: str, answers: list[str]) -> tuple[dict, int]:
    """Meteor destroys A's Bulwark, which has two replacements: "Sacrifice" (you may butcher 2 Pals instead) and
    "Brace" (discard 1 card instead: rest this Pal). A applies `first` first. A's zones, and how many times A
    was asked to order the replacements."""
    bulwark = pal("Bulwark", abilities=[
        {"kind": "replacement", "name": "Sacrifice", "replaces": "destroy", "optional": True,
         "instead": [{"do": "butcher", "amount": 2}]},
        {"kind": "replacement", "name": "Brace", "replaces": "destroy", "cost": [{"discard": 1}],
         "instead": [{"do": "rest", "target": "self"}]}])
    meteor = {"name": "Meteor", "type": "event", "cost": 0, "effect": [
        {"do": "destroy", "target": {"choose": 1, "type": "pal", "name": "Bulwark"}}]}
    g = Game.from_setup(board(a), [bulwark, meteor, pal("Trainee"), pal("Waker")])
    decider = ScriptedDecider(["play Meteor", f"Bulwark: {first}", *answers])
    g.run(decider)
    return g.snapshot()["players"]["A"], [d.kind for d in decider.asked].count("order_replacements")


def test_when_the_first_replacement_cannot_apply_the_next_one_still_may() -> None:
    # 10.11.2 the controller of the affected Pal chooses which replacement applies first; 10.11.3 one that cannot
    # be done does not apply, and the other still replaces the destruction (10.11.1). Sacrifice first with no
    # other Pal to butcher: Brace applies (the Trainee in hand is discarded, the Bulwark rests)
    a, asked = _after_destroying_a_bulwark({"base": ["Bulwark"], "hand": ["Meteor", "Trainee"]}, "Sacrifice", [])
    assert asked == 1
    assert [(c["card"], c["state"]) for c in a["base"]] == [("Bulwark", "rested")]
    assert sorted(a["graveyard"]) == ["Meteor", "Trainee"]
    # Brace first with no card left to discard (10.4.2.2): Sacrifice applies, the Trainee and the Waker are butchered
    a, asked = _after_destroying_a_bulwark({"base": ["Bulwark", "Trainee", "Waker"], "hand": ["Meteor"]}, "Brace",
                                           ["yes", "Trainee", "Waker"])
    assert asked == 1
    assert [(c["card"], c["state"]) for c in a["base"]] == [("Bulwark", "standing")]
    assert sorted(a["graveyard"]) == ["Meteor", "Trainee", "Waker"]


def _game_end_reason(do: str) -> tuple[str | None, str]:
    verdict = {"name": "Verdict", "type": "event", "cost": 0, "effect": [{"do": do, "who": "opponent"}]}
    g = Game.from_setup(board({"hand": ["Verdict"]}), [verdict])
    g.run(ScriptedDecider(["play Verdict"]))
    assert g.result is not None
    return g.result.winner, g.result.reason


def test_an_effect_that_makes_a_player_win_or_lose_says_which() -> None:
    # 1.2.4 an effect may make a player win or lose the game: "your opponent loses" ends it with A the winner;
    # "your opponent wins" with B the winner; the reason a judge reads names the player and what happened
    assert _game_end_reason("lose") == ("A", "an effect makes B lose")
    assert _game_end_reason("win") == ("B", "an effect makes B win")


def test_a_butcher_cost_is_paid_with_the_pal_chosen() -> None:
    # 10.4.2 a cost is paid in full before the effect; "butcher 1 Pal" (5.16.2) puts the Pal chosen into the
    # graveyard: the Trainee goes and the Waker stays, and the ability's 2 ingredient are gained
    shrine = {"name": "Shrine", "type": "structure", "cost": 0, "power": 1000, "abilities": [
        {"kind": "activated", "cost": [{"butcher": 1}], "effect": [{"do": "gain", "resource": "ingredient",
                                                                     "amount": 2}]}]}
    g = Game.from_setup(board({"base": ["Shrine", "Trainee", "Waker"]}), [shrine, pal("Trainee"), pal("Waker")])
    g.run(ScriptedDecider(["activate Shrine", "Trainee"]))
    a = g.snapshot()["players"]["A"]
    assert sorted(c["card"] for c in a["base"]) == ["Shrine", "Waker"]
    assert a["graveyard"] == ["Trainee"] and a["ingredient"] == 2


def test_exactly_as_many_targets_as_asked_are_all_taken_without_a_choice() -> None:
    # 10.6.3.1 choose 2 when there are exactly 2: both are chosen, the player is not asked; with 3 the player
    # chooses 2 (10.6.3)
    purge = {"name": "Purge", "type": "event", "cost": 0, "effect": [
        {"do": "destroy", "target": {"choose": 2, "type": "pal", "controller": "opponent"}}]}
    cards = [purge, pal("Scout"), pal("Elder"), pal("Youngster")]
    g = Game.from_setup(board({"hand": ["Purge"]}, {"base": ["Scout", "Elder"]}), cards)
    decider = ScriptedDecider(["play Purge"])
    g.run(decider)
    assert [d.kind for d in decider.asked] == ["main", "main"]
    assert sorted(g.snapshot()["players"]["B"]["graveyard"]) == ["Elder", "Scout"]
    g = Game.from_setup(board({"hand": ["Purge"]}, {"base": ["Scout", "Elder", "Youngster"]}), cards)
    decider = ScriptedDecider(["play Purge", "Scout", "Youngster"])
    g.run(decider)
    assert [d.kind for d in decider.asked] == ["main", "choose_targets", "choose_targets", "main"]
    assert [c["card"] for c in g.snapshot()["players"]["B"]["base"]] == ["Elder"]


def test_unnamed_activated_abilities_are_offered_by_their_place_on_the_card() -> None:
    # 8.3.1 the turn player chooses one activated ability of a card and uses it: a Workshop with three unnamed
    # ones offers them as its 1st, 2nd and 3rd; a card with one offers it by the card's name alone
    workshop = {"name": "Workshop", "type": "structure", "cost": 0, "power": 1000, "abilities": [
        {"kind": "activated", "effect": [{"do": "gain", "resource": resource, "amount": 1}]}
        for resource in ("material", "ingredient", "material")]}
    forge = {"name": "Forge", "type": "structure", "cost": 0, "power": 1000, "abilities": [
        {"kind": "activated", "effect": [{"do": "gain", "resource": "material", "amount": 1}]}]}
    g = Game.from_setup(board({"base": ["Workshop", "Forge"]}), [workshop, forge])
    decider = ScriptedDecider(["activate Workshop: #2"])
    g.run(decider)
    assert [o for o in decider.asked[0].labels() if o.startswith("activate")] == [
        "activate Workshop: #1", "activate Workshop: #2", "activate Workshop: #3", "activate Forge"]
    a = g.snapshot()["players"]["A"]
    assert (a["material"], a["ingredient"]) == (0, 1)


def _keywords_of_striker(turns_ended: int) -> dict[str, int]:
    call = {"name": "Rally Call", "type": "event", "cost": 0, "effect": [
        {"do": "grant", "keyword": "breakthrough", "target": {"all": True, "name": "Striker"}}]}
    g = Game.from_setup(board({"base": ["Striker"], "hand": ["Rally Call"]}), [call, pal("Striker")])
    g.run(ScriptedDecider(["play Rally Call"] + ["end_turn"] * turns_ended))
    (striker,) = g.base_cards()
    return stats.keywords(g, striker)


def test_a_keyword_given_until_end_of_turn_is_had_until_then() -> None:
    # 10.10.1.2 an effect that gives a keyword: the Striker has Breakthrough for the rest of the turn, and no more
    # once the turn ends (7.6.4)
    assert "breakthrough" in _keywords_of_striker(turns_ended=0)
    assert "breakthrough" not in _keywords_of_striker(turns_ended=1)


def test_after_a_nullified_attack_waiting_abilities_wait_for_the_end_of_battle_step() -> None:
    # 5.18.1 once the effect that nullifies the attack has resolved, the battle goes at once to the end of battle
    # step (9.7), with no check timing of the quick step (9.5.3) between: the Lookout's trigger ("when another
    # card becomes rested, gain 1 material"), set off by the Smoke Screen resting the Sleeper, is used there
    smoke = {"name": "Smoke Screen", "type": "event", "cost": 0, "keywords": ["Quick"], "effect": [
        {"do": "nullify_attack"}, {"do": "rest", "target": {"all": True, "type": "pal", "name": "Sleeper"}}]}
    lookout = pal("Lookout", abilities=[{"kind": "auto", "trigger": "on_other_rested",
                                         "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    g = Game.from_setup(board({"base": ["Striker"]}, {"base": ["Lookout", "Sleeper"], "hand": ["Smoke Screen"]}),
                        [smoke, lookout, pal("Striker"), pal("Sleeper")])
    g.run(ScriptedDecider(["attack Striker -> player", "none", "play Smoke Screen"]))
    order = [e.what for e in g.events]
    end_of_battle = order.index("the attack was nullified: straight to the end of battle step")
    assert order.index("Lookout: on_other_rested is used") > end_of_battle
    assert g.snapshot()["players"]["B"]["material"] == 1 and g.snapshot()["players"]["B"]["life"] == 10
