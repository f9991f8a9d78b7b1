"""`ask`: find the ruling that answers a question (English or Chinese), else the most relevant sections."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pal_judge.rulings.model import Ruling

# A ruling "matches well" when its score is at least this, and not far below the best section's.
MIN_RULING_SCORE = 10.0
MIN_SHARE_OF_SECTION_SCORE = 0.5


@dataclass(frozen=True)
class Match:
    kind: str  # "ruling" or "section"
    key: str  # ruling id or section number
    score: float
    title: str

    def to_dict(self) -> dict[str, Any]:
        key = "id" if self.kind == "ruling" else "section"
        return {"kind": self.kind, key: self.key, "score": round(self.score, 2), "title": self.title}


@dataclass(frozen=True)
class Answer:
    query: str
    ruling: Ruling | None
    cites: tuple[str, ...]  # most decisive first
    matches: tuple[Match, ...]
    sections: tuple[Any, ...] = field(default_factory=tuple)  # search Hits, best first

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "query": self.query,
            "ruling": self.ruling.id if self.ruling else None,
            "cites": list(self.cites),
            "matches": [m.to_dict() for m in self.matches],
        }
        if self.ruling:
            data["question"] = {"en": self.ruling.question_en, "zh": self.ruling.question_zh}
            data["answer"] = {"en": self.ruling.answer_en, "zh": self.ruling.answer_zh}
        return data


def documents(rulings: list[Ruling]) -> list[Any]:
    from pal_judge.search.documents import Document

    return [
        Document(
            id=r.id,
            en=f"{r.question_en}\n{r.answer_en}\n{' '.join(r.tags)}",
            zh=f"{r.question_zh}\n{r.answer_zh}",
            title_en=r.question_en,
            title_zh=r.question_zh,
            cites=r.cites,
        )
        for r in rulings
    ]


def ask(query: str, rulings: list[Ruling], limit: int = 5) -> Answer:
    from pal_judge.search import search_documents, search_sections

    by_id = {r.id: r for r in rulings}
    ruling_hits = search_documents(query, documents(rulings), limit=limit, name="rulings")
    section_hits = search_sections(query, limit=limit)
    best_section = section_hits[0].score if section_hits else 0.0
    matches = [Match("ruling", h.id, h.score, by_id[h.id].question_en) for h in ruling_hits]
    matches += [Match("section", h.section, h.score, h.heading) for h in section_hits]
    best = ruling_hits[0] if ruling_hits else None
    good = best is not None and best.score >= MIN_RULING_SCORE and best.score >= MIN_SHARE_OF_SECTION_SCORE * best_section
    if good and best is not None:
        ruling = by_id[best.id]
        return Answer(query, ruling, ruling.cites, tuple(matches), tuple(section_hits))
    cites = tuple(h.section for h in section_hits)
    return Answer(query, None, cites, tuple(matches), tuple(section_hits))
