"""The event pipeline: every move of cards between zones passes here, one card or many at once.

Resting and standing pass here too (`set_rested`, `stand_all`): the card changes, the event is recorded, and
"another card becomes rested / standing" triggers are collected.

For one move event (a group of cards moved at the same time, 11.1.2.4, 5.11.1, 10.8.4.2):
1. replacement effects (10.11) on each card that would go from the base to the graveyard — any card's,
   in the order the affected card's controller chooses (10.11.2); a replaced move never happens (10.11.1.1);
2. one look-back snapshot of every card leaving the base, taken before anything moves (10.8.4.1.2, 10.12.1);
3. the moves themselves (each card becomes a new object, 4.1.4);
4. zone-change triggers, all read from that one snapshot (10.8.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from pal_judge.engine import replacement, stats, triggers
from pal_judge.engine.state import CardInstance, Lki

if TYPE_CHECKING:
    from pal_judge.engine.game import Game


@dataclass(slots=True)
class Move:
    """One card of a move event: where it goes, why (cites) and how the trace says it."""

    card: CardInstance
    to: str
    cites: tuple[str, ...]
    what: str | None = None
    bottom: bool = False  # to the bottom of the deck
    rested: bool = False  # 4.3.2.3 placed standing unless told otherwise


def move_group(g: "Game", moves: Sequence[Move], batch: int | None = None,
               quiet: bool = False) -> list[CardInstance | None]:
    """Move the cards at the same time; returns each card as it arrived (None: the move was replaced).

    Each step is one loop over the group (a comprehension or `any()` is a function call of its own, ~15 groups a
    game): the replacements of every card first (10.11), then what the group does to the bases, then the moves."""
    live: list[Move | None] = []
    replaced = False
    for m in moves:  # 10.11.1.1 a replaced move never happens: every replacement is applied before anything moves
        if m.card.zone == "base" and m.to == "graveyard" and (not replaced or _in_its_zone(g, m.card)) \
                and replacement.replace(g, m.card, "destroy", m.cites):
            live.append(None)
            replaced = True
        else:
            live.append(m)
    if replaced:
        # what a replacement did instead may have moved other cards of the group ("butcher 2 Pals instead", 5.16.2):
        # each is a new object in its new zone (4.1.4), which this event does not find, so it does not move it again
        for i, m in enumerate(live):
            if m is not None and not _in_its_zone(g, m.card):
                live[i] = None
    leaving: list[CardInstance] = []
    enters = False
    for m in live:
        if m is not None:
            if m.card.zone == "base":
                leaving.append(m.card)
            if m.to == "base":
                enters = True
    if not leaving and not enters:
        # no card leaves or enters a base: no look-back and no zone-change trigger of a base (10.8.4)
        return [None if m is None else _relocate_move(g, m, batch, quiet) for m in live]
    if batch is None and enters:
        batch = g.next_batch()  # cards put into the base by one event are placed together (11.5.1.1)
    # the look-back snapshot of every card leaving the base, before any of them moves
    lookback = {}
    for c in leaving:
        lookback[c.oid] = triggers.capture_lki(g, c)
    g.lki.update(lookback)
    g.leaving = set(lookback)
    try:
        arrived: list[CardInstance | None] = []
        left: list[tuple[Lki, str, int]] = []  # (look-back, destination, the card as it arrived)
        entered: list[tuple[CardInstance, str]] = []  # (the card as it arrived, the zone it came from)
        for m in live:
            if m is None:
                arrived.append(None)
                continue
            new = _relocate_move(g, m, batch, quiet)
            arrived.append(new)
            if m.card.oid in lookback:
                left.append((lookback[m.card.oid], m.to, new.oid))
            elif m.to == "base":
                entered.append((new, m.card.zone))
        if left:
            triggers.on_left_base_group(g, left)
        for new, src in entered:
            triggers.on_entered_base(g, new, src)  # 5.15.1 deployed
    finally:
        g.leaving = set()
    return arrived


def move_one(g: "Game", ci: CardInstance, to: str, cites: Sequence[str], what: str | None = None,
             bottom: bool = False, batch: int | None = None, rested: bool = False,
             quiet: bool = False) -> CardInstance | None:
    """Move one card through the event pipeline (4.1.6 / 5.10.1); it becomes a new object (4.1.4). None when a
    replacement effect replaced the move (10.11.1.1). This is `Game.move` itself (the facade's method, without a
    call between: ~120 moves a game).

    A group of one, as `move_group` moves it. A move that touches no base (a draw,
    a card played to the resolution zone, a discard) is relocated at once: no replacement applies to it (10.11 acts
    on a card going from the base to the graveyard), and it has no look-back or zone-change trigger of a base
    (10.8.4). A card put into a base from another zone has no look-back either (nothing leaves the base): it is
    relocated and its deploy triggers collected, as `move_group` does, without building the group."""
    if type(cites) is not tuple:
        cites = tuple(cites)
    src = ci.zone
    if src != "base":
        if to != "base":
            return _relocate(g, ci, to, cites, what, bottom, rested, batch, quiet)
        # deployed (5.15.1): it enters alone, so nothing leaves with it and no replacement applies (10.11)
        new = _relocate(g, ci, to, cites, what, bottom, rested, batch, quiet)  # (a batch of its own if none is given)
        triggers.on_entered_base(g, new, src)
        return new
    return move_group(g, [Move(ci, to, cites, what, bottom, rested)], batch, quiet)[0]


def _relocate_move(g: "Game", m: Move, batch: int | None, quiet: bool) -> CardInstance:
    return _relocate(g, m.card, m.to, m.cites, m.what, m.bottom, m.rested, batch, quiet)


def _zone_cards(g: "Game", owner: int, zone: str) -> list[CardInstance]:
    """The cards of this zone of this player (the resolution zone is the game's, 4.1.6)."""
    return g.resolution if zone == "resolution" else getattr(g.players[owner], zone)


def _in_its_zone(g: "Game", ci: CardInstance) -> bool:
    """Is this card object still in the zone it was in? A card that moved is a new object (4.1.4)."""
    return ci in _zone_cards(g, ci.owner, ci.zone)


def _relocate(g: "Game", ci: CardInstance, to: str, cites: tuple[str, ...], what: str | None, bottom: bool,
              rested: bool, batch: int | None, quiet: bool) -> CardInstance:
    """Take the card out of its zone and put a new object (4.1.4) into its owner's zone (4.1.6)."""
    src = ci.zone
    player = g.players[ci.owner]
    # (`_zone_cards` written out: a move is ~130 events a game)
    here = g.resolution if src == "resolution" else getattr(player, src)
    there = g.resolution if to == "resolution" else getattr(player, to)
    kept: stats.Zones | None = None  # the zone view, kept through the move of a card it lists only by itself
    if src == "base" or to == "base" or ci.card.icon_zones:
        view = g.zones
        if isinstance(view, stats.Zones) and stats.kept_through_move(ci.card):
            kept = view
            g.state_changed()  # derived values read the base cards (10.10.1); the view is updated after the move
        else:
            g.zones_changed()  # the cards whose abilities may work change (10.3.4.1, 10.3.5), before the event
    elif g.zones.reads_elsewhere:
        g.state_changed()  # a continuous ability in play reads the zone it leaves or enters (10.10.1)
    elif (src == "hand" or src == "deck") and len(here) == 1 or (to == "hand" or to == "deck") and not there:
        g.check_read_changed()  # a hand or deck empties or fills: read by a check timing alone (11.3.2, 10.8.6)
    here.remove(ci)
    new = g.new_instance(ci.card, ci.owner, to)
    if to == "deck" and not bottom:
        there.insert(0, new)  # the top of the deck (4.5.2)
    else:
        there.append(new)
    if to == "base":
        new.rested = rested
        new.placed = batch if batch is not None else g.next_batch()
        new.entered_turn = g.turn
    if kept is not None:
        g.zones = stats.after_move(kept, g, ci)
    if not quiet:
        # 4.1.4 the moved card is a new object: cited where that loses something (its damage, rested state)
        if src == "base" and (ci.damage or ci.rested):
            cites += ("4.1.4",)
        # (player, card, before and after passed by position, not by keyword, the changes flat, `trace.Change`: a move
        # is ~130 events a game)
        g.emit(what or f"{ci.label} moves from {src} to {to}", cites, ci.owner, new.label,
               ("zone", src, "oid", ci.oid), ("zone", to, "oid", new.oid))
    if src == "base" and g.modifiers and any(mod.oid == ci.oid for mod in g.modifiers):
        # 10.10.2 effects from resolved abilities no longer apply to the moved card
        g.modifiers = [mod for mod in g.modifiers if mod.oid != ci.oid]
        g.state_changed()
        g.emit(f"effects on {ci.label} end: it left the base", ("10.10.2", "4.1.4"), player=ci.owner)
    return new


def set_rested(g: "Game", ci: CardInstance, rested: bool, cites: Sequence[str], what: str | None = None,
               after: dict[str, Any] | None = None) -> None:
    """Rest or stand one card (4.3.2); 1.3.2.1 a card already in that state does not change again."""
    if ci.rested == rested:
        g.emit(f"{ci.label} is already {'rested' if rested else 'standing'}: nothing happens", ("1.3.2.1",) + tuple(cites),
               player=ci.controller, card=ci.label)
        return
    ci.rested = rested
    g.derived_changed()  # 4.3.2 the rested state is read by derived values and conditions alone
    word = "rests" if rested else "stands"
    state = "rested" if rested else "standing"
    g.emit(what or f"{ci.label} {word}", tuple(cites) + ("4.3.2.2" if rested else "4.3.2.1", "4.3.2", "4.3.1"),
           player=ci.controller, card=ci.label, before=("state", "standing" if rested else "rested"),
           after=("state", state) if after is None else {"state": state, **after})  # (`trace.Change`)
    _became(g, [ci], rested)


def stand_all(g: "Game", idx: int) -> list[CardInstance]:
    """Stand every rested card in a player's base at once (7.2.1); returns the cards that stood."""
    stood = [c for c in g.players[idx].base if c.rested]
    for c in stood:
        c.rested = False
    g.derived_changed()  # 4.3.2 the rested state is read by derived values and conditions alone
    _became(g, stood, False)
    return stood


def _became(g: "Game", cards: Sequence[CardInstance], rested: bool) -> None:
    """"When another card becomes rested / standing" (whose: you, opponent, any) of every other base card."""
    trigger = "on_other_rested" if rested else "on_other_stood"
    if trigger in g.zones.by_trigger:  # (`triggers.listening` is not empty: a printed trigger, never a keyword's)
        for ci in cards:
            triggers.fire_watchers(g, ci, trigger)
