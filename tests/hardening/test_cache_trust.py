"""Issue 13, item 1: nothing in a cache folder can run code, and a folder others can write is not read.

The rulebook cache is plain JSON (a pickle planted under its name is never unpickled); the search
index, whose Whoosh files are pickles, is opened only from a private folder of the user's own.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import stat
from pathlib import Path

import pytest
from hostile import fresh_cache, index_folders, invoke, run_cli


class _MakesFolder:
    """Unpickling this creates a folder: the proof that a pickle was run."""

    def __init__(self, target: Path) -> None:
        self.target = str(target)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.mkdir, (self.target,))


def _payload(marker: Path) -> bytes:
    return pickle.dumps(_MakesFolder(marker), protocol=2)


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        out.append(low | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _read_varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, at


def _plant_in_toc(folder: Path, marker: Path) -> None:
    """Replace the pickled schema inside the index's table of contents by a payload."""
    (toc,) = folder.glob("*.toc")
    data = toc.read_bytes()
    schema_at = data.index(b"\x80\x02")  # the schema pickle (protocol 2) follows its length, a varint
    length_at = next(i for i in range(schema_at - 1, 0, -1) if _read_varint(data, i)[1] == schema_at)
    length, _ = _read_varint(data, length_at)
    payload = _payload(marker)
    toc.write_bytes(data[:length_at] + _varint(len(payload)) + payload + data[schema_at + length:])


def test_the_payload_runs_when_unpickled(tmp_path: Path) -> None:
    """The control: the payload the other tests plant does run code when something unpickles it."""
    pickle.loads(_payload(tmp_path / "ran"))
    assert (tmp_path / "ran").is_dir()


def test_a_pickle_under_the_rulebook_cache_name_is_never_run(tmp_path: Path) -> None:
    cache = fresh_cache(tmp_path)
    (rulebook,) = cache.glob("rulebook-*.json")
    marker = tmp_path / "code-ran"
    rulebook.write_bytes(_payload(marker))
    (cache / rulebook.name.replace(".json", ".pickle")).write_bytes(_payload(marker))  # the old name too
    proc = invoke(["rule", "9.6.3", "--json"], {"PAL_JUDGE_CACHE": str(cache)})
    assert proc.returncode == 0 and '"9.6.3"' in proc.stdout, proc.stderr
    assert not marker.exists()
    assert json.loads(rulebook.read_bytes())["key"]  # rebuilt as plain JSON


def test_caches_and_the_index_folder_are_private(tmp_path: Path) -> None:
    cache = tmp_path / "new" / "cache"
    proc = invoke(["search", "taunt", "--json"], {"PAL_JUDGE_CACHE": str(cache)})
    assert proc.returncode == 0, proc.stderr
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    (folder,) = index_folders(cache)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700 and stat.S_IMODE(folder.parent.stat().st_mode) == 0o700
    for cached in cache.glob("*.json"):
        assert stat.S_IMODE(cached.stat().st_mode) == 0o600, cached


