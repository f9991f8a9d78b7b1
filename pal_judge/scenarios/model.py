"""What a scenario is once loaded: a board, the steps a judge scripts, what must be true.

Players are called `A` and `B`. Every card on the board has a *label* (its name,
or the `as:` alias when two copies share a name) that steps and expectations use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pal_judge.scenarios.located import Where

PLAYERS = ("A", "B")

# 12.x keywords a card spec may list; Brave and Serious take a number.
KEYWORDS = (
    "Quick",
    "Brave",
    "Serious",
    "Interrupt",
    "Vigilance",
    "Taunt",
    "Stealth",
    "Retaliate",
    "Nocturnal",
    "Breakthrough",
    "Assault",
)
NUMBERED_KEYWORDS = ("Brave", "Serious")
# A card expectation may name the attacking Pal instead of a card (`power: {attacking Pal: 5000}`).
ATTACKING_PAL = "attacking Pal"
CARD_TYPES = ("pal", "structure", "gear", "event", "soul")
PHASES = ("stand", "draw", "soul", "main", "end")
# Where a pre-game set-up starts (6.2.1): the shuffle (6.2.1.2), the choice of who goes first (6.2.1.3: the decks
# in the order written), or the redraw (6.2.1.7: who goes first given; souls and opening hands, which ask nothing,
# are placed and drawn as the set-up's events).
PREGAME_STARTS = ("shuffle", "first_player", "redraw")
OPENING_HAND = 5  # 6.2.1.6
ZONES = ("deck", "hand", "base", "graveyard", "exile", "soul_area", "soul_deck", "resolution")


# On Deploy / On Attack / On Assign (12.3-12.5) are written as ability triggers, not keywords.


@dataclass(frozen=True)
class CardSpec:
    """A card as the scenario describes it; `data` is the engine's card dict (`card_from_dict`)."""

    name: str
    type: str
    data: dict[str, Any]
    where: Where
    lucky: bool = False
    node: Any = field(default=None, compare=False, repr=False)  # the YAML it came from, to point at lines


@dataclass(frozen=True)
class BaseCard:
    card: CardSpec
    state: str = "standing"
    damage: int = 0
    power: int = 0  # a +N (or -N) power change until end of turn already on the card (10.2.1.2)
    strike: int = 0  # the same for strike


@dataclass(frozen=True)
class PlayerSetup:
    life: int = 10
    damage: int = 0
    resources: dict[str, int] = field(default_factory=dict)
    deck: tuple[CardSpec, ...] = ()
    hand: tuple[CardSpec, ...] = ()
    base: tuple[BaseCard, ...] = ()
    graveyard: tuple[CardSpec, ...] = ()
    souls_standing: int = 0
    souls_rested: int = 0
    soul_deck: int = 0
    pal_limit: int = 5


@dataclass(frozen=True)
class Setup:
    turn_player: str
    first_player: str
    turn_number: int
    phase: str
    night: bool
    soul_draw_used: bool
    players: dict[str, PlayerSetup]
    pregame: bool = False  # start from the two decks and the pre-game procedure (6.2) instead of a board
    seed: int = 0
    start: str = "shuffle"  # a pre-game set-up's starting point, one of PREGAME_STARTS

    def cards(self) -> list[tuple[str, str, CardSpec]]:
        """Every card on the board as (player, zone, spec), bases and hands first in the engine's label order."""
        found: list[tuple[str, str, CardSpec]] = []
        for player in PLAYERS:
            board = self.players[player]
            found += [(player, "base", b.card) for b in board.base]
            found += [(player, "hand", c) for c in board.hand]
        for player in PLAYERS:
            board = self.players[player]
            found += [(player, "deck", c) for c in board.deck]
            found += [(player, "graveyard", c) for c in board.graveyard]
        return found

    def labels(self) -> dict[str, tuple[str, str]]:
        """Label -> (player, zone) for cards in bases and hands: the name, then Name#2, Name#3 for copies."""
        seen: dict[str, int] = {}
        labels: dict[str, tuple[str, str]] = {}
        for player, zone, spec in self.cards():
            if zone not in ("base", "hand"):
                continue
            seen[spec.name] = seen.get(spec.name, 0) + 1
            label = spec.name if seen[spec.name] == 1 else f"{spec.name}#{seen[spec.name]}"
            labels[label] = (player, zone)
        return labels

    def names(self) -> set[str]:
        return {spec.name for _, _, spec in self.cards()}


@dataclass(frozen=True)
class Expectation:
    """One observable fact: `kind` (life, zone, damage, state, power, winner, …), its subject and value."""

    kind: str
    subject: str | None
    expected: Any
    where: Where

    def describe(self) -> str:
        if self.subject is None or self.kind == "refused":
            return f"{self.subject or self.kind} is {as_written(self.expected)}"
        return f"{self.kind} of {self.subject} is {as_written(self.expected)}"


def as_written(value: Any) -> str:
    """A value as a judge writes it in YAML flow style: `{standing: 0, rested: 1}`, `[6.1.1.1, 6.1.1.3]`."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {as_written(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(as_written(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


@dataclass(frozen=True)
class Step:
    """One scripted answer: `action` is the verb (attack, block, pass, play, …), `args` its operands."""

    action: str
    args: dict[str, Any]
    where: Where
    expect: tuple[Expectation, ...] = ()
    at: tuple[str, int] | None = None  # (clause, n): its `expect:` is checked right after the step's nth event
    # whose primary cite is that clause or one of its sub-clauses, in the middle of a rules procedure

    def describe(self) -> str:
        if self.at is not None:
            return f"{Step(self.action, self.args, self.where).describe()} (observed after {self.at[0]} #{self.at[1]})"
        if self.action == "attack":
            return f"attack {self.args['with']} -> {self.args['target']}"
        if self.action == "attempt":
            return f"attempt {self.args['step'].describe()} (refused by {self.args['refused_by']})"
        parts = [self.action]
        for key, value in self.args.items():
            if value is None or value == [] or value is False:
                continue
            parts.append(f"{key}={value}" if key not in ("card", "player") else str(value))
        return " ".join(parts)


@dataclass(frozen=True)
class Scenario:
    name: str
    setup: Setup
    steps: tuple[Step, ...]
    expect: tuple[Expectation, ...]
    where: Where
    description: str = ""
    resume: Any = None  # a saved game (`replay --save-at`): the engine resumes it instead of building the set-up
