"""Issue 18: every piece of the card format's vocabulary is used by a ruling that would notice it misbehaving.

The vocabulary is read from the tables the card parser itself checks against (`pal_judge.engine.cards`), so a new
trigger, condition, selector field, cost, step or keyword is covered here the moment the parser accepts it.

"Would notice", operationally:
* every element must appear on the board of at least one ruling (a card in a base, hand, deck or graveyard of
  its scenario; rulings are all checked to hold by tests/rulings). Engine tests are Python and are not
  enumerated: an element only they use must get a ruling;
* the elements that are a yes/no test of the board — the conditions (`if:`), a selector's `state` and
  `controller` — are inverted through a test hook (the condition's answer negated; rested <-> standing,
  you <-> opponent swapped in the cards handed to the engine) and at least one of the rulings that use the
  element must then fail. A ruling passes this only if its board holds both cases and its expectations read
  them (both turns for a turn condition; a rested and a standing Pal for a state filter).
The rest of the vocabulary (which changes what happens, not whether) is left to bench/mutation.py.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pal_judge.engine import cards as card_format
from pal_judge.engine import stats
from pal_judge.rulings import load_rulings
from pal_judge.scenarios import runner

Card = dict[str, Any]

TARGET_KEYS = ("target", "with", "against", "strike", "power")  # where a target word (self, opponent, …) is written


def vocabulary() -> set[str]:
    """Every element the card format accepts, as `kind:value`. The triggers the engine keeps for keyword
    abilities are covered through their keywords (test_vocabulary_gaps.py shows one written on a card)."""
    tables = {
        "trigger": tuple(t for t in card_format.TRIGGERS if t not in card_format.INTERNAL_TRIGGERS), "if": card_format.CONDITIONS, "selector": card_format.SELECTOR_FIELDS,
        "state": card_format.CARD_STATES, "controller": card_format.CONTROLLERS, "target": card_format.TARGET_WORDS,
        "cost": card_format.COST_KINDS, "do": card_format.STEP_KINDS,
        "keyword": card_format.KEYWORDS_FLAG + card_format.KEYWORDS_VALUED,
    }
    return {f"{kind}:{value}" for kind, values in tables.items() for value in values}


def _keyword(written: Any) -> str:
    return card_format.parse_keyword(written, "keyword")[0]


def _walk(node: Any, parent: str) -> Iterator[str]:
    if isinstance(node, list):
        for item in node:
            yield from _walk(item, parent)
        return
    if not isinstance(node, dict):
        return
    if "choose" in node or "all" in node or parent == "count":  # a selector (API.md §1.3, Targets)
        yield from (f"selector:{field}" for field in node)
        if "state" in node:
            yield f"state:{node['state']}"
        if "controller" in node:
            yield f"controller:{node['controller']}"
    for key, value in node.items():
        if key in ("trigger", "if", "do") and isinstance(value, str):
            yield f"{key}:{value}"
        elif key == "cost" and isinstance(value, list):
            yield from (f"cost:{kind}" for cost in value if isinstance(cost, dict) for kind in cost)
        elif key in TARGET_KEYS and isinstance(value, str):
            yield f"target:{value}"
        elif key == "keyword":
            yield f"keyword:{_keyword(value)}"
        elif key == "keywords" and isinstance(value, list):
            yield from (f"keyword:{_keyword(kw)}" for kw in value)
        yield from _walk(value, key)


def elements_of(card: Card) -> set[str]:
    return set(_walk(card, ""))


@dataclasses.dataclass(frozen=True)
class BoardUse:
    """A ruling and the card dicts its scenario hands to the engine."""

    ruling: Any
    cards: tuple[Card, ...]

    @property
    def elements(self) -> set[str]:
        return {e for card in self.cards for e in elements_of(card)}


def board_uses(rulings: list[Any]) -> list[BoardUse]:
    return [BoardUse(r, tuple(runner.engine_setup(r.scenario.setup)[1])) for r in rulings
            if r.scenario.resume is None and not r.scenario.setup.pregame]


def unused(uses: list[BoardUse]) -> set[str]:
    seen = {e for use in uses for e in use.elements}
    return vocabulary() - seen


# -- the inversion hooks ---------------------------------------------------------------------------

def _swap_in_selectors(node: Any, field: str, pair: tuple[str, str]) -> Any:
    if isinstance(node, list):
        return [_swap_in_selectors(item, field, pair) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _swap_in_selectors(value, field, pair) for key, value in node.items()}
    if out.get(field) in pair and ("choose" in out or "all" in out):
        out[field] = pair[1] if out[field] == pair[0] else pair[0]
    return out


def invert(element: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the engine treat `element` the other way round for the rest of the test."""
    kind, value = element.split(":", 1)
    if kind == "if":
        real = stats.condition_ok

        def inverted(g: Any, cond: str | None, controller: int, source: Any) -> bool:
            answer = real(g, cond, controller, source)
            return not answer if cond == value else answer
        monkeypatch.setattr(stats, "condition_ok", inverted)
        return
    pair = {"state": card_format.CARD_STATES, "controller": ("you", "opponent")}[kind]
    real_setup = runner.engine_setup

    def swapped(setup: Any) -> tuple[dict[str, Any], list[Card]]:
        game, cards = real_setup(setup)
        return game, [_swap_in_selectors(card, kind, pair) for card in cards]
    monkeypatch.setattr(runner, "engine_setup", swapped)


