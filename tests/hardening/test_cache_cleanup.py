"""Issue 13, item 7: the cache clean-up deletes only what the cache folder's manifest says we wrote.

`PAL_JUDGE_CACHE` pointed at a folder of the judge's own, holding files whose names match every
pattern the clean-up once deleted by: after building, rebuilding and rerunning everything, each
of them is still there, byte for byte; and our own older caches are still cleaned up.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from hostile import REPO, fresh_cache, index_folders, invoke

JUDGE_FILES = {
    "rulebook-0123456789abcdef01234567.pickle": b"my pickle jar inventory",
    "rulebook-0123456789abcdef01234567.json": b'{"mine": true}',
    "rulings-runs-0123456789abcdef0123.json": b'{"my": "runs"}',
    "search/sections-0123456789abcdef/notes.txt": b"my notes on sections",
    "search/.build-sections-mine/notes.txt": b"my build notes",
    "search/.trash-sections-mine/notes.txt": b"my trash notes",
    ".trash-old/notes.txt": b"my old notes",
    "rulings-texts.json": b'{"my": "texts"}',  # cache files whose names have no hash
    "cards.json": b'{"my": "cards"}',
    "xcheck-notes.json": b'{"my": "notes"}',
    "readings.json": b'{"my": "readings"}',
    "readings-0123456789abcdef.json": b'{"my": "old readings"}',
}


def test_the_judges_files_survive_every_clean_up(tmp_path: Path) -> None:
    cache = fresh_cache(tmp_path)
    for name, content in JUDGE_FILES.items():
        path = cache / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        hour_ago = time.time() - 3600  # older than any leftover the sweep waits for
        os.utime(path, (hour_ago, hour_ago))
        os.utime(path.parent, (hour_ago, hour_ago))
    env = {"PAL_JUDGE_CACHE": str(cache)}
    for args in (["index"], ["index", "--rebuild"], ["rule", "9.6.3"], ["rulings", "check", "--fresh"],
                 ["ask", "--no-replay", "does taunt force an attack"], ["card", "Grizzbolt"], ["readings"]):
        proc = invoke(args, env)
        assert proc.returncode == 0, (args, proc.stderr)
    for name, content in JUDGE_FILES.items():
        assert (cache / name).read_bytes() == content, name
    assert len([f for f in index_folders(cache) if (f / "meta.json").is_file()]) == 1  # ours, built and kept


def test_our_own_older_caches_are_still_removed(tmp_path: Path) -> None:
    cache = tmp_path / "cache"  # empty: every cache file in it is ours
    rules = tmp_path / "rules"
    rules.mkdir()
    for name in ("zh.txt", "en.txt", "glossary.yaml", "alignment_overrides.yaml", "headings_en.yaml"):
        (rules / name).write_bytes((REPO / "rules" / name).read_bytes())
    env = {"PAL_JUDGE_CACHE": str(cache), "PAL_JUDGE_RULES": str(rules)}
    assert invoke(["index"], env).returncode == 0
    first = index_folders(cache)
    with (rules / "glossary.yaml").open("a", encoding="utf-8") as handle:
        handle.write("\n# a comment: a new key for the rulebook and the index\n")
    assert invoke(["index"], env).returncode == 0
    second = index_folders(cache)
    assert len(first) == len(second) == 1 and first != second  # the older index, ours, was swept
    assert len(list(cache.glob("rulebook-*.json"))) == 1
