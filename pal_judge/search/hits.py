"""Search results (plain data, no Whoosh)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

Span = tuple[int, int]  # [start, end) character offsets


@dataclass(frozen=True)
class Hit:
    """One section found, with both languages (results join on the section number).

    `highlights` maps 'en' / 'zh' to the matched character spans of `en` / `zh`.
    `heading` is the heading path in English where the rulebook has English
    titles, in Chinese otherwise; `heading_zh` is always the Chinese path.
    """

    section: str
    score: float
    heading: str
    en: str
    zh: str
    highlights: dict[str, tuple[Span, ...]] = field(default_factory=dict)
    heading_zh: str = ""
    kind: str = ""
    exact: bool = False  # the query was this section's number

    def to_dict(self) -> dict[str, Any]:
        return _to_json(self)


@dataclass(frozen=True)
class DocumentHit:
    """A hit from `search_documents` (for instance a ruling): its id, score and highlights."""

    id: str
    score: float
    en: str
    zh: str
    highlights: dict[str, tuple[Span, ...]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return _to_json(self)


def _to_json(hit: "Hit | DocumentHit") -> dict[str, Any]:
    data = asdict(hit)
    data["score"] = round(hit.score, 4)
    data["highlights"] = {lang: [list(span) for span in spans] for lang, spans in hit.highlights.items()}
    return data
