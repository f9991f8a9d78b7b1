"""The pages of the last export, kept in the cache: a warm export only writes them again.

The pages are a function of the rules folder, the rulings' YAML and pal-judge's own code and
data, so the cache key hashes exactly those (json_cache.py: plain JSON, bounded read, atomic
private write). A change to any of them renders the site again; a rulings folder that cannot
be listed is never cached (the export reports it as a problem, from a fresh gathering).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from pal_judge import __version__
from pal_judge.errors import UserError
from pal_judge.fingerprint import fingerprint
from pal_judge.json_cache import cached_json
from pal_judge.paths import ruling_files, rules_dir

CACHE_NAME = "site-pages"
_PACKAGE = Path(__file__).resolve().parent.parent


def site_key() -> str | None:
    """What the pages are made from; None when the rulings folder cannot be listed."""
    try:
        rulings = ruling_files()
    except UserError:
        return None
    rules = sorted(p for p in rules_dir().iterdir() if p.is_file())
    code = sorted(p for p in _PACKAGE.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return fingerprint(f"site;version={__version__}", [*rules, *rulings, *code], length=24)


def cached_site(build: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """`build()` (plain JSON data: the pages and what the report says of them), or its value from
    the last export when nothing it is made from has changed."""
    key = site_key()
    return build() if key is None else cached_json(CACHE_NAME, key, build)
