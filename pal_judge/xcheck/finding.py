"""A translation finding: one place where the English and the Chinese disagree."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")

Span = tuple[int, int]


@dataclass(frozen=True)
class Finding:
    """What differs, where, and the two texts with the differing tokens marked.

    `en_marks` / `zh_marks` are (start, end) offsets into `en` / `zh`.
    `section` is the Chinese clause number; for English text with no clause it
    is the clause the paragraph follows (and `en_index` names the paragraph).
    """

    section: str
    check: str
    severity: Severity
    en: str
    zh: str
    message: str
    en_marks: tuple[Span, ...] = ()
    zh_marks: tuple[Span, ...] = ()
    en_index: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "check": self.check,
            "severity": self.severity,
            "message": self.message,
            "en": self.en,
            "zh": self.zh,
            "en_marks": [list(span) for span in self.en_marks],
            "zh_marks": [list(span) for span in self.zh_marks],
            "en_marked": [self.en[a:b] for a, b in self.en_marks],
            "zh_marked": [self.zh[a:b] for a, b in self.zh_marks],
            "en_index": self.en_index,
        }


def severity_rank(severity: str) -> int:
    """0 for error, 1 for warning, 2 for info (sort order of a report)."""
    return SEVERITIES.index(severity)  # type: ignore[arg-type]
