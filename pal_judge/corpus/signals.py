"""Signals an English paragraph and a Chinese clause share, extracted once per text.

Used by the aligner (pal_judge/corpus/align.py): cross-reference numbers such as
`(10.5.1)` (after NFKC, so full-width `（7.2）` counts), other numbers (English
number words read as digits: "two players" ↔ 2名), glossary terms, and length.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Callable, Iterator

from pal_judge.corpus.glossary import Glossary
from pal_judge.corpus.zh_parser import REF_RE

_NUMBER_WORDS = {
    "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
    "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10",
}
_DIGITS_RE = re.compile(r"\d+")
_WORD_RE = re.compile(r"[A-Za-z]+")
_SPACE_RE = re.compile(r"\s+")


@dataclass(frozen=True)
class Signals:
    """What one side of a candidate pair offers for comparison."""

    length: int  # characters, whitespace excluded
    refs: frozenset[str]  # dotted section numbers mentioned
    numbers: frozenset[str]  # other numbers (digits; English number words converted)
    terms: frozenset[str]  # glossary term ids

    def __add__(self, other: "Signals") -> "Signals":
        return Signals(
            self.length + other.length,
            self.refs | other.refs,
            self.numbers | other.numbers,
            self.terms | other.terms,
        )


def implied_terms(glossary: Glossary) -> dict[str, frozenset[str]]:
    """For each term, the shorter terms written inside it ("attack target" holds "attack"
    and "target"; 正在攻击的帕鲁 holds 攻击 and 帕鲁). Comparing the expanded sets keeps a
    compound term on one side from hiding its parts from the other side.

    Inside means: a Chinese variant of two or more characters as a substring of a Chinese
    variant; an English variant, case-folded, as a whole word (no letter a-z either side)
    of an English variant. Every substring of every variant is looked up once."""
    zh_owners: dict[str, set[str]] = {}
    en_owners: dict[str, set[str]] = {}
    for term in glossary.terms:
        for variant in term.zh:
            if len(variant) > 1:
                zh_owners.setdefault(variant, set()).add(term.id)
        for variant in term.en:
            en_owners.setdefault(variant.lower(), set()).add(term.id)
    out: dict[str, frozenset[str]] = {}
    for term in glossary.terms:
        inside = {term.id}
        for variant in term.zh:
            for start, end in _spans(variant, lambda position: True):
                inside |= zh_owners.get(variant[start:end], set())
        for variant in term.en:
            lowered = variant.lower()
            for start, end in _spans(lowered, lambda position: not _ASCII_LETTER.match(lowered, position)):
                inside |= en_owners.get(lowered[start:end], set())
        out[term.id] = frozenset(inside)
    return out


_ASCII_LETTER = re.compile("[a-z]")


def _spans(text: str, is_boundary: Callable[[int], bool]) -> Iterator[tuple[int, int]]:
    """Every (start, end) with start < end where no letter touches text[start:end]: the
    character before start and the one at end (when present) satisfy `is_boundary`."""
    starts = [a for a in range(len(text)) if a == 0 or is_boundary(a - 1)]
    ends = [b for b in range(1, len(text) + 1) if b == len(text) or is_boundary(b)]
    return ((a, b) for a in starts for b in ends if a < b)


def _expand(ids: list[str], implied: dict[str, frozenset[str]] | None) -> frozenset[str]:
    if implied is None:
        return frozenset(ids)
    return frozenset(part for term_id in ids for part in implied.get(term_id, (term_id,)))


def _refs_and_rest(text: str) -> tuple[frozenset[str], str]:
    refs = frozenset(m.group(1).rstrip(".") for m in REF_RE.finditer(text))
    return refs, REF_RE.sub(" ", text)


def en_signals(text: str, glossary: Glossary, implied: dict[str, frozenset[str]] | None = None) -> Signals:
    norm = unicodedata.normalize("NFKC", text)
    refs, rest = _refs_and_rest(norm)
    numbers = set(_DIGITS_RE.findall(rest))
    numbers |= {_NUMBER_WORDS[w.lower()] for w in _WORD_RE.findall(rest) if w.lower() in _NUMBER_WORDS}
    terms = _expand([t.id for t in glossary.terms_in_en(text)], implied)
    return Signals(len(_SPACE_RE.sub("", text)), refs, frozenset(numbers), terms)


def zh_signals(
    text: str, glossary: Glossary, own_number: str = "", implied: dict[str, frozenset[str]] | None = None
) -> Signals:
    norm = unicodedata.normalize("NFKC", text)
    refs, rest = _refs_and_rest(norm)
    numbers = frozenset(_DIGITS_RE.findall(rest))
    terms = _expand([t.id for t in glossary.terms_in_zh(text)], implied)
    return Signals(len(_SPACE_RE.sub("", text)), refs - {own_number}, numbers, terms)
