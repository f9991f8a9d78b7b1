"""The Palworld TCG rules engine: every state change is an Event citing its clauses (API.md)."""

from pal_judge.engine.cards import BUILTIN_CARDS, CardDataError, CardDef, card_from_dict
from pal_judge.engine.deciders import (
    Decision, FirstLegalDecider, Option, RandomDecider, ScriptedDecider, ScriptExhausted, UnscriptedChoice,
)
from pal_judge.engine.deck import DeckError, Violation, validate_deck
from pal_judge.engine.game import Game, RunResult
from pal_judge.engine.setup import SetupError
from pal_judge.engine.trace import Event

__all__ = [
    "BUILTIN_CARDS", "CardDataError", "CardDef", "card_from_dict", "Decision", "FirstLegalDecider", "Option",
    "RandomDecider", "ScriptedDecider", "ScriptExhausted", "UnscriptedChoice", "DeckError", "Violation",
    "validate_deck", "Game", "RunResult", "SetupError", "Event",
]
