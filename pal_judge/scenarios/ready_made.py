"""The names of the ready-made deck cards as judges write and read them: `normal` and `lucky`
(rulings/README.md), whatever the engine calls them inside ("Filler", "Lucky Filler")."""

from __future__ import annotations

import re

_ENGINE_NAME = re.compile(r"\bLucky Filler\b|\bFiller\b")
_SHOWN_AS = {"Lucky Filler": "lucky", "Filler": "normal"}


def card_name(text: str) -> str:
    """`text` (a name, an event) with the ready-made cards named `normal` / `lucky`: "Filler 12" -> "normal 12"."""
    return _ENGINE_NAME.sub(lambda m: _SHOWN_AS[m.group()], text)
