"""The `pal-judge` command line: one Typer app, one small module per command.

Each command module registers itself on `app` when imported. Keep module-level
imports light (typer, rich, stdlib, small modules of ours): heavy libraries
(whoosh, the engine) are imported inside the commands that need them, so that
`pal-judge rule` starts fast.

`main()` (the console script and `python -m pal_judge`) imports only the module of the
command it is asked for; `pal_judge.cli.app`, used by tests and embedders, has them all.
"""

from __future__ import annotations

import gc
import importlib
import sys
from typing import Any

_YOUNG_GENERATION_THRESHOLD = 10_000  # allocations between collections of the youngest generation (Python's default: 700)
# The quick look-ups, where the young threshold above was measured to pay (processor time spent
# collecting, warm: rule 9.6 ~17 -> ~10 ms, ask ~27 -> ~17 ms, search ~23 -> ~17 ms, card ~15 -> ~9 ms;
# `rulings check` gained nothing, so the long commands keep Python's default).
_FEWER_COLLECTIONS = frozenset({"rule", "ask", "search", "card"})

# Command name -> the module that registers it (in the order `--help` lists them).
COMMAND_MODULES = {
    "rule": "rule",  # rule, with previous/next stepping
    "readings": "readings",
    "toc": "toc",
    "align": "align",
    "search": "search",
    "index": "index",
    "simulate": "simulate",
    "replay": "replay",
    "why-not": "why_not",  # the attempts of a scenario and the clauses that refuse them
    "ask": "ask",
    "card": "card",
    "rulings": "rulings_cmd",  # `rulings check`, `rulings list`
    "coverage": "coverage",
    "xcheck": "xcheck",
    "diff": "diff",  # `diff OLD NEW [--rulings]`
    "export-html": "export_html",
}


def _register(names: list[str]) -> Any:
    """Import the command modules of `names` (registering their commands); the app."""
    for name in names:
        importlib.import_module(f"pal_judge.cli.{COMMAND_MODULES[name]}")
    from pal_judge.cli._app import app

    return app


def _asked_for(args: list[str]) -> list[str]:
    """The command `args` name when it is one we know; every command otherwise (no command,
    `--help`, or a misspelling, which Click answers with the list of commands)."""
    command = next((arg for arg in args if not arg.startswith("-")), None)
    return [command] if command in COMMAND_MODULES else list(COMMAND_MODULES)


def __getattr__(name: str) -> Any:
    if name == "app":  # `from pal_judge.cli import app`: the app with every command
        return _register(list(COMMAND_MODULES))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _spare_the_collector(commands: list[str]) -> None:
    """Keep Python's cyclic garbage collector off the start-up's objects.

    A command's imports (typer, pydantic, rich, ours) leave a few hundred thousand objects that live
    until the process ends. The collector re-examines all of them at every full collection, and
    reading a cache (a few thousand dicts and lists) triggers such passes: about a tenth of a warm
    `ask`, for nothing freed. So what the imports made is frozen (never examined again, as
    `gc.freeze` is meant for). A quick look-up (_FEWER_COLLECTIONS) also collects its young
    generation every 10,000 allocations instead of 700: cycles made later are still collected, in
    fewer and larger batches."""
    gc.freeze()
    if len(commands) == 1 and commands[0] in _FEWER_COLLECTIONS:
        _, older, oldest = gc.get_threshold()
        gc.set_threshold(_YOUNG_GENERATION_THRESHOLD, older, oldest)


def main() -> None:
    """Console-script entry point."""
    commands = _asked_for(sys.argv[1:])
    _register(commands)
    from pal_judge.cli._app import main as run
    from pal_judge.fingerprint import settle_files

    _spare_the_collector(commands)
    settle_files()  # one command: the cache keys hash each rules, rulings or code file once
    run()
