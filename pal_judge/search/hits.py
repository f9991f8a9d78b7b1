"""Search results (plain data, no Whoosh)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

Span = tuple[int, int]  # [start, end) character offsets
_NO_SPANS: Mapping[str, tuple[Span, ...]] = MappingProxyType({})  # a hit made without highlights (read-only, shared)


class Hit(NamedTuple):  # named tuples: a frozen dataclass costs about a millisecond to define, on every search
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
    highlights: Mapping[str, tuple[Span, ...]] = _NO_SPANS
    heading_zh: str = ""
    kind: str = ""
    exact: bool = False  # the query was this section's number

    def to_dict(self) -> dict[str, Any]:
        return _to_json(self)


class DocumentHit(NamedTuple):
    """A hit from `search_documents` (for instance a ruling): its id, score and highlights."""

    id: str
    score: float
    en: str
    zh: str
    highlights: Mapping[str, tuple[Span, ...]] = _NO_SPANS

    def to_dict(self) -> dict[str, Any]:
        return _to_json(self)


def _to_json(hit: "Hit | DocumentHit") -> dict[str, Any]:
    data = hit._asdict()
    data["score"] = round(hit.score, 4)
    data["highlights"] = {lang: [list(span) for span in spans] for lang, spans in hit.highlights.items()}
    return data
