"""The rules side's shortcut (issue 11): `stats.effect_in_play` (and `effects_in_play`, several kinds at once) lets
the engine skip asking every card whether an effect forbids it to attack, block or be blocked (9.2.2.2, 9.2.4.1,
9.4.2, 12.11, 10.10.1.3), or gives it a keyword (Assault, Taunt: 10.10.1.2, 12.15.2, 12.10.2), when no effect of that
kind is in play. These games are played on random boards whose cards carry such effects (continuous ones under a
condition, and one-shot ones until end of turn); at every main-phase and block decision the options offered must be
those a card-by-card reading gives."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pal_judge.engine import Game, RandomDecider, stats, turn
from pal_judge.engine.cards import card_from_dict
from pal_judge.engine.deciders import Decision, Option, is_concession
from pal_judge.engine.invariants import random_board
from pal_judge.engine.simulate import generate_pool

SEEDS = range(40)


def _pal(name: str, ability: dict[str, Any]) -> Any:
    return card_from_dict({"name": name, "type": "pal", "cost": 1, "power": 2000, "strike": 1, "abilities": [ability]})


RESTRICTING = [
    # 9.2.2.2 a continuous restriction under a condition (10.3.3): at night this Pal cannot attack
    _pal("Sentinel", {"kind": "continuous", "if": "night", "effect": [{"do": "cannot_attack", "target": "self"}]}),
    # 7.5.2.1 a Pal that must attack: ending the main phase is refused while it can
    _pal("Berserker", {"kind": "continuous", "effect": [{"do": "must_attack"}]}),
    # 12.11 by day this Pal cannot be blocked
    _pal("Ghost", {"kind": "continuous", "if": "day", "effect": [{"do": "cannot_be_blocked", "target": "self"}]}),
    # 9.4.2 one-shot effects until end of turn (10.2.1.2): an opposing Pal cannot block, or cannot attack
    _pal("Warden", {"kind": "activated", "cost": [{"soul": 1}],
                    "effect": [{"do": "cannot_block", "target": {"choose": 1, "controller": "opponent"}}]}),
    _pal("Jailer", {"kind": "activated", "cost": [{"soul": 1}],
                    "effect": [{"do": "cannot_attack", "target": {"choose": 1, "controller": "opponent"}}]}),
    # 12.10.2 / 12.15.2 keywords given by effects: Taunt at night (continuous), Assault until end of turn (one-shot)
    _pal("Decoy", {"kind": "continuous", "if": "night", "effect": [{"do": "grant", "keyword": "taunt", "target": "self"}]}),
    _pal("Herald", {"kind": "activated", "cost": [{"soul": 1}],
                    "effect": [{"do": "grant", "keyword": "assault", "target": {"choose": 1, "controller": "you"}}]}),
]


class _Reading:
    """A random decider that, at every main-phase and block decision, reads the legal actions with every card asked
    (the shortcut off: an effect of every kind taken to be in play) and compares them with what was offered."""

    def __init__(self, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
        self.inner = RandomDecider(seed)
        self.monkeypatch = monkeypatch
        self.compared = 0
        self.touched = 0  # decisions at which an effect really changed what the board alone offers

    def decide(self, decision: Decision, game: Game) -> Option:
        offered = [o.label for o in decision.options if not is_concession(o)]
        if decision.kind in ("main", "block"):
            with self.monkeypatch.context() as m:
                m.setattr(stats, "effect_in_play", lambda g, kind: True)
                m.setattr(stats, "effects_in_play", lambda g, kinds: kinds)  # (attack_options reads the kinds at once)
                read = [o.label for o in turn.main_options(game).options] if decision.kind == "main" \
                    else self._blockers(game) + ["none"]
            assert offered == read
            self.compared += 1
            self.touched += offered != self._untouched(game, decision.kind)
        return self.inner.decide(decision, game)

    @staticmethod
    def _blockers(game: Game) -> list[str]:
        b = game.battle
        assert b is not None
        return [c.label for c in game.players[b.target_player].base  # 9.4.2
                if c.card.type == "pal" and not c.rested and c.oid != b.target_oid
                and not stats.restricted(game, c, "cannot_block")]

    def _untouched(self, game: Game, kind: str) -> list[str]:
        """What the board offers when no effect restricts a card or gives it a keyword."""
        with self.monkeypatch.context() as m:
            m.setattr(stats, "effect_in_play", lambda g, kind: False)
            m.setattr(stats, "effects_in_play", lambda g, kinds: frozenset())
            m.setattr(stats, "restricted", lambda g, c, kind: False)
            m.setattr(stats, "keywords", lambda g, c: c.card.printed_keywords)
            m.setattr(stats, "derived", lambda g, compute, subject, key: compute(g, subject))
            return [o.label for o in turn.main_options(game).options] if kind == "main" else self._blockers(game) + ["none"]


@pytest.fixture(scope="module")
def readers() -> list[_Reading]:
    out = []
    with pytest.MonkeyPatch.context() as monkeypatch:
        for seed in SEEDS:
            rng = random.Random(seed)
            pool = generate_pool(rng, "Board") + RESTRICTING
            game = Game.from_setup(random_board(rng, pool), cards=pool, seed=seed)
            reader = _Reading(seed, monkeypatch)
            game.run(reader)
            out.append(reader)
    return out


def test_offered_attacks_and_blocks_are_those_the_rules_allow(readers: list[_Reading]) -> None:
    """9.2.2.2, 9.4.2, 7.5.2.1, 12.10.2, 12.15.2, 10.10.1: with the shortcut the engine offers exactly what asking
    every card gives, at boards where effects took actions away or gave keywords and at boards where none did."""
    compared = sum(r.compared for r in readers)
    touched = sum(r.touched for r in readers)
    assert compared > 200
    assert 10 < touched < compared, (touched, compared)


def test_the_shortcut_says_no_restriction_only_when_no_card_is_restricted() -> None:
    """`effect_in_play` is false exactly when no effect of that kind is in play: a one-shot `cannot_block` on an
    opposing Pal (until end of turn, 10.2.1.2) makes it true, and it is false again once that effect ends (7.6.4)."""
    cards = [RESTRICTING[3], card_from_dict({"name": "Lamball", "type": "pal", "cost": 1, "power": 1000, "strike": 1})]
    setup = {"turn": 3, "turn_player": "A", "phase": "main",
             "players": {"A": {"deck": 10, "base": ["Warden"], "souls": {"standing": 3}},
                         "B": {"deck": 10, "base": ["Lamball"]}}}
    game = Game.from_setup(setup, cards)
    seen: list[tuple[int, bool, bool]] = []

    class Watch:
        def decide(self, decision: Decision, g: Game) -> Option:
            lamball = next((c for c in g.players[1].base if c.card.name == "Lamball"), None)
            barred = lamball is not None and stats.restricted(g, lamball, "cannot_block")
            seen.append((g.turn, stats.effect_in_play(g, "cannot_block"), barred))
            labels = [o.label for o in decision.options]
            for wanted in ("activate Warden", "end_turn"):
                if wanted in labels:
                    return decision.options[labels.index(wanted)]
            return decision.options[0]

    game.run(Watch(), until="turn:5")
    assert seen[0] == (3, False, False)  # nothing restricts yet
    assert (3, True, True) in seen  # Warden's effect: Lamball cannot block this turn
    assert (4, False, False) in seen  # it ended with the turn (7.6.4)
