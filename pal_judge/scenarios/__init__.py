"""Executable scenarios: a board, scripted steps, expectations; run through the engine.

`load_scenario_file(path)` reads a scenario (format in rulings/README.md);
`run_scenario(scenario)` plays it and returns a `ScenarioRun`.
"""

from __future__ import annotations

from pal_judge.scenarios.loader import load_scenario_file, scenario_from_node
from pal_judge.scenarios.model import Scenario
from pal_judge.scenarios.runner import ScenarioRun, run_scenario

__all__ = ["Scenario", "ScenarioRun", "load_scenario_file", "run_scenario", "scenario_from_node"]
