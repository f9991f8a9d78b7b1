"""Issue 18: behaviour no ruling's zone counts can show, checked on the choices the engine asks and the looks it
makes. Expectations come from rules/zh.txt (11.5.1, 5.8.2)."""

from __future__ import annotations

import json

import pytest
from engine_helpers import board, pal
from pal_judge.engine import Decision, Game, Option, ScriptedDecider, limits, stats


class KeepsFirstOffered:
    """Answers every overflow_keep decision with the first Pal offered (as a hurried player might), records each
    offer, and follows the script for everything else."""

    def __init__(self, script: list[str]) -> None:
        self.script = ScriptedDecider(script)
        self.offers: list[list[str]] = []

    def decide(self, decision: Decision, game: Game) -> Option:
        if decision.kind == "overflow_keep":
            self.offers.append(decision.labels())
            return decision.options[0]
        return self.script.decide(decision, game)


def test_overflow_keep_never_offers_a_pal_already_kept() -> None:
    # 11.5.1.1: the Pal placed last (the Newcomer) is kept; 11.5.1.2: the player chooses limit - 1 = 4 more among
    # the 5 older Pals, so 4 choices, each among the older Pals not yet chosen; 11.5.1.3 the 1 left goes.
    older = ["Elder", "Ranger", "Smith", "Cook", "Miner"]
    setup = board({"base": older, "hand": ["Newcomer"], "souls": {"standing": 1}, "pal_limit": 5})
    decider = KeepsFirstOffered(["play Newcomer"])
    g = Game.from_setup(setup, [pal(n) for n in older] + [pal("Newcomer")])
    g.run(decider)
    assert len(decider.offers) == 4
    chosen: list[str] = []
    for offer in decider.offers:
        assert not set(offer) & set(chosen), f"offered a Pal already kept: {offer} after {chosen}"
        assert "Newcomer" not in offer  # kept already by 11.5.1.1
        chosen.append(offer[0])
    a = g.snapshot()["players"]["A"]
    assert sorted(c["label"] for c in a["base"]) == sorted(chosen + ["Newcomer"])
    assert len(a["graveyard"]) == 1


class SavesAfterPlaying:
    """Plays the named card at the first main-phase decision, then saves the game (through JSON) at the
    second and stops; records the labels each main-phase decision offered."""

    def __init__(self, card: str) -> None:
        self.card = card
        self.offered: list[list[str]] = []
        self.saved: dict | None = None

    def decide(self, decision: Decision, game: Game) -> Option:
        self.offered.append(decision.labels())
        if len(self.offered) == 1:
            return next(o for o in decision.options if o.label == f"play {self.card}")
        self.saved = json.loads(json.dumps(game.to_data(decision.kind)))
        raise KeyboardInterrupt


def test_a_cannot_attack_effect_outlives_a_save_late_in_a_long_game() -> None:
    # 9.2.2.2 a Pal that an effect forbids to battle cannot attack; "this turn" lasts until the end of the
    # turn (7.6.4), also in a game saved and resumed there. 4.1.4 every move makes a new object, so a long
    # game numbers its objects in the hundreds: the 300-card deck stands for that.
    stand_down = {"name": "Stand Down", "type": "event", "cost": 0, "effect": [
        {"do": "cannot_attack", "target": {"all": True, "type": "pal", "controller": "you"}}]}
    g = Game.from_setup(board({"base": ["Striker"], "hand": ["Stand Down"], "deck": 300}),
                        [stand_down, pal("Striker")])
    saver = SavesAfterPlaying("Stand Down")
    with pytest.raises(KeyboardInterrupt):
        g.run(saver)
    before, after = saver.offered
    assert "attack Striker -> player" in before and "attack Striker -> player" not in after
    resumed = Game.from_data(saver.saved)
    asked = ScriptedDecider(["end_turn"])
    resumed.run(asked)
    assert "attack Striker -> player" not in asked.asked[0].labels()


def _looks(g: Game) -> int:
    return sum(1 for e in g.events if "5.8.2.4" in e.cites)


