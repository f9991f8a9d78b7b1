"""The shortcuts of stop 17 (speed, issue 11) read on games where they matter, each against what the rules say without
it. Games from decks (`Game.from_decks`: the only games whose deck cards are made without `new_instance`, so the only
ones where `Game.zone_icons` starts false) whose cards have abilities for the hand or the graveyard and reach those
zones from the deck (drawn, searched, milled, 10.3.4.1); Vigilance granted by an effect that turns on mid-turn (night,
10.10.1.2, 12.9.2); pals that must attack while some or all of their targets are not legal (7.5.2.1, 9.2.4.1, Taunt
12.10.2, 12.10.3). At every zone view, every phase or turn trigger of a keyword and every main-phase decision the
shortcut's answer is compared with the full reading."""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine_helpers import base, board, cited, pal, play
from pal_judge.engine import Game, RandomDecider, battle, stats, triggers
from pal_judge.engine.cards import CardDef, card_from_dict
from pal_judge.engine.deciders import Option
from pal_judge.engine.simulate import generate_pool

# 10.3.4.1 a graveyard ability: at the start of your turn, return this card to your hand
EMBER = pal("Ember", abilities=[{"kind": "auto", "zone": "graveyard", "trigger": "start_of_turn",
                                 "effect": [{"do": "place", "target": "self", "to": "hand"}]}])
# 10.3.4.1.1 a hand ability: when a pal of yours is destroyed, you may discard this card to draw 2
SPIRIT = pal("Spirit", abilities=[{"kind": "auto", "zone": "hand", "trigger": "on_ally_destroyed",
                                   "cost": [{"discard": "self"}], "effect": [{"do": "draw", "amount": 2}]}])
# searches the deck and mills the rest: look at the top 3, put a pal into the hand and the rest into the graveyard
DIGGER = pal("Digger", abilities=[{"kind": "auto", "trigger": "on_deploy", "effect": [
    {"do": "look_and_choose", "amount": 3, "choose": 1, "filter": {"type": "pal"}, "to": "hand",
     "rest": "graveyard"}]}])
# 10.10.1.2, 10.3.3 at night your pals have Vigilance (12.9.2): a grant that a night effect turns on mid-turn
OWL = pal("Owl", abilities=[{"kind": "continuous", "if": "night", "effect": [
    {"do": "grant", "keyword": "vigilance", "target": {"all": True, "controller": "you"}}]}])
# 7.5.2.1 a pal that must attack; the second cannot attack the opponent (9.2.4.1: only rested pals or structures)
BERSERKER = pal("Berserker", power=2000, abilities=[{"kind": "continuous", "effect": [{"do": "must_attack"}]}])
DUELLIST = pal("Duellist", power=2500, abilities=[{"kind": "continuous", "effect": [
    {"do": "must_attack"}, {"do": "cannot_attack", "target": "self", "against": "opponent"}]}])
GUARDIAN = pal("Guardian", power=3000, keywords=["taunt"])  # 12.10.2
SHADE = pal("Shade", power=1500, keywords=["stealth"])  # 12.11
NIGHTFALL = pal("Nightfall", abilities=[{"kind": "activated", "cost": [{"rest": "self"}],
                                         "effect": [{"do": "night", "value": True}]}])
SPECIAL = [EMBER, SPIRIT, DIGGER, OWL, BERSERKER, DUELLIST, GUARDIAN, SHADE, NIGHTFALL]
SEEDS = range(60)


def _deck(rng: random.Random, prefix: str) -> list[CardDef]:
    """A legal 50-card deck (6.1) as `simulate.generate_deck` builds one, four of its normal pals and its event
    replaced by cards of SPECIAL (drawn at random: each deck has its own mix)."""
    pool = generate_pool(rng, prefix)
    chosen = rng.sample(SPECIAL, 5)
    pool[2:6] = [card_from_dict({**c, "name": f"{prefix} {c['name']}"}) for c in chosen[:4]]
    pool[9] = card_from_dict({**chosen[4], "name": f"{prefix} {chosen[4]['name']}"})
    deck = [c for c in pool[:12] for _ in range(4)] + [pool[12]] * 2
    rng.shuffle(deck)
    return deck


