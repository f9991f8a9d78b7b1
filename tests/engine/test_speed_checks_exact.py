"""A check timing with nothing in standby is skipped when nothing it reads has changed since the last one found nothing
to do (10.5.3; `Game.check_version`, bumped only by the changes listed above `timing.check_timing`). The skip must be
exact: at every skipped check timing of random boards with many kinds of cards, the full check, run anyway, finds
nothing; and each change a check timing reads alone (life, a hand or deck emptied) is acted on at the next one, as is
a rest or a battle's end that lowers a damaged card's power (`Game.derived_changed`)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine_helpers import board, cited, pal, play
from pal_judge.engine import Game, RandomDecider, ScriptedDecider, timing
from pal_judge.engine.cards import card_from_dict
from pal_judge.engine.invariants import random_board
from pal_judge.engine.simulate import generate_pool, play_one

# a Pal weaker while rested: "Pals named Drowsy that are rested get -1000 power" (10.10.1.4)
DROWSY = pal("Drowsy", power=2000, abilities=[{"kind": "continuous", "effect": [
    {"do": "power", "amount": -1000, "target": {"all": True, "name": "Drowsy", "state": "rested"}}]}])
# a Pal stronger while it attacks (9.3.2) that hurts itself when it attacks
CHARGER = pal("Charger", power=1000, abilities=[
    {"kind": "continuous", "if": "attacking", "effect": [{"do": "power", "amount": 1000, "target": "self"}]},
    {"kind": "auto", "trigger": "on_attack", "effect": [{"do": "damage", "amount": 1500, "target": "self"}]}])

# cards whose abilities a check timing reads or that change what it reads (life, hands, decks, the base)
_STATE = [
    pal("Hermit", abilities=[{"kind": "auto", "trigger": "state", "state": "hand_empty",
                              "effect": [{"do": "draw", "amount": 1}]}]),
    pal("Lonely", abilities=[{"kind": "auto", "trigger": "state", "state": "no_pals",
                              "effect": [{"do": "gain", "resource": "material", "amount": 1}]}]),
    pal("Bleeder", abilities=[{"kind": "activated", "effect": [{"do": "life", "amount": -2, "who": "opponent"}]}]),
    pal("Leech", abilities=[{"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "life", "amount": -1}]}]),
    pal("Dumper", abilities=[{"kind": "activated", "limit": 1, "effect": [{"do": "discard", "amount": 2}]}]),
    pal("Miller", abilities=[{"kind": "activated", "effect": [{"do": "draw", "amount": 3}]}]),
    pal("Glass", power=500, abilities=[{"kind": "auto", "trigger": "on_other_rested", "whose": "any",
                                        "effect": [{"do": "damage", "amount": 300, "target": "self"}]}]),
    # power that a rest or the end of a battle changes (`Game.derived_changed`, 11.4.1)
    DROWSY, CHARGER,
]


def _pool(rng: random.Random) -> list[Any]:
    return generate_pool(rng, "Board") + [card_from_dict(c) for c in _STATE + _GRANTED + [LINGERER]]


# state triggers that work in the hand or the graveyard (10.3.4.1, 10.8.6) or only at night (10.3.3), and a card that
# searches the deck and mills the rest, so that they reach those zones from the deck (`Game.zone_icons` false until one
# does)
_ZONED = [
    pal("Revenant", abilities=[{"kind": "auto", "zone": "graveyard", "trigger": "state", "state": "no_pals",
                                "effect": [{"do": "place", "target": "self", "to": "hand"}]}]),
    pal("Stray", abilities=[{"kind": "auto", "zone": "hand", "trigger": "state", "state": "no_pals",
                             "effect": [{"do": "place", "target": "self", "to": "base"}]}]),
    # a state trigger active only at night (10.3.3): a night or a turn's end changes whether it can trigger
    {"name": "Moth", "type": "structure", "cost": 1, "power": 3000, "abilities": [
        {"kind": "auto", "if": "night", "trigger": "state", "state": "no_pals",
         "effect": [{"do": "place", "target": "self", "to": "graveyard"}]}]},
    pal("Digger", abilities=[{"kind": "auto", "trigger": "on_deploy", "effect": [
        {"do": "look_and_choose", "amount": 3, "choose": 1, "filter": {"type": "pal"}, "to": "hand",
         "rest": "graveyard"}]}]),
]
_ZONED_NAMES = frozenset({"Revenant", "Stray"})  # (the two with a zone icon)


def _zoned_deck(rng: random.Random, prefix: str) -> list[Any]:
    """A legal 50-card deck (6.1) as `simulate.generate_deck` builds one, with _ZONED and Dumper and Hermit for six of
    its normal pals (each four times)."""
    pool = generate_pool(rng, prefix)
    pool[2:8] = [card_from_dict(c) for c in _ZONED + [_STATE[4], _STATE[0]]]
    deck = [c for c in pool[:12] for _ in range(4)] + [pool[12]] * 2
    rng.shuffle(deck)
    return deck


class _Counts:
    skipped = 0
    compared_with_state_cards = 0
    compared_with_conditional_power = 0
    compared_with_granted = 0
    compared_with_zoned = 0  # a hand or graveyard card with a state trigger for that zone, come from the deck


class _SeenAsNeverClean:
    """`Game.clean_check_version` kept as the game sets it, but read as never matching, so that the callers of
    `timing.check_timing` (which compare it with `check_version` first) call it every time."""

    def __get__(self, game: Game, owner: type) -> int:
        return -2

    def __set__(self, game: Game, value: int) -> None:
        game.__dict__["real_clean_check_version"] = value


@pytest.fixture(scope="module")
def counts() -> _Counts:
    """Seeded random boards (generated cards and the cards above) and seeded full games, every check timing that
    the check version skips (in its caller or in itself) run in full anyway: it must record no event and put nothing
    in standby."""
    seen = _Counts()
    real = timing.check_timing

    def checked(g: Game) -> None:
        if g.check_version != g.__dict__["real_clean_check_version"]:
            real(g)  # (the check version changed: not skipped)
            return
        before = g.event_count
        g.clean_check_at = -2  # run the whole check: not skipped as a restored game's first check timing
        g.rules_clean_at = -2  # rule actions (lethal damage and overflow read afresh) and state triggers
        real(g)
        assert g.event_count == before and not g.pending, f"a skipped check timing would have acted: {g.events[-1].what}"
        seen.skipped += 1
        seen.compared_with_state_cards += any(c.card.name in ("Hermit", "Lonely") for c in g.base_cards())
        seen.compared_with_conditional_power += any(c.card.name in ("Drowsy", "Charger", "Lingerer") for c in g.base_cards())
        seen.compared_with_granted += any(c.card.name in _GRANTED_NAMES for c in g.base_cards())
        seen.compared_with_zoned += any(c.card.name in _ZONED_NAMES for p in g.players for c in p.hand + p.graveyard)

    mp = pytest.MonkeyPatch()
    mp.setattr(timing, "check_timing", checked)
    mp.setattr(Game, "clean_check_version", _SeenAsNeverClean(), raising=False)
    try:
        for seed in range(40):
            rng = random.Random(seed)
            pool = _pool(rng)
            game = Game.from_setup(random_board(rng, pool), cards=pool, seed=seed)
            game.run(RandomDecider(seed))
        for seed in range(4):
            play_one(seed, record=False)
        for seed in range(20):  # games from decks: every card made in the deck first (`Game.zone_icons`)
            rng = random.Random(seed)
            Game.from_decks(_zoned_deck(rng, "A"), _zoned_deck(rng, "B"), seed=seed).run(RandomDecider(seed))
    finally:
        mp.undo()
    return seen


def test_a_skipped_check_timing_would_have_found_nothing(counts: _Counts) -> None:
    assert counts.skipped > 500
    assert counts.compared_with_state_cards > 50  # also with state triggers in play (10.8.6)
    # also with power that a rest or a battle's end changes (`Game.derived_changed`, 11.4.1)
    assert counts.compared_with_conditional_power > 50
    # also with power, keywords and pal limits that another card changes under a rest, a battle or the turn
    assert counts.compared_with_granted > 50
    # also with hand and graveyard state triggers that came there from the deck (10.3.4.1, 10.8.6)
    assert counts.compared_with_zoned > 50


def test_life_lost_by_an_effect_is_read_at_the_next_check_timing() -> None:
    """11.3.1, 10.5.3.1: B has 2 life; A's Bleeder makes B lose 2 life in the main phase. Nothing in a base changes,
    yet the check timing before A's next play timing finds B at 0 life: A wins."""
    g = play(board({"base": ["Bleeder"]}, {"life": 2}), [_STATE[2]], ["activate Bleeder"])
    assert g.result is not None and g.result.outcome == "win" and g.result.winner == "A" and "11.3.1" in cited(g)


