"""File digests remembered from one command to the next, so that a warm command need not read and
hash every rules, rulings and code file its cache keys cover (a megabyte at every `rule`).

A command (settled: see fingerprint.settle_files) looks a file up by its path and its stat: size,
modification and change times in nanoseconds, inode and device. When all of them are what they were
when the digest was recorded, the file is the one hashed then and its digest is reused. Any write to
a file sets its change time (ctime), which no user can set back (`touch` and `os.utime` set it too),
so an edit is always seen, even one keeping the size and restoring the modification time. As git's
index does ("racy git"), a file changed less than two seconds before it was looked at is hashed but
not remembered: a second write within the same tick of the file system's clock could leave its times
as they were.

Plain JSON in `cache_dir()/file-digests.json`, read bounded and shape-checked, written atomically
and privately over a file of ours only (json_cache); a missing or broken one only costs the hashing.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path
from typing import Any, Callable

NAME = "file-digests"
_KEY = "path -> size, mtime_ns, ctime_ns, inode, device, digest (1)"
_MAX_BYTES = 4_000_000
_MAX_FILES = 10_000  # a few hundred files per rules folder, rulings folder and copy of the package
RECENT_NS = 2_000_000_000  # a file changed this recently is not remembered (see the docstring)
_STAMP = 5  # the stat fields of an entry, before its digest
# On Windows `st_ctime` is the creation time, which a write does not change: nothing is remembered there.
_CHANGE_TIMES = os.name == "posix"

_remembered: dict[str, list[Any]] | None = None  # loaded on first use, then kept for the process
_learned = False  # digests were added: `remember` stores them


def digest(path: Path, compute: Callable[[Path], bytes]) -> bytes:
    """`compute(path)`, or the digest it gave for the file when its stat was what it is now."""
    global _learned
    if not _CHANGE_TIMES:
        return compute(path)
    try:
        info = os.stat(path)
    except OSError:
        return compute(path)  # absent or unreadable: hashed as such, never remembered
    stamp = [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev]
    remembered = _loaded()
    entry = remembered.get(str(path))
    if entry is not None and entry[:_STAMP] == stamp:
        return bytes.fromhex(entry[_STAMP])
    # Hashed after the stat: a write in between sets a later ctime, so this digest is never found
    # again under a stat of the file that does not describe it.
    found = compute(path)
    settled = time.time_ns() - max(info.st_mtime_ns, info.st_ctime_ns) >= RECENT_NS
    if stat.S_ISREG(info.st_mode) and settled and len(remembered) < _MAX_FILES:
        remembered[str(path)] = [*stamp, found.hex()]
        _learned = True
    return found


def remember() -> None:
    """Store the digests this process added (nothing when it added none), less those of files gone since
    (a removed copy of the package, another rulings folder): every command reads the whole record."""
    if _learned and _remembered is not None:
        from pal_judge.json_cache import store_json

        store_json(NAME, _KEY, {path: entry for path, entry in _remembered.items() if os.path.lexists(path)})


def _loaded() -> dict[str, list[Any]]:
    global _remembered
    if _remembered is None:
        from pal_judge.json_cache import stored_json

        _remembered = stored_json(NAME, _KEY, _MAX_BYTES, read=_entries) or {}
    return _remembered


def _entries(value: Any) -> dict[str, list[Any]]:
    """The stored entries, else ValueError (a broken or planted file is passed over)."""
    if not isinstance(value, dict) or len(value) > _MAX_FILES or not all(_is_entry(e) for e in value.values()):
        raise ValueError("not remembered digests")
    return value


def _is_entry(entry: Any) -> bool:
    return (type(entry) is list and len(entry) == _STAMP + 1 and all(type(n) is int for n in entry[:_STAMP])
            and type(entry[_STAMP]) is str and len(entry[_STAMP]) == 64 and _is_hex(entry[_STAMP]))


def _is_hex(text: str) -> bool:
    try:
        bytes.fromhex(text)
    except ValueError:
        return False
    return True
