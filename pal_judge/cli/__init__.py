"""The `pal-judge` command line: one Typer app, one small module per command.

Each command module registers itself on `app` when imported. Keep module-level
imports light (typer, rich, stdlib, small modules of ours): heavy libraries
(whoosh, the engine) are imported inside the commands that need them, so that
`pal-judge rule` starts fast.
"""

from __future__ import annotations

from pal_judge.cli._app import app, main  # noqa: F401

# Command modules register themselves on `app` when imported.
from pal_judge.cli import (  # noqa: E402,F401
    rule,  # rule, with previous/next stepping
    readings,
    toc,
    align,
    search,
    index,
    simulate,
    replay,
    why_not,  # `why-not FILE`: the attempts of a scenario and the clauses that refuse them
    ask,
    card,
    rulings_cmd,  # `rulings check`, `rulings list`
    coverage,
    xcheck,
    diff,  # `diff OLD NEW [--rulings]`
    export_html,
)