def test_a_deck_drawn_empty_in_the_main_phase_loses_at_the_next_check_timing() -> None:
    """11.3.2: A draws the last 2 cards of the deck with Miller in the main phase (a move between hand and deck only);
    the next check timing finds A's deck empty: B wins."""
    g = play(board({"base": ["Miller"], "deck": 2}), [_STATE[5]], ["activate Miller"])
    assert g.result is not None and g.result.winner == "B" and "11.3.2" in cited(g)


def test_a_hand_emptied_by_a_discard_triggers_hand_empty() -> None:
    """10.8.6: A discards the last 2 cards of the hand with Dumper; Hermit's "while your hand is empty, draw 1" enters
    standby at the next check timing and A draws 1."""
    cards = [_STATE[0], _STATE[4], pal("Filler")]
    g = play(board({"base": ["Hermit", "Dumper"], "hand": ["Filler", "Filler"]}), cards, ["activate Dumper"])
    assert len(g.players[0].hand) == 1 and len(g.players[0].graveyard) == 2 and "10.8.6" in cited(g)


def _destroyed(g: Any, name: str) -> bool:
    return any(c.card.name == name for c in g.players[0].graveyard)


def test_a_damaged_pal_weaker_while_rested_is_destroyed_when_it_rests_to_attack() -> None:
    """11.4.1: A's Drowsy (2000 power, 1500 damage) attacks B, which rests it (9.3.1): rested, its power is 1000, not
    more than its damage, so the check timing after the attack is declared destroys it."""
    g = play(board({"base": [{"card": "Drowsy", "damage": 1500}]}), [DROWSY], ["attack Drowsy -> player"])
    assert _destroyed(g, "Drowsy") and "11.4.1" in cited(g)


