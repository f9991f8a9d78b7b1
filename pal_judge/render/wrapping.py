"""Line breaking for the terminal views, for English and Chinese alike.

Rich breaks lines only at spaces; a Chinese sentence has none, so Rich folds it at whatever
character reaches the edge, splitting a clause number ("10.5⏎.3.3") or putting a "，" at the
start of a line. Here a line may break:

* between two Chinese characters (Chinese wraps by display width: a CJK character is two cells);
* after a space;
* never inside a clause number, a number or an English word, never before closing punctuation
  (，。）」…) and never after opening punctuation (（「…).

Only a unit wider than the whole line (a very narrow column) is cut, by cells.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rich.cells import cell_len, chop_cells
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from pal_judge.safe_text import visible

# Punctuation that must not start a line, and punctuation that must not end one.
_CLOSING = "，。、；：！？）》」』】〕,.;:!?)]}%…—·"
_OPENING = "（《「『【〔([{"
# One unbreakable unit: optional opening marks, then a clause number / number / Latin word
# (with its hyphens, apostrophes, dots and a plural "(s)") or one other character, then closing marks and spaces.
_UNIT = re.compile(
    rf"[{re.escape(_OPENING)}]*"
    rf"(?:[+\-−]?[0-9A-Za-z§][0-9A-Za-z§'’\-]*(?:\.[0-9A-Za-z][0-9A-Za-z'’\-]*)*(?:\([a-z]{{1,3}}\))?|[^\s{re.escape(_OPENING)}]|\s)"
    rf"(?:[{re.escape(_CLOSING)}]|\s)*"
)
_JOIN = Text("\n")  # joins the lines of a Text to render, as Text.__rich_console__ does


@lru_cache(maxsize=2048)  # a table measures each cell, then renders it: the same lines twice
def units(line: str) -> tuple[str, ...]:
    """The unbreakable pieces of one line of text, in order; joined they give the line back."""
    pieces = []
    position = 0
    while position < len(line):
        match = _UNIT.match(line, position)
        end = match.end() if match and match.end() > position else position + 1
        pieces.append(line[position:end])
        position = end
    return tuple(pieces)


def break_offsets(line: str, width: int) -> list[int]:
    """Character offsets at which to break `line` (no newline in it) so no line is wider than `width` cells."""
    offsets: list[int] = []
    used = position = 0
    for unit in units(line):
        needed = cell_len(unit.rstrip())
        if used and used + needed > width:
            offsets.append(position)
            used = 0
        if needed > width:  # wider than a whole line: cut it by cells, the only case a unit is split
            pieces = chop_cells(unit, width)
            for piece in pieces[:-1]:
                position += len(piece)
                offsets.append(position)
            unit = pieces[-1]
        used += cell_len(unit)
        position += len(unit)
    return offsets


def wrap_lines(text: Text, width: int) -> list[Text]:
    """`text` broken into lines no wider than `width` cells, styles kept, trailing spaces dropped."""
    lines: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        for piece in line.divide(break_offsets(line.plain, max(width, 1))):
            piece.rstrip()
            lines.append(piece)
    return lines


class Wrapped:
    """A Rich renderable: `text` broken by the rules above at whatever width it is given."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        for line in wrap_lines(self.text, width):
            line.no_wrap = True
            line.end = "\n"
            justify = line.justify or options.justify or "default"
            if justify not in ("default", "left") or "\t" in line.plain or line.cell_len > width:
                yield line  # Rich lays it out
                continue
            # A line that fits, laid out as Rich's Text does it without the wrapping pass (a table's
            # cells are rendered line by line): a left-justified column pads it to the width in the
            # line's own style, and the line's style becomes a span, as Text.join makes it
            # (tests/cli/test_wrapping.py compares it with Rich's own layout: `rich` is not pinned).
            if justify == "left":
                line.append(" " * (width - line.cell_len))
            yield from _JOIN.join((line,)).render(console, end="\n")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        plain = self.text.plain
        widest_unit = max((cell_len(u.rstrip()) for line in plain.split("\n") for u in units(line)), default=0)
        widest_line = max((cell_len(line) for line in plain.split("\n")), default=0)
        return Measurement(min(widest_unit, options.max_width), min(widest_line, options.max_width))


def wrapped(value: object, style: str = "") -> Wrapped:
    """File text (clause, title, card name …) made visible (`safe_text`) and wrapped by the rules above."""
    return Wrapped(Text(visible(value), style=style))
