"""The review of stop 19's speed work (issue 11). Boards for procedures it rewrote as loops that no other test played
(each fails when its loop is broken); boards its random games found the engine failing on, before and after stop 19
(a grouped move whose replacement moved other cards of the group; two delayed abilities of one name labelled by their
memory address); and a decision made with its options, asked as the main phase's is (`Decision.offer_last`)."""

from __future__ import annotations

import pytest
from engine_helpers import board, pal, play
from pal_judge.engine import Game, ScriptedDecider
from pal_judge.engine.deciders import CONCEDE, Concession, Decision, Option

# "When a Pal of yours is destroyed, draw 1", working only in the graveyard (10.3.4.1)
MOURNER = pal("Mourner", abilities=[{"kind": "auto", "zone": "graveyard", "trigger": "on_ally_destroyed",
                                     "effect": [{"do": "draw", "amount": 1}]}])
# "Destroy every Pal of yours": one event, the Pals go to the graveyard at the same time (11.1.2.4, 10.8.4.1.2)
PURGE = {"name": "Purge", "type": "event", "cost": 0, "effect": [
    {"do": "destroy", "target": {"all": True, "controller": "you", "type": "pal"}}]}


def test_a_pal_destroyed_with_another_does_not_work_from_the_graveyard_it_arrives_in() -> None:
    # 10.8.4.1.2 a leaving-the-base trigger looks back to the moment before the event: then Mourner was in the base,
    # where its graveyard ability (10.3.4.1) does not work, so Filler destroyed with it draws A nothing
    # (`triggers.on_left_base_group`'s cards that arrived in this very event)
    g = play(board({"base": ["Mourner", "Filler"], "hand": ["Purge"], "deck": ["Lamball", "Filler"]}),
             [MOURNER, PURGE, pal("Lamball")], ["play Purge"])
    a = g.players[0]
    assert sorted(c.card.name for c in a.graveyard) == ["Filler", "Mourner", "Purge"]
    assert a.hand == [] and len(a.deck) == 2
    assert not any(e.card == "Mourner" and "triggers" in e.what for e in g.events)


def test_the_same_pal_in_the_graveyard_before_the_event_draws_for_each_pal_destroyed() -> None:
    # the same event with Mourner in the graveyard already: its ability works there (10.3.4.1) and triggers for each
    # of the two Pals (10.8.2.1: once per time its trigger is met), so A draws 2
    g = play(board({"base": ["Filler", "Lamball"], "graveyard": ["Mourner"], "hand": ["Purge"],
                    "deck": ["Lamball", "Filler", "Filler"]}),
             [MOURNER, PURGE, pal("Lamball")], ["play Purge"])
    a = g.players[0]
    assert len(a.hand) == 2 and len(a.deck) == 1


def test_an_ability_that_triggers_again_while_in_standby_says_so() -> None:
    # 10.8.2.1 Watcher's "when another Pal of yours is destroyed, draw 1" is met twice by one event: it enters standby
    # twice, the second time while it is there already, which that event cites (`triggers._standby`); the first
    # does not
    watcher = pal("Watcher", abilities=[{"kind": "auto", "trigger": "on_ally_destroyed",
                                         "effect": [{"do": "draw", "amount": 1}]}])
    purge_others = {"name": "Purge", "type": "event", "cost": 0, "effect": [
        {"do": "destroy", "target": {"all": True, "controller": "you", "name": "Filler"}}]}
    g = play(board({"base": ["Watcher", "Filler", "Filler"], "hand": ["Purge"], "deck": ["Lamball", "Lamball"]}),
             [watcher, purge_others, pal("Lamball")], ["play Purge"])
    standby = [e for e in g.events if e.card == "Watcher" and "triggers" in e.what]
    assert len(standby) == 2
    assert "10.8.2.1" not in standby[0].cites and "10.8.2.1" in standby[1].cites
    assert len(g.players[0].hand) == 2  # both are used (10.8.3)


