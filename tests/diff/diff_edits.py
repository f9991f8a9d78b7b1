"""Edited copies of the published rulebook, made the way a publisher's new version would be."""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from pal_judge.paths import rules_dir

_NUMBERED = re.compile(r"^(\d+(?:\.\d+)+)")
_REF = re.compile(r"(?<![\d.])(\d+(?:\.\d+)+)(?![\d.])")


def copy_rules(target: Path) -> Path:
    """A copy of the published zh.txt and en.txt in `target` (created)."""
    target.mkdir(parents=True, exist_ok=True)
    for name in ("zh.txt", "en.txt"):
        shutil.copyfile(rules_dir() / name, target / name)
    return target


def read_lines(folder: Path, name: str) -> list[str]:
    return (folder / name).read_text(encoding="utf-8").split("\n")


def write_lines(folder: Path, name: str, lines: list[str]) -> None:
    (folder / name).write_text("\n".join(lines), encoding="utf-8")


def line_of(lines: list[str], start: str) -> int:
    """Index of the only line starting with `start` (fails the test set-up loudly otherwise)."""
    found = [i for i, line in enumerate(lines) if line.startswith(start)]
    assert len(found) == 1, f"{start!r} starts {len(found)} lines"
    return found[0]


def shift_number(number: str, first: str) -> str:
    """`first` (e.g. '10.1' or '9.6.2') and every later number at its level under the same parent
    move up by one, with everything under them: what inserting a new `first` does."""
    *parent, position = first.split(".")
    parts = number.split(".")
    depth = len(parent)
    if len(parts) > depth and parts[:depth] == parent and int(parts[depth]) >= int(position):
        parts[depth] = str(int(parts[depth]) + 1)
    return ".".join(parts)


def insert_numbered(folder: Path, before: str, line: str, keep_refs_in: str | None = None) -> dict[str, str]:
    """Insert the Chinese heading or clause `line` (numbered like `before`) before section `before`,
    renumber the sections after it at its level and every reference to them, except in the clause
    `keep_refs_in`. Returns old number -> new number for every renumbered section."""
    lines = read_lines(folder, "zh.txt")
    [at] = [i for i, text in enumerate(lines) if (m := _NUMBERED.match(text)) and m.group(1) == before]
    moved: dict[str, str] = {}
    out: list[str] = []
    for i, text in enumerate(lines):
        if i == at:
            out.append(line)
        number = _NUMBERED.match(text)
        body_start = number.end() if number else 0
        head = text[:body_start]
        if number:
            new_number = shift_number(number.group(1), before)
            if new_number != number.group(1):
                moved[number.group(1)] = new_number
            head = new_number
        body = text[body_start:]
        if not (keep_refs_in and number and number.group(1) == keep_refs_in):
            body = _REF.sub(lambda m: shift_number(m.group(1), before), body)
        out.append(head + body)
    write_lines(folder, "zh.txt", out)
    return moved


def replace_in_line(folder: Path, name: str, start: str, old: str, new: str) -> None:
    """In the line starting with `start`, replace `old` (which must occur) with `new`."""
    lines = read_lines(folder, name)
    i = line_of(lines, start)
    assert old in lines[i]
    lines[i] = lines[i].replace(old, new)
    write_lines(folder, name, lines)


def remove_line(folder: Path, name: str, start: str) -> None:
    lines = read_lines(folder, name)
    del lines[line_of(lines, start)]
    write_lines(folder, name, lines)


INSERTED_HEADING = "10.1 新增的规则"
REWORDED = ("9.6.3根据攻击目标", "根据攻击目标", "根据攻击目标与防御者")
REMOVED_ZH = "2.1.3.2"
REMOVED_EN = "If a card name does not match the above"
CORRECTED_EN = ("If a card name has an em dash",
                "the text before it is the main name, and the text after it is the sub name",
                "the text before it is the sub name, and the text after it is the main name")


@dataclass(frozen=True)
class Edited:
    old: Path
    new: Path
    renumbered: dict[str, str]  # every section the insertion renumbered: old -> new
