"""A game as plain data and back, at any moment of a game (issue 11: "a game can be copied and resumed").

The engine asks its questions from inside a Python call stack (a decider is called while an ability resolves,
an overflow is settled, a Lucky check is made …), so a game in the middle of a resolution cannot be written
down as it is. A save is therefore a **checkpoint** — the complete state where nothing is resolving: a play
timing (main, block, quick: 7.5.2, 9.4.2, 9.5.2, 10.5.4.1) or the start of a game that has not run yet — plus
the **answers** given since then, in order. Restoring it puts the checkpoint back; `run` gives the answers
again (the engine is seeded and deterministic, so they lead to the very same state) without recording or
showing the events up to `shown_after`, the event the save was made after, and then asks the new decider.
`Recorder` wraps a decider to keep the latest checkpoint and the answers since, so it can save at any moment.

The data is JSON-able (no pickles, nothing executable): every engine object is a mapping tagged with its
type ("$": "Step"), tuples, sets and mappings with non-text keys are tagged too, so the round trip is exact.
Only the engine's own types can be named by a tag; anything else is refused.
"""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import TYPE_CHECKING, Any

from pal_judge.engine.cards import PHASES, Ability, CardDef, Cost, Step, Target
from pal_judge.engine.deciders import Decider, Decision, Option
from pal_judge.engine.state import Battle, CardInstance, Context, Delayed, Lki, Modifier, Pending, Player

if TYPE_CHECKING:
    from pal_judge.engine.game import Game

FORMAT = 2  # 2: checkpoint + answers to replay; format 1 (a play timing, nothing to replay) is still read
READABLE = (1, 2)
RESUMABLE = ("main", "block", "quick")  # the play timings a checkpoint is taken at (7.5.2, 9.4.2, 9.5.2)
START = "start"  # the checkpoint of a game that has not run yet (its set-up, or its decks before 6.2)
_TYPES = {cls.__name__: cls for cls in (CardDef, Ability, Step, Target, Cost, Lki, Context, Modifier, Pending,
                                        Delayed, Battle, CardInstance, Player)}
_FIELDS = {cls: tuple(f.name for f in dataclasses.fields(cls) if f.init) for cls in _TYPES.values()}
_PLAIN = (bool, int, float, str)  # written as they are (exactly these types: anything else is refused)
# the Game's own state (its trace, decider and run flags are not state: a resumed game starts a new trace)
# (the event budget is not saved: a restored game always has the engine's own, limits.MAX_EVENTS)
_GAME_FIELDS = ("players", "seed", "record", "event_count", "clean_check_at", "turn", "turn_player",
                "first_player", "phase", "step", "night", "battle", "modifiers", "pending", "delayed", "lki",
                "soul_draw_used", "uses", "end_triggered", "state_armed", "turn_limit", "max_actions_per_turn",
                "actions_this_turn", "_next_oid", "_batch", "_order")
MAX_ANSWERS = 10_000  # a saved game replays at most this many answers (a game's budget of events is bounded too)


class SavedGameError(ValueError):
    """The data is not a game this engine saved."""


class _CardTable:
    """The card definitions of a saved game, each written once, by name."""

    def __init__(self) -> None:
        self.plain: dict[str, Any] = {}
        self._written: dict[int, CardDef] = {}  # id -> the definition (kept, so that its id stays its own)

    def ref(self, card: CardDef) -> dict[str, str]:
        if id(card) not in self._written:
            plain = encode(card)
            if self.plain.setdefault(card.name, plain) != plain:
                raise SavedGameError(f"two different cards are named {card.name!r}")
            self._written[id(card)] = card
        return {"$card": card.name}


def encode(value: Any, cards: _CardTable | None = None) -> Any:
    """Plain data for an engine value. With `cards`, card definitions are written once there, by name,
    and referred to as {"$card": name}."""
    kind = type(value)
    if value is None or kind in _PLAIN:
        return value
    if kind is list:
        return [encode(v, cards) for v in value]
    fields = _FIELDS.get(kind)
    if fields is not None:
        if kind is CardDef and cards is not None:
            return cards.ref(value)
        out = {"$": kind.__name__}
        out.update({name: encode(getattr(value, name), cards) for name in fields})
        return out
    if isinstance(value, tuple):
        return {"$tuple": [encode(v, cards) for v in value]}
    if isinstance(value, (set, frozenset)):
        return {"$set": sorted((encode(v, cards) for v in value), key=repr)}
    if isinstance(value, dict):
        return {"$dict": [[encode(k, cards), encode(v, cards)] for k, v in value.items()]}
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
    """The complete state of a game as a checkpoint: `at` is the play timing being asked (one of RESUMABLE),
    or START for a game that has not run yet (a restored one keeps its own checkpoint and answers)."""
    if at == START:
        if g._ran:
            raise SavedGameError("a game that has run can be saved at a play timing, or through a Recorder")
        at = g.resume_at or START
        replay, shown_after = g.replay_answers, max(g.shown_after, g.event_count)
    elif at not in RESUMABLE:
        raise SavedGameError(f"a game can be saved at a play timing ({', '.join(RESUMABLE)}), not at '{at}'")
    else:
        replay, shown_after = [], g.event_count
    if g.resolution:
        raise SavedGameError("a game cannot be saved while a card or ability is resolving: save it through a Recorder")
    cards = _CardTable()
    state = {name: encode(getattr(g, name), cards) for name in _GAME_FIELDS}
    data = {"format": FORMAT, "at": at, "cards": cards.plain, "rng": encode(g.rng.getstate()), "state": state,
            "replay": [list(answer) for answer in replay], "shown_after": shown_after}
    if at == START:
        data["start"] = {"phase": g.start_phase, "pregame": g.pregame is not None}
        if g.pregame is not None:  # a pre-game that starts at a later step (6.2.1.2 done, 6.2.1.3 decided)
            data["start"].update(_pregame_start(g.pregame))
    return data


