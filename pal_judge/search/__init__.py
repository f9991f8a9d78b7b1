"""Bilingual full-text search over the rulebook (and over any other documents).

This package is the only place in pal-judge that imports Whoosh, and it does
so lazily: importing `pal_judge.search` costs nothing; the first search does.

Sections
    search_sections(query, lang="both", limit=10, expanded=True, highlighted=True) -> list[Hit]
        Ranked sections. A query that is a section number (`11.2`, `§11.2`)
        returns that section first (`hit.exact`), then the sections under it
        and the clauses citing it. `lang` ("en", "zh", "both") chooses the
        text searched; every hit carries both languages of its section. Each
        clause is also found by the questions of the rulings resting on it
        (document expansion); `expanded=False` leaves them out.
        The index is opened from (or built into) `cache_dir()/search/` on
        demand; see `store.py` for staleness and atomic builds. Raises
        UserError for an empty query, a query of only stop words, or a
        syntax mistake (the syntax is described in `query.py`). `highlighted=False`
        leaves out the spans of the query's words (hit.highlights empty).
    correct_query(query, keep=frozenset()) -> Correction | None
        The query with misspelt English words replaced by the closest words the
        rulebook, the glossary or the player words know (`tuant` -> `taunt`),
        with the pairs changed; None when every word is known. Words of `keep`
        (lower case: the words of card names) are never corrected.
    section_searcher() -> IndexSearcher
        The open rulebook index (kept per process); `.search(...)` as above.
    build_section_index(rebuild=False) -> OpenedIndex
        Open or build the rulebook index explicitly (`pal-judge index`).

Other documents (for instance rulings, for `pal-judge ask`)
    search_documents(query, documents, lang="both", limit=10, name="documents", highlighted=True)
        -> list[DocumentHit]
        `documents` is a sequence of `Document(id, en, zh, title_en="",
        title_zh="", cites=())`: the same analyzers, glossary expansion and
        query syntax as for sections (`section:9.6` finds documents citing
        9.6 or a clause under it; `kind:` is "ruling"). The index is cached
        under `cache_dir()/search/<name>-<hash of the documents>`, so
        editing a ruling rebuilds it, and the next search is warm.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from pal_judge.search.hits import DocumentHit, Hit

if TYPE_CHECKING:
    from pal_judge.search.documents import Document
    from pal_judge.search.service import IndexSearcher
    from pal_judge.search.spelling import Correction
    from pal_judge.search.store import OpenedIndex

__all__ = [
    "Document",
    "DocumentHit",
    "Hit",
    "build_section_index",
    "correct_query",
    "search_documents",
    "search_sections",
    "section_searcher",
]


def search_sections(
    query: str, lang: str = "both", limit: int = 10, expanded: bool = True, highlighted: bool = True
) -> list[Hit]:
    _check_syntax(query)  # a mistake in the query is reported before any index is opened or built
    return section_searcher().search(query, lang=lang, limit=limit, expanded=expanded, highlighted=highlighted)


def correct_query(query: str, keep: frozenset[str] = frozenset()) -> "Correction | None":
    _check_syntax(query)
    return section_searcher().correct(query, keep)


def section_searcher() -> "IndexSearcher":
    from pal_judge.search.sections_index import section_searcher as _open

    return _open()


def build_section_index(rebuild: bool = False, quiet: bool = False) -> "OpenedIndex":
    from pal_judge.search.sections_index import build_section_index as _build

    return _build(rebuild=rebuild, quiet=quiet)


def search_documents(
    query: str, documents: Sequence["Document"], lang: str = "both", limit: int = 10, name: str = "documents",
    highlighted: bool = True,
) -> list[DocumentHit]:
    from pal_judge.search.documents_index import search_documents as _search

    _check_syntax(query)
    return _search(query, documents, lang=lang, limit=limit, name=name, highlighted=highlighted)


def _check_syntax(query: str) -> None:
    from pal_judge.search.query import parse

    parse(query)


def __getattr__(name: str) -> object:
    if name == "Document":
        from pal_judge.search.documents import Document

        return Document
    raise AttributeError(name)
