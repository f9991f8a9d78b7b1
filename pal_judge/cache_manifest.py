"""What pal-judge wrote in its cache folder: the clean-up deletes only what this manifest names.

`PAL_JUDGE_CACHE` may point at a folder that also holds a judge's own files; a file that merely
matches one of our name patterns (`rulebook-*.json`, `search/sections-*`) is never ours to delete.
Every cache file or index folder is recorded here (a path relative to the cache folder) when it
is written, and an older one is deleted only if it is recorded. Two processes updating the
manifest at once may lose an entry: that only leaves a stale file behind, never deletes a
foreign one.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from pal_judge.atomic import write_text_atomic
from pal_judge.textfiles import read_json

MANIFEST = "pal-judge-manifest.json"
_MAX_BYTES = 1_000_000
_FORMAT = 1


def recorded(cache: Path) -> set[str]:
    """The entries the manifest names (none when it is missing or unreadable)."""
    try:
        data = read_json(cache / MANIFEST, _MAX_BYTES)
        if data.get("format") == _FORMAT:
            return {entry for entry in data["entries"] if isinstance(entry, str)}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    return set()


def _save(cache: Path, entries: set[str]) -> None:
    write_text_atomic(cache / MANIFEST, json.dumps({"format": _FORMAT, "entries": sorted(entries)}), private=True)


def record(cache: Path, entry: str) -> None:
    """Remember that we wrote `cache/entry` (raises OSError when the folder cannot be written)."""
    entries = recorded(cache)
    if entry not in entries:
        _save(cache, entries | {entry})


def remove_ours(cache: Path, entry: str) -> bool:
    """Delete `cache/entry` (a file or a folder) if the manifest says we wrote it; True if deleted.

    A link is removed itself, never followed."""
    entries = recorded(cache)
    if entry not in entries:
        return False
    path = cache / entry
    try:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink(missing_ok=True)
    except OSError:
        return False
    try:
        _save(cache, recorded(cache) - {entry})
    except OSError:
        pass  # an entry for a file that is gone is harmless
    return True


def may_write(cache: Path, name: str) -> bool:
    """`cache/name` is absent or ours: writing it replaces nothing of the judge's."""
    return not os.path.lexists(cache / name) or name in recorded(cache)


def record_replacing(cache: Path, name: str, prefix: str) -> None:
    """Record the file `name` just written, and delete the older ones of ours starting with `prefix`."""
    record(cache, name)
    for entry in recorded(cache):
        if entry.startswith(prefix) and entry != name:
            remove_ours(cache, entry)


def relative(cache: Path, path: Path) -> str:
    """`path`'s manifest entry: its place relative to the cache folder, with forward slashes."""
    return Path(os.path.relpath(path, cache)).as_posix()
