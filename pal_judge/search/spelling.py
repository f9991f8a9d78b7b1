"""Misspelt words in a query, corrected with Whoosh's own spelling corrector.

A word of four letters or more that neither the rulebook's English text, nor the glossary,
nor the player words know is replaced by the closest word they do know (at most two edits
away, sharing its first letter): `tuant` → `taunt`, `retaliat` → `retaliate`. Whoosh
proposes the candidates; among those equally far, the one most like the typed word
(difflib's ratio, which sees a swap of two letters as a small change) wins. Quoted phrases,
field values (`term:…`) and operators are left alone, as is Chinese.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from pal_judge.search.analysis import english_analyzer
from pal_judge.search.vocabulary import Lexicon

if TYPE_CHECKING:  # imported when a word needs correcting, not by every search
    from whoosh.spelling import ListCorrector

MIN_LENGTH = 4
MAX_EDITS = 2
CANDIDATES = 8
_WORD_RE = re.compile(r"[A-Za-z]+")
# Only bare words are corrected: not inside quotes, not a field name or value, not an operator.
_BARE_WORD_RE = re.compile(r'"[^"]*"|“[^”]*”|[A-Za-z_]+:\S+|(?<![\w-])[A-Za-z]{%d,}(?![\w:])' % MIN_LENGTH)
_OPERATORS = {"AND", "OR", "NOT", "ANDNOT"}


@dataclass(frozen=True)
class Correction:
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
        lowered = word.lower()
        stems = [t.text for t in self._stem(lowered, mode="query")]
        if not stems:
            return True  # a stop word
        reader = self._searcher.reader()
        return all(("en", s) in reader for s in stems) or lowered in self._known_set

    def correct(self, query: str, keep: frozenset[str] = frozenset()) -> Correction | None:
        """The query with misspelt words corrected, or None when every word is known.
        `keep`: other words (lower case) never corrected, such as the words of card names."""
        changed: list[tuple[str, str]] = []

        def fix(match: re.Match[str]) -> str:
            word = match.group(0)
            if not word.isalpha() or word in _OPERATORS or word.lower() in keep or self.known(word):
                return word
            lowered = word.lower()
            found = self._corrector.suggest(lowered, limit=CANDIDATES, maxdist=MAX_EDITS, prefix=1)
            if not found:
                return word
            import difflib

            best = max(found, key=lambda w: (difflib.SequenceMatcher(None, lowered, w).ratio(), w))
            changed.append((word, best))
            return best

        text = _BARE_WORD_RE.sub(fix, query)
        return Correction(text, tuple(changed)) if changed else None
