"""Set-up shared by the hardening tests: one good search index, built once per session."""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile import fresh_cache, invoke


@pytest.fixture(scope="session")
def good_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache holding only a good rulebook cache and a complete, working section index. Tests copy
    it (shutil.copytree) before damaging or planting anything: it is never changed."""
    cache = fresh_cache(tmp_path_factory.mktemp("good"))
    proc = invoke(["index"], {"PAL_JUDGE_CACHE": str(cache)})
    assert proc.returncode == 0 and "Built the search index" in proc.stdout, proc.stderr
    return cache
