"""Translation units: the Chinese clauses and English paragraphs the alignment joins.

A unit is a connected group of clauses and paragraphs (one clause ↔ one paragraph
mostly; a merge or a split gives a bigger group), compared as a whole so that a
sentence moved across a split is not reported twice. English paragraphs aligned to
no clause are orphans; clauses with no English are units with an empty `en`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pal_judge.corpus.model import Rulebook, number_key


@dataclass(frozen=True)
class Unit:
    sections: tuple[str, ...]
    zh: str
    en: str
    en_indices: tuple[int, ...]
    score: float | None

    @property
    def section(self) -> str:
        return self.sections[0]


@dataclass(frozen=True)
class Orphan:
    """An English paragraph with no Chinese clause; `after` is the clause it follows."""

    en_index: int
    en: str
    after: str | None


@dataclass(frozen=True)
class Corpus:
    units: tuple[Unit, ...]
    orphans: tuple[Orphan, ...]


def _links(rulebook: Rulebook) -> tuple[list[tuple[int, tuple[str, ...], float | None]], dict[str, float | None]]:
    """(en_index, sections, score) per English paragraph, and each clause's own score."""
    alignment: Any = getattr(rulebook, "alignment", None)
    scores = {s.number: s.score for s in rulebook.sections}
    if alignment:
        return [(a.en_index, tuple(a.sections), a.score) for a in alignment], scores
    by_para: dict[int, list[str]] = {}
    for s in rulebook.sections:
        for i in s.en_indices:
            by_para.setdefault(i, []).append(s.number)
    count = len(rulebook.en_paragraphs) or (max(by_para) + 1 if by_para else 0)
    links = []
    for i in range(count):
        numbers = tuple(by_para.get(i, ()))
        known = [sc for n in numbers if (sc := scores.get(n)) is not None]
        score = min(known) if known else None
        links.append((i, numbers, score))
    return links, scores


def build_corpus(rulebook: Rulebook) -> Corpus:
    """Group clauses and paragraphs into units, in book order."""
    links, scores = _links(rulebook)
    paragraphs = rulebook.en_paragraphs
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    para_of: dict[str, list[int]] = {}
    orphans: list[Orphan] = []
    last_section: str | None = None
    for en_index, numbers, _score in links:
        if not numbers:
            text = paragraphs[en_index] if en_index < len(paragraphs) else ""
            orphans.append(Orphan(en_index, text, last_section))
            continue
        key = f"p{en_index}"
        for number in numbers:
            parent[find(f"s{number}")] = find(key)
            para_of.setdefault(number, []).append(en_index)
        last_section = max(numbers, key=number_key)

    link_scores_of: dict[int, list[float]] = {}  # en_index -> its links' scores
    for en_index, _numbers, score in links:
        if score is not None:
            link_scores_of.setdefault(en_index, []).append(score)
    groups: dict[str, list[str]] = {}
    for section in rulebook.sections:
        if section.kind == "clause" or section.number in para_of:
            groups.setdefault(find(f"s{section.number}"), []).append(section.number)
    units = []
    for members in groups.values():
        members.sort(key=number_key)
        indices = sorted({i for n in members for i in para_of.get(n, [])})
        zh = "\n".join(rulebook.get(n).zh for n in members)  # type: ignore[union-attr]
        en = "\n".join(paragraphs[i] for i in indices if i < len(paragraphs))
        unit_scores = [sc for n in members if (sc := scores.get(n)) is not None]
        link_scores = [sc for i in indices for sc in link_scores_of.get(i, ())]
        score_values = unit_scores + link_scores
        units.append(Unit(tuple(members), zh, en, tuple(indices), min(score_values) if score_values else None))
    units.sort(key=lambda u: number_key(u.section))
    return Corpus(tuple(units), tuple(orphans))


def in_subtree(number: str | None, root: str | None) -> bool:
    if root is None:
        return True
    return number is not None and (number == root or number.startswith(root + "."))
