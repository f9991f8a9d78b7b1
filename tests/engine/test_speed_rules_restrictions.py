"""The rules side's restriction shortcut (issue 11): `battle.may_restrict` lets the engine skip asking every card
whether an effect forbids it to attack, block or be blocked (9.2.2.2, 9.2.4.1, 9.4.2, 12.11, 10.10.1.3) when no
effect of that kind is in play. These games are played on random boards whose cards carry such effects (continuous
ones under a condition, and one-shot ones until end of turn); at every main-phase and block decision the options
offered must be those a card-by-card reading of the rules gives."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pal_judge.engine import Game, RandomDecider, battle, stats
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
]


class _Reading:
    """A random decider that, at every main-phase and block decision, reads the legal actions from the rules card
    by card (every standing Pal asked whether an effect forbids it) and compares them with what was offered."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomDecider(seed)
        self.compared = 0
        self.restricted = 0  # decisions at which an effect really took an action away

    def decide(self, decision: Decision, game: Game) -> Option:
        offered = [o.label for o in decision.options if not is_concession(o)]
        if decision.kind == "main":
            attacks = [label for label in offered if label.startswith("attack ")]
            assert (attacks, "end_turn" in offered) == self._main_actions(game)
            self.compared += 1
        elif decision.kind == "block":
            assert offered == self._blockers(game) + ["none"]
            self.compared += 1
        return self.inner.decide(decision, game)

    def _main_actions(self, game: Game) -> tuple[list[str], bool]:
        """The attacks the rules allow and whether ending the main phase is allowed."""
        pals = [c for c in game.players[game.turn_player].base if c.card.type == "pal" and not c.rested]
        attackers = [c for c in pals if not stats.restricted(game, c, "cannot_attack")]  # 9.2.2.2
        attacks = [o.label for o in battle.attack_options(game, attackers)]
        # 7.5.2.1 a Pal that must attack and can attack legally takes ending the main phase away
        must = any(stats.restricted(game, c, "must_attack") and battle.legal_targets(game, c)[0] for c in attackers)
        self.restricted += len(attackers) < len(pals) or must
        return attacks, not must

    def _blockers(self, game: Game) -> list[str]:
        b = game.battle
        assert b is not None
        standing = [c for c in game.players[b.target_player].base
                    if c.card.type == "pal" and not c.rested and c.oid != b.target_oid]
        allowed = [c.label for c in standing if not stats.restricted(game, c, "cannot_block")]  # 9.4.2
        self.restricted += len(allowed) < len(standing)
        return allowed


@pytest.fixture(scope="module")
def readers() -> list[_Reading]:
    out = []
    for seed in SEEDS:
        rng = random.Random(seed)
        pool = generate_pool(rng, "Board") + RESTRICTING
        game = Game.from_setup(random_board(rng, pool), cards=pool, seed=seed)
        reader = _Reading(seed)
        game.run(reader)
        out.append(reader)
    return out


def test_offered_attacks_and_blocks_are_those_the_rules_allow(readers: list[_Reading]) -> None:
    """9.2.2.2, 9.4.2, 7.5.2.1, 10.10.1.3: with the shortcut the engine offers exactly what asking every card gives,
    at boards where restrictions took actions away and at boards where none applied."""
    compared = sum(r.compared for r in readers)
    restricted = sum(r.restricted for r in readers)
    assert compared > 200
    assert 10 < restricted < compared, (restricted, compared)


def test_the_shortcut_says_no_restriction_only_when_no_card_is_restricted() -> None:
    """`may_restrict` is false exactly when no effect of that kind is in play: a one-shot `cannot_block` on an
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
            seen.append((g.turn, battle.may_restrict(g, "cannot_block"), barred))
            labels = [o.label for o in decision.options]
            for wanted in ("activate Warden", "end_turn"):
                if wanted in labels:
                    return decision.options[labels.index(wanted)]
            return decision.options[0]

    game.run(Watch(), until="turn:5")
    assert seen[0] == (3, False, False)  # nothing restricts yet
    assert (3, True, True) in seen  # Warden's effect: Lamball cannot block this turn
    assert (4, False, False) in seen  # it ended with the turn (7.6.4)
