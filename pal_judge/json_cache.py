"""A small derived-data cache: plain JSON in `cache_dir()/<name>.json` under a key.

The value is recomputed when the file is missing, unreadable or written under another key
(the key hashes everything the value depends on), and written atomically; a cache folder
that cannot be written only costs the recomputation. Never pickles: the value is plain data.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from pal_judge.atomic import write_text_atomic
from pal_judge.paths import cache_dir


def cached_json(name: str, key: str, compute: Callable[[], Any]) -> Any:
    path = cache_dir() / f"{name}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("key") == key and "value" in data:
            return data["value"]
    except (OSError, ValueError):
        pass  # no cache yet, or unreadable: compute it
    value = compute()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, json.dumps({"key": key, "value": value}, ensure_ascii=False))
    except OSError:
        pass  # a read-only cache only costs time
    return value