def _scout(script: list[str]) -> tuple[Game, ScriptedDecider]:
    scout = {"name": "Scout Report", "type": "event", "cost": 0, "effect": [{"do": "look_top_up_to", "amount": 3}]}
    g = Game.from_setup(board({"hand": ["Scout Report"]}), [scout])
    decider = ScriptedDecider(["play Scout Report", *script])
    g.run(decider)
    return g, decider


def test_look_up_to_stops_when_the_player_says_stop() -> None:
    # 5.8.2.3 the player may end the instruction before each look: "continue" then "stop" is exactly one look,
    # and the next thing asked is the main phase's action again
    g, decider = _scout(["continue", "stop"])
    assert _looks(g) == 1
    assert decider.asked[-1].kind == "main"
    g, decider = _scout(["stop"])
    assert _looks(g) == 0
    assert decider.asked[-1].kind == "main"


def test_look_up_to_ends_after_n_looks() -> None:
    # 5.8.2.5 after the N-th look the instruction ends without asking again
    g, decider = _scout(["continue", "continue", "continue"])
    assert _looks(g) == 3
    assert [d.kind for d in decider.asked[1:]] == ["up_to", "up_to", "up_to", "main"]


def test_paying_souls_reports_the_souls_before_and_after() -> None:
    # 10.4.3 a soul cost rests that many standing souls: a Pal of cost 2 played with 3 standing souls
    g = Game.from_setup(board({"hand": ["Costly"], "souls": {"standing": 3}}), [pal("Costly", cost=2)])
    g.run(ScriptedDecider(["play Costly"]))
    (paid,) = [e for e in g.events if "10.4.3" in e.cites]
    assert paid.before == {"souls_standing": 3, "souls_rested": 0}
    assert paid.after == {"souls_standing": 1, "souls_rested": 2}


def _soul_phase_cites(turn: int) -> tuple[str, ...]:
    g = Game.from_setup(board(turn=turn, phase="draw", first_player="A"), [])
    g.run(ScriptedDecider([]))
    (soul_phase,) = [e for e in g.events if e.what == "soul phase"]
    return soul_phase.cites


def test_the_soul_phase_says_how_it_was_reached() -> None:
    # 7.3.1 the first player's first turn skips the draw phase and goes straight to the soul phase; on any
    # other turn the soul phase follows the draw phase's check timing (7.3.4)
    assert _soul_phase_cites(1)[0] == "7.3.1"
    later = _soul_phase_cites(3)
    assert later[0] == "7.3.4" and "7.3.1" not in later


def test_a_restriction_against_a_player_says_against_whom() -> None:
    # 9.2.4.1 "your Pals cannot attack your opponent this turn": the event a judge reads names the opponent
    truce = {"name": "Truce", "type": "event", "cost": 0, "effect": [
        {"do": "cannot_attack", "target": {"all": True, "type": "pal", "controller": "you"}, "against": "opponent"}]}
    g = Game.from_setup(board({"base": ["Striker"], "hand": ["Truce"]}), [truce, pal("Striker")])
    g.run(ScriptedDecider(["play Truce"]))
    (restriction,) = [e for e in g.events if "cannot attack" in e.what]
    assert "opponent" in restriction.what


def _owl_power(granted: bool) -> tuple[int, tuple[str, ...]]:
    owl = pal("Owl", keywords=["nocturnal", {"brave": 300}])
    moon = pal("Moon Shrine", abilities=[{"kind": "continuous", "effect": [
        {"do": "grant", "keyword": "nocturnal", "target": {"all": True, "type": "pal", "name": "Owl"}}]}])
    g = Game.from_setup(board({"base": ["Owl", "Moon Shrine"] if granted else ["Owl"]}, night=True), [owl, moon])
    (card,) = [c for c in g.base_cards() if c.label == "Owl"]
    return stats.power_detail(g, card)


def test_a_granted_nocturnal_counts_and_is_applied_first() -> None:
    # 12.13.2 each Nocturnal gives +300 at night; a granted one is an ability gained, applied before numeric
    # changes (10.10.1.2). The Owl's printed Brave is not a Nocturnal.
    printed_only, printed_cites = _owl_power(granted=False)
    assert printed_only == 1300 and "10.10.1.2" not in printed_cites
    with_grant, grant_cites = _owl_power(granted=True)
    assert with_grant == 1600 and "10.10.1.2" in grant_cites


