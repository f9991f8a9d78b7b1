"""Corrections to the aligner (rules/alignment_overrides.yaml), each with a reason.

An entry pins one English paragraph to the sections it translates:

    - en_index: 52
      en_starts: "If text contains a number"   # guards against a changed en.txt
      sections: []                             # [] = no Chinese counterpart
      reason: "why the aligner cannot find this by itself"
"""

from __future__ import annotations

from pathlib import Path

from pal_judge.corpus.align import Pin
from pal_judge.corpus.yaml_data import DataFileError, load_yaml_list, require_mapping


def load_overrides(path: Path, paragraphs: tuple[str, ...], known_sections: set[str]) -> list[Pin]:
    pins: list[Pin] = []
    for line, item in load_yaml_list(path):
        entry = require_mapping(path, line, item, ("en_index", "sections", "reason"))
        index = entry["en_index"]
        if not isinstance(index, int) or not 0 <= index < len(paragraphs):
            raise DataFileError(path, line, f"en_index {index!r} is not a paragraph of en.txt (0..{len(paragraphs) - 1})")
        starts = entry.get("en_starts")
        if starts is not None and not paragraphs[index].startswith(str(starts)):
            raise DataFileError(path, line, f"paragraph {index} no longer starts with {starts!r}: en.txt changed, review this override")
        sections = entry["sections"]
        if not isinstance(sections, list) or not all(str(s) in known_sections for s in sections):
            raise DataFileError(path, line, f"sections must be a list of existing section numbers, got {sections!r}")
        if not str(entry["reason"]).strip():
            raise DataFileError(path, line, "an override needs a reason")
        pins.append(Pin(index, tuple(str(s) for s in sections)))
    return pins
