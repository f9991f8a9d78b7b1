"""One version of the rulebook read from an untrusted rules folder (zh.txt and en.txt)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pal_judge.corpus.en_text import split_en
from pal_judge.corpus.model import Section
from pal_judge.corpus.zh_parser import parse_zh
from pal_judge.errors import UserError
from pal_judge.safe_text import one_line
from pal_judge.textfiles import read_utf8

# A rulebook text is about 60 KB; a file far larger is not one (reads are bounded).
MAX_TEXT_BYTES = 1024 * 1024
TEXT_FILES = ("zh.txt", "en.txt")


@dataclass(frozen=True)
class RulesVersion:
    """The numbered Chinese sections and the English paragraphs of one rules folder."""

    folder: Path
    zh_text: str
    en_text: str
    sections: tuple[Section, ...]
    paragraphs: tuple[str, ...]

    def numbers(self) -> set[str]:
        return {s.number for s in self.sections}


def read_version(folder: Path, role: str) -> RulesVersion:
    """Read `folder`/zh.txt and en.txt; `role` ("OLD" or "NEW") names the argument in errors."""
    shown = one_line(folder)  # a folder's name is user input too: no control characters in the message
    if folder.exists() and not folder.is_dir():
        raise UserError(f"{role} {shown} is a file, not a rules folder (give a folder holding zh.txt and en.txt)")
    if not folder.is_dir():
        raise UserError(f"{role} rules folder not found: {shown} (give a folder holding zh.txt and en.txt)")
    texts = {}
    for name in TEXT_FILES:
        path = folder / name
        if path.exists() and not path.is_file():  # a folder or a pipe named zh.txt
            raise UserError(f"{role} {shown}/{name} is not a regular file")
        texts[name] = read_utf8(path, shown=f"{shown}/{name}", missing=f"{role} rules folder {shown} has no {name}",
                                max_bytes=MAX_TEXT_BYTES)
    sections = tuple(parse_zh(texts["zh.txt"], f"{shown}/zh.txt"))
    if not sections:
        raise UserError(f"{role} {shown}/zh.txt has no numbered sections (expected lines such as '第1章 …')")
    return RulesVersion(folder, texts["zh.txt"], texts["en.txt"], sections, split_en(texts["en.txt"]))
