"""`safe_text`: control characters made visible, long values cut, never markup (issue 13, items 2, 3, 8)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.text import Text

from pal_judge.safe_console import SafeConsole
from pal_judge.safe_text import one_line, rich_text, visible


@pytest.mark.parametrize("raw,shown", [
    ("\x1b]52;c;cGF5bG9hZA==\x07", "\\x1b]52;c;cGF5bG9hZA==\\x07"),  # clipboard write
    ("\x1b[2J", "\\x1b[2J"),  # screen clear
    ("\x9b31m", "\\x9b31m"),  # the one-byte CSI
    ("abc\u202edcba", "abc\\u202edcba"),  # right-to-left override disguising text
    ("\x7f", "\\x7f"),
])
def test_control_characters_are_shown_not_sent(raw: str, shown: str) -> None:
    assert visible(raw) == shown
    assert one_line(raw) == shown


def test_visible_keeps_lines_and_one_line_does_not() -> None:
    assert visible("first\n\tsecond") == "first\n\tsecond"
    assert one_line("file\nwarning: fake") == "file\\x0awarning: fake"


def test_long_values_are_cut_saying_how_much() -> None:
    assert one_line("x" * 1000, 10) == "xxxxxxxxxx… (990 more characters)"
    assert visible("Chinese 中文 text", None) == "Chinese 中文 text"  # ordinary text is untouched


def test_rich_text_is_never_markup() -> None:
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    console.print(rich_text("[/] [link=http://evil.example]x[/link] [bold"))
    assert out.getvalue() == "[/] [link=http://evil.example]x[/link] [bold\n"


def test_the_safe_console_shows_any_control_character_that_reaches_it() -> None:
    out = io.StringIO()
    SafeConsole(file=out, width=200, force_terminal=True, color_system="standard").print(
        Text("title \x1b]0;pwned\x07 end", style="red"))
    printed = out.getvalue()
    assert "\\x1b]0;pwned" in printed and "\x07" not in printed  # (Rich drops the BEL itself)
    assert printed.count("\x1b") == 2  # only Rich's own colour on and off
