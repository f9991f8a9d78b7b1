"""The rulebook's index: keyed by the rules files and the code, one searcher per process."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pal_judge import __version__
from pal_judge.fingerprint import fingerprint, package_sources
from pal_judge.errors import UserError
from pal_judge.paths import ruling_files, rules_dir
from pal_judge.search.service import IndexSearcher
from pal_judge.search.sources import rulebook_docs
from pal_judge.search.store import (
    INDEX_FORMAT,
    OpenedIndex,
    Reporter,
    open_index,
    search_root,
)

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


def build_section_index(rebuild: bool = False, quiet: bool = False) -> OpenedIndex:
    return open_index(NAME, sections_key(), rulebook_docs, rebuild=rebuild, reporter=Reporter(quiet))


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
    return IndexSearcher(open_index(NAME, key, rulebook_docs))
