"""Reading a user's text file: an unreadable or non-UTF-8 file is a UserError naming file and line."""

from __future__ import annotations

from pathlib import Path

from pal_judge.errors import UserError


def read_utf8(path: Path, shown: str | None = None, missing: str | None = None, max_bytes: int | None = None) -> str:
    """The text of `path`. `shown` is how the file is named in messages; `missing` replaces the
    message for a file that does not exist; a file over `max_bytes` is refused before it is read."""
    shown = shown or str(path)
    try:
        if max_bytes is not None and path.stat().st_size > max_bytes:
            raise UserError(f"{shown} is {path.stat().st_size:,} bytes: larger than such a file can be "
                            f"(at most {max_bytes:,}); is it the right file?")
        data = path.read_bytes()
    except FileNotFoundError:
        raise UserError(missing or f"cannot read {shown}: no such file") from None
    except OSError as err:
        raise UserError(f"cannot read {shown}: {err.strerror or err}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise UserError(f"{shown}:{line}: not UTF-8 text (byte 0x{data[err.start]:02x}); save the file as UTF-8") from None
