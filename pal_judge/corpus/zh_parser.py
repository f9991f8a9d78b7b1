"""Parse the numbered Chinese Comprehensive Rules into sections.

Line shapes (see rules/zh.txt):
  `第9章 战斗`            a chapter
  `9.6 伤害步骤`          a heading: number, a space, a title
  `9.6.3.3.1确认…`        a clause: number and text with no space between
  anything else           diagram labels, element names, list items, examples:
                          attached to the chapter, heading or clause above it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pal_judge.corpus.model import Section, SectionKind
from pal_judge.errors import UserError

CHAPTER_RE = re.compile(r"^第(\d+)章\s*(.*)$")
NUMBERED_RE = re.compile(r"^(\d+(?:\.\d+)+)(\s*)(.*)$")
# Cross-references: any dotted number inside the text, e.g. （10.5.1）, 返回11.2.2.1.
REF_RE = re.compile(r"(?<![\d.])(\d+(?:\.\d+)+)(?![\d.])")


class ParseError(UserError):
    """The Chinese text does not have the expected shape (message names the file and line)."""


@dataclass
class _Draft:
    number: str
    kind: SectionKind
    line: int
    title: str
    lines: list[str] = field(default_factory=list)


def find_refs(text: str) -> tuple[str, ...]:
    """Dotted section numbers mentioned in a text, in order, without repeats."""
    seen: dict[str, None] = {}
    for match in REF_RE.finditer(text):
        seen.setdefault(match.group(1).rstrip("."), None)
    return tuple(seen)


def parse_zh(text: str, source: str = "zh.txt") -> list[Section]:
    """Sections of the Chinese rulebook in book order; `source` names the file in an error."""
    drafts: list[_Draft] = []
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            continue
        chapter = CHAPTER_RE.match(line)
        numbered = NUMBERED_RE.match(line) if not chapter else None
        if chapter:
            title = chapter.group(2).strip()
            drafts.append(_Draft(chapter.group(1), "chapter", line_no, title, [title]))
        elif numbered:
            number, space, rest = numbered.groups()
            kind: SectionKind = "heading" if space else "clause"
            drafts.append(_Draft(number, kind, line_no, rest.strip() if kind == "heading" else "", [rest.strip()]))
        elif drafts:
            drafts[-1].lines.append(line)
        else:
            raise ParseError(f"{source}:{line_no}: text before the first chapter: {line[:40]!r}")
    return [_finish(d) for d in drafts]


def _finish(draft: _Draft) -> Section:
    zh = "\n".join(draft.lines)
    return Section(
        number=draft.number,
        kind=draft.kind,
        zh=zh,
        zh_line=draft.line,
        title_zh=draft.title,
        refs=tuple(r for r in find_refs(zh) if r != draft.number),
    )
