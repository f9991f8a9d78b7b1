"""The grid of `rule`'s side-by-side view, drawn as Rich's `Table` draws it, without the table.

The view is one narrow column of section numbers (never wrapped, at least `number_width` cells)
beside one or two text columns sharing the rest of the width equally, a heavy line under the
header and a line between rows (`as_table()` is that table). Rich measures every cell of every
column, wraps each one inside a `Padding` and reshapes the lines several times; for this one
layout only the number column needs measuring, and the cells can be rendered once, at their final
width. Each cell is still rendered by Rich itself (`Console.render_lines`), so a cell prints the
same characters and styles as in the table. What this does not lay out as the table does (a
terminal too narrow for the columns' minimum widths, where Rich shrinks the number column) is
drawn by the table itself, and so is everything under a Rich without the private `rich._ratio`.
`tests/render/test_side_by_side.py` compares the two, character for character with colour, over
random rows and widths: `rich` is not pinned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from rich.box import HEAVY_HEAD
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

if TYPE_CHECKING:
    from rich.table import Table

_HEADER_STYLE = "bold"


class SideBySide:
    """Rows of cells (a number cell, then one cell per text column) under `headers`."""

    def __init__(self, headers: Sequence[str], number_width: int) -> None:
        self.headers = tuple(headers)  # plain words, no markup
        # The headers as the Text a table makes of a string without markup: drawn from these, no header
        # goes through Rich's markup parser and emoji table (loading that table is 4 % of a `rule`).
        self._header_cells = tuple(Text(header) for header in self.headers)
        self.number_width = number_width
        self.rows: list[tuple[RenderableType, ...]] = []

    def add_row(self, *cells: RenderableType) -> None:
        self.rows.append(cells)

    def as_table(self) -> Table:
        """The same grid as a Rich `Table`: what this renderable draws, and its fallback."""
        from rich.table import Table

        table = Table(show_header=True, header_style=_HEADER_STYLE, expand=True, show_lines=True, pad_edge=False)
        table.add_column(self.headers[0], no_wrap=True, min_width=self.number_width)
        for header in self.headers[1:]:
            table.add_column(header, ratio=1, overflow="fold")
        for row in self.rows:
            table.add_row(*row)
        return table

    def _paddings(self) -> list[tuple[int, int]]:
        """(left, right) padding of each column: one cell between columns, none at the edges (pad_edge=False)."""
        last = len(self.headers) - 1
        return [(0 if index == 0 else 1, 0 if index == last else 1) for index in range(len(self.headers))]

    def _widths(self, console: Console, options: ConsoleOptions, paddings: list[tuple[int, int]]) -> list[int] | None:
        """Each column's width with its padding, as Table computes it for an expanding table whose text
        columns all have ratio 1; None when the table would have to shrink a column (then it draws itself)."""
        try:
            from rich._ratio import ratio_distribute  # Rich's own share-out (a private module: the tests catch a change)
        except ImportError:  # gone from some Rich release: the table draws the grid, as slowly as before
            return None

        available = options.max_width - (len(self.headers) + 1)  # the borders: two edges, one line between columns
        number_pad = sum(paddings[0])
        if available - number_pad < 1:
            return None
        inner = options.update_width(available - number_pad)
        widest = max(Measurement.get(console, inner, cell).maximum for cell in (self._header_cells[0], *(row[0] for row in self.rows)))
        number = max(widest + number_pad, self.number_width + number_pad)  # measured within the width; min_width a floor
        text_widths = ratio_distribute(available - number, [1] * (len(self.headers) - 1), [1 + sum(p) for p in paddings[1:]])
        widths = [number, *text_widths]
        return widths if sum(widths) == available else None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        paddings = self._paddings()
        widths = self._widths(console, options, paddings)
        if widths is None:
            yield self.as_table()
            return
        box = HEAVY_HEAD.substitute(options, safe=console.safe_box)
        # Table options: the table's own width, no highlighting (as Table.highlight), no height.
        options = options.update(width=sum(widths) + len(widths) + 1, highlight=False, height=None)
        new_line = Segment.line()
        yield Segment(box.get_top(widths))
        yield new_line
        rows: list[tuple[RenderableType, ...]] = [self._header_cells, *self.rows]
        for index, row in enumerate(rows):
            header, last = index == 0, index == len(rows) - 1
            cells = [self._cell_lines(console, options, cell, column, width, paddings[column], header)
                     for column, (cell, width) in enumerate(zip(row, widths))]
            height = max(len(lines) for lines in cells)
            blank_style = console.get_style(_HEADER_STYLE) if header else Style.null()
            for column, lines in enumerate(cells):
                blank = [[Segment(" " * widths[column], blank_style)]] * (height - len(lines))
                cells[column] = blank + lines if header else lines + blank  # the header row aligns at the bottom
            left, right, divider = ((box.head_left, box.head_right, box.head_vertical) if header else
                                    (box.foot_left, box.foot_right, box.foot_vertical) if last else
                                    (box.mid_left, box.mid_right, box.mid_vertical))
            for line_no in range(height):
                yield Segment(left)
                for column, lines in enumerate(cells):
                    if column:
                        yield Segment(divider)
                    yield from lines[line_no]
                yield Segment(right)
                yield new_line
            if header:
                yield Segment(box.get_row(widths, "head", edge=True))
                yield new_line
            elif not last:
                yield Segment(box.get_row(widths, "row", edge=True))
                yield new_line
        yield Segment(box.get_bottom(widths))
        yield new_line

    @staticmethod
    def _cell_lines(console: Console, options: ConsoleOptions, cell: RenderableType, column: int, width: int,
                    padding: tuple[int, int], header: bool) -> list[list[Segment]]:
        """One cell's lines, `width` cells each with the padding, as Table renders a cell through Padding."""
        left, right = padding
        cell_options = options.update(width=width - left - right, justify="left", no_wrap=column == 0,
                                      overflow="ellipsis" if column == 0 else "fold", height=None, highlight=False)
        lines = console.render_lines(cell, cell_options, pad=True)
        before = [Segment(" " * left)] if left else []
        after = [Segment(" " * right)] if right else []
        if not header:
            return [before + line + after for line in lines]
        style = console.get_style(_HEADER_STYLE)
        return [list(Segment.apply_style(before + line + after, style)) for line in lines]
