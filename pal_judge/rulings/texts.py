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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pal_judge.atomic import write_text_atomic
from pal_judge.fingerprint import fingerprint, package_sources
from pal_judge.paths import cache_dir, ruling_files
from pal_judge.rulings.model import Ruling, Source

CACHE_FORMAT = 1


@dataclass(frozen=True)
class RulingText:
    """A ruling without its scenario: what `ask` searches and shows."""

    id: str
    question_en: str
    question_zh: str
    answer_en: str
    answer_zh: str
    cites: tuple[str, ...]  # most decisive first
    tags: tuple[str, ...]
    source: Source
    follows: str | None = None

    @classmethod
    def of(cls, ruling: Ruling) -> RulingText:
        return cls(ruling.id, ruling.question_en, ruling.question_zh, ruling.answer_en, ruling.answer_zh,
                   ruling.cites, ruling.tags, ruling.source, ruling.follows)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "question": [self.question_en, self.question_zh], "answer": [self.answer_en, self.answer_zh],
                "cites": list(self.cites), "tags": list(self.tags), "source": self.source.to_dict(), "follows": self.follows}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RulingText:
        (question_en, question_zh), (answer_en, answer_zh), source = data["question"], data["answer"], data["source"]
        return cls(data["id"], question_en, question_zh, answer_en, answer_zh, tuple(data["cites"]), tuple(data["tags"]),
                   Source(source["kind"], source["ref"], _dt.date.fromisoformat(source["date"])), data["follows"])


def texts_key(files: list[Path]) -> str:
    return fingerprint(f"format={CACHE_FORMAT}", [*files, *package_sources("rulings", "scenarios")])


def ruling_texts(folder: Path | None = None) -> list[RulingText]:
    """Every ruling's text, in file order: from the cache when it is fresh, else loaded (and cached)."""
    key = texts_key(ruling_files(folder))
    path = cache_dir() / "rulings-texts.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["key"] == key:
            return [RulingText.from_dict(d) for d in data["rulings"]]
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        pass  # no cache yet, or unreadable: load the rulings
    from pal_judge.rulings.loader import load_rulings

    texts = [RulingText.of(r) for r in load_rulings(folder)]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, json.dumps({"key": key, "rulings": [t.to_dict() for t in texts]}, ensure_ascii=False))
    except OSError:
        pass  # a read-only cache only costs time
    return texts
