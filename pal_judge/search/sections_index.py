"""The rulebook's index: keyed by the rules files and the code, one searcher per process."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pal_judge import __version__
from pal_judge.fingerprint import fingerprint, package_sources
from pal_judge.errors import UserError
from pal_judge.paths import ruling_files, rules_dir
from pal_judge.search.documents import IndexDoc
from pal_judge.search.query import SEARCH_CONCEPT_BOOST
from pal_judge.search.service import IndexSearcher
from pal_judge.search.sources import rulebook_docs
from pal_judge.search.store import (
    INDEX_FORMAT,
    OpenedIndex,
    Reporter,
    open_index,
    search_root,
)
from pal_judge.search.vocabulary import Lexicon

NAME = "sections"


def sections_key() -> str:
    """What the rulebook index depends on: every rules file, the rulings (their questions expand
    the clauses they cite), the corpus and search code and data."""
    files = sorted(p for p in rules_dir().iterdir() if p.is_file())
    files += _ruling_files()
    files += package_sources("corpus", "search") + sorted(Path(__file__).parent.glob("*.yaml"))
    return fingerprint(f"format={INDEX_FORMAT};version={__version__}", files, length=16)


def _ruling_files() -> list[Path]:
    try:
        return ruling_files()
    except UserError:  # no rulings folder: the index is built without their questions
        return []


def section_docs_in_context() -> tuple[list[IndexDoc], Lexicon]:
    """The rulebook's documents, each sub-clause also found by the English of the clause it
    belongs to (`with_parent_clause`)."""
    docs, lexicon = rulebook_docs()
    return with_parent_clause(docs), lexicon


def with_parent_clause(docs: list[IndexDoc]) -> list[IndexDoc]:
    """A sub-clause read alone loses what its clause says: 9.3.1.1 "if either of the 2 are not
    suitable ... the battle is cancelled" does not say they are the attacker and its target
    (9.3.1). The English of the clause above a sub-clause (not a heading: the heading path is
    its own field) joins the sub-clause's expansion field (`asked_en`, weight 0.15 in query.py).
    Recall@5 on every clause-question set tuned on (bench/bench_search.py) EN 297 -> 300 of 345,
    no set lower, ZH unchanged. Tried: the Chinese clause in `asked_zh` too (ZH 223 -> 219); the
    parent's text in both languages at the heading path's weight, 0.6 (EN -7, ZH -1); a heading
    above too (EN ±0); the sub-clauses' text in their clause's expansion fields (EN -1, ZH -1)."""
    by_number = {doc.key: doc for doc in docs}
    in_context = []
    for doc in docs:
        parent = by_number.get(doc.key.rpartition(".")[0])
        if parent is not None and parent.kind == "clause":
            doc = doc._replace(asked_en="\n".join(filter(None, (doc.asked_en, parent.en))))
        in_context.append(doc)
    return in_context


def build_section_index(rebuild: bool = False, quiet: bool = False) -> OpenedIndex:
    return open_index(NAME, sections_key(), section_docs_in_context, rebuild=rebuild, reporter=Reporter(quiet))


def section_searcher() -> IndexSearcher:
    """The searcher for the current rules and cache folder (re-checked on every call, opened once)."""
    root, key = str(search_root()), sections_key()
    searcher = _searcher(root, key)
    if searcher.opened.location is not None and not searcher.opened.location.exists():
        _searcher.cache_clear()  # rebuilt meanwhile (`pal-judge index --rebuild`): open the new one
        searcher = _searcher(root, key)
    return searcher


@lru_cache(maxsize=4)
def _searcher(root: str, key: str) -> IndexSearcher:
    return IndexSearcher(open_index(NAME, key, section_docs_in_context), concept_boost=SEARCH_CONCEPT_BOOST)
