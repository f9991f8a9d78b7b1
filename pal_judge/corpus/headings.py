"""English titles of the chapters and headings (rules/headings_en.yaml).

The English translation lost every heading; these titles are the project's own
translation of the Chinese ones, used by `toc`, `rule` and the HTML export.
"""

from __future__ import annotations

import re
from pathlib import Path

from pal_judge.corpus.yaml_data import DataFileError, load_yaml_list, require_mapping


def load_headings_en(path: Path) -> dict[str, str]:
    """Section number -> English title. Entries: `{number: "9.6", en: "Damage Step"}`."""
    titles: dict[str, str] = {}
    for line, item in load_yaml_list(path):
        entry = require_mapping(path, line, item, ("number", "en"))
        number = str(entry["number"])
        if not re.fullmatch(r"\d+(\.\d+)?", number):
            raise DataFileError(path, line, f"{number!r} is not a chapter or heading number")
        if number in titles:
            raise DataFileError(path, line, f"duplicate number {number}")
        title = entry["en"]
        if not isinstance(title, str) or not title.strip():
            raise DataFileError(path, line, f"{number}: en must be a non-empty string")
        titles[number] = title.strip()
    return titles
