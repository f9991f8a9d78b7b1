"""Invariant checks over a running game: attach a checker, run, read how many checks were made.

`InvariantChecker(game, sections).attach()` hooks the game's trace (every `emit`) and wraps the decider,
so the board is checked after every state change and at every play timing. A broken invariant raises
`InvariantBroken` naming the check, the seed, the turn and the event. Used by the test suite and by
`bench/soak.py`; a failing seed is replayed with `pal-judge simulate --seed S --games 1`
(`play_checked` builds exactly the game `simulate` plays for that seed).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pal_judge.engine.cards import CardDef
from pal_judge.engine.deciders import Decider, Decision, Option, RandomDecider

if TYPE_CHECKING:
    from pal_judge.engine.game import Game
    from pal_judge.engine.trace import Change

# Outcomes a finished random game may have: 1.2.1 a winner, 1.2.2 a draw, 13.1.1.1 a loop,
# and the documented simulation stops (API.md §4).
FINISHED = frozenset({"win", "draw", "loop_draw", "turn_limit", "action_limit"})
# 11.2.2.3 player damage resolution, 3.2.1.1 a life-changing effect, 6.2.1.8 the pre-game life.
LIFE_CAUSES = frozenset({"11.2.2.3", "3.2.1.1", "6.2.1.8"})
# 10.5.2 play timings come right after a check timing: the decisions asked there.
PLAY_TIMING_KINDS = frozenset({"main", "block", "quick"})
SOULS = 10  # 6.1.2 / 13.2


class InvariantBroken(AssertionError):
    """An invariant failed; the message names the seed so the game can be replayed."""


@dataclass(frozen=True)
class CheckReport:
    seed: int
    outcome: str
    turns: int
    events: int
    checks: int


class InvariantChecker:
    """Checks one game. `cards_per_player` is the fixed number of cards each owner has (50 for a deck game)."""

    def __init__(self, game: Game, sections: Collection[str] | None = None,
                 cards_per_player: Sequence[int] | None = None) -> None:
        self.game = game
        self.sections = sections
        self.cards = list(cards_per_player) if cards_per_player is not None else [
            len(self._owned(p.idx)) for p in game.players]
        self.souls = [p.soul_deck + p.soul_standing + p.soul_rested for p in game.players]
        self.life = [p.life for p in game.players]
        self.checks = 0
        self.events = 0
        self._emit: Callable[..., None] | None = None

    # ------------------------------------------------------------------ wiring
    def attach(self) -> InvariantChecker:
        """Check after every state change: the game's `emit` is wrapped on this instance only."""
        self._emit = self.game.emit
        self.game.emit = self._checked_emit  # type: ignore[method-assign]
        return self

    def decider(self, inner: Decider) -> Decider:
        """A decider that checks the board at every decision, then lets `inner` answer."""
        return _CheckingDecider(self, inner)

    def _checked_emit(self, what: str, cites: Sequence[str], player: int | None = None, card: str | None = None,
                      before: Change | None = None, after: Change | None = None) -> None:
        assert self._emit is not None
        self._emit(what, cites, player=player, card=card, before=before, after=after)
        self.events += 1
        self.after_event(what, tuple(cites))

    def fail(self, check: str, detail: str) -> None:
        g = self.game
        raise InvariantBroken(f"{check}: {detail} (seed {g.seed}, turn {g.turn}, phase {g.phase}, "
                              f"event {g.event_count}; replay: pal-judge simulate --seed {g.seed} --games 1)")

    # ------------------------------------------------------------------ the checks
    def after_event(self, what: str, cites: tuple[str, ...]) -> None:
        g = self.game
        self.checks += 1
        if not cites:
            self.fail("cites", f"event {what!r} cites nothing")
        if self.sections is not None:
            unknown = [c for c in cites if c not in self.sections]
            if unknown:
                self.fail("cites", f"event {what!r} cites {unknown}, not sections of rules/zh.txt")
        for p in g.players:
            if p.life != self.life[p.idx]:
                # 3.2.1 life changes only by player damage resolution (11.2.2.3) or an effect (3.2.1.1)
                if not LIFE_CAUSES.intersection(cites):
                    self.fail("life", f"{p.name}'s life went {self.life[p.idx]} -> {p.life} at {what!r} {cites}")
                self.life[p.idx] = p.life
            if p.material < 0 or p.ingredient < 0 or p.damage < 0:
                self.fail("resources", f"{p.name} has material {p.material}, ingredient {p.ingredient}, "
                          f"damage {p.damage} after {what!r}")
            if min(p.soul_deck, p.soul_standing, p.soul_rested) < 0:
                self.fail("souls", f"{p.name} has a negative soul count after {what!r}")
        self.check_zones(what)
        if what.startswith(f"turn {g.turn} ends"):
            # 7.6.3 damage on base cards is removed in the end phase, before the turn passes (7.6.5)
            left = [f"{c.label} ({c.damage})" for c in g.base_cards() if c.damage]
            if left:
                self.fail("end phase", f"damage still on {', '.join(left)} as turn {g.turn} ends")

    def _owned(self, idx: int) -> list[Any]:
        g = self.game
        p = g.players[idx]
        mine = [c for z in (p.deck, p.hand, p.base, p.graveyard, p.exile) for c in z]
        return mine + [c for c in g.resolution if not isinstance(c, tuple) and getattr(c, "owner", None) == idx]

    def check_zones(self, what: str) -> None:
        """4.1 every card is in exactly one zone; 6.1 each owner keeps all their cards and 10 souls."""
        g = self.game
        seen: set[int] = set()
        for p in g.players:
            for zname in ("deck", "hand", "base", "graveyard", "exile"):
                for c in p.zone(zname):
                    if c.oid in seen:
                        self.fail("zones", f"{c.label} (object {c.oid}) is in two zones after {what!r}")
                    seen.add(c.oid)
                    if c.owner != p.idx or c.zone != zname:
                        self.fail("zones", f"{c.label} is in {p.name}'s {zname} but says owner "
                                  f"{c.owner}, zone {c.zone} after {what!r}")
        for c in g.resolution:
            if not isinstance(c, tuple) and hasattr(c, "oid"):
                if c.oid in seen:
                    self.fail("zones", f"{c.label} is in the resolution zone and another zone after {what!r}")
                seen.add(c.oid)
        for p in g.players:
            n = len(self._owned(p.idx))
            if n != self.cards[p.idx]:
                self.fail("card total", f"{p.name} owns {n} cards, not {self.cards[p.idx]}, after {what!r}")
            souls = p.soul_deck + p.soul_standing + p.soul_rested
            if souls != self.souls[p.idx]:
                self.fail("soul total", f"{p.name} has {souls} souls, not {self.souls[p.idx]}, after {what!r}")

    def at_decision(self, decision: Decision) -> None:
        from pal_judge.engine import stats

        g = self.game
        self.checks += 1
        self.check_zones(f"decision {decision.kind}")
        if decision.kind in PLAY_TIMING_KINDS:
            # 11.5 after a check timing no base holds more pals than its limit
            for p in g.players:
                limit = max(stats.pal_limit(g, p.idx), 0)
                if len(p.pals()) > limit:
                    self.fail("pal limit", f"{p.name} has {len(p.pals())} pals (limit {limit}) "
                              f"at a {decision.kind} decision")
        if not decision.options:
            self.fail("decision", f"{decision.kind} asked with no options")

    def at_end(self, outcome: str) -> None:
        self.checks += 1
        if outcome not in FINISHED:
            self.fail("ending", f"the game stopped with outcome {outcome!r}")
        self.check_zones("the end of the game")


