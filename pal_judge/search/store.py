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

Trust: Whoosh keeps its schema, segment list and stored fields as pickles, and
unpickling runs code, so an index is only ever opened from a folder that only the
user can write: the cache folder is checked by `cache_dir()` (owned by the user,
not writable by others), and the index folder itself must be owned by the user
and private (0700, as `mkdtemp` creates it; a copied-in folder usually is not).
A restricted unpickler is not an option: Whoosh unpickles in a dozen places of
its own. Anything deleted (an older index, a crashed build) must be named in the
cache folder's manifest (`cache_manifest.py`).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
import time
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, NamedTuple

import pal_judge.search.deferred_imports  # noqa: F401 (first: Whoosh without the modules it never uses)
from whoosh.index import Index, open_dir

if TYPE_CHECKING:
    from rich.console import Console
from pal_judge.atomic import write_text_atomic
from pal_judge.cache_manifest import record, recorded, relative, remove_ours
from pal_judge.notices import warn
from pal_judge.paths import cache_dir, owned_privately
from pal_judge.prebuilt import shipped
from pal_judge.search.documents import IndexDoc
from pal_judge.search.vocabulary import Lexicon
from pal_judge.textfiles import CACHE_MAX_BYTES, read_bounded, read_json

INDEX_FORMAT = 7  # bump when the schema or the analyzers change (7: Text and Codec pickled from index_types.py)
_SWEEP_AFTER_S = 600.0  # leftovers of crashed builds older than this are removed
_SHIPPED_MAX_BYTES = 200_000_000  # a shipped index is a few megabytes
_CHECKED_NOTE = "checked.json"  # the index's files when it last opened sound (see `_note_checked`)
_NOTE_MAX_BYTES = 100_000  # a note names the dozen files of one index

DocsFactory = Callable[[], tuple[list[IndexDoc], Lexicon]]


class OpenedIndex(NamedTuple):  # a named tuple: cheaper to define at every start than a frozen dataclass
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
        from pal_judge.safe_console import make_console

        console = make_console(stderr=True)
        if not console.is_terminal:  # no spinner in a log or a pipe: still say that a (re)build happened
            return _said_when_done(console, message)
        from rich.text import Text

        return console.status(Text(message))  # the message names a folder: never markup

    def warn(self, message: str) -> None:
        if not self.quiet:
            warn(message)


@contextlib.contextmanager
def _said_when_done(console: "Console", message: str) -> Iterator[None]:
    """Say `message … done` once the work succeeded (an error, if any, stays the first line)."""
    yield
    from rich.text import Text

    console.print(Text(f"{message} done"), highlight=False, soft_wrap=True)  # the message names a folder


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
        if not rebuild:
            opened = _copy_shipped(name, key, folder, reporter)
            if opened is not None:
                return opened
        return _build_and_publish(name, key, folder, make_docs, rebuild, reporter)
    except OSError as err:
        reporter.warn(
            f"cannot write the search index under {search_root()} ({err.strerror or err}); "
            "using a temporary in-memory index"
        )
    return _build_in_memory(key, make_docs, reporter)


def _private(folder: Path) -> bool:
    """Only the user can write here: the folder and the one holding it (Whoosh unpickles its files)."""
    try:
        private = not folder.stat().st_mode & 0o077
    except OSError:
        return False
    return private and owned_privately(folder) and owned_privately(folder.parent)


def _open_ready(folder: Path, key: str, reporter: Reporter) -> OpenedIndex | None:
    meta_path = folder / "meta.json"
    if not meta_path.is_file():
        return None
    if not _private(folder):
        reporter.warn(f"not opening the search index at {folder}: it is not a private folder of yours (0700)")
        return None
    try:
        meta = read_json(meta_path)
        if meta.get("key") != key:
            raise ValueError("key mismatch")
        index = open_dir(str(folder))
        files = _files_now(folder)
        if not _checked_before(folder, files):
            with index.searcher() as searcher:  # touch the segment files, not only the table of contents
                if searcher.doc_count() != meta["doc_count"]:  # (Index.doc_count would open a second reader)
                    raise ValueError("document count mismatch")
                searcher.stored_fields(0)
                list(searcher.lexicon("key"))
            _note_checked(folder, files)
        lexicon = _lexicon(read_bounded(folder / "lexicon.json", CACHE_MAX_BYTES))
    except Exception as err:  # any damage at all: throw it away and rebuild
        reporter.warn(f"search index at {folder} is unreadable ({err}); rebuilding it")
        _discard(folder)
        return None
    return OpenedIndex(index, lexicon, folder, key, meta["doc_count"], built=False, build_seconds=0.0)


def _files_now(folder: Path) -> dict[str, list[int]]:
    """Each file of an index folder (but the note of `_note_checked`) with its size and modification time."""
    files = {}
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.name != _CHECKED_NOTE:
                stat = entry.stat(follow_symlinks=False)
                files[entry.name] = [stat.st_size, stat.st_mtime_ns]
    return files


def _checked_before(folder: Path, files: dict[str, list[int]]) -> bool:
    """Did an earlier open find this index sound, its files then exactly as they are now (names,
    sizes, modification times)? A missing, broken or different note only means checking again."""
    try:
        return read_json(folder / _CHECKED_NOTE, _NOTE_MAX_BYTES) == {"files": files}
    except (OSError, ValueError):
        return False