class _Seen:
    views = 0
    reads_with_icons_in_zone = 0  # a trigger read with a hand or graveyard card with an ability for that zone
    views_before_icons = 0  # built while `zone_icons` was false
    keyword_reads = 0
    keyword_reads_granted = 0  # a card had a keyword's trigger that it does not print (a grant in play)
    mains = 0
    bound = 0  # a pal that must attack could attack: `end_turn` refused
    must_unbound = 0  # a pal that must attack was standing but could not attack (no legal target, 9.2.4)
    forced_by_taunt = 0


def _zone_cards(g: Game) -> list[Any]:
    """10.3.4.1 the hand and graveyard cards with an ability for the zone they are in, read without `zone_icons`."""
    return [c for p in g.players for zone, cards in (("hand", p.hand), ("graveyard", p.graveyard))
            for c in cards if zone in c.card.icon_zones]


def _legacy_attacks(g: Game) -> tuple[list[tuple[str, Any]], bool]:
    """8.4.1, 7.5.2.1 read card by card: the legal attackers (9.2.2), each one's legal targets (9.2.3, 9.2.4), and
    whether a pal that must attack has one."""
    attackers = battle.legal_attackers(g)
    opts = []
    for att in attackers:
        targets, taunt, forbidden = battle.legal_targets(g, att)
        for t in targets:
            opts.append((f"attack {att.label} -> " + ("player" if t is None else t.label),
                         ("attack", att.oid, None if t is None else t.oid, taunt, forbidden)))
    must = stats.restricted_among(g, attackers, "must_attack")
    return opts, any(battle.legal_targets(g, c)[0] for c in must)


@pytest.fixture(scope="module")
def seen() -> _Seen:
    s = _Seen()
    real_build, real_keyword_cards, real_attacks = stats.build_zones, triggers._keyword_trigger_cards, \
        battle.attack_options

    def build(g: Game) -> Any:
        view = real_build(g)
        s.views += 1
        if not g.zone_icons:
            s.views_before_icons += 1
            assert not _zone_cards(g), "the zone view left out a hand or graveyard ability (10.3.4.1)"
        return view

    def read_view(real: Any) -> Any:
        def reading(g: Game, *args: Any, **kwargs: Any) -> Any:
            # the view a phase, step, turn or state trigger reads is the zones as they are (10.3.4.1, 10.3.5)
            view = g.zones
            full = _zone_cards(g)
            assert view.cards == g.base_cards() + full, "the zone view is not the cards whose abilities work now"
            s.reads_with_icons_in_zone += bool(full)
            return real(g, *args, **kwargs)
        return reading

    def keyword_cards(g: Game, trigger: str) -> Any:
        cards = real_keyword_cards(g, trigger)
        having = [c for c in g.zones.cards if any(a.kind == "auto" and a.trigger == trigger
                                                   for _i, a in triggers.card_abilities(g, c))]
        assert [c for c in cards if c in having] == having, f"a card with a {trigger} ability left out"
        s.keyword_reads += 1
        s.keyword_reads_granted += any(all(a.trigger != trigger for _i, a in c.card.printed_abilities)
                                       for c in having)
        return cards

    def attacks(g: Game) -> tuple[battle.Attacks, bool]:
        offered, bound = real_attacks(g)
        opts = offered.options()
        legacy, legacy_bound = _legacy_attacks(g)
        assert [(o.label, o.data) for o in opts] == legacy and bound == legacy_bound
        s.mains += 1
        s.bound += bound
        standing = [c for c in g.players[g.turn_player].base if not c.rested and c.card.type == "pal"]
        s.must_unbound += not bound and bool(stats.restricted_among(g, standing, "must_attack"))
        s.forced_by_taunt += any(o.data[3] == "forced" for o in opts)
        return offered, bound

    with pytest.MonkeyPatch.context() as m:
        m.setattr(stats, "build_zones", build)
        m.setattr(triggers, "_keyword_trigger_cards", keyword_cards)
        m.setattr(battle, "attack_options", attacks)
        m.setattr(triggers, "fire_global", read_view(triggers.fire_global))
        m.setattr(triggers, "state_triggers", read_view(triggers.state_triggers))
        for seed in SEEDS:
            rng = random.Random(seed)
            g = Game.from_decks(_deck(rng, "A"), _deck(rng, "B"), seed=seed)
            g.run(RandomDecider(seed))
    return s


