"""The rulings database: questions judges get asked, answered from the rules, each with a scenario.

`load_rulings()` reads `rulings/*.yaml`; `rulings.runs.run_all()` runs every scenario once (cached),
`rulings.check.check_rulings()` checks the citations against the runs, and
`rulings.coverage.coverage_map()` links sections to scenarios.

The names are loaded on first use, so that `pal-judge rule` can read the cached runs
(`rulings.runs`) without importing the YAML loader and the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pal_judge.lazy import lazy_names

if TYPE_CHECKING:  # what the lazy names are, for the type checker
    from pal_judge.rulings.loader import load_ruling_file, load_rulings
    from pal_judge.rulings.model import Ruling
    from pal_judge.rulings.ruling_text import Source

__all__ = ["Ruling", "Source", "load_ruling_file", "load_rulings"]
__getattr__ = lazy_names(__name__, {
    "Ruling": "pal_judge.rulings.model",
    "Source": "pal_judge.rulings.ruling_text",
    "load_ruling_file": "pal_judge.rulings.loader",
    "load_rulings": "pal_judge.rulings.loader",
})
