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

# The quick look-ups: short processes whose cycles are few, so the cyclic collector is off for them
# from start to end. Measured (callgrind, warm): rule 9.6 1,116 -> 1,096 M instructions, ask
# 1,685 -> 1,654 M; peak memory unchanged (rule 39 MB, ask --full 62 MB, search 58 MB, a question of
# 1,000 characters 67 MB), but for a first ask that parses the rulebook and builds the indexes
# (PAL_JUDGE_PREBUILT=0, empty cache): 90 -> 97 MB. What it keeps is each index build's call stack
# (its documents): Whoosh's FileStorage.create keeps the exception it caught, a cycle through the
# frames. A few builds per process, each of texts read bounded: bounded. A replay makes no cycles.
_QUICK_LOOKUPS = frozenset({"rule", "ask", "search", "card"})

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


def _spare_the_collector(quick: bool) -> None:
    """Keep Python's cyclic garbage collector off the start-up's objects.

    A command's imports (typer, pydantic, rich, ours) leave a few hundred thousand objects that live
    until the process ends. The collector re-examines all of them at every full collection, and
    reading a cache (a few thousand dicts and lists) triggers such passes: about a tenth of a warm
    `ask`, for nothing freed. So what the imports made is frozen (never examined again, as
    `gc.freeze` is meant for); a quick look-up (_QUICK_LOOKUPS), which never turned the collector on,
    leaves it off, the other commands turn it back on."""
    gc.freeze()
    if not quick:
        gc.enable()


def main() -> None:
    """Console-script entry point."""
    commands = _asked_for(sys.argv[1:])
    quick = len(commands) == 1 and commands[0] in _QUICK_LOOKUPS
    gc.disable()  # nothing to collect in the imports (see _spare_the_collector)
    _register(commands)
    from pal_judge.cli._app import main as run
    from pal_judge.fingerprint import remember_files, settle_files

    _spare_the_collector(quick)
    settle_files()  # one command: the cache keys hash each rules, rulings or code file once
    try:
        run()
    finally:
        remember_files()  # and the next command need not hash again those that do not change
