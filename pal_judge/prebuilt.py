"""Caches shipped inside the package, so that the first question on a fresh install is fast.

`pal_judge/prebuilt_caches/` holds what a first `ask` writes into an empty cache folder, computed from the
published texts and rulings of this checkout: the aligned rulebook, the rulings' texts and cards,
the translation check's findings, and the three search indexes. Each cache reader that misses its
own cache folder looks here for the same file under the same key (the key hashes every input:
texts, rulings, glossary, code) and uses it only when the key matches; otherwise it builds as
usual. So a judge's own rules folder, rulings or card list, or a shipped copy left stale by an
edit, is never answered from here: a stale copy only costs the build it was meant to save.

Regenerate after changing the texts, the rulings or the code that computes these caches:

    python -m pal_judge.prebuilt

(`tests/hardening/test_prebuilt.py` fails with that command when the shipped copy is stale, and
proves that a fresh one equals what the code computes.) `PAL_JUDGE_PREBUILT=0` turns the shipped
caches off (the generator does, so that it computes everything from the texts).

Trust: the shipped files are part of the installed package, like its code. JSON is read bounded and
is plain data; an index folder is copied into a new private folder of the cache and published by
one rename, exactly as a freshly built one is (`search/store.py`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterator

from pal_judge.textfiles import CACHE_MAX_BYTES, read_json

SHIPPED = Path(__file__).resolve().parent / "prebuilt_caches"
SWITCH = "PAL_JUDGE_PREBUILT"  # "0": never use the shipped caches
COMMAND = "python -m pal_judge.prebuilt"
# What the generator asks: any question opens every cache a first `ask` needs.
QUESTION = "My Pal with Breakthrough attacks, they block with a Retaliate Pal, both die - do they still take damage?"
# Cache entries that are not a first question's (or not ours to ship): the manifest names what a
# folder's owner wrote, scenario outcomes are computed by `rulings check`, the remembered file
# digests describe the files of the machine that computed them (digest_memo.py).
_NOT_SHIPPED_PREFIXES = ("pal-judge-manifest", "rulings-runs-", "file-digests", ".")
# The environment that points pal-judge at other inputs than the package's own.
_OTHER_INPUTS = ("PAL_JUDGE_RULES", "PAL_JUDGE_RULINGS", "PAL_JUDGE_CARDS", SWITCH)


def shipped(relative: str) -> Path | None:
    """The shipped file or folder at `relative` (a path as in the cache folder), if there is one."""
    if os.environ.get(SWITCH) == "0":
        return None
    path = SHIPPED / relative
    return path if path.exists() and not path.is_symlink() else None


def shipped_json(relative: str, max_bytes: int = CACHE_MAX_BYTES) -> Any | None:
    """The shipped JSON cache file `relative`, parsed, or None (absent, unreadable, too big).
    The caller compares its key with the key of its own inputs."""
    path = shipped(relative)
    if path is None:
        return None
    try:
        return read_json(path, max_bytes)
    except (OSError, ValueError):
        return None


def cached_then_shipped(path: Path, max_bytes: int = CACHE_MAX_BYTES) -> Iterator[Any]:
    """The parsed JSON of the cache file `path` (read bounded), then of the copy shipped under its name,
    skipping either when it is missing or unreadable: a reader takes the first whose key is its own."""
    try:
        yield read_json(path, max_bytes)  # a regular file: a FIFO or /dev/zero planted here is no cache
    except (OSError, ValueError):
        pass
    copy = shipped_json(path.name, max_bytes)
    if copy is not None:
        yield copy


def compute_into(cache: Path) -> None:
    """Fill the empty folder `cache` with what a first `ask` writes, computed from the package's own
    texts and rulings (never from shipped caches), in a fresh process."""
    env = {name: value for name, value in os.environ.items() if name not in _OTHER_INPUTS}
    env.update(PAL_JUDGE_CACHE=str(cache), **{SWITCH: "0"})
    # First the translation check's findings on the whole book (a first `ask` on other texts checks only
    # the clauses it shows): any question then shows its notes from them.
    whole_book_notes = "from pal_judge.render.translation_notes import all_findings; all_findings()"
    for command in (["-c", whole_book_notes], ["-m", "pal_judge", "ask", QUESTION, "--no-replay"]):
        done = subprocess.run([sys.executable, *command], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"computing the caches failed (exit {done.returncode}):\n{done.stderr}")


def shippable(cache: Path) -> list[Path]:
    """The entries of a computed cache folder that are shipped: every top-level JSON cache and every
    index folder under `search/`, as paths relative to `cache`."""
    entries = [Path(p.name) for p in cache.iterdir() if p.is_file()]
    entries += [Path("search") / p.name for p in (cache / "search").iterdir() if p.is_dir()]
    return sorted(e for e in entries if not e.name.startswith(_NOT_SHIPPED_PREFIXES))


def regenerate() -> Path:
    """Recompute the shipped caches and put them in place of the old ones (one rename)."""
    with tempfile.TemporaryDirectory(prefix="pal-judge-prebuilt-") as work:
        cache = Path(work) / "cache"
        compute_into(cache)
        fresh = Path(tempfile.mkdtemp(prefix=".prebuilt-new-", dir=SHIPPED.parent))
        for entry in shippable(cache):
            source, target = cache / entry, fresh / entry
            target.parent.mkdir(parents=True, exist_ok=True)
            if source.is_dir():
                shutil.copytree(source, target, ignore=shutil.ignore_patterns("*WRITELOCK"))
            else:
                shutil.copyfile(source, target)
        os.chmod(fresh, 0o755)
        old = SHIPPED.with_name(f".prebuilt-old-{os.getpid()}")
        if SHIPPED.exists():
            os.rename(SHIPPED, old)
        os.rename(fresh, SHIPPED)
        shutil.rmtree(old, ignore_errors=True)
    return SHIPPED


if __name__ == "__main__":
    print(f"shipped caches regenerated in {regenerate()}")
