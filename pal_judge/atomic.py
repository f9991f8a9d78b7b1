"""Write a file all or nothing: into a temporary file beside it, then `os.replace`.

A reader (another pal-judge process, a browser) never sees half a file, and an
interrupted write leaves the old file, or none, never a truncated one. `os.replace`
replaces a link at `path` by the file, never writing through it.

Caches are private (0600: nobody else may read or plant them); a file a judge asks for
(an export, a saved scenario) gets the ordinary permissions the umask gives.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def current_umask() -> int:
    umask = os.umask(0)  # reading the umask means setting it: put it straight back
    os.umask(umask)
    return umask


def write_bytes_atomic(path: Path, data: bytes, private: bool = False) -> None:
    """Replace `path` with `data` in one step; raises OSError (leaving no temporary file) on failure."""
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")  # created 0600
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        if not private:
            os.chmod(temp, 0o666 & ~current_umask())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def write_text_atomic(path: Path, text: str, private: bool = False) -> None:
    write_bytes_atomic(path, text.encode("utf-8"), private)
