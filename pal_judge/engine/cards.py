"""Cards as data (chapter 2) and the small effect vocabulary of abilities (chapters 10 and 12).

`card_from_dict` validates a plain dict (as read from YAML) and raises `CardDataError(path, message)`
with a path such as ``abilities[0].effect[1].amount`` so a loader can point at the line.
The vocabulary is documented in API.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Mapping, NamedTuple

from pal_judge.engine.limits import MAX_AMOUNT, MAX_CHOOSE, MAX_REPEAT, MAX_TRIGGER_TIMES, MAX_X

CARD_TYPES = ("pal", "structure", "equipment", "event")
SUBTYPES = ("normal", "lucky")
COLORS = ("red", "blue", "green", "purple", "colorless")
ABILITY_KINDS = ("activated", "auto", "continuous", "replacement")
# triggers of keyword abilities that a printed ability may have too: opponent_destroyed, "when this Pal's battle
# opponent is put into the graveyard" (Breakthrough's, 12.14.2; printed: 9.4.3, 10.8.4)
INTERNAL_TRIGGERS = ("opponent_destroyed",)
TRIGGERS = (
    "on_deploy", "on_attack", "on_attacked", "on_block", "on_assign", "on_assigned",
    "on_destroyed", "on_ally_destroyed", "on_ally_deployed", "on_battle_damage", "start_of_game", "start_of_turn",
    "start_of_phase", "start_of_step", "end_of_turn", "end_of_battle", "state",
    "on_other_rested", "on_other_stood", "on_pal_attacks",
) + INTERNAL_TRIGGERS
PHASES = ("stand", "draw", "soul", "main", "end")
STEPS = ("block", "quick", "damage")
STATES = ("hand_empty", "no_pals")
CONDITIONS = ("night", "day", "your_turn", "opponent_turn", "hand_empty", "attacking", "battling")
ZONE_CONDITIONS = frozenset({"hand_empty"})  # the conditions that read a zone other than the base
DURATIONS = ("once", "until_end_of_turn", "until_end_of_battle", "game")
TARGET_WORDS = ("self", "you", "opponent", "attacker", "battle_opponent", "assigned", "trigger_card")
TARGET_TYPES = ("pal", "structure", "equipment", "player", "any", "pal_or_structure")
# A selector's `type` that matches more than one card type: "a Pal or structure" (5.14.1, 11.4.1)
TYPE_GROUPS = {"any": CARD_TYPES, "pal_or_structure": ("pal", "structure")}
CONTROLLERS = ("you", "opponent", "any")
CARD_STATES = ("rested", "standing")  # a selector's `state` (4.3.2)
SELECTOR_FIELDS = ("choose", "up_to", "all", "type", "controller", "state", "subtype", "name",
                   "max_cost", "keyword", "zone", "color", "element", "work", "main_name")
ZONES_FOR_SELECT = ("base", "hand", "graveyard")
PLACE_TO = ("hand", "deck_top", "deck_bottom", "graveyard", "base")
RESOURCES = ("material", "ingredient")
KEYWORDS_FLAG = (
    "quick", "interrupt", "vigilance", "taunt", "stealth", "retaliate", "nocturnal",
    "breakthrough", "assault",
)
KEYWORDS_VALUED = ("brave", "serious")
STEP_KINDS = (
    "draw", "draw_up_to", "damage", "power", "strike", "grant", "stand", "rest", "destroy", "butcher",
    "exile", "place", "discard", "look_top", "look_and_choose", "shuffle", "gain", "life",
    "deploy", "night", "nullify_attack", "delayed", "choose_one", "win", "lose",
    "must_attack", "cannot_attack", "cannot_block", "cannot_be_blocked", "pal_limit",
    "trigger_times", "look_top_up_to", "exchange", "declare", "repeat",
)
COST_KINDS = ("soul", "rest", "discard", "consume", "assign", "butcher")


class CardDataError(ValueError):
    """A card dict is invalid; `path` locates the offending field inside the card."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


@dataclass(frozen=True, slots=True)
class Target:
    """Who or what an effect step acts on (10.6.3 for chosen targets)."""

    word: str | None = None  # one of TARGET_WORDS, or None for a selector
    choose: int = 0
    up_to: bool = False
    all: bool = False
    type: str = "pal"
    controller: str = "any"
    state: str | None = None
    subtype: str | None = None
    name: str | None = None
    max_cost: int | None = None
    keyword: str | None = None
    zone: str = "base"
    x: bool = False  # the count was written X (10.6.2.2.2)
    color: str | None = None  # red | blue | green | purple | any (has a color; colorless has none, 2.6.3)
    element: str | None = None  # an element (2.4.1); "neutral" is an element too (2.4.2.1)
    work: str | None = None  # a work suitability (2.5.1, 2.5.2)
    main_name: str | None = None  # a main name (2.1.3.1): only the part of a card name after " – "

    @property
    def is_selector(self) -> bool:
        return self.word is None


