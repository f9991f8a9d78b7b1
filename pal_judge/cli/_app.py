"""The shared Typer app, the console, and the guard that turns user errors into exit code 2."""

from __future__ import annotations

import functools
import sys
from typing import Any, Callable, TypeVar

import typer
from rich.console import Console

from pal_judge.errors import UserError
from pal_judge.notices import safe_line, warn
from pal_judge.safe_console import make_console

__all__ = ["app", "console", "error_console", "guarded", "main", "warn"]

app = typer.Typer(
    name="pal-judge",
    help="Rules reference and ruling assistant for Palworld TCG judges.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)



@app.callback()
def _commands() -> None:
    """Always a group of commands, even when `main()` has registered only the one asked for
    (Typer runs a lone command without its name)."""


F = TypeVar("F", bound=Callable[..., Any])


def console() -> Console:
    """A console on standard output (made per call so tests capturing stdout see it)."""
    return make_console(soft_wrap=False)


def error_console() -> Console:
    return make_console(stderr=True)


def guarded(func: F) -> F:
    """Run a command body; a UserError prints one red line and exits 2, never a traceback."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except UserError as err:
            # The message quotes file text: one line, control characters visible, long values cut.
            error_console().print(safe_line("error:", "bold red", err.message), highlight=False, soft_wrap=True)
            raise typer.Exit(code=err.exit_code) from None

    return wrapper  # type: ignore[return-value]


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
