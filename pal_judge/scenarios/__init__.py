"""Executable scenarios: a board, scripted steps, expectations; run through the engine.

`load_scenario_file(path)` reads a scenario (format in rulings/README.md);
`run_scenario(scenario)` plays it and returns a `ScenarioRun`.

The names are loaded on first use, so that importing a light submodule (`scenarios.model`,
`scenarios.located`) does not import the engine and YAML with them (`pal-judge rule` stays fast).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pal_judge.lazy import lazy_names

if TYPE_CHECKING:  # what the lazy names are, for the type checker
    from pal_judge.scenarios.loader import load_scenario_file, scenario_from_node
    from pal_judge.scenarios.model import Scenario
    from pal_judge.scenarios.runner import ScenarioRun, run_scenario

__all__ = ["Scenario", "ScenarioRun", "load_scenario_file", "run_scenario", "scenario_from_node"]
__getattr__ = lazy_names(__name__, {
    "Scenario": "pal_judge.scenarios.model",
    "ScenarioRun": "pal_judge.scenarios.runner",
    "run_scenario": "pal_judge.scenarios.runner",
    "load_scenario_file": "pal_judge.scenarios.loader",
    "scenario_from_node": "pal_judge.scenarios.loader",
})