def test_a_printed_battle_opponent_destroyed_trigger_fires() -> None:
    # "when this attacking Pal's battle opponent is put into the graveyard, gain 1 material": the Hunter (3000)
    # attacks a rested 1000-power Pal, which takes lethal damage (9.6.3, 11.4.1); the condition is met (10.8.2)
    hunter = pal("Hunter", power=3000, abilities=[{"kind": "auto", "trigger": "opponent_destroyed",
                                                    "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])
    g = Game.from_setup(board({"base": ["Hunter"]}, {"base": [{"card": "Prey", "state": "rested"}]}),
                        [hunter, pal("Prey")])
    g.run(ScriptedDecider(["attack Hunter -> Prey"]))
    assert len(g.snapshot()["players"]["B"]["graveyard"]) == 1
    assert g.snapshot()["players"]["A"]["material"] == 1


def _gains_material_when_opponent_destroyed(name: str, power: int) -> dict[str, object]:
    return pal(name, power=power, abilities=[{"kind": "auto", "trigger": "opponent_destroyed",
                                              "effect": [{"do": "gain", "resource": "material", "amount": 1}]}])


def test_the_attack_targets_trigger_fires_when_the_attacker_is_destroyed() -> None:
    # 9.4.3 the attacking Pal and the target Pal are each other's battle opponent; 9.6.3.1 they deal damage to each
    # other at the same time: the rested 3000-power Guard survives the 1000 it takes, the 1000-power Raider does not
    guard = _gains_material_when_opponent_destroyed("Guard", 3000)
    g = Game.from_setup(board({"base": ["Raider"]}, {"base": [{"card": "Guard", "state": "rested"}]}),
                        [guard, pal("Raider")])
    g.run(ScriptedDecider(["attack Raider -> Guard"]))
    snap = g.snapshot()
    assert [c["card"] for c in snap["players"]["B"]["base"]] == ["Guard"]
    assert len(snap["players"]["A"]["graveyard"]) == 1
    assert snap["players"]["B"]["material"] == 1


def test_pals_destroyed_together_each_see_the_other_go() -> None:
    # 9.6.3.1 both 1000-power Pals take lethal damage; 11.1.2.4 they go to the graveyard at the same time, and each
    # one's trigger reads it as it was in the base (10.8.4.1.2): both abilities trigger
    hunter = _gains_material_when_opponent_destroyed("Hunter", 1000)
    prey = _gains_material_when_opponent_destroyed("Prey", 1000)
    g = Game.from_setup(board({"base": ["Hunter"]}, {"base": [{"card": "Prey", "state": "rested"}]}), [hunter, prey])
    g.run(ScriptedDecider(["attack Hunter -> Prey"]))
    snap = g.snapshot()
    assert not snap["players"]["A"]["base"] and not snap["players"]["B"]["base"]
    assert (snap["players"]["A"]["material"], snap["players"]["B"]["material"]) == (1, 1)


def test_a_pal_destroyed_outside_a_battle_is_nobodys_battle_opponent() -> None:
    # 9.4.3 battle opponents exist only during the battle: a Pal destroyed by an event in the main phase triggers no
    # "battle opponent is put into the graveyard" ability
    hunter = _gains_material_when_opponent_destroyed("Hunter", 1000)
    snipe = {"name": "Snipe", "type": "event", "cost": 0,
             "effect": [{"do": "destroy", "target": {"choose": 1, "controller": "opponent"}}]}
    g = Game.from_setup(board({"base": ["Hunter"], "hand": ["Snipe"]}, {"base": ["Prey"]}),
                        [hunter, pal("Prey"), snipe])
    g.run(ScriptedDecider(["play Snipe"]))
    snap = g.snapshot()
    assert len(snap["players"]["B"]["graveyard"]) == 1
    assert snap["players"]["A"]["material"] == 0
def test_a_repeated_text_says_which_time_it_is() -> None:
    # 10.6.3.1.4 a text in 〈〉 done N times: the trace a judge reads numbers each time, 1 to N
    twice = {"name": "Double Harvest", "type": "event", "cost": 0, "effect": [
        {"do": "repeat", "amount": 2, "effect": [{"do": "gain", "resource": "material", "amount": 1}]}]}
    g = Game.from_setup(board({"hand": ["Double Harvest"]}), [twice])
    g.run(ScriptedDecider(["play Double Harvest"]))
    times = [e.what for e in g.events if "10.6.3.1.4" in e.cites]
    assert times == ["Double Harvest: time 1 of 2", "Double Harvest: time 2 of 2"]
    assert g.snapshot()["players"]["A"]["material"] == 2


def _placed_cites(to: str) -> tuple[str, ...]:
    recall = {"name": "Recall", "type": "event", "cost": 0, "effect": [
        {"do": "place", "target": {"choose": 1, "type": "pal", "zone": "graveyard", "controller": "you"}, "to": to}]}
    g = Game.from_setup(board({"hand": ["Recall"], "graveyard": ["Fallen"]}), [recall, pal("Fallen")])
    g.run(ScriptedDecider(["play Recall"]))
    (placed,) = [e for e in g.events if "is placed in the" in e.what]
    return placed.cites


def test_placing_into_the_base_deploys_and_elsewhere_does_not() -> None:
    # 5.15.1 a Pal that moves into a base from another zone is deployed; one placed into a hand is not
    assert "5.15.1" in _placed_cites("base")
    assert "5.15.1" not in _placed_cites("hand")


def _battle_start_cites(forbid: bool) -> tuple[str, ...]:
    shy = {"name": "Shy", "type": "event", "cost": 0, "effect": [
        {"do": "cannot_attack", "target": {"all": True, "type": "pal", "controller": "you"}, "against": "opponent"}]}
    g = Game.from_setup(board({"base": ["Striker"], "hand": ["Shy"]}, {"base": [{"card": "Prey", "state": "rested"}]}),
                        [shy, pal("Striker", 3000), pal("Prey")])
    g.run(ScriptedDecider(["play Shy"] * forbid + ["attack Striker -> Prey"]))
    (start,) = [e for e in g.events if "starts a battle" in e.what]
    return start.cites


def test_the_battle_cites_a_forbidden_target_only_when_an_effect_forbids_one() -> None:
    # 9.2.4.1 an effect that forbids this Pal to attack a target removes that combination; without such an
    # effect the clause has nothing to apply to
    assert "9.2.4.1" in _battle_start_cites(forbid=True)
    assert "9.2.4.1" not in _battle_start_cites(forbid=False)


def test_a_use_limit_holds_however_large() -> None:
    # 10.7.2 an ability limited to N uses a turn cannot be used an N+1-th time; N is a number like any other
    # (a card may print up to limits.MAX_AMOUNT), here past 256
    limit = 300
    crank = {"name": "Crank", "type": "structure", "cost": 0, "power": 1000, "abilities": [
        {"kind": "activated", "limit": limit, "effect": [{"do": "gain", "resource": "material", "amount": 1}]}]}
    g = Game.from_setup(board({"base": ["Crank"]}), [crank])
    decider = ScriptedDecider(["activate Crank"] * limit + ["end_turn"])
    g.run(decider)
    assert g.snapshot()["players"]["A"]["material"] == limit
    after_the_last_use = [d for d in decider.asked if d.kind == "main"][limit]
    assert after_the_last_use.player == "A" and "end_turn" in after_the_last_use.labels()
    assert "activate Crank" not in after_the_last_use.labels()


def test_the_lucky_event_shows_the_damage_cancelled_to_zero() -> None:
    # 11.2.2.2 a Lucky card put from the deck cancels all the damage the player was taking (11.2.2.4): the
    # event a judge reads shows 3 damage before and 0 after, life unchanged
    g = Game.from_setup(board({"base": ["Striker"]}, {"deck": ["Filler", "Lucky Filler", "Filler"]}),
                        [pal("Striker", strike=3)])
    g.run(ScriptedDecider(["attack Striker -> player"]))
    (lucky,) = [e for e in g.events if e.what.startswith("Lucky!")]
    assert lucky.before == {"damage": 3} and lucky.after == {"damage": 0, "life": 10}


def _resource_event(amount: int) -> str:
    change = {"name": "Change", "type": "event", "cost": 0, "effect": [
        {"do": "gain", "resource": "material", "amount": amount}]}
    g = Game.from_setup(board({"hand": ["Change"], "material": 3}), [change])
    g.run(ScriptedDecider(["play Change"]))
    (event,) = [e for e in g.events if "3.3.1" in e.cites]
    return event.what


def test_gaining_and_losing_a_resource_say_which() -> None:
    # 3.3.2 a player gains or loses resources by effects: the trace says which, and how many
    assert _resource_event(2) == "A gains 2 material"
    assert _resource_event(-2) == "A loses 2 material"


def test_x_is_offered_from_0_to_the_engines_bound() -> None:
    # 10.6.2.2.2 (zh) an X the text does not define is chosen by the player: a whole number 0 or more (1.3.5);
    # the engine offers 0 to limits.MAX_X
    blast = {"name": "Blast", "type": "event", "cost": 0, "effect": [
        {"do": "gain", "resource": "material", "amount": "X"}]}
    decider = ScriptedDecider(["play Blast", "2"])
    g = Game.from_setup(board({"hand": ["Blast"]}), [blast])
    g.run(decider)
    (x,) = [d for d in decider.asked if d.kind == "choose_x"]
    assert [label for label in x.labels() if label.isdigit()] == [str(n) for n in range(limits.MAX_X + 1)]
    assert g.snapshot()["players"]["A"]["material"] == 2


def _trigger_cites(conditional: bool) -> tuple[str, ...]:
    ability = {"kind": "auto", "trigger": "start_of_phase", "phase": "main",
               "effect": [{"do": "gain", "resource": "material", "amount": 1}]}
    if conditional:
        ability["if"] = "your_turn"
    g = Game.from_setup(board({"base": ["Foreman"]}, phase="stand"), [pal("Foreman", abilities=[ability])])
    g.run(ScriptedDecider([]))
    (triggered,) = [e for e in g.events if e.what.startswith("Foreman:") and "triggers" in e.what]
    return triggered.cites


def test_a_trigger_cites_its_condition_only_when_it_has_one() -> None:
    # 10.3.3 a part of an effect marked as working only under a condition: cited by the ability that has one
    assert "10.3.3" in _trigger_cites(conditional=True)
    assert "10.3.3" not in _trigger_cites(conditional=False)


def test_a_continuous_plus_zero_changes_nothing() -> None:
    # 10.10.1.6.1 continuous power changes add up; "+0" is a change of nothing
    zero = pal("Zero", abilities=[{"kind": "continuous", "effect": [{"do": "power", "amount": 0, "target": "self"}]}])
    g = Game.from_setup(board({"base": ["Zero"]}), [zero])
    assert stats.power_detail(g, g.base_cards()[0])[0] == 1000


def test_a_continuous_bonus_counted_from_the_board() -> None:
    # "this Pal gets +1 power for each Pal you control": two Pals, so +2
    counter = pal("Counter", abilities=[{"kind": "continuous", "effect": [
        {"do": "power", "amount": {"count": {"type": "pal", "controller": "you"}}, "target": "self"}]}])
    g = Game.from_setup(board({"base": ["Counter", "Other"]}), [counter, pal("Other")])
    (card,) = [c for c in g.base_cards() if c.label == "Counter"]
    assert stats.power_detail(g, card)[0] == 1002


def _draw_cites(step: dict) -> tuple[str, ...]:
    g = Game.from_setup(board({"hand": ["Study"]}), [{"name": "Study", "type": "event", "cost": 0, "effect": [step]}])
    g.run(ScriptedDecider(["play Study"]))
    (drawn,) = [e for e in g.events if "draws" in e.what]
    return drawn.cites


def test_a_draw_naming_no_player_is_the_controllers() -> None:
    # 3.1.2.4.1 an instruction that names no player is done by the effect's controller; one naming the
    # opponent does not rest on that clause
    assert "3.1.2.4.1" in _draw_cites({"do": "draw", "amount": 1})
    assert "3.1.2.4.1" not in _draw_cites({"do": "draw", "amount": 1, "who": "opponent"})


def _damage_resolutions(target: dict) -> list[tuple[str, tuple[str, ...]]]:
    shock = {"name": "Shock", "type": "event", "cost": 0, "effect": [{"do": "damage", "amount": 1, "target": target}]}
    g = Game.from_setup(board({"hand": ["Shock"]}), [shock])
    g.run(ScriptedDecider(["play Shock"]))
    return [(e.what, e.cites) for e in g.events if e.what.endswith("resolves 1 damage")]


def test_the_turn_players_damage_first_only_when_both_take_damage() -> None:
    # 11.2.1.1 when several players have damage, the turn player's is resolved first
    both = _damage_resolutions({"all": True, "type": "player", "controller": "any"})
    assert [what for what, _ in both] == ["A resolves 1 damage", "B resolves 1 damage"]
    assert "11.2.1.1" in both[0][1]
    ((_, alone),) = _damage_resolutions("opponent")
    assert "11.2.1.1" not in alone


def test_x_chosen_as_0_deals_no_damage() -> None:
    # 10.6.2.2.2 (zh) the player chooses X, a whole number 0 or more (1.3.5): "deal X damage to your opponent"
    # with X = 0 deals none, and the opponent's life stays at 10
    zap = {"name": "Zap", "type": "event", "cost": 0, "effect": [{"do": "damage", "amount": "X", "target": "opponent"}]}
    g = Game.from_setup(board({"hand": ["Zap"]}), [zap])
    g.run(ScriptedDecider(["play Zap", "0"]))
    b = g.snapshot()["players"]["B"]
    assert b["life"] == 10 and len(b["deck"]) == 10


def test_a_hand_card_waiting_for_a_deploy_ignores_a_destruction() -> None:
    # 10.3.4.1 a hand card's ability with the hand icon works from the hand, for its own trigger only: "when a
    # Pal of yours is deployed" does not trigger when a Pal of yours is destroyed
    herald = {"name": "Herald", "type": "event", "cost": 0, "abilities": [
        {"kind": "auto", "zone": "hand", "trigger": "on_ally_deployed",
         "effect": [{"do": "gain", "resource": "material", "amount": 1}]}]}
    meteor = {"name": "Meteor", "type": "event", "cost": 0, "effect": [
        {"do": "destroy", "target": {"choose": 1, "type": "pal"}}]}
    g = Game.from_setup(board({"base": ["Trainee"], "hand": ["Herald", "Meteor"]}), [herald, meteor, pal("Trainee")])
    g.run(ScriptedDecider(["play Meteor"]))
    a = g.snapshot()["players"]["A"]
    assert sorted(a["graveyard"]) == ["Meteor", "Trainee"]
    assert a["material"] == 0


def test_a_counted_continuous_bonus_follows_the_board() -> None:
    # 10.10.1 a continuous effect applies to the game as it is now: when one of the counted Pals is destroyed
    # the bonus falls with it (three Pals: +3; Meteor destroys Other: +2)
    counter = pal("Counter", abilities=[{"kind": "continuous", "effect": [
        {"do": "power", "amount": {"count": {"type": "pal", "controller": "you"}}, "target": "self"}]}])
    meteor = {"name": "Meteor", "type": "event", "cost": 0, "effect": [
        {"do": "destroy", "target": {"choose": 1, "type": "pal", "controller": "you", "name": "Other"}}]}
    g = Game.from_setup(board({"base": ["Counter", "Other", "Third"], "hand": ["Meteor"]}),
                        [counter, pal("Other"), pal("Third"), meteor])
    (card,) = [c for c in g.base_cards() if c.label == "Counter"]
    assert stats.power_detail(g, card)[0] == 1003
    g.run(ScriptedDecider(["play Meteor"]))
    assert stats.power_detail(g, card)[0] == 1002


def test_a_continuous_amount_read_from_a_cards_strike_is_refused_with_its_place() -> None:
    # a continuous ability's value is a count of the game as it is; a card's strike is read by a one-time effect
    from pal_judge.engine.cards import CardDataError, card_from_dict

    bad = pal("Echo", abilities=[{"kind": "continuous", "effect": [
        {"do": "power", "amount": {"strike": "self"}, "target": "self"}]}])
    with pytest.raises(CardDataError, match=r"abilities\[0\]\.effect\[0\]\.amount"):
        card_from_dict(bad)
