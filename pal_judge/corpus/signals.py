"""Signals an English paragraph and a Chinese clause share, extracted once per text.

Used by the aligner (pal_judge/corpus/align.py): cross-reference numbers such as
`(10.5.1)` (after NFKC, so full-width `（7.2）` counts), other numbers (English
number words read as digits: "two players" ↔ 2名), glossary terms, and length.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

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
    compound term on one side from hiding its parts from the other side."""
    out: dict[str, frozenset[str]] = {}
    for term in glossary.terms:
        inside = {term.id}
        for other in glossary.terms:
            if other.id == term.id:
                continue
            in_zh = any(len(o) > 1 and o in v for o in other.zh for v in term.zh)
            in_en = any(re.search(rf"(?<![a-z]){re.escape(o.lower())}(?![a-z])", v.lower()) for o in other.en for v in term.en)
            if in_zh or in_en:
                inside.add(other.id)
        out[term.id] = frozenset(inside)
    return out


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
