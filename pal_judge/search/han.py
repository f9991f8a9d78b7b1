"""Which characters are Chinese (Han), without a regular expression.

A character class holding the Han ranges costs Python's regular-expression compiler a pass over
each of its 28,000 code points (about 1.5 ms, every start, once per pattern holding it). So a text
is read through a `str.translate` table instead, filled only for the characters actually met.
"""

from __future__ import annotations

# CJK unified ideographs extension A, CJK unified ideographs, CJK compatibility ideographs.
HAN_RANGES = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF))
HAN_MARK = "\u4e00"  # 一: what `marked` writes for each Han character (a Han character itself)
_TABLE_MAX = 65_536  # bounded: a text may hold any characters


def is_han(char: str) -> bool:
    """Is `char` (one character; an empty string is not) a Han character?"""
    return len(char) == 1 and any(low <= ord(char) <= high for low, high in HAN_RANGES)


class _HanTable(dict):  # type: ignore[type-arg]
    """`str.translate` table: each Han character to `replacement`, any other to itself; filled as
    characters are met."""

    def __init__(self, replacement: str) -> None:
        super().__init__()
        self.replacement = replacement

    def __missing__(self, code: int) -> str:
        char = chr(code)
        result = self.replacement if is_han(char) else char
        if len(self) < _TABLE_MAX:
            self[code] = result
        return result


_MARKED = _HanTable(HAN_MARK)
_BLANKED = _HanTable(" ")


def marked(text: str) -> str:
    """`text` with each Han character written as HAN_MARK: same length, same offsets."""
    return text.translate(_MARKED)


def blanked(text: str) -> str:
    """`text` with each Han character written as a space."""
    return text.translate(_BLANKED)


def has_han(text: str) -> bool:
    return HAN_MARK in marked(text)
