"""The rulings database: questions judges get asked, answered from the rules, each with a scenario.

`load_rulings()` reads `rulings/*.yaml`; `check_rulings()` runs every scenario and checks its
citations; `coverage_map()` (in `pal_judge.rulings.coverage`) links sections to scenarios.

The names are loaded on first use, so that `pal-judge rule` can read the cached runs
(`rulings.runs`) without importing the YAML loader and the engine.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # what the lazy names are, for the type checker
    from pal_judge.rulings.loader import load_ruling_file, load_rulings
    from pal_judge.rulings.model import Ruling, Source

_HOMES = {
    "Ruling": "pal_judge.rulings.model",
    "Source": "pal_judge.rulings.model",
    "load_ruling_file": "pal_judge.rulings.loader",
    "load_rulings": "pal_judge.rulings.loader",
}

__all__ = ["Ruling", "Source", "load_ruling_file", "load_rulings"]


def __getattr__(name: str) -> object:
    if name in _HOMES:
        return getattr(import_module(_HOMES[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