def _note_checked(folder: Path, files: dict[str, list[int]]) -> None:
    """Note that the index with these `files` opened sound (plain JSON, written atomically inside the
    private index folder): the next open skips the check until any file of the index changes."""
    try:
        write_text_atomic(folder / _CHECKED_NOTE, json.dumps({"files": files}), private=True)
    except OSError:
        pass  # a read-only cache: the next open checks again


@lru_cache(maxsize=8)
def _lexicon(data: bytes) -> Lexicon:
    """The Lexicon saved as `data` (lexicon.json), made once per process: the rulebook's index and
    the rulings' indexes usually save the same one."""
    return Lexicon.from_json(json.loads(data))


def _copy_shipped(name: str, key: str, folder: Path, reporter: Reporter) -> OpenedIndex | None:
    """The index shipped in the package under this very key (`prebuilt.py`), copied into a new
    private folder and published like a fresh build; None when none is shipped for `key`."""
    shipped_folder = shipped(f"search/{folder.name}")
    if shipped_folder is None:
        return None
    try:
        if read_json(shipped_folder / "meta.json").get("key") != key:
            return None
    except (OSError, ValueError, AttributeError):
        return None
    files = [f for f in shipped_folder.iterdir() if f.is_file() and not f.is_symlink()]
    if sum(f.stat().st_size for f in files) > _SHIPPED_MAX_BYTES:
        return None
    root = folder.parent
    root.mkdir(mode=0o700, parents=True, exist_ok=True)
    temp = Path(tempfile.mkdtemp(prefix=f".copy-{folder.name}-", dir=root))  # 0700
    try:
        _record(temp)
        for source in sorted(files, key=lambda f: f.name == "meta.json"):  # meta.json last: marks it complete
            shutil.copyfile(source, temp / source.name)
        try:
            os.rename(temp, folder)
        except OSError:
            pass  # another process published this index first: open theirs
        else:
            _record(folder)
            _sweep(root, name, folder)
        return _open_ready(folder, key, reporter)
    finally:
        if temp.exists():
            shutil.rmtree(temp, ignore_errors=True)  # made by mkdtemp just above
        _remove(temp)


def _build_and_publish(
    name: str, key: str, folder: Path, make_docs: DocsFactory, rebuild: bool, reporter: Reporter
) -> OpenedIndex:
    from pal_judge.search.backend import build_on_disk  # writing: a build only (see index_types.py)

    root = folder.parent
    root.mkdir(mode=0o700, parents=True, exist_ok=True)
    temp = Path(tempfile.mkdtemp(prefix=f".build-{name}-", dir=root))  # 0700
    try:
        _record(temp)  # so that the leftover of a crashed build may be swept
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
        _record(folder)
        _sweep(root, name, folder)
        return OpenedIndex(open_dir(str(folder)), lexicon, folder, key, count, built=True, build_seconds=seconds)
    finally:
        if temp.exists():
            shutil.rmtree(temp, ignore_errors=True)  # made by mkdtemp just above
        _remove(temp)  # forget it


def _build_in_memory(key: str, make_docs: DocsFactory, reporter: Reporter) -> OpenedIndex:
    from pal_judge.search.backend import build_in_memory  # writing: a build only (see index_types.py)

    with reporter.status("Building the search index in memory …"):
        started = time.perf_counter()
        docs, lexicon = make_docs()
        index = build_in_memory(docs)
        seconds = time.perf_counter() - started
    return OpenedIndex(index, lexicon, None, key, index.doc_count(), built=True, build_seconds=seconds)


def _record(path: Path) -> None:
    cache = cache_dir()
    record(cache, relative(cache, path))


def _remove(path: Path) -> bool:
    """Delete a folder the manifest says we made (else leave it alone)."""
    cache = cache_dir()
    return remove_ours(cache, relative(cache, path))


def _discard(folder: Path) -> None:
    """Move a folder of ours out of the way (atomically, so no reader sees it half deleted), then delete it."""
    cache = cache_dir()
    if not folder.exists() or relative(cache, folder) not in recorded(cache):
        return
    trash = folder.with_name(f".trash-{folder.name}-{os.getpid()}-{time.monotonic_ns()}")
    try:
        _record(trash)
        os.rename(folder, trash)
    except OSError:
        return
    _remove(folder)  # forgets the old name (the folder is gone from it)
    _remove(trash)


def _sweep(root: Path, name: str, keep: Path) -> None:
    """Remove our other indexes of `name` and our old leftovers of crashed builds."""
    now = time.time()
    cache = cache_dir()
    for entry in sorted(recorded(cache)):
        path = cache / entry
        if path == keep or path.parent != root:
            continue
        stale_key = path.name.startswith(f"{name}-")
        leftover = path.name.startswith((".build-", ".copy-", ".trash-"))
        try:
            old = now - path.lstat().st_mtime > _SWEEP_AFTER_S
        except OSError:
            old = True  # already gone: only its entry is left to forget
        if stale_key or (leftover and old):
            _remove(path)
