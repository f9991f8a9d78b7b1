"""The facade: a Game holds the state, asks the decider, records the trace."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterable, Sequence

from pal_judge.engine import effects, limits, stats
from pal_judge.engine.cards import CardDef
from pal_judge.engine.deciders import CONCEDE, Concession, Decider, Decision, Option, ScriptExhausted
from pal_judge.engine.pipeline import move_one
from pal_judge.engine.state import (
    Battle, CardInstance, Delayed, Lki, Modifier, Pending, Player, Result,
)
from pal_judge.engine.trace import Change, Event, Record, event_from


def _label_in_use(zones: Iterable[list[CardInstance]], label: str) -> bool:
    for zone in zones:
        for c in zone:
            if c.label == label:
                return True
    return False


@lru_cache(maxsize=64)
def _concession_options(names: tuple[str, ...]) -> tuple[tuple[Option, ...], ...]:
    """1.2.3 any player may concede at any time: at every decision, `concede` (the player asked) and `concede NAME`
    (either player, also the one not being asked); by the index of the player asked. Made once for each pair of
    player names (immutable, shared by the games of those names: most games are between A and B)."""
    named = tuple(Option(f"{CONCEDE} {name}", Concession(CONCEDE, idx)) for idx, name in enumerate(names))
    return tuple((Option(CONCEDE, Concession(CONCEDE, idx)),) + named for idx in range(len(names)))


class GameOver(Exception):
    """Unwinds the procedure stack when the game ends (1.2.1: it ends at that moment)."""


class _Stop(Exception):
    def __init__(self, outcome: str, pending: Decision | None = None) -> None:
        super().__init__(outcome)
        self.outcome = outcome
        self.pending = pending


@dataclass(frozen=True)
class RunResult:
    outcome: str
    winner: str | None
    reason: str
    turns: int
    pending: Decision | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "winner": self.winner, "reason": self.reason, "turns": self.turns,
                "pending": self.pending.to_dict() if self.pending else None}


Until = Callable[["Game"], bool] | str | None


class Game:
    """One game between two players. Build it with `from_setup` or `from_decks`, then `run`."""

    # Its state is kept in slots, one per field set by `__init__` (below): reading one is an attribute read at a fixed
    # place, where a game's 57 fields in an instance dict (past the 30 keys a shared one holds) are each looked up by
    # name, on every read of the game's state (the most frequent operation of the engine). `__dict__` still takes what
    # a caller sets beyond them (the invariant checker wraps a game's `emit`, `invariants.InvariantChecker.attach`).
    __slots__ = (
        "__dict__",
        "_batch", "_concession_options", "_events", "_next_oid", "_order", "_ran", "_unbuilt", "_until",
        "actions_this_turn", "battle", "board_version", "check_version", "clean_check_at", "clean_check_version",
        "decider", "delayed", "derived", "derived_at", "end_triggered", "event_count", "first_player", "leaving",
        "listeners", "lki", "loop_budget", "loop_seen", "loop_state", "loop_stoppers", "max_actions_per_turn",
        "max_events", "modifiers", "night", "pending", "phase", "players", "pregame", "procedures", "record",
        "replacement_depth", "replay_answers", "resolution", "result", "resume_at", "rng", "rules_clean_at", "seed",
        "shown_after", "soul_draw_used", "start_phase", "state_armed", "step", "turn", "turn_limit", "turn_player",
        "uses", "values_version", "zone_icons", "zones",
    )

    def __init__(self, names: Sequence[str] = ("A", "B"), seed: int = 0, turn_limit: int = 200,
                 max_actions_per_turn: int = 300, record: bool = True, max_events: int | None = None) -> None:
        self.players = [Player(0, names[0]), Player(1, names[1])]
        self.rng = random.Random(seed)
        self.seed = seed
        self._events: list[Event] = []  # the trace as built so far (read it through `events`)
        self._unbuilt: list[Record] = []  # the events recorded since it was last read, as `emit` kept them
        self.listeners: list[Callable[["Game", Event], None]] = []  # called with every event as it happens
        self.record = record
        self.event_count = 0
        # the event budget: no input makes a game run without end (issue 13.4)
        self.max_events = limits.MAX_EVENTS if max_events is None else max_events
        self.clean_check_at = -1  # event_count when a check timing last found nothing to do (saved)
        # what is read from the cards whose abilities may work alone (stats.Zones), kept until they change: dropped
        # (stats.DroppedZones, built again when next read) whenever a card enters or leaves a base or a card with a
        # hand or graveyard ability moves (10.3.4.1, 10.3.5); made from the last view for a card it lists only by
        # itself (stats.after_move)
        self.zones: stats.Zones | stats.DroppedZones = stats.DroppedZones(self)
        # a card with an ability for the hand or graveyard (10.3.4.1) may be in one of those zones, read by the zone
        # view: set as `new_instance` makes a card object with one (the set-up's, in any zone, and every move's, 4.1.4)
        # and by a restored game with one among its cards; only a deck made by `deck_instances` leaves it false, since
        # a deck card reaches the hand or graveyard only by a move
        self.zone_icons = False
        # The check version: bumped by every change of what a check timing reads (listed above timing.check_timing),
        # through `state_changed`, `damage_changed`, `check_read_changed` and `derived_changed` (where it can matter)
        # alone; a check timing with nothing in standby at the check version at which the last one found nothing to
        # do finds nothing again and is skipped (10.5.3).
        # The board version: bumped by `state_changed`, `damage_changed` and `derived_changed` (where it can matter)
        # alone, at every change of what a card's derived values or the check-type rule actions read (zones, rested
        # state, damage on cards, effects, night, the turn player, the battle); lethal damage and overflow are not
        # looked for again while it stays where they last found nothing. The values version: the same but for damage
        # on cards (`state_changed` and `derived_changed` alone), which no derived value reads: those values are
        # cached per values version. Not saved: a restored game starts with empty caches and a full check (unless it
        # was saved right after a check timing that found nothing, `clean_check_at`).
        self.check_version = 0
        self.clean_check_version = -1
        self.board_version = 0
        self.rules_clean_at = -1  # the board version when lethal damage and overflow last found nothing
        self.values_version = 0
        self.derived: dict[tuple[Any, ...], Any] = {}  # stats' cache of derived values, valid at `derived_at`
        self.derived_at = -1  # the values version they were computed at
        self.turn = 1
        self.turn_player = 0
        self.first_player = 0
        self.phase = "stand"
        self.step: str | None = None
        self.night = False
        self.battle: Battle | None = None
        self.modifiers: list[Modifier] = []
        self.pending: list[Pending] = []
        self.delayed: list[Delayed] = []
        self.resolution: list[Any] = []  # 4.11 the shared resolution zone (top = last)
        self.lki: dict[int, Lki] = {}
        self.leaving: set[int] = set()  # oids leaving the base in one simultaneous move
        self.soul_draw_used = False  # 8.5.2
        self.uses: dict[tuple[Any, ...], int] = {}  # 10.7 per-turn use counts
        self.end_triggered: set[tuple[Any, ...]] = set()  # 7.6.1
        self.state_armed: set[tuple[Any, ...]] = set()  # 10.8.6.1
        self.loop_stoppers: set[int] = set()  # players who chose to continue in this check timing (13.1.1.2)
        self.loop_budget: int | None = None  # declared loop count still to perform (13.1.1.2)
        self.loop_seen: set[str] = set()  # game states at optional uses in this check timing (13.1.1)
        self.loop_state: str | None = None  # the state the declared loop started from (13.1.1.2.1)
        self.replacement_depth = 0  # replacements being applied one inside another now (`replacement._apply`)
        self.result: Result | None = None
        self.turn_limit = turn_limit
        self.max_actions_per_turn = max_actions_per_turn
        self.actions_this_turn = 0
        self.decider: Decider | None = None
        self._until: Until = None
        self._next_oid = 1
        self._batch = 0
        self._order = 0
        self._ran = False
        # 1.2.3 any player may concede at any time: the options every decision of each player offers last
        self._concession_options = _concession_options(tuple(p.name for p in self.players))
        self.start_phase = "stand"
        self.pregame: Callable[["Game"], None] | None = None
        self.resume_at: str | None = None  # a restored game: the play timing it resumes at (saved.RESUMABLE)
        self.replay_answers: list[tuple[str, str]] = []  # a restored game: the saved answers `run` gives again
        self.shown_after = 0  # a restored game: the event it was saved after; those up to it are not shown again
        # the rules procedures the event pipeline calls back into (a replacement's steps and cost, 10.11):
        # wired here, by the facade, so the pipeline layer does not import the layer above it
        self.procedures = effects

    # ---------------------------------------------------------------- construction
    @classmethod
    def from_setup(cls, setup: dict[str, Any], cards: Iterable[Any] = (), seed: int = 0) -> "Game":
        from pal_judge.engine.setup import build_from_setup

        return build_from_setup(cls, setup, cards, seed)

    @classmethod
    def from_decks(cls, deck_a: Sequence[CardDef], deck_b: Sequence[CardDef], seed: int = 0,
                   names: Sequence[str] = ("A", "B"), turn_limit: int = 200, record: bool = True,
                   shuffled: bool = False, first: str | None = None) -> "Game":
        from pal_judge.engine.deck import build_from_decks

        return build_from_decks(cls, deck_a, deck_b, seed, names, turn_limit, record, shuffled, first)

    @classmethod
    def from_data(cls, data: Any) -> "Game":
        """A game saved by `to_data`; `run` resumes it at the decision it was saved at."""
        from pal_judge.engine.saved import game_from_data

        return game_from_data(data)

    def to_data(self, at: str) -> dict[str, Any]:
        """The complete state as plain data, for a game stopped at the play timing `at` (main, block, quick),
        or not run yet (`start`). At any other moment, save through a `saved.Recorder`."""
        from pal_judge.engine.saved import game_to_data

        return game_to_data(self, at)

    def copy(self, at: str) -> "Game":
        """An independent copy of this game stopped at the play timing `at` (or `start`), to branch a what-if."""
        from pal_judge.engine.saved import copy_game

        return copy_game(self, at)

    # ---------------------------------------------------------------- helpers
    def opp(self, idx: int) -> int:
        return 1 - idx

    def pname(self, idx: int) -> str:
        return self.players[idx].name

    def next_order(self) -> int:
        """A number this game has not given before (saved with it): the order effects were used in (10.10.1.6.2), a
        delayed ability's standby key."""
        self._order += 1
        return self._order

    def next_batch(self) -> int:
        self._batch += 1
        return self._batch

    def emit(self, what: str, cites: Sequence[str], player: int | None = None, card: str | None = None,
             before: Change | None = None, after: Change | None = None) -> None:
        """Record an event (the state change it records was signalled before, `state_changed` and the like). `before`
        and `after`: what changed, a mapping or its keys and values in one flat tuple (`trace.Change`)."""
        seq = self.event_count = self.event_count + 1
        if self.listeners or seq > self.max_events or seq <= self.shown_after:
            self._emit_rare((seq, what, cites, player, card, before, after))
        elif self.record:  # the common case (~870 events a game): kept; the Event is built when the trace is read
            self._unbuilt.append((seq, what, cites, player, card, before, after))  # (cites as given: `event_from`)

    def _emit_rare(self, record: Record) -> None:
        """An event past the budget, told to listeners or shown already (a restored game's first events)."""
        if record[0] > self.max_events:
            self._over_budget()
        if self.record or self.listeners:
            self._tell(record)

    def _tell(self, record: Record) -> None:
        """An event recorded when listeners are told of it or it was shown already (a restored game giving its saved
        answers again does not show those events twice)."""
        if record[0] <= self.shown_after:
            return
        if self.record:
            self._unbuilt.append(record)
        event = self.events[-1] if self.record else event_from(record, self._names())
        for listener in self.listeners:
            listener(self, event)  # it may concede (1.2.3), which ends the game right here

    @property
    def events(self) -> list[Event]:
        """The trace: every recorded event in order (built from the records `emit` kept, on first read)."""
        if self._unbuilt:
            names = self._names()
            self._events += [event_from(record, names) for record in self._unbuilt]
            self._unbuilt.clear()
        return self._events

    def _names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def state_changed(self) -> None:
        """A change of what derived values or the check-type rule actions read (a card moved, an effect added or
        ended, night), made before its event is recorded: values derived from the old state are stale. Every such
        change calls it (API.md §9), but for damage (`damage_changed`) and a change that only derived values and
        conditions read (`derived_changed`)."""
        self.check_version += 1
        self.board_version += 1
        self.values_version += 1

    def derived_changed(self) -> None:
        """A change that only derived values and conditions read, never the zones, damage, life or standby: a card
        rested or stood, the battle begun, its opponents set or ended, the turn player changed. Power, strike, keywords
        and pal limits read it through a continuous ability alone (10.10.1, 10.3.3; night and the effects of resolved
        abilities change through `state_changed`): only while one in play reads it (`stats.Zones.values_read_play_state`)
        is the values version bumped. A check timing can find something new after it only through a state trigger's
        condition or overflow under a continuous pal limit effect (10.8.6, 11.5, 4.4.5), or lethal damage on a damaged
        card whose power that continuous ability may change (11.4.1 damage against power); defeat (11.3) reads life and
        decks alone. With none of these in play the check version is not bumped (which of these the cards in play allow
        is read with the zone view, `stats.Zones.checks_read_values`)."""
        reads = self.zones.checks_read_values
        if self.zones.values_read_play_state:
            self.values_version += 1
            found = reads == stats.CHECKS_READ_VALUES or reads and self._base_damaged()
        else:  # no power changes (11.4.1)
            found = reads == stats.CHECKS_READ_VALUES
        if found:
            self.check_version += 1
            self.board_version += 1

    def _base_damaged(self) -> bool:
        """Is there damage on a card in a base (11.4.1)?"""
        a, b = self.players
        for c in a.base:
            if c.damage:
                return True
        for c in b.base:
            if c.damage:
                return True
        return False

    def zones_changed(self) -> None:
        """The cards whose abilities may work changed (a card entered or left a base, or a card with a hand or
        graveyard ability moved; 10.3.4.1, 10.3.5): their view is built again when a field of it is next read
        (`stats.DroppedZones`), and what was derived from the old state is stale (`state_changed`)."""
        self.zones = stats.DroppedZones(self)
        self.state_changed()

    def damage_changed(self) -> None:
        """The damage on a card changed (5.14.1, 4.4.4): what lethal damage reads (11.4.1), but no derived value
        (keywords, power and strike are not damage, 10.10; no selector or condition reads damage)."""
        self.check_version += 1
        self.board_version += 1

    def life_changed(self, player: int) -> None:
        """A player's life changed: read by defeat alone (11.3.1 life 0 or less; no derived value, rule action of a
        base or state trigger reads it, 10.8.6), so a check timing can find something new only at 0 or less."""
        if self.players[player].life <= 0:
            self.check_read_changed()

    def check_read_changed(self) -> None:
        """A change that a check timing reads and nothing else does: a player's life at 0 or less (defeat, 11.3.1:
        `life_changed`), or a hand or deck that became empty or stopped being empty (defeat, 11.3.2; `hand_empty`,
        10.8.6) by a move between zones other than the base that no continuous ability in play reads
        (`stats.Zones.reads_elsewhere`), an ability put into standby (10.8.2) or a game state remembered by an optional
        use (13.1.1): no derived value and no check-type rule action of a base (lethal damage and overflow, 11.4, 11.5)
        reads it."""
        self.check_version += 1

    def concede(self, player: str) -> None:
        """1.2.3 a player may concede at any time: from a decider, at any decision (of either player), or
        from an event listener (`listeners`), between two events. The game ends at once (1.2.3.1)."""
        if self.result is not None:
            return
        loser = next((p.idx for p in self.players if p.name == player), None)
        if loser is None:
            raise ValueError(f"no player named {player!r}")
        self.emit(f"{self.pname(loser)} concedes", ("1.2.3", "1.2.3.1"), player=loser)
        self.end_game("win", self.opp(loser), f"{self.pname(loser)} concedes", ("1.2.3",))

    def _over_budget(self) -> None:
        """Stop the game: it did more than its budget of events (no rule ends it; the input is hostile
        or broken). No further event is recorded, so memory stays bounded."""
        reason = (f"the game exceeded the engine's budget of {self.max_events} events (turn {self.turn}, "
                  f"{self.phase} phase): a board or card that never stops")
        self.result = Result("event_limit", None, reason)
        raise GameOver(reason)

    def events_since(self, seq: int) -> list[Event]:
        return [e for e in self.events if e.seq > seq]

    def ask(self, kind: str, player: int, options: Sequence[Option], prompt: str = "") -> Option:
        """Ask the decider, when there is a real choice (two options or more; `ask_decision` asks always)."""
        if not options:
            raise RuntimeError(f"decision {kind} with no options")
        until = self._until is not None and self._until_hit()
        if len(options) == 1 and not until:
            return options[0]
        # 1.2.3 every decision offers the concessions last
        return self._decide(Decision(kind, self.players[player].name, options, prompt,
                                     last=self._concession_options[player]), until)

    def ask_decision(self, player: int, decision: Decision) -> Option:
        """Ask the decider a decision its procedure read from the board, its options built as they are read
        (`turn.MainOptions`, 7.5.2: about seventy a game), even with a single option."""
        if not decision.action_count:
            raise RuntimeError(f"decision {decision.kind} with no options")
        until = self._until is not None and self._until_hit()
        # 1.2.3 every decision offers the concessions last
        return self._decide(decision.offer_last(self._concession_options[player]), until)

    def _decide(self, decision: Decision, until: bool) -> Option:
        """The decider's answer (a concession ends the game here, 1.2.3); `until`: stop the run at this decision."""
        if until:
            raise _Stop("until", decision)
        assert self.decider is not None
        try:
            chosen = self.decider.decide(decision, self)
        except ScriptExhausted:
            raise _Stop("script_exhausted", decision) from None
        if type(chosen.data) is Concession:  # (`deciders.is_concession`, read inline)
            self.concede(self.pname(chosen.data.player))
        return chosen

    def check_until(self) -> None:
        """Stop the run here if `until` says so (checked before every decision and every phase)."""
        if self._until is not None and self._until_hit():
            raise _Stop("until")

    def _until_hit(self) -> bool:
        u = self._until
        if u is None:
            return False
        if callable(u):
            return bool(u(self))
        if u == "end_of_turn":
            return self.phase == "end"
        if u.startswith("phase:"):
            return self.phase == u.split(":", 1)[1]
        if u.startswith("turn:"):
            return self.turn >= int(u.split(":", 1)[1])
        raise ValueError(f"unknown until {u!r}")

    # ---------------------------------------------------------------- objects and zones
    def new_instance(self, card: CardDef, owner: int, zone: str) -> CardInstance:
        """A new object (4.1.4). Cards in base and hand are labelled Name, Name#2, ... (the lowest free number)."""
        oid = self._next_oid
        self._next_oid += 1
        if card.icon_zones:
            self.zone_icons = True
        label = card.name
        if zone == "base" or zone == "hand":
            first, second = self.players
            labelled = (first.base, first.hand, second.base, second.hand)
            if _label_in_use(labelled, label):  # (most cards are the only one of their name there)
                used = {c.label for z in labelled for c in z}
                k = 2
                while (label := f"{card.name}#{k}") in used:
                    k += 1
        return CardInstance(oid, card, owner, zone, label)

    def deck_instances(self, cards: Sequence[CardDef], owner: int) -> list[CardInstance]:
        """New objects (4.1.4) for a player's main deck, in this order, as `new_instance` makes them one by one (a
        card in the deck is labelled by its name alone; 100 cards a game, made here without a call each)."""
        first = self._next_oid
        self._next_oid += len(cards)
        return [CardInstance(oid, card, owner, "deck", card.name) for oid, card in enumerate(cards, first)]

    def find(self, oid: int | None) -> CardInstance | None:
        """The object with this oid if it is still in a base."""
        return None if oid is None else self.zones.in_base.get(oid)

    def find_anywhere(self, oid: int | None) -> CardInstance | None:
        """The object with this oid in any zone of a player (base, hand, graveyard, exile, deck)."""
        if oid is None:
            return None
        for p in self.players:
            for zone in (p.base, p.hand, p.graveyard, p.exile, p.deck):
                for c in zone:
                    if c.oid == oid:
                        return c
        return None

    def base_cards(self) -> list[CardInstance]:
        return self.players[0].base + self.players[1].base

    # move(ci, to, cites, what=None, bottom=False, batch=None, rested=False, quiet=False): one card through the event
    # pipeline (4.1.6 / 5.10.1), as a new object (4.1.4); None when a replacement replaced the move (10.11.1.1)
    move = move_one

    # ---------------------------------------------------------------- the end
    def end_game(self, outcome: str, winner: int | None, reason: str, cites: Sequence[str]) -> None:
        self.result = Result(outcome, None if winner is None else self.pname(winner), reason)
        self.emit(f"game ends: {reason}", cites, player=winner, after={"result": self.result.to_dict()})
        raise GameOver(reason)

    # ---------------------------------------------------------------- running
    def run(self, decider: Decider, until: Until = None) -> RunResult:
        """Play until the game ends, the turn limit, `until`, or the script is exhausted."""
        from pal_judge.engine import turn

        if self._ran:
            raise RuntimeError("a Game runs once; build a new one")
        self._ran = True
        self.decider = decider
        if self.replay_answers:
            from pal_judge.engine.saved import Replaying

            self.decider = Replaying(self.replay_answers, decider)
        self._until = until
        pending = None
        try:
            if self.resume_at is not None:
                pass  # a restored game: everything before its decision has happened already
            elif self.pregame is not None:
                self.pregame(self)
            else:
                self._note_continuous_effects()
                # 11.2.1 / 11.1.2.1 damage taken already on the board is an interrupt-type rule action
                # that is performed at once, before anything else happens
                from pal_judge.engine import rule_actions

                rule_actions.player_damage(self)
            turn.play(self, self.resume_at)
        except GameOver:
            pass
        except _Stop as stop:
            pending = stop.pending
            self.result = Result(stop.outcome, None, f"stopped: {stop.outcome}")
        assert self.result is not None
        return RunResult(self.result.outcome, self.result.winner, self.result.reason, self.turn, pending)

    def _note_continuous_effects(self) -> None:
        """For a game built from a board: record the values continuous effects already change (10.10.1)."""
        for ci in self.base_cards():
            value, cites = stats.power_detail(self, ci)
            if cites and value != ci.card.power:
                self.emit(f"{ci.label}: power {value} (printed {ci.card.power}) under continuous effects",
                          ("10.10.1.4",) + cites,
                          player=ci.controller, card=ci.label, before={"power": ci.card.power}, after={"power": value})

    def snapshot(self) -> dict[str, Any]:
        from pal_judge.engine.snapshot import snapshot

        return snapshot(self)
