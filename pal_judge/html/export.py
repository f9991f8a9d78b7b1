"""Write the static site: four pages, the search index as a script, the CSS and JS assets."""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from pal_judge.atomic import write_text_atomic
from pal_judge.errors import UserError
from pal_judge.html.book_page import render_book
from pal_judge.html.other_pages import render_findings, render_glossary, render_rulings
from pal_judge.html.readings_page import render_readings_page
from pal_judge.html.search_index import build_index, index_script
from pal_judge.html.sources import SiteData, gather

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


def _write(path: Path, text: str) -> None:
    """Write atomically, so an open browser never reads half a page."""
    write_text_atomic(path, text, mode=0o644)


SITE_ENTRIES = frozenset({"index.html", "glossary.html", "rulings.html", "readings.html", "findings.html", "assets"})


def _prepare(directory: Path) -> None:
    if directory.exists() and not directory.is_dir():
        raise UserError(f"{directory} exists and is not a folder")
    # Never write over a judge's own files: only a new, an empty, or an earlier export's folder.
    foreign = sorted(p.name for p in directory.iterdir() if p.name not in SITE_ENTRIES) if directory.is_dir() else []
    if foreign:
        shown = ", ".join(foreign[:3]) + (", …" if len(foreign) > 3 else "")
        raise UserError(f"{directory.resolve()} already holds other files ({shown}); export into a new or empty folder")
    try:
        (directory / "assets").mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise UserError(f"cannot create {directory}: {err.strerror}") from None


def write_site(data: SiteData, directory: Path) -> list[str]:
    """Write every file of the site into `directory`; the relative paths written."""
    _prepare(directory)
    pages = {
        "index.html": render_book(data),
        "glossary.html": render_glossary(data),
        "rulings.html": render_rulings(data),
        "readings.html": render_readings_page(data),
        "findings.html": render_findings(data),
        "assets/search-index.js": index_script(build_index(data)),
    }
    for name, text in pages.items():
        _write(directory / name, text)
    package = resources.files("pal_judge.html") / "assets"
    for name in ASSETS:
        with resources.as_file(package / name) as source:
            shutil.copyfile(source, directory / "assets" / name)
    return [*pages, *(f"assets/{name}" for name in ASSETS)]


def export_site(directory: Path, data: SiteData | None = None) -> ExportReport:
    """Gather everything (unless given) and write the site; the report says what is in it."""
    start = time.perf_counter()
    _prepare(directory)  # a bad folder fails before any work
    data = data if data is not None else gather()
    files = write_site(data, directory)
    seconds = time.perf_counter() - start
    return ExportReport(
        directory=directory,
        files=tuple(files),
        bytes=sum((directory / f).stat().st_size for f in files),
        seconds=seconds,
        sections=len(data.rulebook),
        rulings=len(data.rulings),
        terms=len(data.terms),
        findings=len(data.findings),
        covered_sections=len(data.coverage),
        problems=data.problems,
    )
