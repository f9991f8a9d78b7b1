"""The rulebook's data model: a section is the unit everything joins on."""

from __future__ import annotations

from functools import cached_property
from typing import Iterator, Literal, NamedTuple

SectionKind = Literal["chapter", "heading", "clause"]


def number_key(number: str) -> tuple[int, ...]:
    """Sort key for a section number: '9.6.10' after '9.6.9'."""
    return tuple(int(part) for part in number.split("."))


def parent_number(number: str) -> str | None:
    """'9.6.3' -> '9.6'; a chapter number has no parent."""
    head, dot, _ = number.rpartition(".")
    return head if dot else None


class Section(NamedTuple):
    """One chapter, heading or numbered clause of the Comprehensive Rules.

    `zh` is the clause text (for chapters and headings, the title) followed by
    the un-numbered lines attached to it, joined by newlines. `en` is the English
    aligned to it ("" when the translation has none); `en_indices` are the
    0-based indices of those English paragraphs among the non-empty lines of en.txt.

    The records of this module are named tuples and a plain class: they are defined at every `rule`
    and `ask`, where a frozen dataclass costs several times more to define.
    """

    number: str
    kind: SectionKind
    zh: str
    zh_line: int  # 1-based line in zh.txt
    title_zh: str = ""  # chapters and headings: their title
    title_en: str = ""
    en: str = ""
    en_indices: tuple[int, ...] = ()
    refs: tuple[str, ...] = ()  # cross-references found in the Chinese text, in order
    score: float | None = None  # alignment confidence of its English, 0..1

    @property
    def parent(self) -> str | None:
        return parent_number(self.number)

    @property
    def chapter(self) -> int:
        return int(self.number.split(".")[0])

    @property
    def depth(self) -> int:
        return self.number.count(".")


class AlignedParagraph(NamedTuple):
    """Where one English paragraph went: the sections it translates (() for English
    with no Chinese counterpart, such as the document title) and the confidence 0..1."""

    en_index: int
    sections: tuple[str, ...]
    score: float

    def to_dict(self) -> dict[str, object]:
        return {"en_index": self.en_index, "sections": list(self.sections), "score": round(self.score, 4)}


class Rulebook:
    """All sections in book order, indexed by number.

    `en_paragraphs` holds every non-empty line of en.txt in order; `alignment`
    has one AlignedParagraph per English paragraph, in the same order. Two rulebooks
    are equal when these three are.
    """

    def __init__(
        self,
        sections: tuple[Section, ...],
        en_paragraphs: tuple[str, ...] = (),
        alignment: tuple[AlignedParagraph, ...] = (),
    ) -> None:
        self.sections = sections
        self.en_paragraphs = en_paragraphs
        self.alignment = alignment
        self._by_number = {s.number: s for s in sections}

    def _parts(self) -> tuple[object, ...]:
        return (self.sections, self.en_paragraphs, self.alignment)

    def __eq__(self, other: object) -> bool:
        return self._parts() == other._parts() if isinstance(other, Rulebook) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._parts())

    def get(self, number: str) -> Section | None:
        return self._by_number.get(number)

    def __contains__(self, number: object) -> bool:
        return number in self._by_number

    def __iter__(self) -> Iterator[Section]:
        return iter(self.sections)

    def __len__(self) -> int:
        return len(self.sections)

    @cached_property
    def _children_by_parent(self) -> dict[str, list[Section]]:
        """Parent number -> its sections in book order: one pass over the book, on first use."""
        children: dict[str, list[Section]] = {}
        for section in self.sections:
            parent = section.parent
            if parent is not None:
                children.setdefault(parent, []).append(section)
        return children

    def children(self, number: str) -> list[Section]:
        """The sections directly under `number`, in book order."""
        return list(self._children_by_parent.get(number, ()))

    def subtree(self, number: str) -> list[Section]:
        """The section and all its descendants, in book order."""
        prefix = number + "."
        return [s for s in self.sections if s.number == number or s.number.startswith(prefix)]

    def clauses(self) -> list[Section]:
        return [s for s in self.sections if s.kind == "clause"]

    @cached_property
    def _positions(self) -> dict[str, int]:
        """Section number -> its position in book order, on first use (`tuple.index` compared the
        sections before it field by field: some 340 comparisons to find 9.6)."""
        return {section.number: position for position, section in enumerate(self.sections)}

    def index_of(self, number: str) -> int:
        """Position of a section in book order (ValueError when absent)."""
        position = self._positions.get(number)
        if position is None:
            raise ValueError(f"no section {number}")
        return position

    def previous(self, number: str) -> Section | None:
        """The section just before `number` in book order (for stepping through the book)."""
        i = self.index_of(number)
        return self.sections[i - 1] if i > 0 else None

    def next(self, number: str) -> Section | None:
        """The section just after `number` in book order."""
        i = self.index_of(number)
        return self.sections[i + 1] if i + 1 < len(self.sections) else None

    def chapters(self) -> list[Section]:
        return [s for s in self.sections if s.kind == "chapter"]

    def heading_path(self, number: str) -> list[Section]:
        """Chapter › heading › … › the section itself."""
        path: list[Section] = []
        current: str | None = number
        while current is not None:
            section = self.get(current)
            if section is not None:
                path.append(section)
            current = parent_number(current)
        return list(reversed(path))