@dataclass(frozen=True, slots=True)
class Step:
    """One effect step (`do`) with the fields it uses."""

    do: str
    amount: int | None = None
    who: str = "you"
    target: Target | None = None
    duration: str = "once"
    keyword: tuple[str, int] | None = None
    to: str | None = None
    rest: str | None = None
    choose: int = 1
    filter: Target | None = None
    resource: str | None = None
    value: bool = True
    trigger: str | None = None
    phase: str | None = None  # delayed start_of_phase: which phase (10.8.5)
    whose: str = "any"  # delayed: whose turn it must be (you | opponent | any)
    effect: tuple["Step", ...] = ()
    options: tuple[tuple["Step", ...], ...] = ()
    cond: str | None = None
    from_zone: str = "hand"
    x: bool = False  # the amount or count was written X (10.6.2.2.2)
    amount_of: tuple[str, "Target"] | None = None  # an amount read from the game: (count|strike|power, whose)
    # an X is written in this step, its target's count or the steps it holds (a repeat's, a delayed ability's, a
    # choose_one's options): read once as the step is made, since a text with an undefined X asks for its value on
    # every use (10.6.2.2.2, `effects.has_x`)
    x_inside: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        x_inside = self.x or self.target is not None and self.target.x
        for s in self.effect:
            x_inside = x_inside or s.x_inside
        for option in self.options:
            for s in option:
                x_inside = x_inside or s.x_inside
        object.__setattr__(self, "x_inside", x_inside)  # (frozen: set once, here)


@dataclass(frozen=True, slots=True)
class Cost:
    kind: str  # soul | rest | discard | consume | assign | butcher
    amount: int = 1
    self_card: bool = False  # rest: self / discard: self
    resource: str | None = None


@dataclass(frozen=True, slots=True)
class Ability:
    kind: str  # activated | auto | continuous | replacement
    effect: tuple[Step, ...] = ()
    name: str | None = None
    trigger: str | None = None
    phase: str | None = None  # start_of_phase
    step: str | None = None  # start_of_step
    state: str | None = None  # state trigger (10.8.6)
    whose: str = "you"
    zone: str = "base"
    quick: bool = False
    limit: int | None = None
    costs: tuple[tuple[Cost, ...], ...] = ((),)  # alternatives (12.8.2 has two)
    optional: bool = False
    cond: str | None = None
    replaces: str | None = None
    protects: "Target | None" = None  # replacement: the cards it protects (None = its own card)
    keyword: str | None = None  # set for abilities a keyword stands for (chapter 12)
    cites: tuple[str, ...] = ()

    @property
    def cost(self) -> tuple[Cost, ...]:
        return self.costs[0]


def _reads_elsewhere(s: Step) -> bool:
    """Does this step of a continuous ability read a zone other than the base (its condition, a count there)?"""
    return s.cond in ZONE_CONDITIONS or s.amount_of is not None and s.amount_of[1].zone != "base"


def add_keywords(out: dict[str, int], keywords: Iterable[tuple[str, int]]) -> dict[str, int]:
    """Tally keywords into `out`: a flag keyword maps to its count, a valued one to its summed value."""
    for k, v in keywords:
        out[k] = out.get(k, 0) + ((v or 1) if k in KEYWORDS_VALUED else 1)
    return out


# A card definition is read-only data, shared by every object of the card (4.1.4) and by every game of a deck. It is a
# slotted record that no code writes after `__post_init__`, not a frozen dataclass: a frozen one sets each of its 26
# fields through `object.__setattr__` (about 5 us a card, 26 cards a generated game); `unsafe_hash` keeps the hash a
# frozen one has (by its compared fields).
@dataclass(slots=True, unsafe_hash=True)
class CardDef:
    name: str
    type: str
    names: tuple[str, ...] = ()
    subtype: str | None = None
    lucky: bool = False
    element: str = "neutral"
    work: tuple[str, ...] = ()
    color: str = "colorless"
    cost: int = 0
    power: int = 0
    strike: int = 0
    keywords: tuple[tuple[str, int], ...] = ()
    effect: tuple[Step, ...] = ()
    abilities: tuple[Ability, ...] = ()
    # 6.1.3 a deck-building ability replacing the 4-copies rule (6.1.1.2): N copies, or -1 for any number
    deck_limit: int | None = None
    has_continuous: bool = field(init=False, compare=False)
    has_replacement: bool = field(init=False, compare=False)  # read at every zone change (10.11)
    # a continuous ability of it reads a zone other than the base (a hand_empty condition, a count of cards there):
    # a move between those zones may change what it applies (10.10.1)
    continuous_reads_elsewhere: bool = field(init=False, compare=False)
    # derived once, read on every event: the triggers of its printed auto abilities, the zones other than the
    # base where one of its abilities works (10.3.4.1)
    triggers: frozenset[str] = field(init=False, compare=False)
    icon_zones: frozenset[str] = field(init=False, compare=False)
    printed_keywords: dict[str, int] = field(init=False, compare=False)
    printed_abilities: tuple[tuple[int, Ability], ...] = field(init=False, compare=False)
    # its activated abilities, numbered as in `printed_abilities`: the only ones it can have, since only base
    # cards get keywords from effects (10.3.5) and the one activated keyword ability, Interrupt, works from the
    # hand (12.8.2)
    activated: tuple[tuple[int, Ability], ...] = field(init=False, compare=False)
    continuous_kinds: frozenset[str] = field(init=False, compare=False)  # their steps' `do`
    # its card names: the printed one and added ones (2.1.5). "Same name" (5.20.1, 5.20.1.1, 6.1.1.2) compares
    # these: a main or sub name is only a part of a card name (2.1.3, 2.1.4)
    card_names: frozenset[str] = field(init=False, compare=False)
    # every name a text may refer to it by (2.1.4): its card names and their main/sub names (2.1.3)
    all_names: frozenset[str] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        # the derived fields (set here alone, not first to a default by __init__): those of its abilities and
        # keywords read once for each pair of them (`_ability_traits`), then those of its names (`card_names_of`)
        (self.has_continuous, self.has_replacement, self.continuous_reads_elsewhere, self.triggers, self.icon_zones,
         self.printed_keywords, self.printed_abilities, self.activated, self.continuous_kinds) = _ability_traits(self)
        self.card_names, self.all_names = card_names_of(self.name, self.names)

    @property
    def main_names(self) -> frozenset[str]:
        """The main names of its card names (2.1.3.1); none for a name without " – " (2.1.3.2)."""
        return frozenset(parts[1] for n in self.card_names if (parts := sub_and_main(n)))

    def has_keyword(self, kw: str) -> bool:
        return any(k == kw for k, _ in self.keywords)


