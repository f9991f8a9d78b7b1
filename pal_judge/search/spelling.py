"""Misspelt words in a query, corrected with Whoosh's own spelling corrector.

A word of four letters or more that neither the rulebook's English text, nor the questions
of the rulings (English as players write it: "whose", "much", "left"), nor the glossary, nor the
player words know is replaced by the closest word they do know, sharing its first letter:
`tuant` → `taunt`, `retaliat` → `retaliate`. A short word (up to `SHORT` letters) is taken
to be misspelt only one edit away, or by two letters swapped: two other edits turn most short
English words into some rulebook word ("told" → "top", "fight" → "first", "picks" → "pings"),
which says nothing about a typo. A letter typed for another is a typo only when the two
are neighbours on the keyboard or both vowels (`atteck`, `definate`): a far letter makes another
word ("multiply" is not "multiple", "replayed" not "replaced"). Whoosh proposes the candidates; among those equally far, the
one most like the typed word (difflib's ratio, which sees a swap of two letters as a small
change) wins. Quoted phrases, field values (`term:…`) and operators are left alone, as is
Chinese.
"""

from __future__ import annotations

import re
from functools import cached_property, partial
from typing import NamedTuple, TYPE_CHECKING

from pal_judge.search.analysis import english_analyzer
from pal_judge.search.query import EN_QUESTION_WORDS, base_form, has_term
from pal_judge.search.vocabulary import Lexicon

if TYPE_CHECKING:  # imported when a word needs correcting, not by every search
    from whoosh.spelling import ListCorrector

MIN_LENGTH = 4
MAX_EDITS = 2
SHORT = 6
CANDIDATES = 8
_WORD_RE = re.compile(r"[A-Za-z]+")
# Only bare words are corrected: not inside quotes, not a field name or value, not an operator.
_BARE_WORD_RE = re.compile(r'"[^"]*"|“[^”]*”|[A-Za-z_]+:\S+|(?<![\w-])[A-Za-z]{%d,}(?![\w:])' % MIN_LENGTH)
_OPERATORS = {"AND", "OR", "NOT", "ANDNOT"}
_KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_VOWELS = frozenset("aeiou")


def _key_positions() -> dict[str, tuple[int, int]]:
    return {key: (row, column) for row, keys in enumerate(_KEYBOARD_ROWS) for column, key in enumerate(keys)}


_KEYS = _key_positions()


def slip_of_the_finger(typed: str, meant: str) -> bool:
    """Could `typed` be `meant` typed with a finger off: the same letter, a neighbouring key
    (the row below sits half a key to the right), or a vowel for a vowel (a spelling slip)?"""
    if typed == meant or {typed, meant} <= _VOWELS:
        return True
    (row_a, col_a), (row_b, col_b) = _KEYS.get(typed, (9, 0)), _KEYS.get(meant, (-9, 0))
    return abs(row_a - row_b) <= 1 and abs((col_a + row_a / 2) - (col_b + row_b / 2)) <= 1


class Correction(NamedTuple):
    text: str  # the query with its misspelt words replaced
    changed: tuple[tuple[str, str], ...]  # (as typed, as read)


class Speller:
    """Knows the words of one index: the stems of its English text, and the surface words of
    its English text and of the lexicon (glossary and player words) to suggest from."""

    def __init__(self, searcher, lexicon: Lexicon) -> None:  # type: ignore[no-untyped-def]
        self._searcher = searcher
        self._lexicon = lexicon
        self._stem = english_analyzer()

    @cached_property
    def _known_words(self) -> list[str]:
        words = set()
        for fields in self._searcher.all_stored_fields():
            words.update(w.lower() for w in _WORD_RE.findall(fields.get("en", "")))
        for term in self._lexicon.glossary.terms:
            for variant in term.en:
                words.update(w.lower() for w in _WORD_RE.findall(variant))
        return sorted(w for w in words if len(w) >= MIN_LENGTH - 1)

    @cached_property
    def _known_set(self) -> frozenset[str]:
        return frozenset(self._known_words)

    @cached_property
    def _corrector(self) -> ListCorrector:
        from whoosh.spelling import ListCorrector

        return ListCorrector(self._known_words)

    def known(self, word: str) -> bool:
        """Is `word` a word of the rulebook's English text, the glossary or the player words?"""
        lowered = word.lower()
        stems = self._stems(lowered)
        if not stems:
            return True  # a stop word
        in_text = partial(has_term, self._searcher.reader(), "en")
        return all(map(in_text, stems)) or lowered in self._known_set

    def _ordinary(self, word: str) -> bool:
        """Is `word` no typo, though the rulebook never uses it: a word of the rulings' questions
        (English as players write it: "whose", "much"), a question word ("does it matter"), or
        another form of a rulebook word ("blocker", "drew": see query.base_form)?"""
        if word.lower() in EN_QUESTION_WORDS:
            return True
        reader = self._searcher.reader()
        in_text, asked = partial(has_term, reader, "en"), partial(has_term, reader, "asked_en")
        return all(in_text(base_form(s, in_text, self._stem)) or asked(s) for s in self._stems(word.lower()))

    def _stems(self, lowered: str) -> list[str]:
        return [t.text for t in self._stem(lowered, mode="query")]

    def _suggestions(self, word: str) -> list[str]:
        """The known words `word` may be a misspelling of (see the module's rules)."""
        from whoosh.support.levenshtein import levenshtein

        found = [w for w in self._corrector.suggest(word, limit=CANDIDATES, maxdist=MAX_EDITS, prefix=1)
                 if _letters_slipped(word, w)]
        if len(word) > SHORT:
            return found
        return [w for w in found if levenshtein(word, w) == 1 or sorted(w) == sorted(word)]

    def correct(self, query: str, keep: frozenset[str] = frozenset()) -> Correction | None:
        """The query with misspelt words corrected, or None when every word is known.
        `keep`: other words (lower case) never corrected, such as the words of card names."""
        changed: list[tuple[str, str]] = []

        def fix(match: re.Match[str]) -> str:
            word = match.group(0)
            if not word.isalpha() or word in _OPERATORS or word.lower() in keep:
                return word
            if self.known(word) or self._ordinary(word):
                return word
            lowered = word.lower()
            found = self._suggestions(lowered)
            if not found:
                return word
            import difflib

            best = max(found, key=lambda w: (difflib.SequenceMatcher(None, lowered, w).ratio(), w))
            changed.append((word, best))
            return best

        text = _BARE_WORD_RE.sub(fix, query)
        return Correction(text, tuple(changed)) if changed else None


def _letters_slipped(typed: str, known: str) -> bool:
    """Is every letter `typed` has in place of one of `known` a slip of the finger (letters
    swapped being one too)?"""
    import difflib

    if sorted(typed) == sorted(known):
        return True
    for op, a0, a1, b0, b1 in difflib.SequenceMatcher(None, typed, known, autojunk=False).get_opcodes():
        if op == "replace" and a1 - a0 == b1 - b0 and not all(map(slip_of_the_finger, typed[a0:a1], known[b0:b1])):
            return False
    return True