def test_an_undamaged_pal_weaker_while_rested_survives_its_attack() -> None:
    """The same attack without damage: power 1000 and no damage is not lethal (11.4.1 needs damage above 0)."""
    g = play(board({"base": ["Drowsy"]}), [DROWSY], ["attack Drowsy -> player"])
    assert not _destroyed(g, "Drowsy") and "11.4.1" not in cited(g)


def test_a_damaged_pal_stronger_while_attacking_is_destroyed_when_the_battle_ends() -> None:
    """11.4.1, 9.7.4: A's Charger (1000 power, 2000 while attacking) deals itself 1500 damage when it attacks and
    survives the battle; when the battle ends it is no longer attacking, its power is 1000 again and the next check
    timing destroys it."""
    g = play(board({"base": ["Charger"]}), [CHARGER], ["attack Charger -> player"])
    assert _destroyed(g, "Charger")
    ended = next(i for i, e in enumerate(g.events) if e.what == "the battle ends")
    lethal = next(i for i, e in enumerate(g.events) if "11.4.1" in e.cites)
    assert lethal > ended


# Boards where only a derived value changed by a rest, a battle or the turn makes a check timing find something, the
# ability that reads it granted by another card (not printed on the damaged one): `Game.derived_changed` must bump.
# "Pals you control that are rested get -1000 power" (a condition read through a selector, 10.10.1.4)
SERGEANT = pal("Sergeant", abilities=[{"kind": "continuous", "effect": [
    {"do": "power", "amount": -1000, "target": {"all": True, "controller": "you", "state": "rested"}}]}])
# "Your standing Pals have Nocturnal" (a keyword granted under a condition, 10.10.1.2; Nocturnal +300 at night, 12.13.2)
LANTERN = pal("Lantern", abilities=[{"kind": "continuous", "effect": [
    {"do": "grant", "keyword": "nocturnal", "target": {"all": True, "controller": "you", "state": "standing"}}]}])
# "While it battles, its battle opponent gets -1000 power" (9.4.3)
BULLY = pal("Bully", power=3000, abilities=[{"kind": "continuous", "if": "battling", "effect": [
    {"do": "power", "amount": -1000, "target": "battle_opponent"}]}])
# "During your turn, your pal limit is 1 more" (4.4.5, 11.5)
WARDEN = pal("Warden", abilities=[{"kind": "continuous", "if": "your_turn", "effect": [
    {"do": "pal_limit", "amount": 1}]}])
GRUNT = pal("Grunt", power=2000)
_GRANTED = [SERGEANT, LANTERN, BULLY, WARDEN]
_GRANTED_NAMES = frozenset(c["name"] for c in _GRANTED)


def test_a_damaged_pal_an_other_card_weakens_while_rested_is_destroyed_when_it_rests_to_attack() -> None:
    """11.4.1: A's Grunt (2000 power, 1500 damage) attacks and rests (9.3.1); A's Sergeant gives rested Pals -1000:
    power 1000, not more than its damage, so the check timing after the attack is declared destroys it."""
    g = play(board({"base": ["Sergeant", {"card": "Grunt", "damage": 1500}]}), [SERGEANT, GRUNT],
             ["attack Grunt -> player"])
    assert _destroyed(g, "Grunt") and "11.4.1" in cited(g)


def test_a_damaged_pal_that_loses_a_granted_nocturnal_when_it_rests_is_destroyed() -> None:
    """11.4.1, 12.13.2, 10.10.1.2: at night A's Grunt (2000 power, 2100 damage) has Nocturnal from Lantern while
    standing (2300 power); it attacks and rests, loses Nocturnal, its power is 2000 and it is destroyed. Only a
    keyword grant is in play (no continuous power change)."""
    g = play(board({"base": ["Lantern", {"card": "Grunt", "damage": 2100}]}, night=True), [LANTERN, GRUNT],
             ["attack Grunt -> player"])
    assert _destroyed(g, "Grunt") and "11.4.1" in cited(g)


