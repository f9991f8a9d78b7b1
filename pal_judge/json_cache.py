"""A small derived-data cache: plain JSON in `cache_dir()/<name>.json` under a key.

The value is recomputed when the file is missing, unreadable, too big or written under another
key (the key hashes everything the value depends on); on a miss, a copy shipped in the package
under the same key is used (`prebuilt.py`). It is read bounded (regular files only),
written atomically and privately, and only over a file the cache manifest says we wrote
(`PAL_JUDGE_CACHE` may hold a judge's own `cards.json`). A cache folder that cannot be written
only costs the recomputation. Never pickles: the value is plain data.

`read` turns the stored value into what the caller uses and raises ValueError, TypeError or
KeyError when it is not what `compute` writes (a planted or damaged file with the right key): that
copy is passed over like a stale one, and the value is computed and written again.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterator, TypeVar

from pal_judge.atomic import write_text_atomic
from pal_judge.cache_manifest import may_write, record
from pal_judge.paths import cache_dir
from pal_judge.prebuilt import cached_then_shipped
from pal_judge.textfiles import CACHE_MAX_BYTES

_T = TypeVar("_T")


def _as_stored(value: Any) -> Any:
    return value


def cached_json(name: str, key: str, compute: Callable[[], Any], max_bytes: int = CACHE_MAX_BYTES,
                read: Callable[[Any], _T] = _as_stored) -> _T:
    for stored in _stored(name, key, max_bytes, read):
        return stored
    value = compute()  # no cache yet, or not one of ours
    store_json(name, key, value)
    return read(value)


def stored_json(name: str, key: str, max_bytes: int = CACHE_MAX_BYTES, read: Callable[[Any], _T] = _as_stored) -> _T | None:
    """The value cached (else shipped) under `key`, as `read` takes it (a value it refuses is passed
    over), or None when there is none: never computed."""
    return next(_stored(name, key, max_bytes, read), None)


def _stored(name: str, key: str, max_bytes: int, read: Callable[[Any], _T]) -> Iterator[_T]:
    for data in cached_then_shipped(cache_dir() / f"{name}.json", max_bytes):  # ours, else the package's
        if isinstance(data, dict) and data.get("key") == key and "value" in data:
            try:
                value = read(data["value"])
            except (ValueError, TypeError, KeyError):
                continue  # the right key over a value `compute` never wrote: not ours
            yield value


def store_json(name: str, key: str, value: Any) -> None:
    """Cache `value` under `key` (atomically, privately, only over a file we wrote); never fails the caller."""
    cache = cache_dir()
    file_name = f"{name}.json"
    try:
        if may_write(cache, file_name):
            write_text_atomic(cache / file_name, json.dumps({"key": key, "value": value}, ensure_ascii=False),
                              private=True)
            record(cache, file_name)
    except OSError:
        pass  # a read-only cache only costs time
