"""Game state: players (chapter 3), zones (chapter 4) and card objects.

A card that changes zone becomes a new object with a fresh `oid` (4.1.4); effects that applied to
the old object are keyed by the old oid and therefore do not follow it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pal_judge.engine.cards import Ability, CardDef, Step


@dataclass(slots=True, eq=False, init=False)
class CardInstance:
    """A card object (4.1.4): equal only to itself (a zone holds each object once; finding it in a zone compares
    identities, not every field)."""

    oid: int
    card: CardDef
    owner: int
    zone: str
    label: str
    rested: bool  # 4.3.2 stand/rest; 4.3.2.3 placed standing unless told otherwise
    damage: int  # 4.4.4 damage on pals and structures in base
    placed: int  # placement batch number, for 11.5.1.1 "the last placed pals"
    entered_turn: int  # the turn it entered the base (9.2.2.3)
    # 3.1.2 the master of a card in a zone is the player the zone belongs to: its owner's, since every card goes to
    # its owner's zone (4.1.6) and a card that changes zone is a new object (4.1.4). Set with the object and never
    # changed, a field of its own (read ~225 times a game: a slot's read, where a property was a call); not an argument
    # of `__init__` (a saved game does not write it, `saved._FIELDS`)
    controller: int = field(init=False)

    def __init__(self, oid: int, card: CardDef, owner: int, zone: str, label: str, rested: bool = False,
                 damage: int = 0, placed: int = 0, entered_turn: int = 0) -> None:
        self.oid = oid
        self.card = card
        self.owner = owner
        self.zone = zone
        self.label = label
        self.rested = rested
        self.damage = damage
        self.placed = placed
        self.entered_turn = entered_turn
        self.controller = owner

    @property
    def name(self) -> str:
        return self.card.name


@dataclass(slots=True)
class Player:
    idx: int
    name: str
    life: int = 10
    damage: int = 0  # 3.2.2 damage taken, resolved by 11.2
    material: int = 0
    ingredient: int = 0
    deck: list[CardInstance] = field(default_factory=list)  # index 0 = top (4.5.2 ordered)
    hand: list[CardInstance] = field(default_factory=list)
    base: list[CardInstance] = field(default_factory=list)
    graveyard: list[CardInstance] = field(default_factory=list)
    exile: list[CardInstance] = field(default_factory=list)
    # souls are counted, not carded (13.2.2): the soul deck and the soul area's standing/rested
    soul_deck: int = 10
    soul_standing: int = 0
    soul_rested: int = 0
    pal_limit: int = 5  # 4.4.5.2
    redraw_used: bool = False  # 6.2.1.7.1

    def zone(self, name: str) -> list[CardInstance]:
        return getattr(self, name)  # type: ignore[no-any-return]

    def pals(self) -> list[CardInstance]:
        return [c for c in self.base if c.card.type == "pal"]

    def resource(self, name: str) -> int:
        return self.material if name == "material" else self.ingredient


@dataclass(slots=True)
class Modifier:
    """A continuous effect from a one-shot resolution on one object (10.2.1.2)."""

    oid: int
    kind: str  # power | grant | cannot_attack | cannot_block | cannot_be_blocked
    amount: int = 0
    keyword: tuple[str, int] | None = None
    duration: str = "until_end_of_turn"
    order: int = 0  # 10.10.1.6.2 the time it was used
    against: Any = None  # cannot_attack: the Target it may not attack (9.2.4.1); None = no attack at all
    controller: int = 0  # the controller of the effect (reads `against`'s you/opponent)


@dataclass(slots=True)
class Lki:
    """Last-known information of a card that left the base (10.8.4.1.2, 10.12.1)."""

    oid: int
    label: str
    card: CardDef
    controller: int
    power: int
    strike: int
    keywords: dict[str, int]
    battling: bool
    attacking: bool
    battle_opponent: int | None


@dataclass(slots=True)
class Context:
    """What an ability resolution knows: its controller, source and trigger details."""

    controller: int
    source_oid: int | None = None
    source_label: str = ""
    source_card: CardDef | None = None
    source_lki: Lki | None = None
    assigned: tuple[int, ...] = ()
    trigger_card: int | None = None
    trigger_lki: Lki | None = None
    cites: tuple[str, ...] = ()
    x: int | None = None  # the value chosen for an undefined X (10.6.2.2.2)
    declared: str | None = None  # a card name declared by this effect (5.19.1)
    modes: dict[int, int] = field(default_factory=dict)  # choose_one step id -> option chosen on use (10.6.2.2.1)


@dataclass(slots=True)
class Pending:
    """An auto ability in standby (10.8.2)."""

    ability: Ability
    ctx: Context
    key: tuple[Any, ...] = ()  # (oid, ability index) for use limits and state triggers

    @property
    def controller(self) -> int:
        return self.ctx.controller

    def label(self) -> str:
        trig = self.ability.name or self.ability.trigger or "ability"
        return f"{self.ctx.source_label}: {trig}"


@dataclass(slots=True)
class Delayed:
    """A delayed trigger created by an effect (10.8.5); triggers once (10.8.5.1)."""

    trigger: str
    effect: tuple[Step, ...]
    ctx: Context
    phase: str | None = None  # start_of_phase: the phase it waits for
    whose: str = "any"  # whose turn that must be


@dataclass(slots=True)
class Battle:
    attacker: int  # oid of the attacking pal (9.3.2.1)
    attacker_player: int
    target_oid: int | None  # the target card, or None when the target is the player
    target_player: int
    blocked: bool = False
    nullified: bool = False  # 5.18.1
    attack_over: bool = False  # 9.7.3.1 after the first 9.7.3 the attacking pal is no longer attacking
    opponents: dict[int, int] = field(default_factory=dict)  # 9.4.3 battle opponents, both ways
    triggered_end: set[tuple[Any, ...]] = field(default_factory=set)


@dataclass(slots=True)
class Result:
    outcome: str  # win | draw | turn_limit | script_exhausted | until | loop_draw | action_limit
    winner: str | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "winner": self.winner, "reason": self.reason}
