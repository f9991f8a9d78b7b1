"""Run a scenario through the engine with a strict scripted decider.

Each scripted step answers the decision the engine asks at that moment; a step
that does not fit the decision (or a choice nobody scripted) fails the run and
names the decision and its legal options, so no outcome rests on a default.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from pal_judge.errors import UserError
from pal_judge.scenarios.expectations import ExpectationResult, check, with_history
from pal_judge.scenarios.loader import card_field_where
from pal_judge.scenarios.model import PLAYERS, Expectation, Scenario, Setup, Step

# Decisions at which a scenario may stop: a player's play timing (10.5.4.2).
PLAY_TIMINGS = ("main", "quick")


# The clause that begins the step in which a declined choice would have been asked (9.4.2, 9.5.2).
UNASKED_FROM = {"block": "9.4.1", "pass": "9.5.1"}
# The moment an attempted action is judged when the engine asks nothing then: the block declaration
# step (9.4.2) for a block, the quick step (9.5.2) for a quick card or Interrupt.
ATTEMPT_MOMENT = {"block": "block", "quick": "pass", "play": "pass", "interrupt": "pass"}


class StepMismatch(Exception):
    """A scripted step does not answer the decision the engine asks."""


@dataclass
class StepRun:
    index: int  # 0 = the board as set up (events until the first decision)
    text: str
    line: int | None
    events: list[dict[str, Any]] = field(default_factory=list)
    snapshot: dict[str, Any] = field(default_factory=dict)
    expectations: list[ExpectationResult] = field(default_factory=list)
    decisions: list[dict[str, Any]] = field(default_factory=list)  # what was asked and answered
    state: dict[str, Any] | None = None  # the game saved right after this step's last event (`keep_states`):
    # engine.saved's checkpoint and the answers since it
    steps_left: tuple[int, ...] = ()  # with `state`: the scenario's steps (by number) not yet played then

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.index,
            "action": self.text,
            "line": self.line,
            "decisions": self.decisions,
            "events": self.events,
            "board": self.snapshot,
            "expectations": [e.to_dict() for e in self.expectations],
        }


@dataclass
class ScenarioRun:
    scenario: Scenario
    steps: list[StepRun]
    final: list[ExpectationResult]
    outcome: str
    winner: str | None
    error: str | None = None  # a strict-run failure: unscripted choice, step that does not fit, …
    refused: tuple[str, ...] = ()  # the clauses that refused the scenario's attempts, as the legality test cites them

    @property
    def events(self) -> list[dict[str, Any]]:
        return [event for step in self.steps for event in step.events]

    @property
    def expectations(self) -> list[ExpectationResult]:
        return [e for step in self.steps for e in step.expectations] + self.final

    @property
    def ok(self) -> bool:
        return self.error is None and all(e.ok for e in self.expectations)

    def cited(self) -> set[str]:
        return {cite for event in self.events for cite in event.get("cites", ())} | set(self.refused)

    def primary(self) -> set[str]:
        """The clauses this run really applies: each event's primary cite and each answered decision's
        legal basis (supporting cites are not counted)."""
        events = {event["cites"][0] for event in self.events if event.get("cites")}
        return events | {c for step in self.steps for d in step.decisions for c in d.get("basis", ())} | set(self.refused)

    def to_dict(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario.name,
            "file": self.scenario.where.file,
            "ok": self.ok,
            "error": self.error,
            "outcome": self.outcome,
            "winner": self.winner,
            "steps": [s.to_dict() for s in self.steps],
            "expectations": [e.to_dict() for e in self.expectations],
            "refused": list(self.refused),  # the clauses that refused the scenario's attempts
        }


# -- the board handed to the engine -----------------------------------------------------


def engine_setup(setup: Setup) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The engine's setup dict and card list (API.md §2) for a scenario's board."""
    cards: dict[str, dict[str, Any]] = {}
    players: dict[str, Any] = {}
    for _, _, spec in setup.cards():
        if spec.data:
            cards.setdefault(spec.name, spec.data)
    for player in PLAYERS:
        board = setup.players[player]
        players[player] = {
            "life": board.life,
            "damage": board.damage,
            "material": board.resources.get("material", 0),
            "ingredient": board.resources.get("ingredient", 0),
            "deck": [c.name for c in board.deck],
            "hand": [c.name for c in board.hand],
            "base": [{"card": b.card.name, "state": b.state, "damage": b.damage, "power": b.power, "strike": b.strike}
                     for b in board.base],
            "graveyard": [c.name for c in board.graveyard],
            "souls": {"standing": board.souls_standing, "rested": board.souls_rested, "deck": board.soul_deck},
            "pal_limit": board.pal_limit,
        }
    game = {
        "turn": setup.turn_number,
        "turn_player": setup.turn_player,
        "first_player": setup.first_player,
        "phase": setup.phase,
        "night": setup.night,
        "soul_draw_used": setup.soul_draw_used,
        "turn_limit": setup.turn_number + 6,
        "players": players,
    }
    return game, list(cards.values())


