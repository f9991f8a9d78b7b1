"""Decisions (every point where a player chooses) and the deciders that answer them."""

from __future__ import annotations

import re

import random
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Mapping, NamedTuple, Protocol, Sequence, TypeVar

if TYPE_CHECKING:
    from pal_judge.engine.game import Game

_T = TypeVar("_T")


class Option(NamedTuple):
    """One answer a decision offers. Immutable; a named tuple, as the engine builds one for every legal answer of
    every decision (a frozen dataclass takes several times as long to build)."""

    label: str
    data: Any = None

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label}


# `new_option((label, data))` builds an `Option` as `Option(label, data)` does, without the Python-level `__new__` a
# named tuple has (the hottest decisions build one for every legal attack and every card in hand)
new_option = partial(tuple.__new__, Option)


class Menu:
    """The legal answers of a part of a decision, counted when the decision is made and built only as they are read
    (the attacks of the main phase's, `battle.Attacks`): how many there are (`count`), the one at an index (`option`,
    each kind of menu its own), and all of them in order. A subclass declares its own `__slots__`, with `count`."""

    __slots__ = ()
    count: int

    def option(self, index: int) -> Option:
        raise NotImplementedError

    def options(self) -> list[Option]:
        return [self.option(index) for index in range(self.count)]


class Decision:
    """A point where a player chooses (read only once asked; `offer_last` completes one read from the board before it
    is asked): its kind, the player asked (by name), the options in the order the deciders see them, the prompt. The
    options are its actions, then the concessions a game offers last at every decision (1.2.3). A decision its
    procedure reads from the board (a subclass: `turn.MainOptions`, the main phase's, 7.5.2) counts its actions when
    it is made and builds its options when `options` is first read, and `option(k)` builds the k-th alone: the random
    decider reads one of the seven or so a main-phase decision offers. Every reader of `options` sees the same
    options, in the same order."""

    __slots__ = ("kind", "player", "prompt", "action_count", "_built", "_last")

    def __init__(self, kind: str, player: str, options: Sequence[Option], prompt: str = "",
                 last: tuple[Option, ...] = ()) -> None:
        """The options are `options`, then `last` (the concessions, 1.2.3). `action_count`: how many options come
        before the concessions a game offers last at every decision, known when the decision is made: the options
        before `last` (without `last`, those before the concessions that end `options`)."""
        self.kind = kind
        self.player = player
        self.prompt = prompt
        self._last = last
        if last:
            self._built: tuple[Option, ...] | None = tuple(options) + last
            self.action_count = len(options)
        else:
            self._built = built = tuple(options)
            n = len(built)
            while n and type(built[n - 1].data) is Concession:  # (`is_concession`, read inline)
                n -= 1
            self.action_count = n

    def _read_from_board(self, kind: str, player: str, prompt: str, action_count: int) -> None:
        """The fields of a decision a subclass reads from the board (its `__init__` calls this, not `__init__`): its
        `action_count` actions, each built by the subclass's `option(k)` when read, and no concessions until it is
        asked (`offer_last`)."""
        self.kind = kind
        self.player = player
        self.prompt = prompt
        self.action_count = action_count
        self._built = None
        self._last = ()

    @property
    def options(self) -> tuple[Option, ...]:
        built = self._built
        if built is None:  # (a decision read from the board: each option built by its own `option`)
            built = self._built = tuple([self.option(k) for k in range(self.action_count)]) + self._last
        return built

    def option(self, index: int) -> Option:
        """`options[index]`; a decision read from the board builds it alone (its own `option`), the others unbuilt."""
        built = self._built
        return built[index] if built is not None else self.options[index]

    def offer_last(self, last: tuple[Option, ...]) -> "Decision":
        """This decision, not yet asked, with `last` offered after its actions: the concessions a game offers at every
        decision (`Game.ask_decision`, 1.2.3). Its actions, when built already (its options given, or read before it
        is asked), are kept; otherwise they are built as they are read."""
        built = self._built
        self._last = last
        self._built = None if built is None else built[:self.action_count] + last
        return self

    def _from_start(self, index: int) -> int:
        """The place of `options[index]` counted from the start, for an index counted from the end (below 0)."""
        index += self.action_count + len(self._last)
        if index < 0:
            raise IndexError("decision option index out of range")
        return index

    def labels(self) -> list[str]:
        return [o.label for o in self.options]

    @property
    def basis(self) -> tuple[str, ...]:
        """The decision's legal basis: the clauses its prompt names, e.g. "(10.8.3.1)" or "(7.5.2, chapter 8)"."""
        return tuple(re.findall(r"\b\d+(?:\.\d+)+\b", " ".join(re.findall(r"\(([^)]*)\)", self.prompt))))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "prompt": self.prompt, "options": self.labels()}

    def __repr__(self) -> str:
        return f"Decision(kind={self.kind!r}, player={self.player!r}, options={self.options!r}, prompt={self.prompt!r})"


