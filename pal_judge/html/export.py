"""Write the static site: four pages, the search index as a script, the CSS and JS assets."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Iterable

from pal_judge.atomic import current_umask, write_bytes_atomic, write_text_atomic
from pal_judge.errors import UserError
from pal_judge.html.book_page import render_book
from pal_judge.html.other_pages import render_findings, render_glossary, render_rulings
from pal_judge.html.readings_page import render_readings_page
from pal_judge.html.search_index import build_index, index_script
from pal_judge.html.site_cache import cached_site
from pal_judge.html.sources import SiteData, gather
from pal_judge.safe_text import one_line
from pal_judge.textfiles import read_json

ASSETS = ("site.css", "site.js", "search.js")


@dataclass(frozen=True)
class ExportReport:
    directory: Path
    files: tuple[str, ...]
    bytes: int
    seconds: float
    sections: int
    rulings: int
    terms: int
    findings: int
    covered_sections: int
    problems: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {
            "directory": str(self.directory),
            "files": list(self.files),
            "bytes": self.bytes,
            "seconds": round(self.seconds, 3),
            "sections": self.sections,
            "rulings": self.rulings,
            "terms": self.terms,
            "findings": self.findings,
            "covered_sections": self.covered_sections,
            "problems": list(self.problems),
        }


# What an export wrote, so that the next export into the same folder knows which files are its own.
MANIFEST = ".pal-judge-export.json"


def render_pages(data: SiteData) -> dict[str, str]:
    """The site's pages and search index, by path relative to the folder."""
    return {
        "index.html": render_book(data),
        "glossary.html": render_glossary(data),
        "rulings.html": render_rulings(data),
        "readings.html": render_readings_page(data),
        "findings.html": render_findings(data),
        "assets/search-index.js": index_script(build_index(data)),
    }


def _counts(data: SiteData) -> dict[str, Any]:
    """What the export report says of the site's content."""
    return {
        "sections": len(data.rulebook),
        "rulings": len(data.rulings),
        "terms": len(data.terms),
        "findings": len(data.findings),
        "covered_sections": len(data.coverage),
        "problems": list(data.problems),
    }


def _site(data: SiteData) -> dict[str, Any]:
    """The pages and their counts, as plain data (what site_cache.py keeps)."""
    return {"pages": render_pages(data), "counts": _counts(data)}


def _site_files(pages: dict[str, str], extra: dict[str, str] | None = None) -> dict[str, bytes]:
    """Every file of the site (the pages, the `extra` pages, name -> HTML, and the assets)."""
    files = {name: text.encode("utf-8") for name, text in (pages | (extra or {})).items()}
    package = resources.files("pal_judge.html") / "assets"
    files.update({f"assets/{name}": (package / name).read_bytes() for name in ASSETS})
    return files


def _entries(directory: Path) -> dict[str, bool]:
    """Every path inside `directory` (links never followed) -> whether it is a link or not a plain file/folder."""
    found: dict[str, bool] = {}
    for root, folders, files in os.walk(directory, followlinks=False):
        for name in folders + files:
            path = Path(root) / name
            odd = path.is_symlink() or not (path.is_dir() or path.is_file())
            found[path.relative_to(directory).as_posix()] = odd
    return found


def _earlier_export(directory: Path) -> set[str] | None:
    """The files an earlier export wrote here (its manifest), or None when there is none."""
    try:
        listed = read_json(directory / MANIFEST, 1_000_000)["files"]
        return {name for name in listed if isinstance(name, str)}
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _check_target(directory: Path, names: Iterable[str] = ()) -> None:
    """Refuse a target that is not a folder, holds files an export did not write, or holds links.

    Only a new folder, an empty one, or an earlier export's folder is written into, and never
    through a link: an `assets` link or a linked `assets/site.css` would send the files elsewhere."""
    shown = one_line(directory)
    if directory.exists() and not directory.is_dir():
        raise UserError(f"{shown} exists and is not a folder")
    if not directory.is_dir():
        return
    entries = _entries(directory)
    if not entries:
        return
    odd = sorted(name for name, is_odd in entries.items() if is_odd)
    if odd:
        raise UserError(f"{shown} holds {_some(odd)}, a link or not a regular file; pal-judge never writes "
                        "through links: export into a new or empty folder")
    ours = _earlier_export(directory)
    if ours is None:
        raise UserError(f"{one_line(directory.resolve())} already holds files pal-judge did not write ({_some(entries)}); "
                        "export into a new or empty folder")
    foreign = sorted(name for name in entries if name not in ours | {MANIFEST, "assets"})
    clashing = sorted(name for name in names if (directory / name).is_dir())
    if foreign or clashing:
        raise UserError(f"{shown} holds files the last export did not write ({_some(foreign + clashing)}); "
                        "export into a new or empty folder")


def _some(names: Iterable[str]) -> str:
    names = sorted(names)
    return one_line(", ".join(names[:3]) + (", …" if len(names) > 3 else ""))


def _write_files(directory: Path, files: dict[str, bytes]) -> None:
    """Each file atomically (an open browser never reads half a page), the manifest last."""
    (directory / "assets").mkdir(exist_ok=True)
    for name, content in files.items():
        write_bytes_atomic(directory / name, content)  # os.replace: a link in the way is replaced, never followed
    write_text_atomic(directory / MANIFEST, json.dumps({"files": sorted(files)}))


def write_site(data: SiteData, directory: Path, extra: dict[str, str] | None = None) -> list[str]:
    """Write every file of the site (and the `extra` pages) into `directory`; the relative paths written."""
    return _write_pages(render_pages(data), directory, extra)


def _write_pages(pages: dict[str, str], directory: Path, extra: dict[str, str] | None) -> list[str]:
    """A new folder is written whole beside its place, then renamed into it: an export that fails
    half-way leaves no half-written folder."""
    files = _site_files(pages, extra)
    _check_target(directory, files)
    try:
        if directory.is_dir():
            _write_files(directory, files)
        else:
            directory.parent.mkdir(parents=True, exist_ok=True)
            temp = Path(tempfile.mkdtemp(prefix=f".{directory.name}.export-", dir=directory.parent))
            try:
                _write_files(temp, files)
                temp.chmod(0o777 & ~current_umask())  # mkdtemp made it 0700
                os.rename(temp, directory)
            finally:
                shutil.rmtree(temp, ignore_errors=True)  # made just above; gone once renamed
    except OSError as err:
        raise UserError(f"cannot write the site into {one_line(directory)}: {err.strerror or err}") from None
    return list(files)


def export_site(directory: Path, data: SiteData | None = None, extra: dict[str, str] | None = None) -> ExportReport:
    """Gather everything (unless given) and write the site; the report says what is in it. Without
    `data`, the pages of the last export are reused when nothing they are made from changed."""
    start = time.perf_counter()
    _check_target(directory)  # a bad folder fails before any work
    site = _site(data) if data is not None else cached_site(lambda: _site(gather()))
    files = _write_pages(site["pages"], directory, extra)
    seconds = time.perf_counter() - start
    counts = site["counts"]
    return ExportReport(
        directory=directory,
        files=tuple(files),
        bytes=sum((directory / f).stat().st_size for f in files),
        seconds=seconds,
        sections=counts["sections"],
        rulings=counts["rulings"],
        terms=counts["terms"],
        findings=counts["findings"],
        covered_sections=counts["covered_sections"],
        problems=tuple(counts["problems"]),
    )