INVERTIBLE = sorted({f"if:{c}" for c in card_format.CONDITIONS}
                    | {f"state:{s}" for s in card_format.CARD_STATES}
                    | {"controller:you", "controller:opponent"})


def _fails(use: BoardUse) -> bool:
    try:
        return not runner.run_scenario(use.ruling.scenario).ok
    except Exception:  # noqa: BLE001 - the engine refusing the inverted card is noticing too
        return True


def noticing(element: str, uses: list[BoardUse], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The rulings using `element` that fail once it is inverted."""
    candidates = [u for u in uses if element in u.elements]
    with monkeypatch.context() as patch:
        invert(element, patch)
        return [u.ruling.id for u in candidates if _fails(u)]


# -- the tests -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def uses() -> list[BoardUse]:
    return board_uses(load_rulings())


def test_every_element_of_the_card_format_is_on_a_rulings_board(uses: list[BoardUse]) -> None:
    assert not unused(uses), f"no ruling uses: {sorted(unused(uses))}"


@pytest.mark.parametrize("element", INVERTIBLE)
def test_a_ruling_notices_the_element_inverted(element: str, uses: list[BoardUse],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    assert noticing(element, uses, monkeypatch), f"no ruling fails when {element} behaves the other way"


# -- the test of the test --------------------------------------------------------------------------

def _without(uses: list[BoardUse], drop: Callable[[Card], bool]) -> list[BoardUse]:
    return [dataclasses.replace(u, cards=tuple(c for c in u.cards if not drop(c))) for u in uses]


def test_coverage_fails_when_an_element_is_removed_from_every_ruling(uses: list[BoardUse]) -> None:
    assert "if:opponent_turn" not in unused(uses)
    stripped = _without(uses, lambda card: "if:opponent_turn" in elements_of(card))
    assert "if:opponent_turn" in unused(stripped)
    assert unused(stripped) - unused(uses) == {"if:opponent_turn"}


def test_a_ruling_that_cannot_tell_the_cases_apart_does_not_count(uses: list[BoardUse],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # the hand-empty ruling notices the inversion; the same board with its expectations taken away does not
    hermit = [u for u in uses if u.ruling.id == "hand-empty-bonus-once-the-hand-is-empty"]
    assert noticing("if:hand_empty", hermit, monkeypatch) == [hermit[0].ruling.id]
    scenario = hermit[0].ruling.scenario
    blind_steps = tuple(dataclasses.replace(s, expect=()) for s in scenario.steps)
    blind = dataclasses.replace(scenario, steps=blind_steps, expect=())
    blind_use = dataclasses.replace(hermit[0], ruling=dataclasses.replace(hermit[0].ruling, scenario=blind))
    assert noticing("if:hand_empty", [blind_use], monkeypatch) == []