# -- matching steps to decisions -------------------------------------------------------------


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def _target(target: str) -> str:
    return f"player {target}" if target in PLAYERS else target


def planned_answers(step: Step) -> list[tuple[tuple[str, ...], list[str]]]:
    """The decisions a step answers, in order: (acceptable kinds, acceptable labels)."""
    a = step.args
    verb = step.action
    plan: list[tuple[tuple[str, ...], list[str]]] = []
    if verb == "attack":
        target = "player" if a["target"] in PLAYERS else a["target"]
        plan.append((("main",), [f"attack {a['with']} -> {target}"]))
    elif verb == "block":
        plan.append((("block",), [a.get("card", "none")]))
    elif verb == "pass":
        plan.append((("quick",), ["pass"]))
    elif verb in ("end_turn", "soul_draw"):
        plan.append((("main",), [verb]))
    elif verb == "concede":  # 1.2.3 at any decision; `player:` names who concedes (default: the one asked)
        plan.append(((), [f"concede {a['player']}"] if a.get("player") else ["concede"]))
    elif verb in ("play", "activate", "quick", "interrupt"):
        card = a["card"]
        ability = a.get("ability")
        kinds = ("quick",) if verb in ("quick", "interrupt") else ("main", "quick")
        activate = [f"activate {card}"] + ([f"activate {card}: #{ability}", f"activate {card}: {ability}"] if ability else [])
        labels = {"play": [f"play {card}"], "activate": activate}.get(verb, [f"play {card}"] + activate)
        plan.append((kinds, labels))
        if verb == "interrupt":
            pay = "soul" if a["pay"] == "soul" else f"discard {a['discard']}"
            plan.append((("interrupt_payment",), [pay]))
        for target in a.get("targets", []):
            plan.append((("choose_targets",), [_target(target)]))
        if "pay" in a and verb != "interrupt":
            plan.append((("interrupt_payment", "optional", "choose_one"), [a["pay"]]))
    elif verb == "choose":
        choices = a.get("card", [])
        for choice in choices if isinstance(choices, list) else [choices]:
            plan.append(((), [_target(choice) if choice in PLAYERS else choice]))
    return plan


def _declines_unasked(step: Step, decision: Any) -> bool:
    """Declining a choice the engine did not offer is satisfied by not being asked (9.4.2, 9.5.2)."""
    if step.action == "pass":
        return decision.kind != "quick"
    return step.action == "block" and step.args.get("card") == "none" and decision.kind != "block"


