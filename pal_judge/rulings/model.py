"""A ruling: a judge's question, the answer, the clauses it rests on, and a scenario that shows it."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from pal_judge.rulings.ruling_text import SOURCE_KINDS, RulingText, Source  # noqa: F401 (still the model's names too)

if TYPE_CHECKING:  # annotations only: `ask` reads rulings' words without the scenario layer and YAML
    from pal_judge.scenarios.located import Where
    from pal_judge.scenarios.model import Scenario


@dataclass(frozen=True, kw_only=True)
class Ruling(RulingText):
    """A ruling's words with the scenario that shows it and where it was written."""

    scenario: Scenario
    where: Where
    uncited: dict[str, str] = field(default_factory=dict)  # cited clause -> why the trace cannot show it
    engine_issue: str | None = None  # a known disagreement between the engine and this ruling, reported to the engine

    def words(self) -> RulingText:
        """The ruling without its scenario."""
        return RulingText(**{f.name: getattr(self, f.name) for f in fields(RulingText)})

    @property
    def file(self) -> str:
        return self.where.file

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "question": {"en": self.question_en, "zh": self.question_zh},
            "answer": {"en": self.answer_en, "zh": self.answer_zh},
            "cites": list(self.cites),
            "tags": list(self.tags),
            "source": self.source.to_dict(),
            "follows": self.follows,
            "uncited": dict(self.uncited),
            "engine_issue": self.engine_issue,
            "file": self.file,
            "line": self.where.line,
        }