def test_an_index_folder_copied_in_with_ordinary_permissions_is_never_opened(good_index: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    shutil.copytree(good_index, cache)
    (folder,) = index_folders(cache)
    folder.chmod(0o755)  # as `cp -r` from a colleague leaves it
    marker = tmp_path / "code-ran"
    _plant_in_toc(folder, marker)
    proc = invoke(["search", "taunt", "--json"], {"PAL_JUDGE_CACHE": str(cache)})
    assert proc.returncode == 0 and '"12.10' in proc.stdout, proc.stderr
    assert not marker.exists()
    assert "not a private folder" in proc.stderr


@pytest.mark.parametrize("mode", [0o1777, 0o770], ids=["world-writable-like-tmp", "group-writable"])
def test_a_cache_folder_others_can_write_is_not_read(good_index: Path, tmp_path: Path, mode: int) -> None:
    cache = tmp_path / "shared"
    shutil.copytree(good_index, cache)
    marker = tmp_path / "code-ran"
    _plant_in_toc(index_folders(cache)[0], marker)
    (rulebook,) = cache.glob("rulebook-*.json")
    planted = rulebook.read_text(encoding="utf-8").replace("Perform the following", "PLANTED TEXT")
    rulebook.write_text(planted, encoding="utf-8")  # a valid cache: it would be believed if it were read
    cache.chmod(mode)
    before = sorted(p.name for p in cache.rglob("*"))
    env = {"PAL_JUDGE_CACHE": str(cache)}
    # Both commands in this process (as a session of commands would be): the folder is said once.
    search, rule = invoke(["search", "taunt", "--json"], env), invoke(["rule", "9.6.3"], env)
    assert search.returncode == 0 and '"12.10' in search.stdout, search.stderr
    assert rule.returncode == 0 and "Perform the following" in rule.stdout and "PLANTED" not in rule.stdout
    assert not marker.exists()
    said = search.stderr + rule.stderr
    warnings = [line for line in said.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and str(cache) in warnings[0] and "others can write" in warnings[0], said
    assert sorted(p.name for p in cache.rglob("*")) == before  # nothing written into it either


@pytest.mark.skipif(os.getuid() != 0, reason="giving a folder to another user needs root")
def test_a_cache_folder_owned_by_someone_else_is_not_read(good_index: Path, tmp_path: Path) -> None:
    cache = tmp_path / "theirs"
    shutil.copytree(good_index, cache)
    marker = tmp_path / "code-ran"
    _plant_in_toc(index_folders(cache)[0], marker)
    for path in [cache, *cache.rglob("*")]:
        os.chown(path, 65534, 65534)  # nobody
    proc = invoke(["search", "taunt", "--json"], {"PAL_JUDGE_CACHE": str(cache)})
    assert proc.returncode == 0 and '"12.10' in proc.stdout, proc.stderr
    assert not marker.exists() and "not owned by you" in proc.stderr


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "loop"])
def test_a_cache_file_that_is_not_a_regular_file_is_rebuilt_quickly(tmp_path: Path, kind: str) -> None:
    cache = fresh_cache(tmp_path)
    (rulebook,) = cache.glob("rulebook-*.json")
    rulebook.unlink()
    if kind == "fifo":
        os.mkfifo(rulebook)
    elif kind == "dev-zero":
        rulebook.symlink_to("/dev/zero")
    else:
        rulebook.symlink_to(rulebook.name)
    proc = run_cli(["rule", "9.6.3", "--json"], {"PAL_JUDGE_CACHE": str(cache)}, timeout=30, memory_limit=1 << 30)
    assert proc.returncode == 0 and '"9.6.3"' in proc.stdout, proc.stderr
    assert "Traceback" not in proc.stderr
    assert rulebook.is_file() and not rulebook.is_symlink()  # replaced by a real cache file


@pytest.mark.parametrize("planted", [[["penalties", [1, 2]]], [["penalties"]], {"topic": "x"}, "words"],
                         ids=["numbers-for-words", "no-words", "an-object", "a-string"])
def test_a_cached_value_under_the_right_key_that_is_not_ours_is_computed_and_written_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, planted: object
) -> None:
    """json_cache: a file with the right key over a value pal-judge never writes (here the out-of-scope
    topics) is passed over like a stale one: the value is read from the source again and the file
    rewritten, so the next run reads a good cache instead of recomputing for ever."""
    from pal_judge.rulings import scope

    monkeypatch.setenv("PAL_JUDGE_CACHE", str(tmp_path))
    scope.topics.cache_clear()
    expected = scope.topics()
    note = tmp_path / "out-of-scope.json"
    written = json.loads(note.read_text(encoding="utf-8"))
    note.write_text(json.dumps({"key": written["key"], "value": planted}), encoding="utf-8")
    scope.topics.cache_clear()
    try:
        assert scope.topics() == expected
        assert json.loads(note.read_text(encoding="utf-8")) == written
    finally:
        scope.topics.cache_clear()