class StepDecider:
    """Answers the engine's decisions from the scenario's steps, recording each step's events and board."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.remaining = list(enumerate(scenario.steps, start=1))
        self.queue: list[tuple[tuple[str, ...], list[str]]] = []
        self.current = StepRun(0, "set-up", scenario.where.line)
        self.runs: list[StepRun] = []
        self.seen = 0  # events already assigned to a step
        self.pending: Any = None
        self.option_checks: list[ExpectationResult] = []
        self.refused: list[str] = []  # the refusing clause of each attempt the rules refused
        self.boards: dict[int, dict[str, Any]] = {}  # event seq -> the board right after it (`on_event`)
        self.saver: Any = None  # with `keep_states`: the engine.saved.Recorder the game asks through
        # event seq -> the game saved right after it, and the steps not yet played then (`on_event`)
        self.saved: dict[int, tuple[dict[str, Any], tuple[int, ...]]] = {}
        self.watched = tuple({step.at[0] for step in scenario.steps if step.at})  # clauses a step observes at

    def _left(self) -> tuple[int, ...]:
        return tuple(index for index, _ in self.remaining)

    def close_step(self, game: Any, left: tuple[int, ...] | None = None) -> None:
        """Give the events since the last step to the current one and take the board (and, with
        `keep_states`, the game saved as it is now, and the steps `left` to play from there)."""
        if self.saver is not None:
            self.current.state = self.saver.save(game)
            self.current.steps_left = self._left() if left is None else left
        events = game.events[self.seen :]
        self.seen = len(game.events)
        self.current.events += [e.to_dict() for e in events]
        self.current.snapshot = game.snapshot()
        self.runs.append(self.current)

    def _take_events_from_where_asked(self, step: Step) -> None:
        """A declined choice the engine did not ask still owns the events from where it would have been
        asked: `block: none` those after the beginning of the block declaration step (9.4.1), `pass` those
        after the beginning of the quick step (9.5.1); the step before keeps what led up to it."""
        begins = UNASKED_FROM.get(step.action)
        earlier = self.runs[-1] if self.runs else None
        if begins is None or earlier is None:
            return
        starts = [n for n, event in enumerate(earlier.events) if (event.get("cites") or [None])[0] == begins]
        if not starts and earlier.index == 0 and self.scenario.resume is not None:
            # a game saved right after that beginning (`replay --save-at`): what its set-up shows is the step's,
            # and the game after the set-up is the saved one, as it was loaded
            self.current.events, earlier.events = earlier.events + self.current.events, []
            if self.saver is not None:
                earlier.state, earlier.steps_left = self.saver.first, (self.current.index,) + self._left()
        if starts:
            self.current.events = earlier.events[starts[-1] + 1 :] + self.current.events
            del earlier.events[starts[-1] + 1 :]
            # the earlier step's observations see the board as it was there (mid-battle), and its game is saved there
            earlier.snapshot = self.boards.get(earlier.events[-1]["seq"], earlier.snapshot)
            earlier.state, left = self.saved.get(earlier.events[-1]["seq"], (None, ()))
            earlier.steps_left = tuple(index for index in left if index > earlier.index)  # the declines up to it

    def on_event(self, game: Any, event: Any) -> None:
        """Listener (engine API §5): the board at each beginning a declined choice may split at, and the
        attempts that belong to that moment (a block or a quick card tried where the engine asks nothing);
        the board after each event a step observes at (`at:`)."""
        if not event.cites:
            return
        if any(cites_clause(event.cites[0], clause) for clause in self.watched):
            self.boards[event.seq] = game.snapshot()
        if event.cites[0] not in UNASKED_FROM.values():
            return
        self.boards[event.seq] = game.snapshot()
        moment = next(verb for verb, begins in UNASKED_FROM.items() if begins == event.cites[0])
        while (waiting := self._attempt_waiting(moment)) is not None:
            index, step = self.remaining.pop(waiting)
            self._attempt(game, index, step)
        if self.saver is not None:  # the attempts judged at this moment are played already
            self.saved[event.seq] = (self.saver.save(game), self._left())

    def _attempt_waiting(self, moment: str) -> int | None:
        """The next step, past the declines of earlier moments, when it is an attempt judged at `moment`;
        an attempt written after this moment's own decline (`pass`, `block: none`) belongs to a later one."""
        for n, (_, step) in enumerate(self.remaining):
            if _declines_anything(step):
                if step.action == moment:
                    return None
                continue
            tried = step.args["step"].action if step.action == "attempt" else None
            return n if ATTEMPT_MOMENT.get(tried or "") == moment else None
        return None

    def _attempt(self, game: Any, index: int, step: Step) -> None:
        result, found = _attempt_result(game, index, step)
        self.option_checks.append(result)
        if not found.allowed:
            self.refused.append(found.clause)

    def _check_options(self, decision: Any, game: Any) -> None:
        """`- options: {has: [...], lacks: [...]}` steps: what the player may (not) do right now; their
        `expect:` is checked on the board as it is at this decision. `- attempt:` steps: judged now."""
        while self.remaining and self.remaining[0][1].action in ("options", "attempt"):
            index, step = self.remaining.pop(0)
            if step.action == "attempt":
                self._attempt(game, index, step)
                self.option_checks += check(with_history(game.snapshot(), [e.to_dict() for e in game.events]), step.expect, index)
                continue
            if step.expect:
                self.option_checks += check(with_history(game.snapshot(), [e.to_dict() for e in game.events]), step.expect, index)
            legal = {_norm(o.label) for o in decision.options}
            if "player" in step.args:
                asked = f"{decision.kind} decision of {decision.player}"
                exp = Expectation("option", step.args["player"], f"a decision of {step.args['player']}", step.where)
                ok = decision.player == step.args["player"]
                self.option_checks.append(ExpectationResult(exp, exp.expected if ok else asked, ok, index))
            for wanted in step.args.get("has", []):
                self.option_checks.append(_option_result(step, index, wanted, True, _norm(wanted) in legal, decision))
            for unwanted in step.args.get("lacks", []):
                self.option_checks.append(_option_result(step, index, unwanted, False, _norm(unwanted) not in legal, decision))

    def decide(self, decision: Any, game: Any) -> Any:
        while self.queue and self.current.decisions and self.queue[0][0] and decision.kind not in self.queue[0][0]:
            # a follow-up (targets, payment) the engine did not ask: it had a single legal option
            kinds, labels = self.queue.pop(0)
            self.current.decisions.append({"kind": kinds[0], "answer": labels[0], "asked": False})
        while not self.queue:
            left = self._left()  # the options and attempts judged at this decision are judged again on resuming
            self._check_options(decision, game)
            self.close_step(game, left)
            if not self.remaining:
                self.pending = decision
                from pal_judge.engine import ScriptExhausted

                raise ScriptExhausted(decision, why="no scripted step left")
            index, step = self.remaining.pop(0)
            self.current = StepRun(index, step.describe(), step.where.line)
            if _declines_unasked(step, decision):
                # `pass` / `block: none` when the engine had nothing to ask (no quick card, no blocker)
                self.current.decisions.append({"kind": step.action, "answer": "none", "asked": False})
                self._take_events_from_where_asked(step)
                continue
            self.queue = planned_answers(step)
        kinds, labels = self.queue.pop(0)
        options = {_norm(o.label): o for o in decision.options}
        chosen = next((options[_norm(label)] for label in labels if _norm(label) in options), None)
        if (kinds and decision.kind not in kinds) or chosen is None:
            step = self.scenario.steps[self.current.index - 1]
            legal = ", ".join(o.label for o in decision.options)
            raise StepMismatch(
                f"{step.where}: step {self.current.index} ({step.describe()}) does not answer what the engine asks: "
                f"{decision.kind} for player {decision.player}, legal options: {legal}"
            )
        step = self.scenario.steps[self.current.index - 1]
        if step.action == "interrupt" and decision.kind == "quick":
            _check_interrupt_payment(step, self.current.index, decision.player, game)
        self.current.decisions.append({"kind": decision.kind, "player": decision.player, "answer": chosen.label,
                                       "basis": list(decision.basis)})
        return chosen


