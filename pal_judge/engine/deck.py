"""Chapter 6: deck validation (every violation reported) and the pre-game procedure."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple, Sequence

from pal_judge.engine.cards import CARD_TYPES, CardDef
from pal_judge.engine.deciders import Option

if TYPE_CHECKING:
    from pal_judge.engine.game import Game

DECK_SIZE = 50  # 6.1.1.1
MAX_COPIES = 4  # 6.1.1.2
MAX_LUCKY = 8  # 6.1.1.3
SOULS = 10  # 6.1.2, 6.1.2.1
HAND_SIZE = 5  # 6.2.1.6
START_LIFE = 10  # 6.2.1.8


@dataclass(frozen=True)
class Violation:
    rule: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message}


class DeckReading(NamedTuple):
    """What the deck check reads of a main deck (6.1): its violations, and what the pre-game's event for the deck
    presented cites (6.2.1.1, `pregame`)."""

    violations: list[Violation]
    building: bool  # a card has a deck-building ability (6.1.3)
    added_names: bool  # a card has an added card name (2.1.5)
    part_names: bool  # a card name has a sub and a main name (" – ", 2.1.3, 2.1.3.1)


def validate_deck(cards: Sequence[CardDef], souls: int = SOULS) -> list[Violation]:
    """Every violation of the deck construction rules (6.1), each with its rule (`read_deck`)."""
    return read_deck(cards, souls).violations


def read_deck(cards: Sequence[CardDef], souls: int = SOULS) -> DeckReading:
    """The deck check (6.1): every violation, each with its rule, and what the pre-game cites of the deck. The cards
    are read in one pass; the same-name count reads each set of card names once, with the number of cards that have
    it (a card and its copies share theirs, `cards.card_names_of`), not each name of each card."""
    out: list[Violation] = []
    if len(cards) != DECK_SIZE:
        out.append(Violation("6.1.1.1", f"the main deck has {len(cards)} cards; it must have exactly {DECK_SIZE}"))
    named: dict[frozenset[str], int] = {}  # how many cards have each set of card names (2.1.1, 2.1.5)
    lucky = 0
    building = added_names = False
    not_main: list[CardDef] = []
    for c in cards:
        named[c.card_names] = named.get(c.card_names, 0) + 1
        if c.lucky:  # 6.1.1.3 the Lucky icon (2.10.1)
            lucky += 1
        if c.deck_limit is not None:
            building = True
        if c.names:
            added_names = True
        if c.type not in CARD_TYPES:  # 2.2.2 a soul card is prepared apart (6.1.2)
            not_main.append(c)
    counts: dict[str, int] = {}
    for names, n in named.items():  # 5.20.1.1 a card counts for every card name it has
        for name in names:
            counts[name] = counts.get(name, 0) + n
    limits = _building_limits(cards) if building else {}
    for name, count in sorted(counts.items()):
        limit = limits.get(name, MAX_COPIES)
        if count > limit:
            rule = "6.1.1.2" if limit == MAX_COPIES else "6.1.3"
            out.append(Violation(rule, f"{count} cards named '{name}'; at most {int(limit)} of the same name"))
    if lucky > MAX_LUCKY:
        out.append(Violation("6.1.1.3", f"{lucky} cards with a Lucky icon; at most {MAX_LUCKY}"))
    out.extend(Violation("2.2.2", f"'{c.name}' of type {c.type} cannot be in the main deck") for c in not_main)
    if souls != SOULS:
        out.append(Violation("6.1.2", f"{souls} soul cards; each player prepares exactly {SOULS} (6.1.2.1)"))
    # 2.1.3.1 a card name with " – " has a sub and a main name
    part_names = any(" – " in name for name in counts)
    return DeckReading(out, building, added_names, part_names)


def _building_limits(cards: Sequence[CardDef]) -> dict[str, float]:
    """6.1.3 a deck-building ability replaces 6.1.1.2 for a card name, but only if every card of that name has it:
    the copies allowed of each card name (not its main/sub names, 5.20.1.1)."""
    limits: dict[str, float] = {}
    for c in cards:
        own = MAX_COPIES if c.deck_limit is None else (float("inf") if c.deck_limit < 0 else c.deck_limit)
        for n in c.card_names:
            limits[n] = own if n not in limits else (MAX_COPIES if MAX_COPIES in (own, limits[n]) else min(own, limits[n]))
    return limits


class DeckError(ValueError):
    def __init__(self, player: str, violations: list[Violation]) -> None:
        super().__init__(f"deck of {player} is not legal: " + "; ".join(f"{v.rule} {v.message}" for v in violations))
        self.player = player
        self.violations = violations


def build_from_decks(cls: type["Game"], deck_a: Sequence[CardDef], deck_b: Sequence[CardDef], seed: int,
                     names: Sequence[str], turn_limit: int, record: bool, shuffled: bool = False,
                     first: str | None = None) -> "Game":
    """`shuffled`: the decks are in the order given (6.2.1.2 already done); `first`: the player going first
    (6.2.1.3 already done). The game then starts at that later step of the pre-game procedure."""
    readings = tuple(read_deck(deck) for deck in (deck_a, deck_b))
    for name, reading in zip(names, readings):
        if reading.violations:
            raise DeckError(name, reading.violations)
    g = cls(names=names, seed=seed, turn_limit=turn_limit, record=record)
    for idx, deck in enumerate((deck_a, deck_b)):
        g.players[idx].deck = g.deck_instances(deck, idx)
    g.pregame = partial(pregame, shuffled=shuffled, first=None if first is None else list(names).index(first),
                        checked=readings)
    return g


def pregame(g: "Game", shuffled: bool = False, first: int | None = None,
            checked: Sequence[DeckReading] | None = None) -> None:
    """6.2.1 the steps before the game; with `shuffled` / `first` it starts after the shuffle / the choice of
    who goes first. `checked`: the deck check of each player's deck as `build_from_decks` made it, of the cards the
    decks hold; without it (a game restored before it ran) each deck is checked here."""
    from pal_judge.engine import effects

    for p in g.players:
        deck = checked[p.idx] if checked is not None else read_deck([c.card for c in p.deck])
        if deck.building:
            # 6.1.3 deck-building abilities applied as replacement effects, inactive once the game starts
            # 1.3.1 the card's text prevails over the construction rule it contradicts
            g.emit(f"{p.name}'s deck uses a deck-building ability", ("6.1.3", "10.3.2", "1.3.1"), player=p.idx)
        # the same-name count reads card names (2.1.1, 2.1.2) with added names (2.1.5) and main/sub names
        # (2.1.3.1); the Lucky count reads the Lucky icon (2.10.1)
        name_cites = (("2.1.5",) if deck.added_names else ()) + (("2.1.3", "2.1.3.1") if deck.part_names else ())
        g.emit(f"{p.name} presents a legal {len(p.deck)}-card main deck",
               ("6.2.1", "6.2.1.1", "6.1.1", "6.1.1.1", "6.1.1.2", "6.1.1.3", "6.1.2", "5.20.1", "5.20.1.1", "5.20.2",
                "4.5.1", "2.1.1", "2.1.2", "2.10.1") + name_cites, player=p.idx)
        if not shuffled:
            effects.shuffle(g, p.idx, ("6.2.1.2",))
    if first is None:
        chooser = g.rng.randrange(2)  # 6.2.1.3 a random player decides who goes first
        opt = g.ask("first_player", chooser, [Option("first"), Option("second")], "go first or second? (6.2.1.3)")
        first = chooser if opt.label == "first" else 1 - chooser
        decided = f"{g.pname(chooser)} is chosen at random and decides that {g.pname(first)} goes first"
    else:
        decided = f"{g.pname(first)} goes first (decided before the game starts here)"
    g.first_player = g.turn_player = first
    g.state_changed()
    g.emit(decided, ("6.2.1.3",), player=first, after={"first_player": g.pname(first)})
    for p in g.players:
        p.soul_deck, p.soul_standing, p.soul_rested = SOULS, 0, 0
    # 13.2.2 the engine manages souls as counts (total, standing, rested) instead of cards
    g.emit("each player puts 10 souls in the soul deck", ("6.2.1.4", "6.1.2.1", "4.8.1", "13.2.2"))
    second = g.players[1 - first]
    second.soul_deck -= 1
    second.soul_standing += 1  # 4.3.2.3 standing
    g.emit(f"{second.name} goes second and moves 1 soul to the soul area", ("6.2.1.5",), player=second.idx,
           after={"souls_standing": 1, "soul_deck": second.soul_deck})
    for p in g.players:
        effects.draw(g, p.idx, HAND_SIZE, ("6.2.1.6",))
    for idx in (first, 1 - first):  # 6.2.1.7 first player first
        p = g.players[idx]
        opt = g.ask("redraw", idx, [Option("keep"), Option("redraw")], "redraw your opening hand? (6.2.1.7)")
        if opt.label == "redraw" and not p.redraw_used:
            p.redraw_used = True  # 6.2.1.7.1 once per game
            for c in list(p.hand):
                g.move(c, "deck", ("6.2.1.7",), quiet=True)
            g.emit(f"{p.name} returns the hand to the deck", ("6.2.1.7", "6.2.1.7.1"), player=idx)
            effects.shuffle(g, idx, ("6.2.1.7",))
            effects.draw(g, idx, HAND_SIZE, ("6.2.1.7",))
    for p in g.players:
        p.life, p.damage, p.material, p.ingredient = START_LIFE, 0, 0, 0
    g.check_read_changed()
    g.emit("life 10, damage 0, resources 0 for each player", ("6.2.1.8", "6.2.1.9", "6.2.1.10"))
    g.turn = 1
    g.emit(f"{g.pname(first)} is the turn player: the game begins", ("6.2.1.11",), player=first)