class _AbilityTraits(NamedTuple):
    """The fields of a `CardDef` that its printed abilities and keywords alone give (not its names)."""

    has_continuous: bool
    has_replacement: bool
    continuous_reads_elsewhere: bool
    triggers: frozenset[str]
    icon_zones: frozenset[str]
    printed_keywords: dict[str, int]  # shared by the cards with these abilities and keywords: read only (as it is)
    printed_abilities: tuple[tuple[int, Ability], ...]
    activated: tuple[tuple[int, Ability], ...]
    continuous_kinds: frozenset[str]


class CardNames(NamedTuple):
    """What a card's printed name and added names give it (`CardDef.card_names`, `CardDef.all_names`)."""

    card_names: frozenset[str]  # its card names: the printed one and the added ones (2.1.5)
    all_names: frozenset[str]  # those and the sub and main names of each (2.1.3.1, 2.1.4)


@lru_cache(maxsize=1024)
def card_names_of(name: str, names: tuple[str, ...]) -> CardNames:
    """The names of a card with this printed name and these added names, read once for each such pair (at most 1024
    kept; both are plain strings, and every game a deck is generated for names its cards alike: "Red Pal 1", ...)."""
    card_names = frozenset((name, *names))
    all_names = card_names
    for n in card_names:  # 2.1.4 a text may name it by the sub or main name of a card name (2.1.3.1)
        parts = sub_and_main(n)
        if parts:
            all_names = all_names.union(parts)
    return CardNames(card_names, all_names)


# The traits of the abilities and keywords seen last, by the identity of the abilities tuple and the keywords' value:
# the cards of a generated deck share the abilities tuples of the templates they were drawn from (26 cards a generated
# game, most with a pair seen before), and a key by the abilities' value would hash every step of every ability. Each
# entry keeps its abilities tuple alive, so its id is not given to another object while the entry is kept; at most
# TRAITS_KEPT entries are kept.
TRAITS_KEPT = 1024
_traits_seen: dict[tuple[int, tuple[tuple[str, int], ...]], tuple[tuple[Ability, ...], _AbilityTraits]] = {}


def _ability_traits(card: CardDef) -> _AbilityTraits:
    """What the card's printed abilities and keywords give it (`CardDef`'s derived fields but its names), read in one
    pass over the abilities, or as read for a card with the very same abilities tuple and equal keywords."""
    abilities, keywords = card.abilities, card.keywords
    key = (id(abilities), keywords)
    seen = _traits_seen.get(key)
    if seen is not None:  # (its entry keeps that abilities tuple alive: this id is still that tuple's)
        return seen[1]
    continuous = replacement = reads_elsewhere = False
    kinds: set[str] = set()
    triggers: set[str] = set()
    icon_zones: set[str] = set()
    for a in abilities:
        if a.trigger:
            triggers.add(a.trigger)
        if a.zone != "base":
            icon_zones.add(a.zone)
        if a.kind == "continuous":
            continuous = True
            reads_elsewhere = reads_elsewhere or a.cond in ZONE_CONDITIONS or any(map(_reads_elsewhere, a.effect))
            kinds.update(s.do for s in a.effect)
        elif a.kind == "replacement":
            replacement = True
    printed_keywords = add_keywords({}, keywords)
    printed_abilities = tuple(abilities_of(printed_keywords, card))
    activated = tuple((i, a) for i, a in printed_abilities if a.kind == "activated") if printed_abilities else ()
    traits = _AbilityTraits(continuous, replacement, reads_elsewhere, frozenset(triggers), frozenset(icon_zones),
                            printed_keywords, printed_abilities, activated, frozenset(kinds))
    if len(_traits_seen) >= TRAITS_KEPT:
        _traits_seen.clear()
    _traits_seen[key] = (abilities, traits)
    return traits