def cites_clause(cite: str, clause: str) -> bool:
    """The cite is the clause or one of its sub-clauses."""
    return cite == clause or cite.startswith(clause + ".")


def _observed(run: StepRun, step: Step, so_far: list[dict[str, Any]], boards: dict[int, Any]) -> list[ExpectationResult]:
    """A step's `expect:`, on the board after its events, or (`at:`) right after its nth event whose primary
    cite is the clause: in the middle of a procedure such as a player damage resolution (11.2.2)."""
    if step.at is None:
        return check(with_history(run.snapshot, so_far), step.expect, run.index)
    clause, time = step.at
    seen = [e for e in run.events if e.get("cites") and cites_clause(e["cites"][0], clause)]
    if len(seen) < time:
        actual = f"step {run.index} has {len(seen)} event(s) citing {clause}, not {time}"
        return [ExpectationResult(exp, actual, False, run.index) for exp in step.expect]
    moment = seen[time - 1]["seq"]
    history = [e for e in so_far if e["seq"] <= moment]
    return check(with_history(boards[moment], history), step.expect, run.index)


def _payment(step: Step) -> str:
    return "soul" if step.args["pay"] == "soul" else f"discard {step.args['discard']}"


def _check_interrupt_payment(step: Step, index: int, player: str, game: Any) -> None:
    """A scripted payment that cannot be made fails the step (never silently swapped for another)."""
    from pal_judge.engine.legality import interrupt_payments

    scripted = _payment(step)
    legal = interrupt_payments(game, player, step.args["card"])
    if scripted not in legal:
        raise StepMismatch(
            f"{step.where}: step {index} ({step.describe()}) pays '{scripted}', which player {player} cannot pay (12.8.2); "
            f"legal payments: {', '.join(legal) or 'none'}"
        )


def _declines_anything(step: Step) -> bool:
    return step.action == "pass" or (step.action == "block" and step.args.get("card") == "none")