@dataclass
class _CheckingDecider:
    checker: InvariantChecker
    inner: Decider

    def decide(self, decision: Decision, game: Game) -> Option:
        self.checker.at_decision(decision)
        return self.inner.decide(decision, game)


def play_checked(seed: int, sections: Collection[str] | None, turn_limit: int = 200) -> CheckReport:
    """Play the game `pal-judge simulate --seed SEED --games 1` plays, checking every invariant."""
    from pal_judge.engine.game import Game
    from pal_judge.engine.simulate import generate_deck

    rng = random.Random(seed)
    game = Game.from_decks(generate_deck(rng, "Red"), generate_deck(rng, "Blue"), seed=seed,
                           turn_limit=turn_limit, record=False)
    checker = InvariantChecker(game, sections, cards_per_player=(50, 50)).attach()
    result = game.run(checker.decider(RandomDecider(seed)))
    checker.at_end(result.outcome)
    return CheckReport(seed, result.outcome, result.turns, checker.events, checker.checks)


def random_board(rng: random.Random, pool: Sequence[CardDef]) -> dict[str, Any]:
    """A legal mid-game board for `Game.from_setup` (API.md §2) built from `pool`: at most 5 Pals per
    base (4.4.5.2), damage below each card's power (11.4 would destroy it), 10 souls (6.1.2)."""
    pals = [c.name for c in pool if c.type == "pal"]
    placeable = [c.name for c in pool if c.type != "event"]
    anything = [c.name for c in pool] + ["Filler", "Lucky Filler"]
    power = {c.name: c.power or 1000 for c in pool}

    def player() -> dict[str, Any]:
        chosen = [rng.choice(placeable) for _ in range(rng.randint(0, 6))]
        base = [n for n in chosen if n in pals][:5] + [n for n in chosen if n not in pals][:2]
        standing = rng.randint(0, SOULS)
        rested = rng.randint(0, SOULS - standing)
        return {
            "life": rng.randint(1, 10), "material": rng.randint(0, 3), "ingredient": rng.randint(0, 3),
            "deck": [rng.choice(anything) for _ in range(rng.randint(5, 30))],
            "hand": [rng.choice(anything) for _ in range(rng.randint(0, 7))],
            "graveyard": [rng.choice(anything) for _ in range(rng.randint(0, 4))],
            "base": [{"card": n, "state": rng.choice(["standing", "rested"]),
                      "damage": rng.randint(0, min(max(power.get(n, 1000), 1) - 1, 3000))} for n in base],
            "souls": {"standing": standing, "rested": rested, "deck": SOULS - standing - rested},
        }

    turn = rng.randint(1, 12)
    return {"turn": turn, "turn_player": rng.choice(["A", "B"]),
            "phase": rng.choice(["stand", "draw", "soul", "main", "end"]), "night": rng.random() < 0.5,
            "turn_limit": turn + 6, "players": {"A": player(), "B": player()}}


def play_board_checked(seed: int, sections: Collection[str] | None) -> CheckReport:
    """A random legal board (cards from `generate_pool`) played by `RandomDecider(seed)` under every invariant."""
    from pal_judge.engine.game import Game
    from pal_judge.engine.simulate import generate_pool

    rng = random.Random(seed)
    pool = generate_pool(rng, "Board")
    game = Game.from_setup(random_board(rng, pool), cards=pool, seed=seed)
    return check_setup_game(game, RandomDecider(seed), sections)


def check_setup_game(game: Game, decider: Decider, sections: Collection[str] | None) -> CheckReport:
    """Run a game built from an explicit board under every invariant (card totals as set up)."""
    checker = InvariantChecker(game, sections).attach()
    result = game.run(checker.decider(decider))
    checker.at_end(result.outcome)
    return CheckReport(game.seed, result.outcome, result.turns, checker.events, checker.checks)
