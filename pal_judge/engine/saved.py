"""A game as plain data and back: the complete state, a battle in progress and the abilities waiting
in standby included, so a game stopped at a play timing can be written to a file and resumed there.

The data is JSON-able (no pickles, nothing executable): every engine object is a mapping tagged with its
type ("$": "Step"), tuples, sets and mappings with non-text keys are tagged too, so the round trip is exact.
Only the engine's own types can be named by a tag; anything else is refused.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from pal_judge.engine.cards import PHASES, Ability, CardDef, Cost, Step, Target
from pal_judge.engine.state import Battle, CardInstance, Context, Delayed, Lki, Modifier, Pending, Player

if TYPE_CHECKING:
    from pal_judge.engine.game import Game

FORMAT = 1
RESUMABLE = ("main", "block", "quick")  # the play timings a saved game resumes at (7.5.2, 9.4.2, 9.5.2)
_TYPES = {cls.__name__: cls for cls in (CardDef, Ability, Step, Target, Cost, Lki, Context, Modifier, Pending,
                                        Delayed, Battle, CardInstance, Player)}
# the Game's own state (its trace, decider and run flags are not state: a resumed game starts a new trace)
# (the event budget is not saved: a restored game always has the engine's own, limits.MAX_EVENTS)
_GAME_FIELDS = ("players", "seed", "record", "event_count", "clean_check_at", "turn", "turn_player",
                "first_player", "phase", "step", "night", "battle", "modifiers", "pending", "delayed", "lki",
                "soul_draw_used", "uses", "end_triggered", "state_armed", "turn_limit", "max_actions_per_turn",
                "actions_this_turn", "_next_oid", "_batch", "_order")


class SavedGameError(ValueError):
    """The data is not a game this engine saved."""


def encode(value: Any, cards: dict[str, Any] | None = None) -> Any:
    """Plain data for an engine value. With `cards`, card definitions are written once there, by name,
    and referred to as {"$card": name}."""
    if isinstance(value, CardDef) and cards is not None:
        plain = encode(value)
        if cards.setdefault(value.name, plain) != plain:
            raise SavedGameError(f"two different cards are named {value.name!r}")
        return {"$card": value.name}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if type(value).__name__ not in _TYPES:
            raise SavedGameError(f"cannot save a {type(value).__name__}")
        out = {"$": type(value).__name__}
        out.update({f.name: encode(getattr(value, f.name), cards) for f in dataclasses.fields(value) if f.init})
        return out
    if isinstance(value, tuple):
        return {"$tuple": [encode(v, cards) for v in value]}
    if isinstance(value, (set, frozenset)):
        return {"$set": sorted((encode(v, cards) for v in value), key=repr)}
    if isinstance(value, dict):
        return {"$dict": [[encode(k, cards), encode(v, cards)] for k, v in value.items()]}
    if isinstance(value, list):
        return [encode(v, cards) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise SavedGameError(f"cannot save a {type(value).__name__}")


def decode(value: Any, cards: dict[str, Any] | None = None) -> Any:
    """The engine value of `encode`'s data; `cards`: the saved card definitions by name."""
    if isinstance(value, list):
        return [decode(v, cards) for v in value]
    if not isinstance(value, dict):
        return value
    if "$card" in value:
        if cards is None or value["$card"] not in cards:
            raise SavedGameError(f"the saved card {str(value['$card'])[:40]!r} is not defined")
        return cards[value["$card"]]
    if "$tuple" in value:
        return tuple(decode(v, cards) for v in value["$tuple"])
    if "$set" in value:
        return {decode(v, cards) for v in value["$set"]}
    if "$dict" in value:
        return {decode(k, cards): decode(v, cards) for k, v in value["$dict"]}
    cls = _TYPES.get(value.get("$", ""))
    if cls is None:
        raise SavedGameError(f"unknown saved object {str(value.get('$'))[:40]!r}")
    try:
        return cls(**{k: decode(v, cards) for k, v in value.items() if k != "$"})
    except TypeError as err:
        raise SavedGameError(f"a saved {cls.__name__} does not fit: {err}") from None


def game_to_data(g: "Game", at: str) -> dict[str, Any]:
    """The complete state of a game stopped at the decision `at` (one of RESUMABLE)."""
    if at not in RESUMABLE:
        raise SavedGameError(f"a game can be saved at a play timing ({', '.join(RESUMABLE)}), not at '{at}'")
    if g.resolution:
        raise SavedGameError("a game cannot be saved while a card or ability is resolving")
    cards: dict[str, Any] = {}
    state = {name: encode(getattr(g, name), cards) for name in _GAME_FIELDS}
    return {"format": FORMAT, "at": at, "cards": cards, "rng": encode(g.rng.getstate()), "state": state}


def _check_shape(g: "Game") -> None:
    """The few facts every procedure relies on (the rest is the engine's own data, as it saved it)."""
    players = g.players
    if not (isinstance(players, list) and len(players) == 2 and all(isinstance(p, Player) for p in players)):
        raise SavedGameError("a saved game has two players")
    if g.turn_player not in (0, 1) or g.first_player not in (0, 1) or g.phase not in PHASES:
        raise SavedGameError("the saved turn player or phase is not one of the game's")
    for p in players:
        for zone in (p.deck, p.hand, p.base, p.graveyard, p.exile):
            if not isinstance(zone, list) or not all(isinstance(c, CardInstance) for c in zone):
                raise SavedGameError(f"a saved zone of {str(p.name)[:20]} holds something that is not a card")


def game_from_data(data: Any) -> "Game":
    """A game that resumes, when run, at the decision it was saved at."""
    from pal_judge.engine.game import Game

    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("at") not in RESUMABLE:
        raise SavedGameError(f"not a game saved by this engine (format {FORMAT}, at one of {', '.join(RESUMABLE)})")
    g = Game()
    state = data.get("state")
    if not isinstance(state, dict) or set(state) != set(_GAME_FIELDS):
        raise SavedGameError("the saved state does not have the fields of a game")
    saved_cards = data.get("cards")
    if not isinstance(saved_cards, dict):
        raise SavedGameError("the saved game has no card definitions")
    cards = {name: decode(plain) for name, plain in saved_cards.items()}
    for name in _GAME_FIELDS:
        setattr(g, name, decode(state[name], cards))
    _check_shape(g)
    try:
        g.rng.setstate(decode(data["rng"]))
    except (KeyError, TypeError, ValueError):
        raise SavedGameError("the saved random state is broken") from None
    g.resume_at = data["at"]
    return g
