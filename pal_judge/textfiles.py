"""Reading a file we did not write: regular files only, a bounded number of bytes.

A rulings file may be a link to `/dev/zero`, a FIFO named `x.yaml` or a link to itself. Only a
regular file is read (a FIFO is opened without blocking, then refused), and the size bound is
taken while reading, never from `stat`, which a growing file or a device would defeat.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path
from typing import Any

from pal_judge.errors import UserError
from pal_judge.safe_text import one_line

DEFAULT_MAX_BYTES = 20_000_000  # the rulebooks are ~60 kB; twenty megabytes is no text a judge writes


class NotARegularFile(OSError):
    """The path is a device, a FIFO, a socket or a folder: never read."""


class TooLarge(OSError):
    """The file holds more bytes than its bound (found while reading)."""


def read_bounded(path: Path, max_bytes: int) -> bytes:
    """The bytes of the regular file `path`; raises OSError (NotARegularFile, TooLarge, ELOOP…)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotARegularFile(errno.EINVAL, "not a regular file")
        os.set_blocking(fd, True)
        chunks: list[bytes] = []
        total = 0
        while chunk := os.read(fd, min(1 << 20, max_bytes + 1 - total)):
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise TooLarge(errno.EFBIG, f"more than {max_bytes:,} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_utf8(path: Path, shown: str | None = None, missing: str | None = None,
              max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """The text of `path`. `shown` is how the file is named in messages; `missing` replaces the
    message for a file that does not exist; a file over `max_bytes` is refused while it is read."""
    shown = one_line(shown or path)
    try:
        data = read_bounded(path, max_bytes)
    except FileNotFoundError:
        raise UserError(missing or f"cannot read {shown}: no such file") from None
    except TooLarge:
        raise UserError(f"{shown} is larger than such a file can be (more than {max_bytes:,} bytes); "
                        "is it the right file?") from None
    except NotARegularFile:
        raise UserError(f"cannot read {shown}: not a regular file (a device, a FIFO or a folder)") from None
    except OSError as err:
        raise UserError(f"cannot read {shown}: {err.strerror or err}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise UserError(f"{shown}:{line}: not UTF-8 text (byte 0x{data[err.start]:02x}); save the file as UTF-8") from None


CACHE_MAX_BYTES = 50_000_000  # a cache file of ours is a few megabytes at most


def read_json(path: Path, max_bytes: int = CACHE_MAX_BYTES) -> Any:
    """A JSON file we wrote (a cache): raises OSError or ValueError when it is not one."""
    return json.loads(read_bounded(path, max_bytes))
