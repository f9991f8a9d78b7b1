"""`rule`'s side-by-side grid (render/side_by_side.py) prints what Rich's Table prints for the same rows.

`rich` is not pinned: these tests hold the grid to the table it replaces, character for character
with colour, so a Rich upgrade that changes how a table is laid out is caught here.
"""

from __future__ import annotations

import io
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

from pal_judge.cli import app
from pal_judge.render import side_by_side
from pal_judge.render.side_by_side import SideBySide
from pal_judge.render.wrapping import Wrapped

runner = CliRunner()


def _printed(renderable: object, width: int, colour: bool, ascii_only: bool = False) -> bytes:
    """What a console `width` wide prints, in colour or not, to a UTF-8 or an ASCII stream (Rich then draws an ASCII box)."""
    stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii" if ascii_only else "utf-8", errors="replace")
    console = Console(file=stream, width=width, force_terminal=colour, color_system="truecolor" if colour else None,
                      legacy_windows=False)
    console.print(renderable)
    stream.flush()
    return stream.buffer.getvalue()  # type: ignore[attr-defined]


WORDS = st.sampled_from(["帕鲁", "，", "（9.6.3.3.2）", " Retaliate ", "\n", " ", "the", "伤害步骤", "attacking Pal’s strike",
                         "…", "deals damage equal to its power value", "9.6.3.1.1"])
STYLES = st.sampled_from([None, "bold", "cyan", "dim italic", "yellow"])
TEXT = st.lists(st.tuples(WORDS, STYLES), max_size=14).map(
    lambda pieces: Text.assemble(*((piece, style or "") for piece, style in pieces)))
NUMBER = st.tuples(st.integers(0, 4), st.sampled_from(["9", "9.6", "9.6.3.3.2", "10.10.1.6.1"]),
                   st.sampled_from([None, "\nalign 0.42"])).map(
    lambda parts: Text.assemble(("  " * parts[0] + parts[1], "cyan"), (parts[2] or "", "yellow")))
ROWS = st.lists(st.tuples(NUMBER, TEXT, TEXT, st.booleans()), max_size=6)


@settings(max_examples=200, deadline=None)
@given(ROWS, st.sampled_from([("§", "English", "中文"), ("§", "English"), ("§", "中文")]), st.integers(1, 12),
       st.integers(1, 140), st.booleans(), st.booleans())
def test_the_grid_prints_what_richs_table_prints(rows, headers, number_width, width, colour, ascii_only) -> None:  # type: ignore[no-untyped-def]
    """Any rows (numbers indented or with an alignment note, styled English and Chinese, blank
    cells, cells in Wrapped or plain Text), any width from one column (too narrow for the number
    column) to wide, with and without colour, to a UTF-8 or an ASCII stream."""
    def grid() -> SideBySide:
        made = SideBySide(headers, number_width)
        for number, first, second, wrapped in rows:
            texts = [first, second][: len(headers) - 1]
            made.add_row(number, *(Wrapped(t) if wrapped else t for t in texts))
        return made

    assert _printed(grid(), width, colour, ascii_only) == _printed(grid().as_table(), width, colour, ascii_only)


@pytest.mark.parametrize("columns", [80, 120])
@pytest.mark.parametrize("args", [["9.6"], ["10", "--lang", "zh"], ["2", "--lang", "en", "--depth", "1"]])
def test_rule_draws_its_grid_itself_at_the_usual_widths(monkeypatch: pytest.MonkeyPatch, args: list[str], columns: int) -> None:
    """At 80 and 120 columns `rule` never falls back to Rich's table (the fast path is the one taken),
    and prints the same characters as the table would."""
    def no_table(self: SideBySide) -> None:
        raise AssertionError("fell back to Rich's table")

    env = {"COLUMNS": str(columns), "FORCE_COLOR": "1"}
    with monkeypatch.context() as patched:
        patched.setattr(side_by_side.SideBySide, "as_table", no_table)
        drawn = runner.invoke(app, ["rule", *args], env=env)
    assert drawn.exit_code == 0, drawn.output

    monkeypatch.setattr(side_by_side.SideBySide, "__rich_console__", lambda self, console, options: [self.as_table()])
    tabled = runner.invoke(app, ["rule", *args], env=env)
    assert tabled.exit_code == 0, tabled.output
    assert "━" in drawn.output and "\x1b[" in drawn.output  # the grid and its colours are there
    assert drawn.output == tabled.output


def test_the_table_draws_the_grid_if_richs_private_share_out_is_gone(monkeypatch: pytest.MonkeyPatch) -> None:
    """`rich._ratio` is private and `rich` is not pinned: a Rich release without it must leave
    `rule` printing its grid (through Rich's table), not failing with an ImportError."""
    import rich.table  # noqa: F401  (loaded first: it holds its own reference to the share-out)

    monkeypatch.setitem(sys.modules, "rich._ratio", None)  # `from rich._ratio import ...` now raises ImportError
    grid = SideBySide(("§", "English", "中文"), number_width=3)
    grid.add_row(Text("9.6", style="cyan"), Wrapped(Text("Damage Step")), Wrapped(Text("伤害步骤")))
    assert _printed(grid, 80, colour=True) == _printed(grid.as_table(), 80, colour=True)
