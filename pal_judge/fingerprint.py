"""Short hashes that key the on-disk caches: the files a cached result was computed from.

A cache entry is valid while its fingerprint matches: editing a rule text, a ruling or
the code that computes the result changes the fingerprint, and the entry is rebuilt.

A command (`cli.main`, one short process) calls `settle_files()` first: from then on each file is
read and hashed once, as it was when the command started (an `ask` computes a dozen keys over the
same rules and rulings files). A long-lived process (the tests, an embedder) does not, and sees
every edit.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from pal_judge import digest_memo

try:
    # BLAKE2b from the interpreter's own module: `hashlib` loads and initialises OpenSSL when imported
    # (11.5 M instructions, about 2 ms, at every `rule` and `ask`) for SHA-256, and BLAKE2b takes half
    # SHA-256's instructions per byte in software. `hashlib.blake2b` is this same class.
    from _blake2 import blake2b
except ImportError:  # an interpreter built without it
    from hashlib import blake2b

_PACKAGE = Path(__file__).resolve().parent
_PACKAGE_PREFIX = str(_PACKAGE) + os.sep
_settled: dict[Path, bytes] | None = None  # see settle_files()


def package_sources(*packages: str) -> list[Path]:
    """The Python sources of these pal_judge sub-packages, in a stable order."""
    return [path for package in packages for path in _package_files(package)]


@lru_cache(maxsize=64)
def _package_files(package: str) -> tuple[Path, ...]:
    """One sub-package's sources, listed once per process (as `_code_digest` reads each once: the code
    a process runs is the code it imported; an `ask` lists the same packages for a dozen cache keys)."""
    return tuple(sorted((_PACKAGE / package).glob("*.py")))


def fingerprint(salt: str, files: Iterable[Path], length: int = 20) -> str:
    """Hash `salt` and each file's name and bytes (a missing file counts as absent)."""
    digest = blake2b(salt.encode())
    for path in files:
        digest.update(_file_digest(path))
    return digest.hexdigest()[:length]


def settle_files() -> None:
    """For the rest of this process, hash each file once (see the module's docstring), or not at all when
    its digest is remembered from an earlier command (`digest_memo`)."""
    global _settled
    if _settled is None:
        _settled = {}


def remember_files() -> None:
    """Keep the digests of the files this settled process hashed, for the next command (`digest_memo`)."""
    digest_memo.remember()


def _file_digest(path: Path) -> bytes:
    """One cache per process: a settled command's (every file, see settle_files), else the code's."""
    if _settled is None:
        return _code_digest(path) if _is_code(str(path)) else _read_digest(path)
    found = _settled.get(path)
    if found is None:
        found = _settled[path] = digest_memo.digest(path, _read_digest)  # remembered from an earlier command
    return found


def _is_code(path: str) -> bool:
    return path.endswith(".py") and path.startswith(_PACKAGE_PREFIX)


@lru_cache(maxsize=1024)
def _code_digest(path: Path) -> bytes:
    """A source file of this package, hashed once in a process that did not settle its files (the tests,
    an embedder): the code a process runs is the code it imported."""
    return _read_digest(path)


def _read_digest(path: Path) -> bytes:
    data = path.read_bytes() if path.is_file() else b"<absent>"
    digest = blake2b(digest_size=32)
    for chunk in (path.name.encode(), data):
        digest.update(len(chunk).to_bytes(8, "little"))
        digest.update(chunk)
    return digest.digest()
