"""The `pal-judge` command line: one Typer app, one small module per command.

Each command module registers itself on `app`; they are imported at the end of
this file. Heavy libraries (whoosh) are imported inside the commands that need them.
"""

from __future__ import annotations

from pal_judge.cli._app import app, main  # noqa: F401

# Command modules register themselves on `app` when imported.
from pal_judge.cli import rule, toc, align  # noqa: E402,F401  (issue: rulebook)
