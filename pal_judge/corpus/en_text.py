"""The English Comprehensive Rules: one paragraph per non-empty line, numbers and headings stripped."""

from __future__ import annotations


def split_en(text: str) -> tuple[str, ...]:
    """Every non-empty line of en.txt, stripped, in order (index = `en_index`)."""
    return tuple(line.strip().lstrip("\ufeff") for line in text.splitlines() if line.strip().lstrip("\ufeff"))
