"""The rules side's speed shortcuts (issue 11) answer what a full reading of the board answers.

The defending base is read once per main-phase decision for every attacker's targets (battle._defence), the
main phase's options name no card with shared Option objects, and deck validation reads each card object's
names once for all its copies. Each test compares with the rules read afresh, not with the code's output.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pal_judge.engine import Game, RandomDecider, battle, stats, turn
from pal_judge.engine.cards import card_from_dict
from pal_judge.engine.deck import validate_deck
from pal_judge.engine.deciders import Decision, Option
from pal_judge.engine.simulate import generate_deck

SEEDS = (7, 8, 9)  # random games: every kind of target (player, structure, rested pal, Assault, Taunt) occurs


class _Comparing:
    """A random decider that, at every main-phase decision, compares what the engine offers with the same
    reading done without any cache (every derived and zone value computed from the board as it is)."""

    def __init__(self, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
        self.inner = RandomDecider(seed)
        self.monkeypatch = monkeypatch
        self.compared = 0
        self.kinds: set[str] = set()

    def decide(self, decision: Decision, game: Game) -> Option:
        if decision.kind == "main":
            cached = self._reading(game)
            with self.monkeypatch.context() as m:
                m.setattr(stats, "derived", lambda g, compute, subject, key: compute(g, subject))
                m.setattr(game, "zones", stats.DroppedZones(game))  # the zone view kept in the game is not read either
                fresh = self._reading(game)
            assert cached == fresh, f"turn {game.turn}: cached {cached} != fresh {fresh}"
            self.compared += 1
            for _att, (targets, taunt, _forbidden) in cached[1]:
                self.kinds |= {"player" if t is None else t.card.type + ("/rested" if t.rested else "/standing")
                               for t in targets}
                self.kinds |= {taunt} - {""}
        return self.inner.decide(decision, game)

    @staticmethod
    def _reading(game: Game) -> tuple[list[str], list[tuple[int, tuple[Any, str, bool]]]]:
        options = [o.label for o in turn.main_options(game).options]
        targets = [(a.oid, battle.legal_targets(game, a)) for a in battle.legal_attackers(game)]
        return options, targets


def _game(seed: int) -> Game:
    rng = random.Random(seed)
    return Game.from_decks(generate_deck(rng, "Red"), generate_deck(rng, "Blue"), seed=seed)


def test_main_options_and_targets_match_a_fresh_reading_of_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """8.4.1, 9.2.3, 12.15.2, 12.10.2: at every main-phase decision of these games the actions offered and every
    legal attacker's targets are those read from the board as it is then, with no cache."""
    seen: set[str] = set()
    compared = 0
    for seed in SEEDS:
        decider = _Comparing(seed, monkeypatch)
        _game(seed).run(decider)
        compared += decider.compared
        seen |= decider.kinds
    assert compared > 100
    # the comparison covered a standing pal (Assault) and a rested one, a structure, and a forced Taunt choice
    assert {"player", "pal/rested", "pal/standing", "structure/standing", "forced"} <= seen, seen


def _card(name: str, **kw: Any) -> Any:
    return card_from_dict({"name": name, "type": "pal", "cost": 1, "power": 1000, "strike": 1, **kw})


def test_same_name_cards_are_counted_together_across_card_objects() -> None:
    """6.1.1.2 at most 4 cards of the same name: two separately built cards of one name are one name (3 + 2 = 5),
    and a card name counted for every copy of one object (5 copies)."""
    fillers = [_card(f"Filler {i}") for i in range(11) for _ in range(4)]
    first, second = _card("Lamball"), _card("Lamball")
    split = validate_deck([first] * 3 + [second] * 2 + fillers + [_card("Extra")])
    assert [(v.rule, v.message) for v in split] == [("6.1.1.2", "5 cards named 'Lamball'; at most 4 of the same name")]
    one = validate_deck([first] * 5 + fillers + [_card("Extra")])
    assert [v.rule for v in one] == ["6.1.1.2"]
    assert not validate_deck([first] * 4 + fillers + [_card("Extra"), _card("Extra 2")])
