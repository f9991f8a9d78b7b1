"""The trace: one Event per state change, each citing the clauses that made it happen."""

from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple, Sequence


# Definitions that hold for every event of their kind: what a check timing, an ability, an effect, a
# master is (issue 11: "definitions that apply to everything are not cited"). They are kept only as an
# event's primary cite, never as a supporting one.
GENERAL_DEFINITIONS = frozenset({
    "10.5.1", "10.5.3",  # check timings happen / what one does: every phase, step and resolution
    "10.1.1", "10.1.1.1.1", "10.1.1.2", "10.1.1.2.1", "10.1.1.3.1",  # the kinds of ability
    "10.2.1",  # what an effect is
    "3.1.2", "3.1.2.2", "3.1.2.3",  # who the master (controller) of a card or ability is
    "10.8.1", "10.8.3", "10.8.4", "10.8.4.1",  # what an auto ability / using it / a zone-change trigger is
    "10.6.1", "10.6.2", "10.6.2.1.2", "10.6.2.4.3",  # the general steps of playing and resolving
    "5.1.1",  # what a specific action is
    "10.4.1",  # what a cost is
})
MAX_CITES = 8  # the primary cite and at most seven supporting ones
NO_CHANGE: Mapping[str, Any] = MappingProxyType({})  # an event's default `before`/`after`: shared, so read only


@lru_cache(maxsize=8192)
def precise_cites(cites: tuple[str, ...]) -> tuple[str, ...]:
    """The primary cite first (the clause that made this change happen), then the supporting clauses that
    are not general definitions, at most MAX_CITES in all. (The engine emits a few thousand distinct
    lists, so the answer is remembered.)"""
    ordered = list(dict.fromkeys(cites))
    if not ordered:
        return ()
    primary, rest = ordered[0], ordered[1:]
    return (primary, *[c for c in rest if c not in GENERAL_DEFINITIONS])[:MAX_CITES]


class Event(NamedTuple):
    """A state change. `cites` holds the deepest applicable section numbers of rules/zh.txt. Immutable: a named
    tuple, since the engine records one for every change (a frozen dataclass takes three times as long to build)."""

    seq: int
    what: str
    cites: tuple[str, ...]
    player: str | None = None
    card: str | None = None
    before: Mapping[str, Any] = NO_CHANGE
    after: Mapping[str, Any] = NO_CHANGE

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "what": self.what,
            "player": self.player,
            "card": self.card,
            "before": dict(self.before),
            "after": dict(self.after),
            "cites": list(self.cites),
        }


# An event's `before` or `after` as `Game.emit` is given it: a mapping, or its keys and values in turn in one flat tuple,
# `("zone", "deck", "oid", 45)` for {"zone": "deck", "oid": 45}, which the frequent events pass. The record keeps it as
# given, and the mapping is made only when the Event is built: a dict kept for each event is a new object the garbage
# collector counts (~660 a game drove about one young collection a game with the trace on), a tuple is not (it
# comes from the interpreter's free list, which the records of the last game refilled).
Change = Mapping[str, Any] | tuple[Any, ...]

# What `Game.emit` keeps of an event: (seq, what, cites as given, player index or None, card, before, after).
# The Event is built from it only when the trace is read (`Game.events`) or a listener is told (`event_from`). The
# cites are kept as the emitting procedure gave them (nearly always a tuple; a procedure builds a fresh sequence for
# each event and never changes it afterwards): made a tuple here, when the Event is built, not on every event.
Record = tuple[int, str, Sequence[str], "int | None", "str | None", "Change | None", "Change | None"]


def change_mapping(change: Change | None) -> Mapping[str, Any]:
    """The mapping of an event's `before` or `after` as it was given (`Change`; None or empty: no change)."""
    if not change:
        return NO_CHANGE
    if type(change) is tuple:
        return dict(zip(change[::2], change[1::2]))
    return change


def event_from(record: Record, names: Sequence[str]) -> Event:
    """The Event of a record: its precise cites, its player by name (`names`: the players' names by index)."""
    seq, what, cites, player, card, before, after = record
    return Event(seq, what, precise_cites(cites if type(cites) is tuple else tuple(cites)),
                 None if player is None else names[player], card, change_mapping(before), change_mapping(after))
