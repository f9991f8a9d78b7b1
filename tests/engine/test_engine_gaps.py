"""Second-pass gaps: attack targets an effect forbids (9.2.4.1), concession at any decision (1.2.3),
strike changed by effects (2.9.1, 10.10.1.4)."""

from __future__ import annotations

from typing import Any

from engine_helpers import assert_cites_exist, base, board, cited, pal, play

from pal_judge.engine import Game, ScriptedDecider
from pal_judge.engine.game import RunResult

SHY = pal("Shy", 2000, abilities=[{"kind": "continuous", "effect": [
    {"do": "cannot_attack", "target": "self", "against": {"type": "pal"}}]}])
TAUNTER = pal("Taunter", keywords=["taunt"])
HOLD_BACK = {"name": "Hold Back", "type": "event", "cost": 0, "effect": [
    {"do": "cannot_attack", "target": {"all": True, "controller": "you"}, "against": "opponent"}]}


def run(setup: dict[str, Any], cards: list[dict[str, Any]], answers: list[str]) -> tuple[Game, RunResult]:
    g = Game.from_setup(setup, cards)
    r = g.run(ScriptedDecider(answers))
    assert_cites_exist(g)
    return g, r


def pending_labels(setup: dict[str, Any], cards: list[dict[str, Any]], answers: list[str]) -> list[str]:
    _g, r = run(setup, cards, answers)
    assert r.pending is not None
    return r.pending.labels()


def test_an_effect_can_forbid_one_target_and_taunt_then_imposes_nothing() -> None:
    # 9.2.4.1 Shy cannot attack pals: the rested Taunter is no legal target for it, so Taunt does not
    # force it (12.10.3) and the player may be attacked.
    setup = board({"base": ["Shy"]}, {"base": [{"card": "Taunter", "state": "rested"}]})
    labels = pending_labels(setup, [SHY, TAUNTER], [])
    assert "attack Shy -> player" in labels and "attack Shy -> Taunter" not in labels
    g = play(setup, [SHY, TAUNTER], ["attack Shy -> player"])
    assert g.players[1].life == 9 and {"9.2.4.1", "12.10.3"} <= cited(g)


def test_a_forbidden_target_binds_only_the_pal_the_effect_names() -> None:
    # another attacker of the same player is not affected: Taunt still forces it onto Taunter (12.10.2)
    setup = board({"base": ["Shy", "Filler"]}, {"base": [{"card": "Taunter", "state": "rested"}]})
    labels = pending_labels(setup, [SHY, TAUNTER], [])
    assert "attack Filler -> Taunter" in labels and "attack Filler -> player" not in labels


def test_a_one_shot_effect_can_forbid_attacking_the_player_until_end_of_turn() -> None:
    setup = board({"base": ["Filler"], "hand": ["Hold Back"]}, {"base": [{"card": "Lamball", "state": "rested"}]})
    cards = [HOLD_BACK, pal("Lamball")]
    labels = pending_labels(setup, cards, ["play Hold Back"])
    assert "attack Filler -> Lamball" in labels and "attack Filler -> player" not in labels
    g = play(setup, cards, ["play Hold Back", "attack Filler -> Lamball"])
    assert "Lamball" not in base(g, "B") and "9.2.4.1" in cited(g)  # 1000 vs 1000: destroyed (11.4.1)
    # the next time A is the turn player the effect has ended (until end of turn)
    labels = pending_labels(setup, cards, ["play Hold Back", "end_turn", "end_turn"])
    assert "attack Filler -> player" in labels


def test_no_legal_target_means_no_attack_with_that_pal() -> None:
    # 9.2.4 / 9.2.4.1: Shy can attack neither the player (Hold Back) nor a pal: it is never offered
    setup = board({"base": ["Shy"], "hand": ["Hold Back"]}, {"base": [{"card": "Lamball", "state": "rested"}]})
    labels = pending_labels(setup, [SHY, HOLD_BACK, pal("Lamball")], ["play Hold Back"])
    assert not any(label.startswith("attack Shy") for label in labels)


def test_the_non_turn_player_may_concede_at_a_block_decision() -> None:
    # 1.2.3 any player, at any time: B concedes when asked whether to block
    setup = board({"base": ["Filler"]}, {"base": ["Filler"]})
    g = play(setup, [], ["attack Filler -> player", "concede"])
    assert g.result is not None and g.result.winner == "A" and "1.2.3" in cited(g)
    assert g.players[1].life == 10  # the game ended at once: no damage was dealt


