"""User-facing errors: bad input that the CLI reports in one line and exit code 2."""

from __future__ import annotations


class UserError(Exception):
    """Something the user typed or wrote is wrong; `message` says what and where."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
