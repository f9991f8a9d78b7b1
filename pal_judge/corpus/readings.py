"""The readings pal-judge takes where the rulebook is silent or leaves a choice (rules/readings.yaml).

Rulings cite them instead of any source file; `pal-judge readings`, `pal-judge rule` and the
site's Readings page show them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, NamedTuple

from pal_judge.chinese_text import unfold
from pal_judge.corpus.yaml_data import DataFileError, load_yaml_list, require_mapping
from pal_judge.fingerprint import fingerprint

FILE_NAME = "readings.yaml"
_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_NUMBER = re.compile(r"\d+(\.\d+)*")
_FORMAT = 1
_CACHE_LIMIT = 1_000_000  # bytes; the readings are a few kilobytes


class Reading(NamedTuple):
    """One reading (a named tuple: defined at every `rule`, where a frozen dataclass costs several
    times more to define)."""

    id: str
    clauses: tuple[str, ...]
    en: str
    zh: str

    def concerns(self, numbers: set[str]) -> bool:
        return any(clause in numbers for clause in self.clauses)

    def to_dict(self) -> dict[str, object]:
        return {"id": self.id, "clauses": list(self.clauses), "en": self.en, "zh": self.zh}


def _text(path: Path, line: int, entry: dict[str, object], key: str) -> str:
    value = entry[key]
    if not isinstance(value, str) or not value.strip():
        raise DataFileError(path, line, f"{key} must be a non-empty text")
    return unfold(" ".join(value.split()))


def load_readings(path: Path | None = None) -> tuple[Reading, ...]:
    """Every reading of `path` (default: rules/readings.yaml), in file order; a missing file has none.

    The parsed readings are cached as plain JSON, keyed by the file and this module, so showing a
    section never loads the YAML parser once the cache is warm."""
    if path is None:
        from pal_judge.paths import rules_dir

        path = rules_dir() / FILE_NAME
    from pal_judge.json_cache import cached_json

    key = fingerprint(f"readings {_FORMAT}", [path, Path(__file__)])
    return cached_json("readings", key, lambda: [r.to_dict() for r in _parse(path)], _CACHE_LIMIT, read=_stored_readings)


def _stored_readings(entries: list[dict[str, Any]]) -> tuple[Reading, ...]:
    """The readings as `load_readings` stores them; TypeError, KeyError or ValueError when they are not that."""
    readings = tuple(Reading(e["id"], tuple(e["clauses"]), e["en"], e["zh"]) for e in entries)
    if not all(isinstance(v, str) for r in readings for v in (r.id, r.en, r.zh, *r.clauses)):
        raise ValueError("not the readings")
    return readings


def _parse(path: Path) -> tuple[Reading, ...]:
    readings: list[Reading] = []
    for line, item in load_yaml_list(path):
        entry = require_mapping(path, line, item, ("id", "clauses", "en", "zh"))
        reading_id = str(entry["id"])
        if not _ID.fullmatch(reading_id):
            raise DataFileError(path, line, f"id {reading_id!r} must be lower-case words joined by '-'")
        if any(r.id == reading_id for r in readings):
            raise DataFileError(path, line, f"duplicate id {reading_id}")
        clauses = entry["clauses"]
        if not isinstance(clauses, list) or not clauses or not all(_NUMBER.fullmatch(str(c)) for c in clauses):
            raise DataFileError(path, line, f"{reading_id}: clauses must be a list of section numbers such as 9.6.3")
        readings.append(Reading(reading_id, tuple(str(c) for c in clauses), _text(path, line, entry, "en"),
                                _text(path, line, entry, "zh")))
    return tuple(readings)


def readings_about(readings: tuple[Reading, ...], shown: str, subtree: list[str]) -> list[Reading]:
    """The readings concerning a section on screen: one of its clauses is the section, a sub-clause
    shown under it (`subtree`), or a heading above it."""
    numbers = set(subtree) | {".".join(shown.split(".")[:k]) for k in range(2, shown.count(".") + 2)}
    return [r for r in readings if r.concerns(numbers)]
