"""Text that did not come from our own code, made safe to show in a terminal.

Rulings, scenarios, card names, rules files, glossary entries, file names and echoed arguments
may come from someone else. Before any of it reaches a terminal it passes here:

* control characters (C0 other than newline and tab, DEL, C1) and the bidirectional overrides
  that can disguise text are shown as visible escapes (``\\x1b``, ``\\u202e``), so no escape
  sequence, OSC 52 clipboard write or hidden text reaches the terminal;
* very long values are cut, saying how much was left out;
* Rich never reads it as markup: :func:`rich_text` builds a ``Text`` (never parsed for ``[...]``).

JSON output does not pass here: ``json.dumps`` already escapes control characters.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Rich is imported only by the callers that render
    from rich.text import Text

# C0 controls except \t and \n, DEL, C1 controls, and the bidi embedding/override/isolate marks.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_UNSAFE_OR_NEWLINE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]"
)

DEFAULT_LIMIT = 2000


def _escape_char(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def _cut(text: str, limit: int | None) -> str:
    if limit is None or len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit} more characters)"


def visible(text: object, limit: int | None = DEFAULT_LIMIT) -> str:
    """`text` with every control character made visible and cut at `limit` characters.

    Newlines and tabs are kept (a clause or an answer may have several lines)."""
    return _cut(_UNSAFE.sub(_escape_char, str(text)), limit)


def one_line(text: object, limit: int | None = 300) -> str:
    """Like :func:`visible`, but a newline too is shown as ``\\x0a``: for names, ids, file names
    and error lines, where a newline could fake a second line (a false ``warning:``)."""
    return _cut(_UNSAFE_OR_NEWLINE.sub(_escape_char, str(text)), limit)


def rich_text(text: object, style: str = "", limit: int | None = DEFAULT_LIMIT) -> Text:
    """File text as a Rich ``Text``: never parsed as markup, control characters visible."""
    from rich.text import Text

    return Text(visible(text, limit), style=style)