# ---------------------------------------------------------------------------------------------
# parsing helpers


def _req(d: Mapping[str, Any], key: str, path: str) -> Any:
    if key not in d:
        raise CardDataError(path, f"missing required field '{key}'")
    return d[key]


def _int(v: Any, path: str, allow_x: bool = False, bound: int = MAX_AMOUNT) -> int:
    if allow_x and isinstance(v, str) and v.strip().upper() == "X":
        return 0  # placeholder: the player chooses X when the card or ability is used (10.6.2.2.2)
    if isinstance(v, bool) or not isinstance(v, int):
        raise CardDataError(path, f"expected an integer, got {v!r}")
    if abs(v) > bound:
        raise CardDataError(path, f"{v} is beyond the engine's limit of {bound}")
    return v


def _is_x(v: Any) -> bool:
    return isinstance(v, str) and v.strip().upper() == "X"


def _choice(v: Any, allowed: tuple[str, ...], path: str) -> str:
    if not isinstance(v, str) or v not in allowed:
        raise CardDataError(path, f"expected one of {', '.join(allowed)}, got {v!r}")
    return v


def _mapping(v: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(v, Mapping):
        raise CardDataError(path, f"expected a mapping, got {type(v).__name__}")
    return v


def _seq(v: Any, path: str) -> list[Any]:
    if not isinstance(v, list):
        raise CardDataError(path, f"expected a list, got {type(v).__name__}")
    return v


def _no_extra(d: Mapping[str, Any], allowed: set[str], path: str) -> None:
    for k in d:
        if k not in allowed:
            sep = "." if path else ""
            raise CardDataError(f"{path}{sep}{k}", f"unknown field '{k}'")


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def parse_keyword(v: Any, path: str) -> tuple[str, int]:
    """`taunt`, `Brave 300`, or `{brave: 300}` -> ("brave", 300); flags carry 0."""
    if isinstance(v, Mapping):
        if len(v) != 1:
            raise CardDataError(path, "a valued keyword is a one-key mapping like {brave: 300}")
        ((k, n),) = v.items()
        k = str(k).lower()
        if k not in KEYWORDS_VALUED:
            raise CardDataError(path, f"keyword '{k}' takes no value")
        return k, _int(n, _join(path, k))
    if isinstance(v, str):
        parts = v.strip().lower().split()
        if len(parts) == 2 and parts[0] in KEYWORDS_VALUED and parts[1].lstrip("-").isdigit():
            return parts[0], int(parts[1])
        if len(parts) == 1 and parts[0] in KEYWORDS_FLAG:
            return parts[0], 0
    raise CardDataError(
        path, f"unknown keyword {v!r}; known: {', '.join(KEYWORDS_FLAG + KEYWORDS_VALUED)}"
    )


def parse_target(v: Any, path: str) -> Target:
    if isinstance(v, str):
        return Target(word=_choice(v, TARGET_WORDS, path))
    d = _mapping(v, path)
    _no_extra(d, set(SELECTOR_FIELDS), path)
    if ("choose" in d) == bool(d.get("all", False)):
        raise CardDataError(path, "a selector needs exactly one of 'choose: N' or 'all: true'")
    kw = d.get("keyword")
    return Target(
        choose=_int(d["choose"], _join(path, "choose"), allow_x=True, bound=MAX_CHOOSE) if "choose" in d else 0,
        up_to=bool(d.get("up_to", False)),
        all=bool(d.get("all", False)),
        type=_choice(d.get("type", "pal"), TARGET_TYPES, _join(path, "type")),
        controller=_choice(d.get("controller", "any"), CONTROLLERS, _join(path, "controller")),
        state=_choice(d["state"], CARD_STATES, _join(path, "state")) if "state" in d else None,
        subtype=_choice(d["subtype"], SUBTYPES, _join(path, "subtype")) if "subtype" in d else None,
        name=str(d["name"]) if "name" in d else None,
        max_cost=_int(d["max_cost"], _join(path, "max_cost")) if "max_cost" in d else None,
        keyword=parse_keyword(kw, _join(path, "keyword"))[0] if kw is not None else None,
        zone=_choice(d.get("zone", "base"), ZONES_FOR_SELECT, _join(path, "zone")),
        x=_is_x(d.get("choose")),
        color=_choice(d["color"], COLORS[:-1] + ("any",), _join(path, "color")) if "color" in d else None,
        element=str(d["element"]).lower() if "element" in d else None,
        work=str(d["work"]).lower() if "work" in d else None,
        main_name=str(d["main_name"]) if "main_name" in d else None,
    )


def type_matches(selector_type: str, card_type: str) -> bool:
    """A selector's `type` matches the card type (`any` and `pal_or_structure` match several)."""
    return card_type in TYPE_GROUPS.get(selector_type, (selector_type,))


def sub_and_main(name: str) -> tuple[str, str] | None:
    """2.1.3.1 (Chinese text) a name with " – " has a sub name before it and a main name after it; 2.1.3.2 else none."""
    if " – " not in name:
        return None
    sub, main = name.split(" – ", 1)
    return sub.strip(), main.strip()


_STEP_FIELDS: dict[str, set[str]] = {
    "draw": {"amount", "who"}, "draw_up_to": {"amount", "who"},
    "damage": {"amount", "target"}, "power": {"amount", "target", "duration"},
    "strike": {"amount", "target", "duration"},
    "grant": {"keyword", "target", "duration"}, "stand": {"target"}, "rest": {"target"},
    "destroy": {"target"}, "butcher": {"amount", "target"}, "exile": {"target"},
    "place": {"target", "to"}, "discard": {"amount", "who"}, "look_top": {"amount", "who"},
    "look_and_choose": {"amount", "choose", "filter", "to", "rest"}, "shuffle": {"who"},
    "gain": {"resource", "amount", "who"}, "life": {"amount", "who"}, "deploy": {"from", "filter"},
    "night": {"value"}, "nullify_attack": set(), "delayed": {"trigger", "phase", "whose", "effect"},
    "choose_one": {"options"}, "win": {"who"}, "lose": {"who"}, "must_attack": {"target"},
    "cannot_attack": {"target", "against"}, "cannot_block": {"target"}, "cannot_be_blocked": {"target"},
    "pal_limit": {"amount"}, "trigger_times": {"amount", "trigger"}, "look_top_up_to": {"amount", "who"},
    "exchange": {"target", "with"}, "declare": set(), "repeat": {"amount", "effect"},
}
_NEEDS_AMOUNT = {"draw", "draw_up_to", "damage", "power", "strike", "discard", "look_top", "look_and_choose",
                 "gain", "life", "pal_limit", "trigger_times", "look_top_up_to", "repeat"}
_NEEDS_TARGET = {"damage", "power", "strike", "grant", "stand", "rest", "destroy", "exile", "place", "exchange"}


def repetitions(steps: tuple[Step, ...]) -> int:
    """How many times the most repeated step of `steps` is done (nested repeats multiply)."""
    most = 1
    for s in steps:
        inner = max([repetitions(s.effect)] + [repetitions(o) for o in s.options])
        times = (MAX_X if s.x else max(s.amount or 0, 1)) if s.do == "repeat" else 1
        most = max(most, times * inner)
    return most


AMOUNTS_OF = ("count", "strike", "power")


def parse_amount_of(v: Mapping[str, Any], path: str) -> tuple[str, Target]:
    """An amount taken from the game: `{count: SELECTOR}` (how many cards match), `{strike: TARGET}` or
    `{power: TARGET}` (that card's current value; by its last-known information if it left, 10.12.1)."""
    if len(v) != 1:
        raise CardDataError(path, "an amount from the game is one of {count: …}, {strike: …}, {power: …}")
    ((kind, what),) = v.items()
    kind = _choice(kind, AMOUNTS_OF, path)
    if kind == "count":
        selector = dict(_mapping(what, _join(path, kind)))
        selector.setdefault("all", True)
        return kind, parse_target(selector, _join(path, kind))
    return kind, parse_target(what, _join(path, kind))


def parse_steps(v: Any, path: str) -> tuple[Step, ...]:
    return tuple(parse_step(s, f"{path}[{i}]") for i, s in enumerate(_seq(v, path)))


def parse_step(v: Any, path: str) -> Step:
    d = _mapping(v, path)
    do = _choice(_req(d, "do", path), STEP_KINDS, _join(path, "do"))
    _no_extra(d, {"do", "if"} | _STEP_FIELDS[do], path)
    kw: dict[str, Any] = {"do": do}
    if (do in _NEEDS_AMOUNT or "amount" in d) and isinstance(d.get("amount"), Mapping) and do != "repeat":
        kw["amount"] = 0  # read when the step is done (`amount_of`)
        kw["amount_of"] = parse_amount_of(d["amount"], _join(path, "amount"))
    elif do in _NEEDS_AMOUNT or "amount" in d:
        kw["amount"] = _int(_req(d, "amount", path), _join(path, "amount"), allow_x=True)
        kw["x"] = _is_x(d["amount"])
    if do in _NEEDS_TARGET and "target" not in d:
        raise CardDataError(path, f"'{do}' needs a 'target'")
    if "target" in d:
        kw["target"] = parse_target(d["target"], _join(path, "target"))
    if "who" in d:
        kw["who"] = _choice(d["who"], ("you", "opponent"), _join(path, "who"))
    if do in ("power", "strike", "grant"):
        kw["duration"] = _choice(d.get("duration", "until_end_of_turn"), DURATIONS, _join(path, "duration"))
    if do == "grant":
        kw["keyword"] = parse_keyword(_req(d, "keyword", path), _join(path, "keyword"))
    if do == "place":
        kw["to"] = _choice(_req(d, "to", path), PLACE_TO, _join(path, "to"))
    if do == "look_and_choose":
        kw["choose"] = _int(d.get("choose", 1), _join(path, "choose"), bound=MAX_CHOOSE)
        kw["to"] = _choice(d.get("to", "hand"), ("hand", "base"), _join(path, "to"))
        kw["rest"] = _choice(d.get("rest", "deck_bottom"), ("deck_bottom", "graveyard"), _join(path, "rest"))
    if "filter" in d:
        f = dict(_mapping(d["filter"], _join(path, "filter")))
        f.setdefault("all", True)
        kw["filter"] = parse_target(f, _join(path, "filter"))
    if do == "exchange":
        kw["filter"] = parse_target(_req(d, "with", path), _join(path, "with"))
    if do == "cannot_attack" and "against" in d:
        # 9.2.4.1 the attacker may not attack these targets (a card description, or `opponent` / `you`
        # for a player); without `against` it may not attack at all (9.2.2.2)
        against: Any = d["against"]
        if not isinstance(against, str):
            against = {"all": True, **_mapping(against, _join(path, "against"))}
        kw["filter"] = parse_target(against, _join(path, "against"))
    if do == "gain":
        kw["resource"] = _choice(_req(d, "resource", path), RESOURCES, _join(path, "resource"))
    if do == "night":
        val = d.get("value", True)
        if not isinstance(val, bool):
            raise CardDataError(_join(path, "value"), "expected true or false")
        kw["value"] = val
    if do == "deploy":
        kw["from_zone"] = _choice(d.get("from", "hand"), ("hand", "graveyard"), _join(path, "from"))
    if do == "delayed":
        kw["trigger"] = _choice(_req(d, "trigger", path), TRIGGERS, _join(path, "trigger"))
        kw["effect"] = parse_steps(_req(d, "effect", path), _join(path, "effect"))
        if kw["trigger"] == "start_of_phase":  # "at the start of your next main phase"
            kw["phase"] = _choice(_req(d, "phase", path), PHASES[:4], _join(path, "phase"))
        elif "phase" in d:
            raise CardDataError(_join(path, "phase"), "'phase' goes with trigger start_of_phase")
        if "whose" in d:
            kw["whose"] = _choice(d["whose"], CONTROLLERS, _join(path, "whose"))
    if do == "repeat":
        kw["effect"] = parse_steps(_req(d, "effect", path), _join(path, "effect"))
        times = (MAX_X if kw["x"] else kw["amount"]) * repetitions(kw["effect"])
        if times > MAX_REPEAT:
            raise CardDataError(_join(path, "amount"), f"the steps would be repeated {times} times in all "
                                f"(nested repeats multiply); the engine's limit is {MAX_REPEAT}")
    if do == "trigger_times":
        if kw["amount"] > MAX_TRIGGER_TIMES:
            raise CardDataError(_join(path, "amount"), f"{kw['amount']} is beyond the engine's limit of "
                                f"{MAX_TRIGGER_TIMES} activations")
        kw["trigger"] = _choice(_req(d, "trigger", path), TRIGGERS, _join(path, "trigger"))
    if do == "choose_one":
        opts = _seq(_req(d, "options", path), _join(path, "options"))
        if len(opts) < 2:
            raise CardDataError(_join(path, "options"), "choose_one needs at least 2 options")
        kw["options"] = tuple(parse_steps(o, f"{path}.options[{i}]") for i, o in enumerate(opts))
    if "if" in d:
        kw["cond"] = _choice(d["if"], CONDITIONS, _join(path, "if"))
    return Step(**kw)


def parse_cost(v: Any, path: str) -> Cost:
    d = _mapping(v, path)
    if len(d) != 1:
        raise CardDataError(path, "a cost item is a one-key mapping like {soul: 1}")
    ((k, val),) = d.items()
    kind = _choice(k, COST_KINDS, path)
    p = _join(path, kind)
    if kind == "rest":
        if val != "self":
            raise CardDataError(p, "only 'rest: self' is supported")
        return Cost("rest", 1, self_card=True)
    if kind == "discard" and val == "self":
        return Cost("discard", 1, self_card=True)
    if kind == "consume":
        m = _mapping(val, p)
        if len(m) != 1:
            raise CardDataError(p, "consume one resource, like {material: 2}")
        ((res, n),) = m.items()
        return Cost("consume", _int(n, _join(p, str(res))), resource=_choice(res, RESOURCES, p))
    return Cost(kind, _int(val, p))


def parse_ability(v: Any, path: str, card_type: str) -> Ability:
    d = _mapping(v, path)
    kind = _choice(_req(d, "kind", path), ABILITY_KINDS, _join(path, "kind"))
    _no_extra(d, {"kind", "name", "trigger", "phase", "step", "state", "whose", "zone", "quick",
                  "limit", "cost", "optional", "if", "effect", "replaces", "instead", "protects"}, path)
    kw: dict[str, Any] = {"kind": kind}
    if "name" in d:
        kw["name"] = str(d["name"])
    if kind == "auto":
        trig = _choice(_req(d, "trigger", path), TRIGGERS, _join(path, "trigger"))
        kw["trigger"] = trig
        if trig == "start_of_phase":
            kw["phase"] = _choice(_req(d, "phase", path), PHASES[:4], _join(path, "phase"))
        if trig == "start_of_step":
            kw["step"] = _choice(_req(d, "step", path), STEPS, _join(path, "step"))
        if trig == "state":
            kw["state"] = _choice(_req(d, "state", path), STATES, _join(path, "state"))
        kw["cites"] = ("10.1.1.2",)
    if "whose" in d:
        kw["whose"] = _choice(d["whose"], CONTROLLERS, _join(path, "whose"))
    default_zone = "hand" if card_type == "event" else "base"
    # 10.3.4.1 a zone icon: an activated ability may work from the hand; an automatic one from the hand
    # or the graveyard (10.3.4.1.1); without one, pal/structure/equipment abilities work in the base (10.3.5)
    zones = ("base", "hand", "graveyard") if kind == "auto" else ("base", "hand")
    kw["zone"] = _choice(d.get("zone", default_zone), zones, _join(path, "zone"))
    kw["quick"] = bool(d.get("quick", False))
    if "limit" in d:
        kw["limit"] = _int(d["limit"], _join(path, "limit"))
    if "cost" in d:
        if kind not in ("activated", "auto", "replacement"):
            raise CardDataError(_join(path, "cost"), "only activated, auto and replacement abilities have costs")
        kw["costs"] = (tuple(parse_cost(c, f"{path}.cost[{i}]") for i, c in enumerate(_seq(d["cost"], _join(path, "cost")))),)
    kw["optional"] = bool(d.get("optional", False))
    if "if" in d:
        kw["cond"] = _choice(d["if"], CONDITIONS, _join(path, "if"))
    if kind == "replacement":
        kw["replaces"] = _choice(_req(d, "replaces", path), ("destroy", "damage"), _join(path, "replaces"))
        kw["effect"] = parse_steps(_req(d, "instead", path), _join(path, "instead"))
        kw["cites"] = ("10.2.1.3.2",) if kw["optional"] else ("10.2.1.3.1",)
        if "protects" in d:  # "if a Pal of yours would …": the cards whose events it replaces (10.11.1)
            kw["protects"] = parse_target(d["protects"], _join(path, "protects"))
    else:
        if "protects" in d:
            raise CardDataError(_join(path, "protects"), "'protects' belongs to replacement abilities")
        if "instead" in d:
            raise CardDataError(_join(path, "instead"), "'instead' belongs to replacement abilities")
        kw["effect"] = parse_steps(_req(d, "effect", path), _join(path, "effect"))
    if kind == "activated":
        kw["cites"] = ("10.1.1.1",)
    elif kind == "continuous":
        kw["cites"] = ("10.1.1.3",)
        for n, s in enumerate(kw["effect"]):
            if s.amount_of is not None and s.amount_of[0] != "count":
                raise CardDataError(_join(path, f"effect[{n}].amount"), "a continuous ability's amount from the "
                                    "game is a count ({count: …}); a card's strike or power is read by a "
                                    "one-time effect")
    return Ability(**kw)


def card_from_dict(d: Any) -> CardDef:
    """Validate a card dict and build its CardDef (chapter 2 fields, API.md §1)."""
    d = _mapping(d, "")
    _no_extra(d, {"name", "names", "type", "subtype", "lucky", "element", "work", "color", "cost",
                  "power", "strike", "keywords", "effect", "abilities", "durability", "deck_limit"}, "")
    name = _req(d, "name", "")
    if not isinstance(name, str) or not name.strip():
        raise CardDataError("name", "expected a non-empty string")
    ctype = _choice(_req(d, "type", ""), CARD_TYPES, "type")
    subtype = None
    if ctype == "pal":
        subtype = _choice(d.get("subtype", "normal"), SUBTYPES, "subtype")
    elif "subtype" in d:
        raise CardDataError("subtype", "only pals have a subtype (2.3)")
    lucky = d.get("lucky", subtype == "lucky")
    if not isinstance(lucky, bool):
        raise CardDataError("lucky", "expected true or false")
    names = tuple(str(n) for n in _seq(d.get("names", []), "names"))
    work = tuple(str(w) for w in _seq(d.get("work", []), "work"))
    kws = tuple(parse_keyword(k, f"keywords[{i}]") for i, k in enumerate(_seq(d.get("keywords", []), "keywords")))
    power_key = "durability" if "durability" in d else "power"
    power = _int(d.get(power_key, 0), power_key)
    if ctype in ("pal", "structure") and power_key not in d:
        raise CardDataError("", f"a {ctype} needs '{'power' if ctype == 'pal' else 'power'}' (2.8)")
    effect: tuple[Step, ...] = ()
    if "effect" in d:
        if ctype != "event":
            raise CardDataError("effect", "only events have a card-level effect; use abilities")
        effect = parse_steps(d["effect"], "effect")
    abilities = tuple(
        parse_ability(a, f"abilities[{i}]", ctype) for i, a in enumerate(_seq(d.get("abilities", []), "abilities"))
    )
    return CardDef(
        name=name.strip(), type=ctype, names=names, subtype=subtype, lucky=lucky,
        element=str(d.get("element", "neutral")), work=work,
        color=_choice(d.get("color", "colorless"), COLORS, "color"),
        cost=_int(d.get("cost", 0), "cost"), power=power, strike=_int(d.get("strike", 0), "strike"),
        keywords=kws, effect=effect, abilities=abilities, deck_limit=_deck_limit(d.get("deck_limit")),
    )


def _deck_limit(v: Any) -> int | None:
    if v is None:
        return None
    if v == "any":
        return -1
    n = _int(v, "deck_limit")
    if n < 1:
        raise CardDataError("deck_limit", "expected a number of copies (1 or more) or 'any'")
    return n


# ---------------------------------------------------------------------------------------------
# chapter 12: what each keyword means, as abilities of the vocabulary


@lru_cache(maxsize=None)
def keyword_abilities(keyword: str, value: int) -> tuple[Ability, ...]:
    """The abilities a keyword stands for (chapter 12). Flags with no ability of their own
    (taunt, stealth, assault, nocturnal, quick) are read directly where they matter. Made once per keyword and value
    and shared by every card that has it (immutable)."""
    selfp = Target(word="self")
    if keyword == "brave":  # 12.6.2 On Attack: +N power until end of turn
        return (Ability("auto", (Step("power", amount=value, target=selfp, duration="until_end_of_turn"),),
                        name=f"Brave {value}", trigger="on_attack", keyword="brave", cites=("12.6.2", "12.6.1")),)
    if keyword == "serious":  # 12.7.2 On Assign: choose 1 pal, +N until end of turn
        return (Ability("auto", (Step("power", amount=value, target=Target(choose=1), duration="until_end_of_turn"),),
                        name=f"Serious {value}", trigger="on_assign", keyword="serious", cites=("12.7.2", "12.7.1")),)
    if keyword == "vigilance":  # 12.9.2 at the end of your turn, stand this card
        return (Ability("auto", (Step("stand", target=selfp),), name="Vigilance", trigger="end_of_turn",
                        keyword="vigilance", cites=("12.9.2", "12.9.1")),)
    if keyword == "retaliate":  # 12.12.2 put the battle opponent into the graveyard
        return (Ability("auto", (Step("destroy", target=Target(word="battle_opponent")),), name="Retaliate",
                        trigger="on_destroyed", keyword="retaliate", cites=("12.12.2", "12.12.1")),)
    if keyword == "breakthrough":  # 12.14.2 damage = own strike to the battle opponent's controller
        return (Ability("auto", (), name="Breakthrough", trigger="opponent_destroyed", keyword="breakthrough",
                        cites=("12.14.2", "12.14.1")),)
    if keyword == "interrupt":  # 12.8.2 [①, discard this] or [discard this and 1 other]: nullify
        return (Ability("activated", (Step("nullify_attack"),), name="Interrupt", zone="hand", quick=True,
                        costs=((Cost("soul", 1), Cost("discard", 1, self_card=True)),
                               (Cost("discard", 1, self_card=True), Cost("discard", 1))),
                        keyword="interrupt", cites=("12.8.2", "12.8.1")),)
    return ()


def abilities_of(card_keywords: dict[str, int], card: CardDef) -> list[tuple[int, Ability]]:
    """Printed abilities and the abilities of the card's effective keywords (chapter 12), numbered."""
    out = list(enumerate(card.abilities))
    n = len(out)
    for kw, val in card_keywords.items():
        for a in keyword_abilities(kw, val if kw in KEYWORDS_VALUED else 0):
            out.append((n, a))
            n += 1
    return out


# the triggers a keyword's abilities can have: a card with none of them printed and none here cannot
# have an ability with that trigger, whatever keywords it is granted
KEYWORD_TRIGGERS = frozenset(a.trigger for k in KEYWORDS_FLAG + KEYWORDS_VALUED
                             for a in keyword_abilities(k, 0) if a.trigger)


def _builtin(name: str, lucky: bool) -> CardDef:
    return CardDef(name=name, type="pal", subtype="lucky" if lucky else "normal", lucky=lucky,
                   cost=1, power=1000, strike=1)


BUILTIN_CARDS: dict[str, CardDef] = {
    "Filler": _builtin("Filler", False),
    "Lucky Filler": _builtin("Lucky Filler", True),
}
