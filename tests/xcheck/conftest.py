"""Fixtures for the translation cross-check tests: the real book, and small made-up books."""

from __future__ import annotations

from typing import Callable

import pytest

from pal_judge.corpus.glossary import Glossary
from pal_judge.corpus.model import AlignedParagraph, Rulebook, Section


@pytest.fixture(scope="session")
def real_corpus() -> tuple[Rulebook, Glossary]:
    from pal_judge.corpus import load_corpus

    return load_corpus()


@pytest.fixture(scope="session")
def glossary(real_corpus: tuple[Rulebook, Glossary]) -> Glossary:
    return real_corpus[1]


BookMaker = Callable[..., Rulebook]


@pytest.fixture()
def make_book() -> BookMaker:
    """A rulebook from (number, zh, en) clauses; en None = no English; `orphans` = {after_number: [en, …]}."""

    def build(clauses: list[tuple[str, str, str | None]], orphans: dict[str, list[str]] | None = None) -> Rulebook:
        orphans = orphans or {}
        sections: list[Section] = []
        paragraphs: list[str] = []
        alignment: list[AlignedParagraph] = []
        chapters = sorted({n.split(".")[0] for n, _, _ in clauses}, key=int)
        for chapter in chapters:
            sections.append(Section(chapter, "chapter", f"第{chapter}章", 1, title_zh=f"第{chapter}章", title_en=f"Chapter {chapter}"))
            for number, zh, en in (c for c in clauses if c[0].split(".")[0] == chapter):
                indices: tuple[int, ...] = ()
                if en is not None:
                    indices = (len(paragraphs),)
                    alignment.append(AlignedParagraph(len(paragraphs), (number,), 0.99))
                    paragraphs.append(en)
                sections.append(Section(number, "clause", zh, 1, en=en or "", en_indices=indices,
                                        score=0.99 if indices else None))
                for extra in orphans.get(number, []):
                    alignment.append(AlignedParagraph(len(paragraphs), (), 0.3))
                    paragraphs.append(extra)
        return Rulebook(tuple(sections), tuple(paragraphs), tuple(alignment))

    return build