def copy_game(g: "Game", at: str) -> "Game":
    """An independent copy of a game stopped at the play timing `at` (or not run yet, START): a what-if
    branches from it without replaying from the start. The copy shares no state with `g`."""
    return game_from_data(game_to_data(g, at))


class Recorder:
    """A decider that hands every decision to `inner` and keeps what a save needs: the latest checkpoint
    (taken at each play timing, where nothing resolves) and the answers given since. `save` then works at
    any moment of the game: between two events, or while something resolving waits for an answer."""

    def __init__(self, game: "Game", inner: Decider) -> None:
        self.inner = inner
        self.first = game_to_data(game, START)  # the game before `run`: its start, or the save it was restored from
        self._restart(self.first)

    def _restart(self, data: dict[str, Any]) -> None:
        self.checkpoint = {key: value for key, value in data.items() if key not in ("replay", "shown_after")}
        self.answers: list[list[str]] = [list(answer) for answer in data["replay"]]

    def decide(self, decision: Decision, game: "Game") -> Option:
        if decision.kind in RESUMABLE and not game.resolution:
            self._restart(game_to_data(game, decision.kind))
        choice = self.inner.decide(decision, game)
        self.answers.append([decision.kind, choice.label])
        return choice

    def save(self, game: "Game") -> dict[str, Any]:
        """The game as it is now, after its latest event: the checkpoint, the answers given since, and the
        event it was saved after."""
        return {**self.checkpoint, "replay": [list(a) for a in self.answers], "shown_after": game.event_count}


class Replaying:
    """The decider of a restored game: gives the saved answers again, each checked against the decision the
    engine asks, then hands over to the new decider."""

    def __init__(self, answers: list[tuple[str, str]], then: Decider) -> None:
        self.answers = list(answers)
        self.given = 0
        self.then = then

    def decide(self, decision: Decision, game: "Game") -> Option:
        if self.given == len(self.answers):
            return self.then.decide(decision, game)
        kind, label = self.answers[self.given]
        self.given += 1
        chosen = next((o for o in decision.options if o.label == label), None)
        if kind != decision.kind or chosen is None:
            raise SavedGameError(f"saved answer {self.given} ({kind}: {label[:40]!r}) does not answer the engine's "
                                 f"{decision.kind} decision (options: {', '.join(decision.labels())[:200]})")
        return chosen


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


def _answers(data: dict[str, Any]) -> list[tuple[str, str]]:
    """The saved answers to give again: [kind, label] pairs of text."""
    answers = data.get("replay", [])
    if not isinstance(answers, list) or len(answers) > MAX_ANSWERS or not all(
            isinstance(a, list) and len(a) == 2 and all(isinstance(x, str) for x in a) for a in answers):
        raise SavedGameError(f"replay: a list of at most {MAX_ANSWERS} [decision, answer] pairs of text")
    return [(kind, label) for kind, label in answers]


def _start(g: "Game", start: Any) -> None:
    """A game saved before it ran: it starts as a new game does, at its phase or with its pre-game (6.2)."""
    from pal_judge.engine.deck import pregame

    if not isinstance(start, dict) or start.get("phase") not in PHASES or not isinstance(start.get("pregame"), bool):
        raise SavedGameError("start: the phase a game saved before it ran starts at, and whether it has a pre-game")
    shuffled, first = start.get("shuffled", False), start.get("first")
    if not isinstance(shuffled, bool) or first not in (None, 0, 1) or isinstance(first, bool):
        raise SavedGameError("start: whether the decks are shuffled already, and the player going first (0, 1 or null)")
    g.start_phase = start["phase"]
    g.pregame = partial(pregame, shuffled=shuffled, first=first) if start["pregame"] else None


def _pregame_start(procedure: partial) -> dict[str, Any]:
    """Where a game's pre-game starts (deck.build_from_decks binds it): after the shuffle (6.2.1.2), with the
    first player decided (6.2.1.3)."""
    return {"shuffled": procedure.keywords["shuffled"], "first": procedure.keywords["first"]}


def game_from_data(data: Any) -> "Game":
    """A game that, when run, gives the saved answers again (showing nothing up to `shown_after`) and then
    asks the decision the game was saved at."""
    from pal_judge.engine.game import Game

    at_allowed = RESUMABLE + (START,)
    if not isinstance(data, dict) or data.get("format") not in READABLE or data.get("at") not in at_allowed:
        raise SavedGameError(f"not a game saved by this engine (format {FORMAT}, at one of {', '.join(at_allowed)})")
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
    g.zone_icons = any(card.icon_zones for card in cards.values())  # (the cards of the game, 10.3.4.1)
    try:
        g.rng.setstate(decode(data["rng"]))
    except (KeyError, TypeError, ValueError):
        raise SavedGameError("the saved random state is broken") from None
    if data["at"] == START:
        _start(g, data.get("start"))
    else:
        g.resume_at = data["at"]
    g.replay_answers = _answers(data)
    shown_after = data.get("shown_after", g.event_count)
    if not isinstance(shown_after, int) or isinstance(shown_after, bool) or shown_after < g.event_count:
        raise SavedGameError("shown_after: the number of the event the game was saved after")
    g.shown_after = shown_after
    return g
