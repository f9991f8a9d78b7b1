"""The search index and the rulebook cache survive kills, corruption, unwritable folders and races.

Real `pal-judge` processes where a process is what is tested (a kill, two builds at once), else the
command run in this process; each with its own PAL_JUDGE_CACHE. To keep the suite fast, every cache
starts from a copy of the session's good rulebook cache (and, where the test is about a damaged
index, of the one good index built once per session: conftest.py).
"""

from __future__ import annotations

import json
import os
import pickle as pickle_module
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hostile import REPO, fresh_cache, index_folders, invoke


def _copy_of(good: Path, tmp_path: Path) -> tuple[Path, Path]:
    cache = tmp_path / "cache"
    shutil.copytree(good, cache)
    (folder,) = index_folders(cache)
    return cache, folder


def _search_works(cache: Path) -> subprocess.CompletedProcess[str]:
    proc = invoke(["search", "taunt", "--json"], {"PAL_JUDGE_CACHE": str(cache)})
    assert proc.returncode == 0, proc.stderr
    assert '"12.10' in proc.stdout  # the Taunt clauses (12.10) are found
    assert "Traceback" not in proc.stderr
    return proc


# ---------------------------------------------------------------- a build killed half-way


def test_index_build_killed_half_way_then_search_and_index_recover(tmp_path: Path) -> None:
    cache = fresh_cache(tmp_path)
    env = {**os.environ, "PAL_JUDGE_CACHE": str(cache)}
    proc = subprocess.Popen([sys.executable, "-m", "pal_judge", "index", "--rebuild"], env=env, cwd=REPO,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not any((cache / "search").glob(".build-*")):
        time.sleep(0.02)
    time.sleep(0.05)  # inside the build (it takes seconds): the temporary folder exists, nothing is published
    assert proc.poll() is None, "the build ended before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert index_folders(cache) == []  # nothing half-built was published
    rebuilt = invoke(["index"], {"PAL_JUDGE_CACHE": str(cache)})
    assert rebuilt.returncode == 0 and "Built the search index" in rebuilt.stdout, rebuilt.stdout + rebuilt.stderr
    _search_works(cache)
    again = invoke(["index"], {"PAL_JUDGE_CACHE": str(cache)})
    assert "up to date" in again.stdout


def test_a_search_that_has_to_rebuild_says_so(tmp_path: Path) -> None:
    cache = fresh_cache(tmp_path)
    proc = _search_works(cache)
    assert "build" in proc.stderr.lower()


# ---------------------------------------------------------------- a damaged index


def _truncate_segments(folder: Path) -> None:
    for seg in folder.glob("*.seg"):
        data = seg.read_bytes()
        seg.write_bytes(data[: len(data) // 3])


def _garbage_meta(folder: Path) -> None:
    (folder / "meta.json").write_bytes(b"\x00\xffnot json")


def _wrong_count(folder: Path) -> None:
    meta = (folder / "meta.json").read_text(encoding="utf-8").replace('"doc_count": ', '"doc_count": 1')
    (folder / "meta.json").write_text(meta, encoding="utf-8")


@pytest.mark.parametrize("damage", [_truncate_segments, _garbage_meta, _wrong_count],
                         ids=["truncated-segments", "garbage-meta", "wrong-doc-count"])
def test_damaged_index_is_detected_and_rebuilt(good_index: Path, tmp_path: Path, damage) -> None:  # type: ignore[no-untyped-def]
    cache, folder = _copy_of(good_index, tmp_path)
    damage(folder)
    proc = _search_works(cache)
    assert "unreadable" in proc.stderr and "rebuilding" in proc.stderr, proc.stderr
    after = invoke(["index"], {"PAL_JUDGE_CACHE": str(cache)})
    assert "up to date" in after.stdout  # the rebuilt index is sound


def test_index_folder_without_its_meta_is_never_used(good_index: Path, tmp_path: Path) -> None:
    cache, folder = _copy_of(good_index, tmp_path)
    (folder / "meta.json").unlink()  # what a crash between the files and the rename would look like
    for toc in folder.glob("*.toc"):
        toc.write_text("junk", encoding="utf-8")
    proc = invoke(["index"], {"PAL_JUDGE_CACHE": str(cache)})
    assert proc.returncode == 0 and "Built the search index" in proc.stdout, proc.stderr


# ---------------------------------------------------------------- the rulebook cache


def test_truncated_rulebook_cache_is_rebuilt(tmp_path: Path) -> None:
    cache = fresh_cache(tmp_path)
    (rulebook,) = cache.glob("rulebook-*.json")
    good = rulebook.read_bytes()
    rulebook.write_bytes(good[: len(good) // 2])
    proc = invoke(["rule", "9.6.3", "--json"], {"PAL_JUDGE_CACHE": str(cache)})
    assert proc.returncode == 0 and '"9.6.3"' in proc.stdout, proc.stderr
    sections = json.loads(rulebook.read_bytes())["sections"]
    number = sections["fields"].index("number")
    assert "9.6.3" in {row[number] for row in sections["rows"]}  # rewritten whole
    assert not list(cache.glob(".rulebook-*"))  # no temporary file left


@pytest.mark.parametrize("content", [b"", b"\x80\x05garbage" * 100, b"not json at all",
                                     pickle_module.dumps({"key": "a pickle, never read"}), b'{"key": "' + b"k" * 64 + b'"}'],
                         ids=["empty", "garbage", "text", "a-pickle", "wrong-shape"])
def test_unreadable_rulebook_cache_reads_as_missing(tmp_path: Path, content: bytes) -> None:
    from pal_judge.corpus.cache import cache_file, read_cache

    cache_file(tmp_path, "k" * 64).write_bytes(content)
    assert read_cache(tmp_path, "k" * 64) is None  # so the caller rebuilds instead of crashing


# ---------------------------------------------------------------- a cache folder that cannot be written


def test_unwritable_cache_folder_falls_back_to_memory_with_a_warning(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("the cache's parent is a regular file, so nothing can be created under it", encoding="utf-8")
    env = {"PAL_JUDGE_CACHE": str(blocker / "cache")}
    # one process shows both fallbacks: the rulebook is built without being cached, the index in memory
    search = invoke(["search", "taunt", "--json"], env)
    assert search.returncode == 0 and '"12.10' in search.stdout, search.stderr
    assert "warning" in search.stderr and "in-memory" in search.stderr
    assert blocker.read_text(encoding="utf-8").startswith("the cache's parent")


# ---------------------------------------------------------------- two builds at once


def test_two_processes_building_at_once_both_succeed(tmp_path: Path) -> None:
    cache = fresh_cache(tmp_path)
    env = {**os.environ, "PAL_JUDGE_CACHE": str(cache), "COLUMNS": "200"}
    procs = [subprocess.Popen([sys.executable, "-m", "pal_judge", "index"], env=env, cwd=REPO, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
    outputs = [p.communicate(timeout=120) for p in procs]
    for proc, (out, err) in zip(procs, outputs):
        assert proc.returncode == 0 and "Traceback" not in err, err
        assert "search index" in out
    assert len(index_folders(cache)) == 1
    leftovers = [p.name for p in (cache / "search").iterdir() if p.name.startswith((".build-", ".trash-"))]
    assert leftovers == []
    _search_works(cache)


@pytest.mark.parametrize("content", [b"", b"\xff\xfe not utf-8", b"[1, 2, 3]", b'{"x": {"id": 5}}', b"{" * 10],
                         ids=["empty", "not-utf8", "a-list", "wrong-shape", "broken-json"])
def test_unreadable_rulings_runs_cache_reads_as_missing(tmp_path: Path, content: bytes,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from pal_judge.rulings.runs import _cache_path, cached_runs

    monkeypatch.setenv("PAL_JUDGE_CACHE", str(tmp_path))
    path = _cache_path(None)
    path.write_bytes(content)
    assert cached_runs(None) is None  # so `coverage` and `rulings check` run the scenarios again