def test_the_zone_view_reads_every_hand_and_graveyard_ability_from_a_deck(seen: _Seen) -> None:
    """10.3.4.1: a card whose ability works in the hand or graveyard, drawn, searched or milled from the deck, is in
    the zone view every phase, step, turn or state trigger reads once it is there (and no such card is in those zones
    while `zone_icons` is false)."""
    # (views built afresh: a move of a card the view lists only by itself keeps it, `stats.after_move`)
    assert seen.views > 1500 and seen.views_before_icons > 100 and seen.reads_with_icons_in_zone > 500


def test_a_keywords_turn_trigger_is_read_on_every_card_that_has_it(seen: _Seen) -> None:
    """12.9.2, 10.10.1.2: at every end of turn (and 7.6.5 repeat check) the cards read include every card with an
    ability of that trigger, Vigilance granted at night by Owl included."""
    assert seen.keyword_reads > 500 and seen.keyword_reads_granted > 20


def test_the_attacks_offered_are_those_read_card_by_card(seen: _Seen) -> None:
    """8.4.1, 9.2.2, 9.2.4.1, 12.10.2, 7.5.2.1: the attacks built in one call, and whether a pal that must attack
    binds the player, are those read attacker by attacker, with pals that must attack bound and not bound."""
    assert seen.mains > 1000 and seen.bound > 50 and seen.must_unbound > 10 and seen.forced_by_taunt > 20


def test_vigilance_granted_when_night_falls_mid_turn_stands_the_pals_at_the_end_of_the_turn() -> None:
    """12.9.2, 10.10.1.2, 10.3.3: by day A's Grunt attacks and rests (9.3.2); then A rests Nightfall to make it night
    (5.3.2), and Owl's "at night your pals have Vigilance" applies: at the end of the turn each of A's pals has
    Vigilance, which triggers (7.6.1) and stands Grunt and Nightfall, though none of them prints it."""
    g = play(board({"base": ["Owl", "Grunt", "Nightfall"]}), [OWL, NIGHTFALL, pal("Grunt", 2000)],
             ["attack Grunt -> player", "activate Nightfall", "end_turn", "Grunt: Vigilance", "Nightfall: Vigilance"])
    assert {label: card["state"] for label, card in base(g, "A").items()} == \
        {"Owl": "standing", "Grunt": "standing", "Nightfall": "standing"}
    assert [e.card for e in g.events if e.what.endswith("Vigilance triggers")] == ["Owl", "Grunt", "Nightfall"]


def _first_main(setup: dict[str, Any], cards: list[dict[str, Any]]) -> list[str]:
    """The options of A's first main-phase decision on this board (concessions left out, 1.2.3)."""
    asked: list[list[str]] = []

    class First:
        def decide(self, decision: Any, g: Game) -> Option:
            asked.append([o.label for o in decision.options if not o.label.startswith("concede")])
            raise _Asked

    with pytest.raises(_Asked):
        Game.from_setup(setup, cards).run(First())
    return asked[0]


class _Asked(Exception):
    pass


def test_a_pal_that_must_attack_but_has_no_legal_target_does_not_bind_the_player() -> None:
    """7.5.2.1, 9.2.4.1, 9.2.3, 12.15.2: A's Duellist must attack but cannot attack the opponent, and B has only a
    standing pal (a legal target only for a pal with Assault): Duellist cannot attack, so A may end the main phase."""
    opts = _first_main(board({"base": ["Duellist"]}, {"base": ["Guardian"]}), [DUELLIST, GUARDIAN])
    assert opts == ["end_turn"]


