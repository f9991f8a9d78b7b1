"""Issue 18: behaviour no ruling's zone counts can show, checked on the choices the engine asks and the looks it
makes. Expectations come from rules/zh.txt (11.5.1, 5.8.2)."""

from __future__ import annotations

from engine_helpers import board, pal
from pal_judge.engine import Decision, Game, Option, ScriptedDecider, stats


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