def test_lethal_damage_on_a_structure_cites_its_durability() -> None:
    # 2.8.3 a structure's power is its durability: the rule action that destroys a structure by lethal damage (11.4.1)
    # reads that value, which its events cite; one that destroys Pals alone reads their power (2.8.1) only
    blast = {"name": "Blast", "type": "event", "cost": 0, "effect": [
        {"do": "damage", "amount": 3000, "target": {"all": True, "controller": "opponent"}},
        {"do": "damage", "amount": 3000, "target": {"all": True, "controller": "opponent", "type": "structure"}}]}
    g = play(board({"hand": ["Blast"]}, {"base": ["Wall", "Filler"]}),
             [blast, {"name": "Wall", "type": "structure", "power": 2000, "cost": 1}], ["play Blast"])
    wall = [e for e in g.events if "11.4.1" in e.cites and e.card == "Wall"]
    assert len(wall) == 1 and "2.8.3" in wall[0].cites
    assert sorted(c.card.name for c in g.players[1].graveyard) == ["Filler", "Wall"]
    g = play(board({"hand": ["Blast"]}, {"base": ["Filler"]}), [blast], ["play Blast"])
    lethal = [e for e in g.events if "11.4.1" in e.cites]
    assert lethal and not any("2.8.3" in e.cites for e in lethal) and all("2.8.1" in e.cites for e in lethal)


# "If this Pal would be destroyed, you may butcher 2 Pals instead" (10.11, 5.16.2)
MARTYR = pal("Martyr", abilities=[{"kind": "replacement", "replaces": "destroy", "optional": True,
                                   "instead": [{"do": "butcher", "amount": 2}]}])


@pytest.mark.parametrize("base", [["Martyr", "Trainee", "Waker"], ["Trainee", "Waker", "Martyr"]])
def test_pals_butchered_instead_of_a_destruction_are_not_destroyed_again_by_it(base: list[str]) -> None:
    # Purge destroys A's three Pals at the same time; Martyr's replacement (10.11) butchers Trainee and Waker instead
    # (5.16.2): they go to the graveyard, each once, as new objects (4.1.4) that Purge's destruction no longer finds;
    # Martyr stays in the base (the ruling optional-butcher-instead-with-pals-to-spare, with one destruction for all)
    g = play(board({"base": base, "hand": ["Purge"]}), [MARTYR, PURGE, pal("Trainee"), pal("Waker")],
             ["play Purge", "yes", "Trainee", "Waker"])
    a = g.players[0]
    assert [c.card.name for c in a.base] == ["Martyr"]
    assert sorted(c.card.name for c in a.graveyard) == ["Purge", "Trainee", "Waker"]
    moved = [e.card for e in g.events if e.after.get("zone") == "graveyard"]
    assert sorted(moved) == ["Purge", "Trainee", "Waker"]


def test_a_decision_made_with_its_options_offers_the_concessions_after_them_once_asked() -> None:
    # 1.2.3 `Game.ask_decision` offers the concessions last at every decision it asks (`Decision.offer_last`): a
    # decision made with its options keeps them as its actions, the concessions after them, read whole or one by one
    yes, no = Option("yes", True), Option("no", False)
    concede = Option(CONCEDE, Concession(CONCEDE, 0))
    d = Decision("confirm", "A", [yes, no]).offer_last((concede,))
    assert d.options == (yes, no, concede) and d.action_count == 2
    assert d.option(-1) == concede and d.option(0) == yes


def test_two_delayed_abilities_of_one_card_name_are_told_apart_by_their_order() -> None:
    # 10.8.5 each Slow Harvest leaves "at the end of this turn, draw 1"; both trigger at A's end phase (7.6.1) and A
    # orders them (10.8.3.1): they are offered as `Slow Harvest: delayed #1` and `#2`, in the order they entered
    # standby, the same in every run (a script names them), and both are used
    harvest = {"name": "Slow Harvest", "type": "event", "cost": 0, "effect": [
        {"do": "delayed", "trigger": "end_of_turn", "effect": [{"do": "draw", "amount": 1}]}]}
    asked: list[list[str]] = []
    script = ScriptedDecider(["play Slow Harvest", "play Slow Harvest", "end_turn", "Slow Harvest: delayed #2"])

    class Keep:
        def decide(self, decision: Decision, game: Game) -> Option:
            if decision.kind == "order_triggers":
                asked.append(decision.labels()[:decision.action_count])
            return script.decide(decision, game)

    g = Game.from_setup(board({"hand": ["Slow Harvest", "Slow Harvest"], "deck": 10}), [harvest])
    g.run(Keep())
    assert asked == [["Slow Harvest: delayed #1", "Slow Harvest: delayed #2"]]
    assert len(g.players[0].hand) == 2
