"""`main()` imports only the module of the command asked for, found in COMMAND_MODULES: every
command of the app must be in that table, or the console script could not reach it by name."""

from __future__ import annotations

import subprocess
import sys

import typer

from pal_judge.cli import COMMAND_MODULES, app


def test_every_command_of_the_app_is_in_the_table() -> None:
    assert set(typer.main.get_command(app).commands) == set(COMMAND_MODULES)


def test_the_console_script_lists_every_command_and_answers_a_misspelling() -> None:
    probe = ("import sys\nfrom pal_judge.cli import main\nsys.argv = ['pal-judge'] + sys.argv[1:]\n"
             "try:\n    main()\nexcept SystemExit as done:\n    sys.exit(done.code)\n")
    listed = subprocess.run([sys.executable, "-c", probe, "--help"], capture_output=True, text=True, timeout=60,
                            env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"})
    assert listed.returncode == 0, listed.stderr
    assert all(f" {name} " in listed.stdout for name in COMMAND_MODULES), listed.stdout
    wrong = subprocess.run([sys.executable, "-c", probe, "rul", "9"], capture_output=True, text=True, timeout=60,
                           env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"})
    assert wrong.returncode == 2 and "Did you mean 'rule'" in wrong.stderr, wrong.stderr