def test_a_pal_that_must_attack_a_rested_pal_binds_the_player() -> None:
    """7.5.2.1, 9.2.3: the same Duellist with a rested pal of B beside the standing Taunt one: it can attack that pal
    (12.10.3: Guardian, not a legal target, imposes nothing), so ending the main phase is not offered."""
    opts = _first_main(board({"base": ["Duellist"]}, {"base": ["Guardian", {"card": "Shade", "state": "rested"}]}),
                       [DUELLIST, GUARDIAN, SHADE])
    assert opts == ["attack Duellist -> Shade"]


def test_taunt_narrows_the_targets_of_a_pal_that_must_attack_and_of_one_that_need_not() -> None:
    """7.5.2.1, 12.10.2, 12.10.2.1: B's Guardian (Taunt) is rested, a legal target: A's Berserker (must attack) and
    Shade may attack only Guardian; Berserker can, so A may not end the main phase."""
    opts = _first_main(board({"base": ["Berserker", "Shade"]}, {"base": [{"card": "Guardian", "state": "rested"}]}),
                       [BERSERKER, GUARDIAN, SHADE])
    assert opts == ["attack Berserker -> Guardian", "attack Shade -> Guardian"]


# 10.8.6 a state trigger with a graveyard icon: while you have no pals, return this card from the graveyard to the hand
REVENANT = pal("Revenant", abilities=[{"kind": "auto", "zone": "graveyard", "trigger": "state", "state": "no_pals",
                                       "effect": [{"do": "place", "target": "self", "to": "hand"}]}])
# the same ability on a structure, which can be in the base while its player has no pals
TOMB = {"name": "Tomb", "type": "structure", "cost": 1, "power": 3000, "abilities": [
    {"kind": "auto", "zone": "graveyard", "trigger": "state", "state": "no_pals",
     "effect": [{"do": "gain", "resource": "material", "amount": 1}]}]}


def test_a_graveyard_state_trigger_works_in_the_graveyard() -> None:
    """10.3.4.1 ("abilities with a zone specified are only active in the zone specified"), 10.8.6: A has no pals and
    Revenant in the graveyard; its state trigger enters standby at the first check timing and returns it to A's
    hand."""
    g = play(board({"graveyard": ["Revenant"]}), [REVENANT], ["end_turn"])
    assert [c.card.name for c in g.players[0].hand] == ["Revenant"] and not g.players[0].graveyard
    assert "10.8.6" in cited(g) and "10.3.4.1" in cited(g)


def test_a_graveyard_state_trigger_does_nothing_in_the_base() -> None:
    """10.3.4.1, 10.8.6: A's Tomb is in the base and A has no pals: its ability has a graveyard icon, so it is not
    active there and A gains no material."""
    g = play(board({"base": ["Tomb"]}), [TOMB], ["end_turn"])
    assert g.players[0].material == 0 and "10.8.6" not in cited(g)


def test_card_definitions_shared_by_two_games_are_never_written() -> None:
    """A `CardDef` is no longer frozen: one definition is every object of its card (4.1.4) in both decks and in every
    game made from them, so a game that wrote to one (a field, or the dict of its printed keywords under grants) would
    change the next game. Two games from the same definitions, with night, Vigilance granted, searches and mills, play
    alike, and every definition reads as it did, with the hash of an equal definition made afresh."""
    rng = random.Random(17)  # (decks with every card of SPECIAL between them, a night, Vigilance)
    deck_a, deck_b = _deck(rng, "A"), _deck(rng, "B")
    cards = {id(c): c for c in deck_a + deck_b}
    before = {key: repr(c) for key, c in cards.items()}
    traces = []
    for _ in range(2):
        g = Game.from_decks(deck_a, deck_b, seed=17)
        g.run(RandomDecider(17))
        traces.append([(e.what, e.cites) for e in g.events])
    assert traces[0] == traces[1] and len(traces[0]) > 300
    assert any(what.endswith("Vigilance triggers") for what, _cites in traces[0])
    assert {key: repr(c) for key, c in cards.items()} == before
    special = next(c for c in SPECIAL if any(card.name == f"A {c['name']}" for card in cards.values()))
    fresh = card_from_dict({**special, "name": f"A {special['name']}"})
    shared = next(c for c in cards.values() if c.name == fresh.name)
    assert fresh == shared and hash(fresh) == hash(shared) and {shared: 1}[fresh] == 1