class Decider(Protocol):
    def decide(self, decision: Decision, game: "Game") -> Option: ...


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


class UnscriptedChoice(Exception):
    """The script has no legal answer for a decision."""

    def __init__(self, decision: Decision, answer: Any = None, why: str = "") -> None:
        self.decision = decision
        self.answer = answer
        opts = "; ".join(decision.labels())
        head = why or (f"scripted answer {answer!r} is not a legal option" if answer is not None
                       else "no scripted answer")
        super().__init__(f"{head} for decision '{decision.kind}' of player {decision.player}"
                         f" ({decision.prompt}); legal options: {opts}")


class ScriptExhausted(UnscriptedChoice):
    """The script ran out of answers; `Game.run` stops with outcome `script_exhausted`."""


def match_option(decision: Decision, answer: str) -> Option | None:
    want = _norm(answer)
    for opt in decision.options:
        if _norm(opt.label) == want:
            return opt
    return None


class ScriptedDecider:
    """Answers decisions from a list, in order (strict). `fallback` answers once it is empty."""

    def __init__(self, answers: Sequence[str | Mapping[str, str]], fallback: Decider | None = None) -> None:
        self._answers = list(answers)
        self._next = 0
        self.fallback = fallback
        self.asked: list[Decision] = []

    @property
    def remaining(self) -> int:
        return len(self._answers) - self._next

    def decide(self, decision: Decision, game: "Game") -> Option:
        self.asked.append(decision)
        if self._next >= len(self._answers):
            if self.fallback is not None:
                return self.fallback.decide(decision, game)
            raise ScriptExhausted(decision)
        raw = self._answers[self._next]
        if isinstance(raw, Mapping):
            kind = raw.get("kind")
            if kind is not None and kind != decision.kind:
                raise UnscriptedChoice(decision, raw, f"script expected a '{kind}' decision")
            answer = str(raw.get("choose", ""))
        else:
            answer = str(raw)
        opt = match_option(decision, answer)
        if opt is None:
            raise UnscriptedChoice(decision, answer)
        self._next += 1
        return opt


class FirstLegalDecider:
    """Always takes the first legal option."""

    def decide(self, decision: Decision, game: "Game") -> Option:
        return decision.options[0]


CONCEDE = "concede"  # the option label (and data tag) of a concession, offered at every decision (1.2.3)


class Concession(NamedTuple):
    """The data of a concession option (1.2.3): `(CONCEDE, player index)`, of a type of its own, so that a concession
    is known by the type of its data (`is_concession`), whatever its label says."""

    tag: str
    player: int


def is_concession(option: Option) -> bool:
    """A concession (1.2.3): its data is a `Concession`."""
    return type(option.data) is Concession


@dataclass
class RandomDecider:
    """Seeded uniform choice; never concedes unless that is the only option."""

    seed: int = 0
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def decide(self, decision: Decision, game: "Game") -> Option:
        # the concessions a game offers at every decision come after the legal actions (`Game.ask`, 1.2.3)
        # a uniform draw among the actions (or, with none, the concessions), the draw `random.choice` makes
        k = draw_below(self.rng, decision.action_count or len(decision.options))
        return decision.option(k)  # (only the chosen option is built, `Decision.option`)


def draw_below(rng: random.Random, n: int) -> int:
    """A number below `n` drawn uniformly, as `random.choice` draws the place of its pick among `n` options: by
    rejection, as many random bits as `n` has until they name one of them. The same bits, so every seeded game plays
    (`RandomDecider`) and is generated (`pick`) as it was."""
    bits = n.bit_length()
    k = rng.getrandbits(bits)
    while k >= n:
        k = rng.getrandbits(bits)
    return k


def pick(rng: random.Random, options: Sequence[_T]) -> _T:
    """One of these options drawn uniformly, as `rng.choice(options)` draws it (`draw_below`); `pick(rng, range(a,
    b + 1))` is `rng.randint(a, b)`'s draw. Fewer calls than `random.Random.choice` (two) and `randint` (three): a
    generated game draws about a hundred times."""
    return options[draw_below(rng, len(options))]


def shuffle_cards(rng: random.Random, cards: list[Any]) -> None:
    """Shuffle these cards in place (5.6.1) as `rng.shuffle(cards)` does: the same swaps from the same random bits, so
    every seeded game plays as it did. From the last place down to the second, each place swaps with one drawn
    uniformly among it and the places before it, by the rejection draw `RandomDecider` makes, written in the loop (a
    deck of 50 is shuffled about four times a game, and `random.Random.shuffle` calls a method for each of its 49
    draws)."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]