def _owner(game: Any, label: str) -> str:
    """The player whose base or hand holds the card (the one who would do the attempted action)."""
    for p in game.players:
        if any(label in (c.label, c.card.name) for c in p.base + p.hand):
            return str(p.name)
    return str(game.pname(game.turn_player))


def _actor(game: Any, step: Step) -> str:
    """Who would do the scripted action: the owner of the card it names, else the turn player."""
    a = step.args
    label = a.get("with") or a.get("card")
    if step.action == "soul_draw" or not isinstance(label, str):
        return str(a.get("player") or game.pname(game.turn_player))
    return _owner(game, label)


def verdict(game: Any, step: Step, player: str) -> Any:
    """The rules' legality test (engine/legality.py) for the action a step scripts, at this moment."""
    from pal_judge.engine import legality

    a = step.args
    if step.action == "attack":
        return legality.attack(game, player, a["with"], a["target"])
    if step.action == "block":
        return legality.block(game, player, a["card"])
    if step.action == "interrupt":
        return legality.interrupt(game, player, a["card"], _payment(step))
    if step.action == "soul_draw":
        return legality.soul_draw(game, player)
    if step.action == "play":
        return legality.play(game, player, a["card"])
    return legality.quick(game, player, a["card"])


def _attempt_result(game: Any, index: int, step: Step) -> tuple[ExpectationResult, Any]:
    """An `attempt` as an expectation: refused, citing `refused_by` or one of its sub-clauses; the
    actual value is the legality test's whole answer (clause, reason, what would allow it)."""
    clause = step.args["refused_by"]
    tried = step.args["step"]
    player = _actor(game, tried)
    found = verdict(game, tried, player)
    ok = not found.allowed and cites_clause(found.clause, clause)
    exp = Expectation("refused", f"{player}: {tried.describe()}", f"refused by {clause}", step.where)
    return ExpectationResult(exp, found.describe(), ok, index), found


def _option_result(step: Step, index: int, label: str, present: bool, ok: bool, decision: Any) -> ExpectationResult:
    """An `options` check as an expectation: `label` is (not) among the legal options."""
    verb = "may" if present else "may not"
    exp = Expectation("option", decision.player, f"{verb} {label}", step.where)
    actual = f"{verb} {label}" if ok else f"{'may not' if present else 'may'} {label} (options: {', '.join(decision.labels())})"
    return ExpectationResult(exp, actual if not ok else exp.expected, ok, index)


def _deck_defs(scenario: Scenario, player: str) -> list[Any]:
    """The CardDefs of a player's deck, for the pre-game procedure (chapter 6)."""
    from pal_judge.engine import card_from_dict

    defs = []
    board = scenario.setup.players[player]
    # a game starting at the redraw: the opening hand written is what the top 5 cards drew (6.2.1.6)
    for number, card in enumerate(board.hand + board.deck, start=1):
        # generic cards get distinct names so that filler alone is a legal deck (6.1.1.2)
        data = card.data or {"name": f"{card.name} {number}", "type": "pal", "subtype": "lucky" if card.lucky else "normal",
                             "cost": 1, "power": 1000, "strike": 1}
        defs.append(card_from_dict(data))
    return defs


def _build_game(scenario: Scenario) -> Any:
    from pal_judge.engine import CardDataError, Game, SetupError
    from pal_judge.engine.deck import DeckError

    setup, cards = engine_setup(scenario.setup)
    if scenario.resume is not None:
        return _resumed_game(scenario)
    try:
        if scenario.setup.pregame:
            start = scenario.setup.start
            return Game.from_decks(_deck_defs(scenario, "A"), _deck_defs(scenario, "B"), seed=scenario.setup.seed,
                                   turn_limit=3, shuffled=start != "shuffle",
                                   first=scenario.setup.first_player if start == "redraw" else None)
        return Game.from_setup(setup, cards=cards, seed=scenario.setup.seed)
    except CardDataError as err:
        raise _card_error(scenario, err) from None
    except DeckError as err:
        raise UserError(f"{scenario.where}: {err}") from None
    except SetupError as err:
        raise UserError(f"{scenario.where}: the engine rejects the set-up at {err.path}: {err.message}") from None


def _resumed_game(scenario: Scenario) -> Any:
    """The game a `replay --save-at` file saved (its `resume:`), going on from where it was saved."""
    from pal_judge.engine import Game

    try:
        return Game.from_data(json.loads(scenario.resume) if isinstance(scenario.resume, str) else scenario.resume)
    except ValueError as err:  # SavedGameError, or text that is not JSON
        raise UserError(f"{scenario.where}: resume: not a game saved by `replay --save-at`: {str(err)[:200]}") from None


