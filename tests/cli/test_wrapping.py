"""Line breaking in the terminal views: a clause number never breaks, Chinese wraps by display width."""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

from pal_judge.cli import app
from pal_judge.render.wrapping import Wrapped, units, wrap_lines

runner = CliRunner()
CLAUSE_NUMBER = re.compile(r"\d+(?:\.\d+)+")
# Punctuation that Chinese typesetting never puts at the start of a line.
NO_LINE_START = "，。、；：！？）"


def _rule_output(number: str, columns: int) -> str:
    result = runner.invoke(app, ["rule", number], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.output


def _rule_numbers_in_text(number: str) -> set[str]:
    """Every clause number written inside the texts of the section and its sub-clauses (from the rulebook)."""
    import json

    data = json.loads(runner.invoke(app, ["rule", number, "--json"]).stdout)

    def walk(node: dict) -> list[str]:
        return [node["zh"], node["en"], *(t for child in node["children"] for t in walk(child))]

    return {n for text in walk(data["section"]) for n in CLAUSE_NUMBER.findall(text)}


@pytest.mark.parametrize("columns", [64, 90, 130])
@pytest.mark.parametrize("chapter", ["9", "10", "11"])
def test_no_clause_number_written_in_a_rule_breaks_across_lines(chapter: str, columns: int) -> None:
    out = _rule_output(chapter, columns)
    written = _rule_numbers_in_text(chapter)
    assert len(written) >= 5  # these chapters refer to other clauses by number
    shown = set(CLAUSE_NUMBER.findall(out))
    assert written <= shown, f"broken across lines at {columns} columns: {sorted(written - shown)}"


@pytest.mark.parametrize("columns", [64, 100])
def test_chinese_lines_never_start_with_closing_punctuation(columns: int) -> None:
    out = _rule_output("10", columns)
    cells = [cell.strip() for line in out.splitlines() for cell in line.split("│")[1:-1]]
    assert not [c for c in cells if c and c[0] in NO_LINE_START]


def test_chinese_fills_its_column_by_display_width() -> None:
    """A Chinese character is two cells: a 20-cell line holds ten of them, not twenty."""
    text = "非回合玩家从中选择一项进行使用与结算之后返回检查时点"
    lines = [line.plain for line in wrap_lines(Text(text), 20)]
    assert [cell_len(line) for line in lines[:-1]] == [20] * (len(lines) - 1)
    assert "".join(lines) == text


def test_a_table_column_wraps_chinese_without_splitting_a_number() -> None:
    console = Console(width=24, record=True)
    console.print(Wrapped(Text("非回合玩家从中选择1项，进行使用与结算，之后返回（10.5.3.1）。")))
    lines = console.export_text().splitlines()
    assert any("（10.5.3.1）。" in line for line in lines)
    assert all(cell_len(line) <= 24 for line in lines)


PIECES = st.sampled_from(["帕鲁", "战斗", "伤害", "，", "。", "（9.6.3.3.2）", "按10.8.4.1.2", " Retaliate ", " the ", " 5.6 ", "、"])


@settings(max_examples=150, deadline=None)
@given(st.lists(PIECES, min_size=1, max_size=40), st.integers(min_value=14, max_value=60))
def test_any_mix_wraps_within_width_keeping_numbers_whole(pieces: list[str], width: int) -> None:
    text = "".join(pieces)
    # Only a unit wider than the whole line may be cut (a number with punctuation piled after it).
    assume(all(cell_len(unit.rstrip()) <= width for unit in units(text)))
    lines = [line.plain for line in wrap_lines(Text(text), width)]
    assert all(cell_len(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # nothing lost, only breaks added
    numbers_in = CLAUSE_NUMBER.findall(text.replace(" ", "\n"))
    numbers_out = [n for line in lines for n in CLAUSE_NUMBER.findall(line)]
    assert numbers_out == numbers_in
    assert not [line for line in lines[1:] if line and line[0] in NO_LINE_START]


@pytest.mark.parametrize("columns", [60, 72, 90])
def test_an_answer_in_ask_keeps_its_clause_numbers_whole_and_its_punctuation_in_place(columns: int) -> None:
    """The question of the issue; the numbers come from the ruling's Chinese and English answer (rulings/keywords.yaml)."""
    from pal_judge.rulings.loader import load_rulings

    ruling = next(r for r in load_rulings() if r.id == "breakthrough-retaliate-both-die")
    question = "My Pal with Breakthrough attacks, they block with a Retaliate Pal, both die - do they still take damage?"
    result = runner.invoke(app, ["ask", question, "--no-replay"], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0 and ruling.id in result.output
    written = set(CLAUSE_NUMBER.findall(ruling.answer_zh)) | set(CLAUSE_NUMBER.findall(ruling.answer_en))
    assert len(written) > 5
    assert written <= set(CLAUSE_NUMBER.findall(result.output))
    lines = [line.strip("│ ") for line in result.output.splitlines()]
    assert not [line for line in lines if line and line[0] in NO_LINE_START]


class _LaidOutByRich(Wrapped):
    """`Wrapped` as it was before it laid out a fitting line itself: each wrapped line handed to Rich."""

    def __rich_console__(self, console, options):  # type: ignore[no-untyped-def]
        for line in wrap_lines(self.text, options.max_width):
            line.no_wrap = True
            line.end = "\n"
            yield line


def _rendered(renderable, width: int, justify: str | None, style: str | None) -> str:  # type: ignore[no-untyped-def]
    from rich.padding import Padding
    from rich.panel import Panel
    from rich.table import Table

    console = Console(file=io.StringIO(), width=width, force_terminal=True, color_system="truecolor", record=True)
    console.print(renderable, justify=justify)  # type: ignore[arg-type]
    for expand in (False, True):  # a column as wide as the text's widest line, or wider (padded)
        table = Table(show_header=False, expand=expand)
        table.add_column(no_wrap=True)
        table.add_column(ratio=1, overflow="fold", justify=justify, style=style)  # type: ignore[arg-type]
        table.add_row("9.6", renderable)
        console.print(table)
    console.print(Panel(renderable))
    console.print(Padding(renderable, (0, 0, 0, 2), expand=False))
    return console.export_text(styles=True)


STYLED = st.lists(st.tuples(st.sampled_from(["帕鲁", "，", "（9.6.3.3.2）", " Retaliate ", "\t", "\n", " ", "the"]),
                            st.sampled_from([None, "bold", "green", "dim italic"])), min_size=1, max_size=20)


@settings(max_examples=150, deadline=None)
@given(STYLED, st.sampled_from([None, "cyan", "on blue"]), st.sampled_from([None, "default", "left", "center", "right"]),
       st.sampled_from([None, "magenta"]), st.integers(min_value=16, max_value=70))
def test_a_fitting_line_renders_as_rich_lays_it_out(pieces, base, justify, column_style, width) -> None:  # type: ignore[no-untyped-def]
    """`Wrapped` renders a line that fits as Rich's Text does, without Rich's wrapping pass: the same
    characters and styles, in a table cell, a panel, padding or on its own, whatever the justification."""
    def text() -> Text:
        made = Text(style=base or "")
        for piece, style in pieces:
            made.append(piece, style=style)
        return made

    assert _rendered(Wrapped(text()), width, justify, column_style) == \
        _rendered(_LaidOutByRich(text()), width, justify, column_style)
