"""Where indexes live, when they are stale, and how they are built safely.

An index lives in `cache_dir()/search/<name>-<key>/`, where `key` hashes
everything its content depends on (for the rulebook: every file of `rules/`,
the package version, `INDEX_FORMAT` and the sources of the corpus and search
packages). A different key is a different folder, so a stale index is simply
never opened again (and is swept away after the next build).

Atomicity: an index is built in a fresh temporary folder beside its final
place, `meta.json` is written last, and the folder is renamed into place. A
folder without a matching `meta.json` is never used. Two processes building
at once each build their own temporary folder; the first rename wins and the
loser throws its copy away and opens the winner's (rename fails on a
non-empty target), so no lock is needed. An index that fails to open, or whose
document count disagrees with `meta.json`, is discarded and rebuilt. When the
cache folder cannot be written, the index is built in memory and a warning is
printed on stderr.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

from whoosh.index import Index, open_dir

if TYPE_CHECKING:
    from rich.console import Console
from pal_judge.paths import cache_dir
from pal_judge.search.backend import build_in_memory, build_on_disk
from pal_judge.search.documents import IndexDoc
from pal_judge.search.vocabulary import Lexicon

INDEX_FORMAT = 4  # bump when the schema or the analyzers change
_SWEEP_AFTER_S = 600.0  # leftovers of crashed builds older than this are removed

DocsFactory = Callable[[], tuple[list[IndexDoc], Lexicon]]


@dataclass(frozen=True)
class OpenedIndex:
    index: Index
    lexicon: Lexicon  # what queries are expanded with
    location: Path | None  # None: in memory
    key: str
    doc_count: int
    built: bool  # built by this call (else opened from the cache)
    build_seconds: float  # 0.0 when opened


class Reporter:
    """Progress and warnings on stderr (Rich); `quiet=True` says nothing."""

    def __init__(self, quiet: bool = False) -> None:
        self.quiet = quiet

    def status(self, message: str) -> contextlib.AbstractContextManager[object]:
        if self.quiet:
            return contextlib.nullcontext()
        from rich.console import Console

        console = Console(stderr=True)
        if not console.is_terminal:  # no spinner in a log or a pipe: still say that a (re)build happened
            return _said_when_done(console, message)
        return console.status(message)

    def warn(self, message: str) -> None:
        if not self.quiet:
            from rich.console import Console
            from rich.markup import escape

            Console(stderr=True).print(f"[yellow]warning:[/] {escape(message)}", highlight=False)


@contextlib.contextmanager
def _said_when_done(console: "Console", message: str) -> Iterator[None]:
    """Say `message … done` once the work succeeded (an error, if any, stays the first line)."""
    yield
    console.print(f"{message} done", highlight=False, soft_wrap=True)


def search_root() -> Path:
    return cache_dir() / "search"


def open_index(
    name: str, key: str, make_docs: DocsFactory, *, rebuild: bool = False, reporter: Reporter | None = None
) -> OpenedIndex:
    """Open the cached index `name` at `key`, building it first when missing, stale or broken."""
    reporter = reporter or Reporter()
    folder = search_root() / f"{name}-{key}"
    if not rebuild:
        opened = _open_ready(folder, key, reporter)
        if opened is not None:
            return opened
        if folder.exists() and not (folder / "meta.json").exists():
            _discard(folder)  # junk: a published index always holds meta.json (publishing is one rename)
    try:
        return _build_and_publish(name, key, folder, make_docs, rebuild, reporter)
    except OSError as err:
        reporter.warn(
            f"cannot write the search index under {search_root()} ({err.strerror or err}); "
            "using a temporary in-memory index"
        )
    return _build_in_memory(key, make_docs, reporter)


def _open_ready(folder: Path, key: str, reporter: Reporter) -> OpenedIndex | None:
    meta_path = folder / "meta.json"
    if not meta_path.is_file():
        return None
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        if meta.get("key") != key:
            raise ValueError("key mismatch")
        index = open_dir(str(folder))
        if index.doc_count() != meta["doc_count"]:
            raise ValueError("document count mismatch")
        with index.searcher() as searcher:  # touch the segment files, not only the table of contents
            searcher.stored_fields(0)
            list(searcher.lexicon("key"))
        lexicon = Lexicon.from_json(json.loads((folder / "lexicon.json").read_text(encoding="utf-8")))
    except Exception as err:  # any damage at all: throw it away and rebuild
        reporter.warn(f"search index at {folder} is unreadable ({err}); rebuilding it")
        _discard(folder)
        return None
    return OpenedIndex(index, lexicon, folder, key, meta["doc_count"], built=False, build_seconds=0.0)


def _build_and_publish(
    name: str, key: str, folder: Path, make_docs: DocsFactory, rebuild: bool, reporter: Reporter
) -> OpenedIndex:
    root = folder.parent
    root.mkdir(parents=True, exist_ok=True)
    temp = Path(tempfile.mkdtemp(prefix=f".build-{name}-", dir=root))
    try:
        with reporter.status(f"Building the search index in {folder} …"):
            started = time.perf_counter()
            docs, lexicon = make_docs()
            index = build_on_disk(str(temp), docs)
            seconds = time.perf_counter() - started
        count = index.doc_count()
        (temp / "lexicon.json").write_text(json.dumps(lexicon.to_json(), ensure_ascii=False), encoding="utf-8")
        meta = {"key": key, "doc_count": count, "format": INDEX_FORMAT, "build_seconds": round(seconds, 3)}
        (temp / "meta.json").write_text(json.dumps(meta), encoding="utf-8")  # written last: marks it complete
        if rebuild:
            _discard(folder)
        try:
            os.rename(temp, folder)
        except OSError:
            # Another process published the same index first; use theirs.
            opened = _open_ready(folder, key, reporter)
            if opened is None:
                raise
            return opened
        _sweep(root, name, folder)
        return OpenedIndex(open_dir(str(folder)), lexicon, folder, key, count, built=True, build_seconds=seconds)
    finally:
        if temp.exists():
            shutil.rmtree(temp, ignore_errors=True)


def _build_in_memory(key: str, make_docs: DocsFactory, reporter: Reporter) -> OpenedIndex:
    with reporter.status("Building the search index in memory …"):
        started = time.perf_counter()
        docs, lexicon = make_docs()
        index = build_in_memory(docs)
        seconds = time.perf_counter() - started
    return OpenedIndex(index, lexicon, None, key, index.doc_count(), built=True, build_seconds=seconds)


def _discard(folder: Path) -> None:
    """Move a folder out of the way (atomically), then delete it."""
    if not folder.exists():
        return
    trash = folder.with_name(f".trash-{folder.name}-{os.getpid()}-{time.monotonic_ns()}")
    try:
        os.rename(folder, trash)
    except OSError:
        return
    shutil.rmtree(trash, ignore_errors=True)


def _sweep(root: Path, name: str, keep: Path) -> None:
    """Remove other keys' indexes of `name` and old leftovers of crashed builds."""
    now = time.time()
    for entry in root.iterdir():
        if entry == keep or not entry.is_dir():
            continue
        stale_key = entry.name.startswith(f"{name}-")
        leftover = entry.name.startswith((".build-", ".trash-"))
        try:
            old = now - entry.stat().st_mtime > _SWEEP_AFTER_S
        except OSError:
            continue
        if stale_key or (leftover and old):
            shutil.rmtree(entry, ignore_errors=True)
