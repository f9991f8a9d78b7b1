"""Whoosh analyzers for the two languages of the rulebook.

The schema (analyzers included) is pickled into the index, so the classes here
must keep this module path; `INDEX_FORMAT` in `store.py` is bumped whenever
they change, which makes every cached index stale.

* English: Whoosh's stemming pipeline, with NFKC applied to each token first
  (the English text mixes `(10.5.1)` and full-width `（7.2）`), numbers written as words
  read as digits (`two` -> `2`, `6th` -> `6`), and single digits kept ("5 Pals").
* Chinese: our own tokenizer. Runs of Han characters become overlapping
  character bigrams; at index time each character is also emitted as a
  unigram at the position of the bigram starting on it, so a one-character
  query (卡) still finds every clause holding it. Runs of letters and digits,
  including dotted section numbers such as `10.5.1`, stay whole. No
  dictionary, so nothing slow to load.
"""

from __future__ import annotations

import re
import string
import unicodedata
from typing import Iterator

from whoosh.analysis import STOP_WORDS, Filter, LowercaseFilter, StemmingAnalyzer, StopFilter, Token, Tokenizer

from pal_judge.search.simplified import HAN_RE

# Letters/digits run, dotted numbers kept whole: 10.5.1, 3.2, HP.
_WORD = r"[0-9A-Za-z\u00c0-\u024f]+(?:\.[0-9A-Za-z]+)*"
_CHUNK_RE = re.compile(rf"(?P<han>{HAN_RE.pattern}+)|(?P<word>{_WORD})")


def nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


class NfkcFilter(Filter):
    """Normalise each token's text with NFKC (full-width digits and brackets → ASCII)."""

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for token in tokens:
            token.text = nfkc(token.text)
            yield token


# Numbers written as words read as digits, in the text and in a question alike: "two Pals
# with Taunt" and "2 taunt guys" share `2`. "one" is left alone (it is as often a pronoun:
# "take one"); so are spelled ordinals ("first player", "second player" are roles).
NUMBER_WORDS = {w: str(n) for n, w in enumerate("zero one two three four five six seven eight nine ten".split()) if n != 1}
_ORDINAL_DIGITS_RE = re.compile(r"^(\d+)(?:st|nd|rd|th)$")  # 6th -> 6


# Whoosh's stop words, and single letters but X (the rulebook's X values); single digits are
# kept (Whoosh drops every one-character token): "5 Pals", "draw 1".
SHORT_STOPS = frozenset(STOP_WORDS) | (frozenset(string.ascii_lowercase) - {"x"})


class NumberWordFilter(Filter):
    """`two` -> `2`, `6th` -> `6` (after lowercasing)."""

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for token in tokens:
            text = NUMBER_WORDS.get(token.text, token.text)
            ordinal = _ORDINAL_DIGITS_RE.match(text)
            token.text = ordinal.group(1) if ordinal else text
            yield token


class HanBigramTokenizer(Tokenizer):
    """Han runs → overlapping bigrams (+ unigrams when indexing); other words whole.

    Character offsets always point into the original (un-normalised) text, so
    highlights can be drawn on the stored text. Each character is normalised
    with NFKC on its own, which keeps offsets one to one.
    """

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self))

    def __call__(  # type: ignore[override]
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs: object,
    ) -> Iterator[Token]:
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        normalised = "".join(nfkc(ch)[:1] or ch for ch in value)
        unigrams = mode != "query"
        pos = start_pos
        for match in _CHUNK_RE.finditer(normalised):
            run, at = match.group(0), start_char + match.start()  # `at`: offset in the original text
            if match.group("word") or len(run) == 1:
                yield _fill(token, run, pos, at, at + len(run), keeporiginal)
                pos += 1
                continue
            for i in range(len(run) - 1):
                yield _fill(token, run[i : i + 2], pos, at + i, at + i + 2, keeporiginal)
                if unigrams:
                    yield _fill(token, run[i], pos, at + i, at + i + 1, keeporiginal)
                pos += 1
            if unigrams:  # the last character has no bigram starting on it
                yield _fill(token, run[-1], pos - 1, at + len(run) - 1, at + len(run), keeporiginal)


def _fill(token: Token, text: str, pos: int, start: int, end: int, keeporiginal: bool) -> Token:
    token.text = text
    token.boost = 1.0
    token.stopped = False
    token.pos = pos
    token.startchar = start
    token.endchar = end
    if keeporiginal:
        token.original = text
    return token


def chinese_analyzer():  # type: ignore[no-untyped-def]
    return HanBigramTokenizer() | LowercaseFilter()


def english_analyzer():  # type: ignore[no-untyped-def]
    tokenizer, lowercase, _, stem = StemmingAnalyzer().items
    return tokenizer | NfkcFilter() | lowercase | NumberWordFilter() | StopFilter(SHORT_STOPS, minsize=1) | stem


def has_han(text: str) -> bool:
    return HAN_RE.search(text) is not None
