"""Executable scenarios: a board, scripted steps, expectations; run through the engine.

`load_scenario_file(path)` reads a scenario (format in rulings/README.md);
`run_scenario(scenario)` plays it and returns a `ScenarioRun`.

The names are loaded on first use, so that importing a light submodule (`scenarios.model`,
`scenarios.located`) does not import the engine and YAML with them (`pal-judge rule` stays fast).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # what the lazy names are, for the type checker
    from pal_judge.scenarios.loader import load_scenario_file, scenario_from_node
    from pal_judge.scenarios.model import Scenario
    from pal_judge.scenarios.runner import ScenarioRun, run_scenario

_HOMES = {
    "Scenario": "pal_judge.scenarios.model",
    "ScenarioRun": "pal_judge.scenarios.runner",
    "run_scenario": "pal_judge.scenarios.runner",
    "load_scenario_file": "pal_judge.scenarios.loader",
    "scenario_from_node": "pal_judge.scenarios.loader",
}

__all__ = ["Scenario", "ScenarioRun", "load_scenario_file", "run_scenario", "scenario_from_node"]


def __getattr__(name: str) -> object:
    if name in _HOMES:
        return getattr(import_module(_HOMES[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
