"""The on-disk cache of the built Rulebook (and its Glossary).

Keyed by a hash of the rules files, the package version and the corpus sources,
so any change to the texts or to the aligner rebuilds it. Written to a temporary
file in the same folder then `os.replace`d, so a reader never sees half a file;
an unreadable or foreign file is ignored and rebuilt.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from pathlib import Path

from pal_judge import __version__
from pal_judge.atomic import write_bytes_atomic
from pal_judge.corpus.glossary import Glossary
from pal_judge.corpus.model import Rulebook
from pal_judge.fingerprint import fingerprint, package_sources

# The files of rules/ a Rulebook is built from (the cache key hashes them all).
SOURCE_FILES = ("zh.txt", "en.txt", "glossary.yaml", "alignment_overrides.yaml", "headings_en.yaml")
_FORMAT = 1


@dataclass(frozen=True)
class CachedCorpus:
    key: str
    rulebook: Rulebook
    glossary: Glossary


def cache_key(folder: Path, source_files: tuple[str, ...] = SOURCE_FILES) -> str:
    """The rule texts and the code that parses and aligns them."""
    files = [folder / name for name in source_files] + package_sources("corpus")
    return fingerprint(f"pal-judge {__version__} format {_FORMAT}", files, length=64)


def cache_file(cache: Path, key: str) -> Path:
    return cache / f"rulebook-{key[:24]}.pickle"


def read_cache(cache: Path, key: str) -> CachedCorpus | None:
    """The cached corpus for `key`, or None when absent, stale or unreadable."""
    try:
        with open(cache_file(cache, key), "rb") as handle:
            payload = pickle.load(handle)
    except Exception:  # missing, truncated, corrupted or from another version: rebuild
        return None
    if not isinstance(payload, CachedCorpus) or payload.key != key:
        return None
    return payload


def write_cache(cache: Path, corpus: CachedCorpus) -> None:
    """Write atomically (temporary file + os.replace); drop older rulebook caches. Never fails the caller."""
    target = cache_file(cache, corpus.key)
    try:
        cache.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(target, pickle.dumps(corpus, protocol=pickle.HIGHEST_PROTOCOL))
        for old in cache.glob("rulebook-*.pickle"):
            if old != target:
                old.unlink(missing_ok=True)
    except OSError:
        pass  # a read-only cache folder only costs speed
