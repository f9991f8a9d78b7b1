"""Where pal-judge finds its texts and keeps its caches.

The published rulebooks live in the repository's `rules/` folder (or, for a
non-editable install, in `pal_judge/_data/rules`). `PAL_JUDGE_RULES`,
`PAL_JUDGE_RULINGS` and `PAL_JUDGE_CACHE` override the three locations.
"""

from __future__ import annotations

import os
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


def cache_dir() -> Path:
    """The user cache directory (XDG_CACHE_HOME or ~/.cache), not created here."""
    override = os.environ.get("PAL_JUDGE_CACHE")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pal-judge"
