"""The rulings database: questions judges get asked, answered from the rules, each with a scenario.

`load_rulings()` reads `rulings/*.yaml`; `check_rulings()` runs every scenario and checks its
citations; `coverage_map()` (in `pal_judge.rulings.coverage`) links sections to scenarios.
"""

from __future__ import annotations

from pal_judge.rulings.loader import load_ruling_file, load_rulings
from pal_judge.rulings.model import Ruling, Source

__all__ = ["Ruling", "Source", "load_ruling_file", "load_rulings"]
