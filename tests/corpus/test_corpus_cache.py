"""The on-disk rulebook cache: reused when fresh, rebuilt when stale or broken, written atomically.

Uses the small rules folder of conftest.py (chapter 1 and its English) so each rebuild is quick.
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

import pal_judge.corpus.build as build_module
from pal_judge.cache_manifest import MANIFEST
from pal_judge.corpus import load_rulebook



@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PAL_JUDGE_CACHE", str(folder))
    return folder


def _count_builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = build_module.build_rulebook

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(build_module, "build_rulebook", counting)
    return calls


def test_second_load_comes_from_the_cache(rules: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    builds = _count_builds(monkeypatch)
    first = load_rulebook(rules)
    second = load_rulebook(rules)
    assert len(builds) == 1
    assert second.get("1.1.1").en == first.get("1.1.1").en
    assert second == first  # every section, paragraph and alignment, tuples where the model has them
    assert len(list(cache.glob("rulebook-*.json"))) == 1


def test_changed_rules_rebuild_the_cache(rules: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    builds = _count_builds(monkeypatch)
    assert "two players" in load_rulebook(rules).get("1.1.1").en
    en = rules / "en.txt"
    en.write_text(en.read_text(encoding="utf-8").replace("two players", "exactly two players"), encoding="utf-8")
    assert "exactly two players" in load_rulebook(rules).get("1.1.1").en
    assert len(builds) == 2
    assert len(list(cache.glob("rulebook-*.json"))) == 1  # the stale file was removed


@pytest.mark.parametrize("garbage", [b"", b"not json", pickle.dumps({"key": "x", "rulebook": None})])
def test_a_broken_cache_file_is_rebuilt(rules: Path, cache: Path, monkeypatch: pytest.MonkeyPatch, garbage: bytes) -> None:
    load_rulebook(rules)
    (target,) = cache.glob("rulebook-*.json")
    target.write_bytes(garbage)
    builds = _count_builds(monkeypatch)
    book = load_rulebook(rules)
    assert len(builds) == 1 and book.get("1.2.1") is not None
    assert load_rulebook(rules).get("1.2.1").en == book.get("1.2.1").en  # and the rewritten file is good
    assert len(builds) == 1


def test_writes_are_atomic(rules: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    load_rulebook(rules)
    (target,) = cache.glob("rulebook-*.json")
    good = target.read_bytes()
    # A writer that dies half-way leaves the old file untouched and no temporary file behind.
    import pal_judge.atomic as atomic

    real_fdopen = atomic.os.fdopen

    class DiskFills:
        """A file handle that writes 100 bytes, then fails."""

        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, data):
            self.handle.write(data[:100])
            raise OSError("disk full")

    monkeypatch.setattr(atomic.os, "fdopen", lambda fd, mode: DiskFills(real_fdopen(fd, mode)))
    en = rules / "en.txt"
    en.write_text(en.read_text(encoding="utf-8") + "\nAn added paragraph.\n", encoding="utf-8")
    book = load_rulebook(rules)  # still served, just not cached
    assert book.en_paragraphs[-1] == "An added paragraph."
    assert target.read_bytes() == good
    assert sorted(p.name for p in cache.iterdir()) == sorted([target.name, MANIFEST])  # no temporary file


def test_an_unwritable_cache_only_costs_speed(rules: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.setenv("PAL_JUDGE_CACHE", str(blocker / "cache"))
    assert "two players" in load_rulebook(rules).get("1.1.1").en  # built and aligned, just not cached
    assert not (blocker / "cache").exists()


def test_use_cache_false_neither_reads_nor_writes(rules: Path, cache: Path) -> None:
    load_rulebook(rules, use_cache=False)
    assert not cache.exists() or not os.listdir(cache)
