"""The search tests share one index, built once per session in the session's cache folder."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def searcher(_isolated_cache: None):  # type: ignore[no-untyped-def]
    from pal_judge.search import build_section_index, section_searcher

    build_section_index(quiet=True)
    return section_searcher()


@pytest.fixture(scope="session")
def rulebook():  # type: ignore[no-untyped-def]
    from pal_judge.corpus import load_rulebook

    return load_rulebook()