def test_a_damaged_pal_weakened_by_its_battle_opponent_is_destroyed_when_they_become_opponents() -> None:
    """11.4.1, 9.4.3: A's Grunt (2000 power, 1500 damage) attacks B's Bully; once they are battle opponents Bully gives
    Grunt -1000 power: the check timing of 9.4.4 destroys it before battle damage."""
    g = play(board({"base": [{"card": "Grunt", "damage": 1500}]}, {"base": [{"card": "Bully", "state": "rested"}]}),
             [BULLY, GRUNT],
             ["attack Grunt -> Bully"])
    assert _destroyed(g, "Grunt") and "11.4.1" in cited(g)
    opponents = next(i for i, e in enumerate(g.events) if e.what.endswith("are battle opponents"))
    lethal = next(i for i, e in enumerate(g.events) if "11.4.1" in e.cites)
    assert lethal > opponents and not any("9.6" in c for e in g.events[:lethal] for c in e.cites)


def test_a_pal_limit_raised_during_your_turn_overflows_when_the_turn_changes() -> None:
    """11.5, 4.4.5, 7.6.5: A has Warden and 5 Grunts placed together (6 pals, limit 5 + 1 in A's turn). When A's turn
    ends the limit is 5 again: the check timing of B's stand phase (7.2.3) makes A keep 5 of them (11.5.1.1)."""
    g = Game.from_setup(board({"base": ["Warden"] + ["Grunt"] * 5}), [WARDEN, GRUNT], seed=0)
    decider = ScriptedDecider(["end_turn"], fallback=RandomDecider(0))
    g.run(decider)
    keep = [d for d in decider.asked if d.kind == "overflow_keep"]
    assert keep and keep[0].player == "A" and "11.5.1" in cited(g)
    overflow = next(e for e in g.events if "11.5.1" in e.cites)
    assert overflow.after == {"pals": 5} and g.events.index(overflow) < next(
        i for i, e in enumerate(g.events) if e.what.startswith("draw phase"))


# Charger, and at the end of the battle it sets up a second "at the end of the battle" ability (10.8.5), so the end of
# battle step runs again (9.7.4)
LINGERER = pal("Lingerer", power=1000, abilities=CHARGER["abilities"] + [
    {"kind": "auto", "trigger": "end_of_battle", "effect": [
        {"do": "delayed", "trigger": "end_of_battle", "effect": [{"do": "gain", "resource": "material", "amount": 1}]}]}])


def test_a_pal_stronger_while_attacking_is_no_longer_attacking_when_the_end_of_battle_step_repeats() -> None:
    """9.7.3.1, 9.7.4, 9.7.2, 11.4.1: A's Lingerer (1000 power, 2000 while attacking) deals itself 1500 damage when it
    attacks. At the end of the battle its ability sets up another "at the end of the battle" ability, so the step runs
    again; from the first 9.7.3 on it is no longer the attacking Pal, its power is 1000, and the check timing of the
    second round (9.7.2) destroys it, before the battle ends."""
    g = play(board({"base": ["Lingerer"]}), [LINGERER], ["attack Lingerer -> player"])
    assert _destroyed(g, "Lingerer")
    whats = [e.what for e in g.events]
    no_longer = whats.index("the attacking pal is no longer attacking")
    lethal = next(i for i, e in enumerate(g.events) if "11.4.1" in e.cites)
    assert no_longer < lethal < whats.index("the battle ends")


def test_an_effect_naming_the_attacking_pal_finds_none_when_the_end_of_battle_step_repeats() -> None:
    """9.7.3.1, 9.7.4: A's Parting attacks B; at the end of the battle it sets up another "at the end of the battle"
    ability dealing 5000 damage to the attacking Pal. It resolves in the second round of the step, after the first
    9.7.3: there is no attacking Pal any more, so Parting takes no damage and stays in the base."""
    parting = pal("Parting", power=3000, abilities=[{"kind": "auto", "trigger": "end_of_battle", "effect": [
        {"do": "delayed", "trigger": "end_of_battle", "effect": [
            {"do": "damage", "amount": 5000, "target": "attacker"}]}]}])
    g = play(board({"base": ["Parting"]}), [parting], ["attack Parting -> player"])
    assert not _destroyed(g, "Parting") and any(c.card.name == "Parting" for c in g.players[0].base)
    assert "the attacking pal is no longer attacking" in [e.what for e in g.events]
    assert "11.4.1" not in cited(g)
