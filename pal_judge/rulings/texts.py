"""The words of every ruling (no scenario), cached so that `ask` need not parse the rulings' YAML.

`ask` ranks rulings by their questions, answers, tags and cites, and shows one; only a
replay needs its scenario. Parsing every ruling with line numbers is most of the time
of a warm `ask`, so the texts are kept in `cache_dir()/rulings-texts.json` under a hash
of the rulings' YAML and of the code that reads it; a stale or unreadable cache is
rebuilt from `load_rulings` (which reports mistakes in the files as usual).
"""

from __future__ import annotations

import datetime as _dt
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from pal_judge.atomic import write_text_atomic
from pal_judge.cache_manifest import may_write, record
from pal_judge.fingerprint import fingerprint, package_sources
from pal_judge.json_cache import stored_json, store_json
from pal_judge.paths import cache_dir, ruling_files
from pal_judge.prebuilt import cached_then_shipped

if TYPE_CHECKING:  # the model's classes are defined only when texts are built: `rule` reads rows
    from pal_judge.rulings.ruling_text import RulingText

CACHE_FORMAT = 1
FOLLOWING_ZH = "rulings-following-zh"


def _to_cache(text: RulingText) -> dict[str, Any]:
    return {"id": text.id, "question": [text.question_en, text.question_zh], "answer": [text.answer_en, text.answer_zh],
            "cites": list(text.cites), "tags": list(text.tags), "source": text.source.to_dict(), "follows": text.follows}


def _from_cache(data: dict[str, Any]) -> RulingText:
    from pal_judge.rulings.ruling_text import RulingText, Source

    (question_en, question_zh), (answer_en, answer_zh), source = data["question"], data["answer"], data["source"]
    return RulingText(data["id"], question_en, question_zh, answer_en, answer_zh, tuple(data["cites"]), tuple(data["tags"]),
                      Source(source["kind"], source["ref"], _dt.date.fromisoformat(source["date"])), data["follows"])


def texts_key(files: list[Path]) -> str:
    return fingerprint(f"format={CACHE_FORMAT}", [*files, *package_sources("rulings", "scenarios")])


R = TypeVar("R")


def ruling_texts(folder: Path | None = None) -> list[RulingText]:
    """Every ruling's text, in file order: from the cache when it is fresh and every row is in its shape, else
    loaded (and cached)."""
    return _cached(folder, None, _text_from_row)


def _text_from_row(row: dict[str, Any]) -> RulingText:
    return _from_cache(_checked_row(row))


def _checked_row(row: dict[str, Any]) -> dict[str, Any]:
    """`row` when it has the shape `_to_cache` writes, else ValueError (the cache is passed over)."""
    words = [row["id"], *row["question"], *row["answer"], *row["cites"], *row["tags"], *row["source"].values()]
    if (len(row["question"]) != 2 or len(row["answer"]) != 2 or not all(type(word) is str for word in words)
            or not all(type(row[name]) is list for name in ("cites", "tags")) or row["follows"] not in (None, "en", "zh")):
        raise ValueError(f"ruling text {row['id']!r} not in the cache's shape")
    return row


def following_chinese_rows(folder: Path | None = None) -> list[dict[str, Any]]:
    """The rulings that follow the Chinese where the texts disagree, as {id, question: [en, zh], cites}: what
    `rule` and `ask` list under a clause. Kept in a small cache of their own (`rulings-following-zh.json`, under the texts'
    key), so that showing a clause does not read every ruling's words; written only when no ruling was
    left out as broken (those are reported every time)."""
    key = texts_key(ruling_files(folder))
    stored = stored_json(FOLLOWING_ZH, key, read=_checked_briefs)
    if stored is not None:
        return stored
    return _cached(folder, "zh", _brief, key, complete=lambda rows: store_json(FOLLOWING_ZH, key, rows))


def _brief(row: dict[str, Any]) -> dict[str, Any]:
    row = _checked_row(row)
    return {"id": row["id"], "question": row["question"], "cites": row["cites"]}


def _checked_briefs(value: Any) -> list[dict[str, Any]]:
    """The brief rows `following_chinese_rows` stores, else ValueError (the small cache is passed over)."""
    if not isinstance(value, list) or not all(_is_brief(row) for row in value):
        raise ValueError("not the rulings following the Chinese")
    return value


def _is_brief(row: Any) -> bool:
    return (isinstance(row, dict) and row.keys() == {"id", "question", "cites"} and type(row["question"]) is list
            and len(row["question"]) == 2 and type(row["cites"]) is list
            and all(type(word) is str for word in [row["id"], *row["question"], *row["cites"]]))


def _cached(folder: Path | None, follows: str | None, read: Callable[[dict[str, Any]], R], key: str | None = None,
            complete: Callable[[list[R]], None] | None = None) -> list[R]:
    """`read` of every cached ruling row (of those following `follows`): rows from the cache when it is
    fresh and `read` takes them, else from the rulings loaded now (and cached). `complete` is given the
    result when it holds every ruling (none left out as broken)."""
    key = key or texts_key(ruling_files(folder))
    path = cache_dir() / "rulings-texts.json"
    for data in cached_then_shipped(path):  # ours, else the package's
        try:
            found = [read(d) for d in data["rulings"] if follows in (None, d["follows"])] if data["key"] == key else None
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            found = None  # not a cache of ours: load the rulings
        if found is not None:
            if complete is not None:
                complete(found)
            return found
    from pal_judge.notices import warn
    from pal_judge.rulings.loader import load_rulings

    broken: list[str] = []
    rows = [_to_cache(r.words()) for r in load_rulings(folder, skip=broken.append)]
    for problem in broken:  # reported and left out; not cached, so that it is reported every time
        warn(f"ruling left out: {problem}")
    if not broken and may_write(path.parent, path.name):  # never replace a file of the judge's with this name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomic(path, json.dumps({"key": key, "rulings": rows}, ensure_ascii=False), private=True)
            record(path.parent, path.name)
        except OSError:
            pass  # a read-only cache only costs time
    found = [read(row) for row in rows if follows in (None, row["follows"])]
    if not broken and complete is not None:
        complete(found)
    return found
