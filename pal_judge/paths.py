"""Where pal-judge finds its texts and keeps its caches.

The published rulebooks live in the repository's `rules/` folder (or, for a
non-editable install, in `pal_judge/_data/rules`). `PAL_JUDGE_RULES`,
`PAL_JUDGE_RULINGS` and `PAL_JUDGE_CACHE` override the three locations.
"""

from __future__ import annotations

import atexit
import os
import shutil
import stat
import tempfile
from pathlib import Path

from pal_judge.errors import UserError

_PACKAGE = Path(__file__).resolve().parent


def _data_dir(env_var: str, name: str) -> Path:
    override = os.environ.get(env_var)
    if override:
        return Path(override)
    for candidate in (_PACKAGE.parent / name, _PACKAGE / "_data" / name):
        if candidate.is_dir():
            return candidate
    return _PACKAGE.parent / name


def rules_dir() -> Path:
    """The folder holding en.txt, zh.txt, glossary.yaml and the alignment overrides."""
    folder = _data_dir("PAL_JUDGE_RULES", "rules")
    if not folder.is_dir():
        raise UserError(f"rules folder not found: {folder} (set PAL_JUDGE_RULES to the folder holding en.txt and zh.txt)")
    return folder


def rulings_dir() -> Path:
    """The folder holding the rulings' YAML files."""
    return _data_dir("PAL_JUDGE_RULINGS", "rulings")


def ruling_files(folder: Path | None = None) -> list[Path]:
    """The rulings' YAML files in name order; a missing folder is a UserError."""
    folder = folder or rulings_dir()
    if not folder.is_dir():
        raise UserError(f"rulings folder not found: {folder} (set PAL_JUDGE_RULINGS)")
    return sorted(folder.glob("*.yaml"))


def configured_cache_dir() -> Path:
    """The cache folder the environment names (PAL_JUDGE_CACHE, XDG_CACHE_HOME or ~/.cache)."""
    override = os.environ.get("PAL_JUDGE_CACHE")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pal-judge"


def cache_dir() -> Path:
    """The folder caches are read from and written to: the configured one, created private (0700).

    The search index inside it is a Whoosh index, whose files are pickles: whoever can write the
    folder could run code as the judge. So, as ssh and gpg treat their folders, a cache folder
    that is not owned by the user or that others may write is never read: this process uses a
    fresh private folder instead (removed when it exits) and says so once."""
    configured = configured_cache_dir()
    try:
        configured.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return configured  # cannot be created: nothing to read in it, and writers cope with failing
    if owned_privately(configured):
        return configured
    return _private_stand_in(configured)


def owned_privately(folder: Path) -> bool:
    """`folder` is a folder owned by the user that neither its group nor others may write."""
    try:
        info = folder.stat()
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o022


_stand_ins: dict[Path, Path] = {}


def _private_stand_in(untrusted: Path) -> Path:
    if untrusted not in _stand_ins:
        from pal_judge.notices import warn

        private = Path(tempfile.mkdtemp(prefix="pal-judge-cache-"))  # 0700, ours
        atexit.register(shutil.rmtree, private, True)
        _stand_ins[untrusted] = private
        warn(f"not using the cache folder {untrusted}: it is not owned by you or others can write to it "
             f"(run `chmod go-w` on it, or set PAL_JUDGE_CACHE); caching in {private} for now")
    return _stand_ins[untrusted]
