"""The Rich console every command prints through: no control character from text reaches the terminal.

Each print site routes file text through `safe_text` (and never through markup); this console is
the backstop for the sites that do not: just before Rich turns its segments into the bytes for the
terminal, the text of every segment has its control characters made visible. Rich's own escape
sequences (colours, cursor moves of a spinner) are made from styles and control segments, after
this step, so they are untouched.
"""

from __future__ import annotations

from typing import Any, Iterable

from rich.console import Console
from rich.segment import Segment

from pal_judge.safe_text import visible


class SafeConsole(Console):
    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        return super()._render_buffer(
            segment if segment.control else Segment(visible(segment.text, None), segment.style)
            for segment in buffer
        )


def make_console(**options: Any) -> Console:
    return SafeConsole(**options)