# a state trigger active only at night (10.3.3): at night, while you have no pals, put this structure into the graveyard
MOTH = {"name": "Moth", "type": "structure", "cost": 1, "power": 3000, "abilities": [
    {"kind": "auto", "if": "night", "trigger": "state", "state": "no_pals",
     "effect": [{"do": "place", "target": "self", "to": "graveyard"}]}]}
DUSK = {"name": "Dusk", "type": "event", "cost": 0, "effect": [{"do": "night", "value": True}]}


def test_a_state_trigger_active_only_at_night_does_nothing_by_day() -> None:
    """10.3.3 ("in the state where said condition is not fulfilled, that part is inactive"), 10.8.6: by day A's Moth
    is in the base and A has no pals; its ability is inactive, so it does not trigger and Moth stays."""
    g = play(board({"base": ["Moth"]}), [MOTH], ["end_turn"])
    assert "Moth" in base(g, "A") and "10.8.6" not in cited(g)


def test_a_state_trigger_active_only_at_night_triggers_when_night_falls() -> None:
    """10.3.3, 10.8.6, 5.3.2: the same board; A plays Dusk and it becomes night: Moth's ability is active while its
    state holds (A has no pals), so it triggers at the next check timing and puts Moth into the graveyard."""
    g = play(board({"base": ["Moth"], "hand": ["Dusk"]}), [MOTH, DUSK], ["play Dusk"])
    assert "Moth" not in base(g, "A") and [c.card.name for c in g.players[0].graveyard] == ["Dusk", "Moth"]
    assert "10.8.6" in cited(g) and "10.3.3" in cited(g)


def _bugler(duration: str) -> dict[str, Any]:
    """At the end of your turn, choose 1 of your rested pals: it gets Vigilance (for this duration)."""
    return pal("Bugler", abilities=[{"kind": "auto", "trigger": "end_of_turn", "effect": [
        {"do": "grant", "keyword": "vigilance", "duration": duration,
         "target": {"choose": 1, "controller": "you", "state": "rested"}}]}])


def test_vigilance_granted_for_the_game_in_the_end_phase_triggers_when_the_end_phase_repeats() -> None:
    """7.6.1, 7.6.5, 12.9.2: A's Grunt attacked and is rested; at the end of the turn Bugler's ability gives it
    Vigilance for the rest of the game. Its "at the end of the turn" trigger has not been fulfilled this turn, so the
    end phase begins again (7.6.5) and Vigilance triggers and stands Grunt."""
    g = play(board({"base": ["Bugler", "Grunt"]}), [_bugler("game"), pal("Grunt", 2000)],
             ["attack Grunt -> player", "end_turn"])
    assert base(g, "A")["Grunt"]["state"] == "standing"
    whats = [e.what for e in g.events]
    assert whats.index("Bugler: end_of_turn is used") < whats.index("Grunt: Vigilance triggers")


def test_vigilance_granted_until_the_end_of_the_turn_in_the_end_phase_ends_before_it_can_trigger() -> None:
    """7.6.4, 7.6.5: the same board with Vigilance given until end of turn: 7.6.4 ends that effect before 7.6.5 looks
    for unfulfilled end-of-turn triggers, so Grunt has no Vigilance then and stays rested into B's turn."""
    g = play(board({"base": ["Bugler", "Grunt"]}), [_bugler("until_end_of_turn"), pal("Grunt", 2000)],
             ["attack Grunt -> player", "end_turn"])
    assert base(g, "A")["Grunt"]["state"] == "rested"
    assert not any(e.what.endswith("Vigilance triggers") for e in g.events)
