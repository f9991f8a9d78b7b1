"""Short hashes that key the on-disk caches: the files a cached result was computed from.

A cache entry is valid while its fingerprint matches: editing a rule text, a ruling or
the code that computes the result changes the fingerprint, and the entry is rebuilt.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Iterable

_PACKAGE = Path(__file__).resolve().parent


def package_sources(*packages: str) -> list[Path]:
    """The Python sources of these pal_judge sub-packages, in a stable order."""
    return [path for package in packages for path in sorted((_PACKAGE / package).glob("*.py"))]


def fingerprint(salt: str, files: Iterable[Path], length: int = 20) -> str:
    """Hash `salt` and each file's name and bytes (a missing file counts as absent)."""
    digest = hashlib.sha256(salt.encode())
    for path in files:
        data = path.read_bytes() if path.is_file() else b"<absent>"
        for chunk in (path.name.encode(), data):
            digest.update(len(chunk).to_bytes(8, "little"))
            digest.update(chunk)
    return digest.hexdigest()[:length]