def test_a_player_not_being_asked_may_concede() -> None:
    # B concedes while A is choosing a main-phase action
    g = play(board(), [], ["concede B"])
    assert g.result is not None and g.result.winner == "A"


def test_an_effect_changes_strike_for_damage_to_the_player() -> None:
    # 2.9.1 strike is the base value of damage to a player; +1 until end of turn makes it 2
    cry = {"name": "Battle Cry", "type": "event", "cost": 0, "effect": [
        {"do": "strike", "amount": 1, "target": {"choose": 1, "controller": "you"}}]}
    g = play(board({"base": ["Filler"], "hand": ["Battle Cry"]}), [cry], ["play Battle Cry", "attack Filler -> player"])
    assert g.players[1].life == 8 and "10.10.1.4" in cited(g)


def test_strike_lowered_to_zero_deals_no_damage() -> None:
    # 9.6.3.3.1 strike 0 or less: nothing happens
    aura = pal("Dampener", abilities=[{"kind": "continuous", "effect": [
        {"do": "strike", "amount": -1, "target": {"all": True, "controller": "opponent"}}]}])
    g = play(board({"base": ["Filler"]}, {"base": [{"card": "Dampener", "state": "rested"}]}), [aura],
             ["attack Filler -> player"])
    assert g.players[1].life == 10 and "9.6.3.3.1" in cited(g)
    assert base(g, "A")["Filler"]["strike"] == 0


def test_breakthrough_uses_the_changed_strike() -> None:
    # 12.14.2 damage equal to its strike: the current (changed) strike
    aura = pal("Drummer", abilities=[{"kind": "continuous", "effect": [
        {"do": "strike", "amount": 2, "target": {"all": True, "controller": "you"}}]}])
    bruiser = pal("Bruiser", 3000, keywords=["breakthrough"])
    g = play(board({"base": ["Bruiser", "Drummer"]}, {"base": [{"card": "Lamball", "state": "rested"}]}),
             [aura, bruiser, pal("Lamball")], ["attack Bruiser -> Lamball"])
    assert g.players[1].life == 7  # strike 1 + 2


SPIRIT = pal("Spirit", abilities=[{"kind": "auto", "zone": "hand", "trigger": "on_ally_destroyed",
                                   "cost": [{"discard": "self"}], "effect": [{"do": "draw", "amount": 2}]}])
EMBER = pal("Ember", abilities=[{"kind": "auto", "zone": "graveyard", "trigger": "start_of_turn",
                                 "effect": [{"do": "place", "target": "self", "to": "hand"}]}])
DOOM = {"name": "Doom", "type": "event", "cost": 0, "effect": [
    {"do": "destroy", "target": {"choose": 1, "controller": "you"}}]}


def test_a_hand_icon_ability_triggers_from_the_hand() -> None:
    # 10.3.4.1.1 works in the hand: a pal of A is destroyed, A discards Spirit as the cost and draws 2
    g = play(board({"base": ["Filler"], "hand": ["Doom", "Spirit"]}), [DOOM, SPIRIT], ["play Doom", "yes"])
    hand = [c.card.name for c in g.players[0].hand]
    assert hand == ["Filler", "Filler"] and "Spirit" in [c.card.name for c in g.players[0].graveyard]
    assert "10.3.4.1.1" in cited(g)


def test_a_hand_icon_ability_does_nothing_in_the_base() -> None:
    # the same card in the base: its ability has a hand icon, so it is not active there (10.3.4.1)
    g = play(board({"base": ["Filler", "Spirit"], "hand": ["Doom"]}), [DOOM, SPIRIT], ["play Doom", "Filler"])
    assert [c.card.name for c in g.players[0].hand] == [] and "Spirit" in base(g, "A")


def test_a_graveyard_icon_ability_triggers_from_the_graveyard_only() -> None:
    # at the start of A's turn the graveyard Ember returns to the hand; the base Ember does nothing
    g = play(board({"graveyard": ["Ember"], "base": ["Ember"]}, phase="stand"), [EMBER], [])
    names = [c.card.name for c in g.players[0].hand]
    assert names.count("Ember") == 1 and "Ember" in base(g, "A") and g.players[0].graveyard == []
    assert "10.3.4.1" in cited(g)


