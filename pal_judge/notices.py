"""One-line notices on stderr (`warning: …`) that may quote file text, shown safely.

Used by the CLI and by the layers below it (the cache folder check, the search index), so that a
file name holding a newline can never fake a second `warning:` line, and a huge value is cut.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pal_judge.safe_text import one_line

if TYPE_CHECKING:  # Rich is imported only when a notice is printed
    from rich.text import Text

LINE_LIMIT = 1000  # characters of an error or warning line (a 1.5 MB card name is not echoed whole)


def safe_line(label: str, style: str, message: str) -> "Text":
    """`label: message` as a Rich Text: the message on one line, controls visible, cut."""
    from rich.text import Text

    return Text.assemble((label, style), " ", one_line(message, LINE_LIMIT))


def warn(message: str) -> None:
    """Print `warning: message` on stderr."""
    from pal_judge.safe_console import make_console

    make_console(stderr=True).print(safe_line("warning:", "yellow", message), highlight=False, soft_wrap=True)
