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
  including dotted section numbers such as `10.5.1`, stay whole (lowercased). No
  dictionary, so nothing slow to load.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections import defaultdict
from typing import Iterator

import pal_judge.search.deferred_imports  # noqa: F401 (first: Whoosh without the modules it never uses)
from whoosh.analysis import (
    STOP_WORDS,
    CompositeAnalyzer,
    Filter,
    RegexTokenizer,
    StemmingAnalyzer,
    StopFilter,
    Token,
    Tokenizer,
)

from pal_judge.search.han import HAN_MARK, marked

# Letters/digits run, dotted numbers kept whole: 10.5.1, 3.2, HP.
_WORD = r"[0-9A-Za-z\u00c0-\u024f]+(?:\.[0-9A-Za-z]+)*"
# Read over `marked` text (every Han character one mark): a run of Han characters, or a word.
_CHUNK_RE = re.compile(rf"(?P<han>{HAN_MARK}+)|(?P<word>{_WORD})")


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
    """Han runs → overlapping bigrams (+ unigrams when indexing); other words whole, lowercased.

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
        for text, pos, start, end in self.spans(value, unigrams=mode != "query", start_pos=start_pos, start_char=start_char):
            yield _fill(token, text, pos, start, end, keeporiginal)

    @staticmethod
    def spans(value: str, unigrams: bool, start_pos: int = 0, start_char: int = 0) -> Iterator[tuple[str, int, int, int]]:
        """Each token as (text, position, start, end), the offsets into `value`."""
        normalised = value.translate(_CHAR_NFKC)
        pos = start_pos
        for match in _CHUNK_RE.finditer(marked(normalised)):
            run, at = normalised[match.start() : match.end()], start_char + match.start()  # `at`: offset in the original text
            if match.lastgroup == "word" or len(run) == 1:
                yield run.lower(), pos, at, at + len(run)
                pos += 1
                continue
            for i in range(len(run) - 1):
                yield run[i : i + 2], pos, at + i, at + i + 2
                if unigrams:
                    yield run[i], pos, at + i, at + i + 1
                pos += 1
            if unigrams:  # the last character has no bigram starting on it
                yield run[-1], pos - 1, at + len(run) - 1, at + len(run)


class _CharNfkc(dict):  # type: ignore[type-arg]
    """`str.translate` table: each character to the first character of its NFKC form (itself when
    that is empty), so that offsets stay one to one; filled as characters are met."""

    def __missing__(self, code: int) -> str:
        ch = chr(code)
        normal = nfkc(ch)[:1] or ch
        if len(self) < _CHAR_NFKC_MAX:
            self[code] = normal
        return normal


_CHAR_NFKC_MAX = 65_536  # bounded: a query may hold any characters
_CHAR_NFKC = _CharNfkc()


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
    return CompositeAnalyzer(HanBigramTokenizer())  # lowercases its words itself: no filter to run per token


# Whoosh's default words (`[\w\*]+(\.?[\w\*]+)*`, its `*` kept for wildcards) without the capturing
# group: the same matches (a dot continues a word only when a word character follows, and a run
# of word characters is taken whole either way), and `findall` gives the words themselves. Also
# the words `highlight.py` marks, so that it finds the very words the index holds.
EN_WORD_RE = re.compile(r"[\w\*]+(?:\.[\w\*]+)*")


def english_analyzer():  # type: ignore[no-untyped-def]
    _, lowercase, _, stem = StemmingAnalyzer().items
    tokenizer = RegexTokenizer(expression=EN_WORD_RE)
    return tokenizer | NfkcFilter() | lowercase | NumberWordFilter() | StopFilter(SHORT_STOPS, minsize=1) | stem


def index_positions(analyzer: CompositeAnalyzer, value: str, terms: dict[str, tuple[str, ...]]) -> dict[str, list[int]]:
    """The words `analyzer` indexes `value` as, each with its positions: what its tokens in index
    mode give, stop words left out. Our analyzers' filters change each token alone (none reads
    a neighbour), so each distinct raw token is filtered once, and remembered in `terms` (raw
    token -> the words it becomes) for the next values."""
    tokenizer, *filters = analyzer.items
    if isinstance(tokenizer, HanBigramTokenizer) and not filters:
        return _han_positions(value)
    return _filtered_positions(tokenizer, filters, value, terms)


def _han_positions(value: str) -> dict[str, list[int]]:
    """The Chinese analyzer's index-mode tokens (`HanBigramTokenizer.spans` with unigrams) gathered
    by word in one loop, without their offsets: a Han run's bigram and unigram at each of its
    characters share a position, its last character's unigram that of the bigram before it."""
    positions: defaultdict[str, list[int]] = defaultdict(list)
    pos = 0
    normalised = value.translate(_CHAR_NFKC)
    for match in _CHUNK_RE.finditer(marked(normalised)):
        run = normalised[match.start() : match.end()]
        if match.lastgroup == "word" or len(run) == 1:
            positions[run.lower()].append(pos)
            pos += 1
            continue
        for i in range(len(run) - 1):
            positions[run[i : i + 2]].append(pos)
            positions[run[i]].append(pos)
            pos += 1
        positions[run[-1]].append(pos - 1)
    return positions


def _filtered_positions(
    tokenizer: Tokenizer, filters: list[Filter], value: str, terms: dict[str, tuple[str, ...]]
) -> dict[str, list[int]]:
    """Each raw token's words (filtered once per build, `terms`) with their positions, renumbered
    from the first kept token's on when a stop filter renumbers, as Whoosh's StopFilter does."""
    # Each match a token, numbered in order; no capturing group, so that `findall` gives the matches themselves.
    assert isinstance(tokenizer, RegexTokenizer) and not tokenizer.gaps and tokenizer.expression.groups == 0
    renumbered = any(isinstance(step, StopFilter) and step.renumber for step in filters)
    positions: defaultdict[str, list[int]] = defaultdict(list)
    kept, first = 0, -1  # tokens kept so far, position of the first one
    for pos, raw in enumerate(tokenizer.expression.findall(value)):
        words = terms.get(raw)
        if words is None:
            words = terms[raw] = _filtered(filters, raw)
        if not words:
            continue
        if renumbered:
            first = pos if first < 0 else first
            pos = first + kept
            kept += 1
        for word in words:
            positions[word].append(pos)
    return positions


def _filtered(filters: list[Filter], raw: str) -> tuple[str, ...]:
    """The words one raw token becomes through `filters` (none when it is a stop word)."""
    tokens: Iterator[Token] = iter([Token(positions=True, mode="index", text=raw, pos=0, boost=1.0, stopped=False)])
    for step in filters:
        tokens = step(tokens)
    return tuple(token.text for token in tokens if not token.stopped)


def han_runs_in(text: str) -> Iterator[str]:
    """Each run of Chinese characters (`han.py`) in `text`, whole, in order: the Han chunks the
    Chinese analyzer cuts (a word of letters or digits never holds one)."""
    return (text[match.start() : match.end()] for match in _CHUNK_RE.finditer(marked(text)) if match.lastgroup == "han")
