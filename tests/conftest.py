"""Shared test set-up: every test run keeps its caches in a temporary folder."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True, scope="session")
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    import os

    os.environ["PAL_JUDGE_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    # The tests exercise the code that computes every cache, not the copies shipped in the package
    # (tests/hardening/test_prebuilt.py turns those on where it tests them).
    os.environ["PAL_JUDGE_PREBUILT"] = "0"