def _card_error(scenario: Scenario, err: Exception) -> UserError:
    message = getattr(err, "message", str(err))
    path = getattr(err, "path", "")
    name = getattr(err, "card", None)
    for _, _, spec in scenario.setup.cards():
        if spec.data and (name is None or spec.name == name):
            return UserError(f"{card_field_where(spec, path)}: card '{spec.name}': {path}: {message}")
    return UserError(f"{scenario.where}: {path}: {message}")


def _deck_check(scenario: Scenario) -> ScenarioRun | None:
    """Pre-game set-ups: check both decks (6.1); an illegal deck ends the scenario before the game."""
    from pal_judge.engine import validate_deck

    violations = {p: validate_deck(_deck_defs(scenario, p)) for p in PLAYERS}
    if not any(violations.values()):
        return None
    events: list[dict[str, Any]] = [
        {"seq": n, "what": f"{player}'s deck is not legal: {v.message}", "player": player, "card": None,
         "before": {}, "after": {}, "cites": [v.rule]}
        for n, (player, v) in enumerate(((p, v) for p in PLAYERS for v in violations[p]), start=1)
    ]
    board = {"deck_violations": {p: [v.rule for v in violations[p]] for p in PLAYERS}}
    step = StepRun(0, "deck check (6.1)", scenario.where.line, events=events, snapshot=board)
    unused = [s for s in scenario.steps if s.action not in ("pass", "block")]
    error = f"{unused[0].where}: the decks are not legal, so no step is played" if unused else None
    return ScenarioRun(scenario, [step], check(board, scenario.expect, 0), "illegal_deck", None, error)


def _saving(game: Any, decider: StepDecider) -> Any:
    """The decider the game asks when each step's state is kept: a Recorder around the scenario's own."""
    from pal_judge.engine.saved import Recorder

    decider.saver = Recorder(game, decider)
    return decider.saver


def run_scenario(scenario: Scenario, keep_states: bool = False) -> ScenarioRun:
    """Play the scenario; expectation failures and strict-run failures are reported, not raised.
    `keep_states`: keep the engine's state after each step (for `replay --save-at`)."""
    from pal_judge.engine import UnscriptedChoice

    if scenario.setup.pregame:
        illegal = _deck_check(scenario)
        if illegal is not None:
            return illegal
    game = _build_game(scenario)
    decider = StepDecider(scenario)
    game.listeners.append(decider.on_event)
    error: str | None = None
    outcome, winner = "error", None
    try:
        result = game.run(_saving(game, decider) if keep_states else decider)
        outcome, winner = result.outcome, result.winner
        pending = getattr(result, "pending", None) or decider.pending
        if outcome == "event_limit":
            error = f"{scenario.where}: {result.reason}"
    except (StepMismatch, UnscriptedChoice) as err:
        error = str(err)
        pending = None
    except Exception as err:  # noqa: BLE001 - only a saved game's own data can be inconsistent this way
        if scenario.resume is None:
            raise
        raise UserError(f"{scenario.where}: resume: the saved game is not consistent "
                        f"({type(err).__name__}: {str(err)[:120]})") from None
    if not any(run is decider.current for run in decider.runs):
        decider.close_step(game)
    if error is None and pending is not None and pending.kind not in PLAY_TIMINGS:
        legal = ", ".join(o.label for o in pending.options)
        error = (
            f"{scenario.where}: unscripted choice after the last step: the engine asks player {pending.player} "
            f"'{pending.kind}' (options: {legal}); add a step that answers it"
        )
    unused = [(i, st) for i, st in decider.remaining if st.action not in ("pass", "block")]
    if error is None and unused:
        index, step = unused[0]
        error = f"{step.where}: step {index} ({step.describe()}) was never used: the game ended ({outcome})"
    so_far: list[dict[str, Any]] = list(decider.runs[0].events)
    for run in decider.runs[1:]:
        step = scenario.steps[run.index - 1]
        so_far += run.events
        run.expectations = _observed(run, step, so_far, decider.boards)
    last = with_history(decider.runs[-1].snapshot, so_far)
    last.setdefault("deck_violations", {p: [] for p in PLAYERS})  # the decks were legal if the game was played
    final = decider.option_checks + check(last, scenario.expect, 0)
    return ScenarioRun(scenario, decider.runs, final, outcome, winner, error, tuple(decider.refused))