PHOENIX = pal("Phoenix", cost=0, abilities=[
    {"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "destroy", "target": "self"}]},
    {"kind": "auto", "trigger": "on_destroyed", "optional": True,
     "effect": [{"do": "deploy", "from": "graveyard", "filter": {"name": "Phoenix"}}]}])


def test_a_loop_is_recognised_when_the_same_state_recurs_and_ends_after_the_declared_count() -> None:
    # 13.1.1.2 the second time A is asked in the very same state, A declares 3; after 3 more times the
    # state is the same as when it was declared, so it cannot be performed again (13.1.1.2.1)
    g = play(board({"hand": ["Phoenix"]}), [PHOENIX], ["play Phoenix", "yes", "3"])
    deploys = [e for e in g.events if e.what.startswith("A deploys Phoenix")]
    assert len(deploys) == 1 + 3 and {"13.1.1.2", "13.1.1.2.1"} <= cited(g)
    assert g.result is not None and g.result.outcome == "script_exhausted"  # the game went on to A's next action
    assert [c.card.name for c in g.players[0].graveyard] == ["Phoenix"]


def test_declaring_zero_stops_the_loop_at_once() -> None:
    g = play(board({"hand": ["Phoenix"]}), [PHOENIX], ["play Phoenix", "yes", "0"])
    assert len([e for e in g.events if e.what.startswith("A deploys Phoenix")]) == 1


def _target_labels(target: dict[str, Any], opponent_base: list[Any], cards: list[dict[str, Any]]) -> list[str]:
    shot = {"name": "Shot", "type": "event", "cost": 0, "effect": [{"do": "damage", "amount": 1, "target": target}]}
    return pending_labels(board({"hand": ["Shot"]}, {"base": opponent_base}), [shot, *cards], ["play Shot"])


def test_a_colour_selector_never_matches_a_colorless_card() -> None:
    # 2.6.3 colorless is not a colour: "a Pal with a colour" skips it; "a red Pal" takes only red ones
    cards = [pal("Red", color="red"), pal("Blue", color="blue"), pal("Plain")]
    anyc = _target_labels({"choose": 1, "controller": "opponent", "color": "any"}, ["Red", "Blue", "Plain"], cards)
    assert "Red" in anyc and "Blue" in anyc and "Plain" not in anyc
    red = _target_labels({"choose": 1, "controller": "opponent", "color": "red"}, ["Red", "Blue", "Plain", "Red"], cards)
    assert "Red" in red and "Red#2" in red and "Blue" not in red


def test_element_and_work_selectors() -> None:
    # 2.4.2.1 Neutral is an element; 2.5.2 「Kindling」 is a work suitability
    cards = [pal("N1", element="neutral"), pal("N2", element="Neutral"), pal("F", element="fire", work=["kindling", "mining"]),
             pal("K", work=["Kindling"])]
    neutral = _target_labels({"choose": 1, "controller": "opponent", "element": "neutral"}, ["N1", "N2", "F", "K"], cards)
    assert "N1" in neutral and "N2" in neutral and "F" not in neutral
    kindling = _target_labels({"choose": 1, "controller": "opponent", "work": "kindling"}, ["N1", "N2", "F", "K"], cards)
    assert "F" in kindling and "K" in kindling and "N1" not in kindling


def test_a_prohibition_beats_the_obligation_to_attack() -> None:
    # 1.3.3: Berserker must attack (7.5.2.1) but an opposing structure forbids attacking: A may end the turn
    berserker = pal("Berserker", abilities=[{"kind": "continuous", "effect": [{"do": "must_attack"}]}])
    shackles = {"name": "Shackles", "type": "structure", "power": 2000, "abilities": [{"kind": "continuous", "effect": [
        {"do": "cannot_attack", "target": {"all": True, "controller": "opponent"}}]}]}
    g = play(board({"base": ["Berserker"]}, {"base": ["Shackles"]}), [berserker, shackles], ["end_turn"])
    assert g.turn == 4 and "1.3.3" in cited(g)
    # without the structure, ending the turn is not offered
    labels = pending_labels(board({"base": ["Berserker"]}), [berserker], [])
    assert "end_turn" not in labels
