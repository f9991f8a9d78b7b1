"""The trace: one Event per state change, each citing the clauses that made it happen."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """A state change. `cites` holds the deepest applicable section numbers of rules/zh.txt."""

    seq: int
    what: str
    cites: tuple[str, ...]
    player: str | None = None
    card: str | None = None
    before: dict[str, Any] = field(default_factory=dict)
    after: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "what": self.what,
            "player": self.player,
            "card": self.card,
            "before": dict(self.before),
            "after": dict(self.after),
            "cites": list(self.cites),
        }
