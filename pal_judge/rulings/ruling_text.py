"""A ruling's words: its question, answer, cites, tags and source, without the scenario that shows
it. What `ask` ranks and shows, read from the rulings' text cache (`texts.py`); `model.Ruling` adds
the scenario. A module of its own, so that `ask` does not define `Ruling` at every start."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass

SOURCE_KINDS = ("rulebook", "guide", "judge")


@dataclass(frozen=True)
class Source:
    """Where a ruling comes from: the rulebook clause, the quick-start guide, or a judge's call."""

    kind: str
    ref: str
    date: _dt.date

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "ref": self.ref, "date": self.date.isoformat()}


@dataclass(frozen=True)
class RulingText:
    """A ruling's words: what `ask` searches and shows (no scenario, so no YAML to parse)."""

    id: str
    question_en: str
    question_zh: str
    answer_en: str
    answer_zh: str
    cites: tuple[str, ...]  # most decisive first
    tags: tuple[str, ...]
    source: Source
    follows: str | None = None  # where EN and ZH disagree: which text the ruling follows ("zh" / "en")
