"""Which characters of a hit's text to mark: the words the query matched.

Works on the stored text directly (no analyzer pipeline), mirroring the
analyzers: English words are NFKC-normalised, lower-cased and stemmed before
comparing; Chinese terms (bigrams, whole numbers) are found as substrings.
Single Chinese characters are marked only when the query had nothing longer
(they are weak evidence of a longer question and would mark half the text).
"""

from __future__ import annotations

from functools import lru_cache
from typing import AbstractSet, Iterable, Iterator

import pal_judge.search.deferred_imports  # noqa: F401 (first: Whoosh without the modules it never uses)
from whoosh.lang.porter import stem
from whoosh.query import Not, Query

from pal_judge.search.analysis import EN_WORD_RE, nfkc
from pal_judge.search.hits import Span


@lru_cache(maxsize=8192)
def _stem(word: str) -> str:
    return stem(word)


def query_terms(query: Query) -> tuple[set[str], set[str]]:
    """The words a compiled query looks for in the `en` and `zh` fields (not the excluded ones)."""
    en: set[str] = set()
    zh: set[str] = set()
    for field, text in _wanted_terms(query):
        word = text.decode("utf-8") if isinstance(text, bytes) else str(text)
        if field == "en":
            en.add(word)
        elif field == "zh":
            zh.add(word)
    if any(len(w) > 1 for w in zh):
        zh = {w for w in zh if len(w) > 1}
    return en, zh


def _wanted_terms(query: Query) -> Iterator[tuple[str, object]]:
    """The terms of a query outside its NOT parts: `redraw NOT deck` does not mark "deck"."""
    if isinstance(query, Not):
        return
    if query.is_leaf():
        yield from query.iter_all_terms()
        return
    for child in query.children():
        yield from _wanted_terms(child)


def en_spans(text: str, wanted: AbstractSet[str]) -> tuple[Span, ...]:
    if not wanted:
        return ()
    spans: list[Span] = []
    for start, end, forms in _en_words(text):
        if forms.isdisjoint(wanted):
            continue
        if spans and not text[spans[-1][1] : start].strip():
            spans[-1] = (spans[-1][0], end)  # "lucky Pal icon" is one mark, not three
        else:
            spans.append((start, end))
    return tuple(spans)


@lru_cache(maxsize=4096)
def _en_words(text: str) -> tuple[tuple[int, int, frozenset[str]], ...]:
    """Each word of a text with the forms a query term may take of it (the word, its stem);
    a section is marked again for every question it answers."""
    words = []
    for match in EN_WORD_RE.finditer(text):
        word = nfkc(match.group(0)).lower()
        words.append((match.start(), match.end(), frozenset((word, _stem(word)))))
    return tuple(words)


def zh_spans(text: str, wanted: AbstractSet[str]) -> tuple[Span, ...]:
    if not wanted:
        return ()
    normalised = _zh_normalised(text)
    spans: list[Span] = []
    for word in wanted:
        start = normalised.find(word)
        while start >= 0:
            spans.append((start, start + len(word)))
            start = normalised.find(word, start + 1)
    return _merged(spans)


@lru_cache(maxsize=4096)
def _zh_normalised(text: str) -> str:
    return "".join(nfkc(ch)[:1] or ch for ch in text).lower()  # one character for one: offsets hold


def _merged(spans: Iterable[Span]) -> tuple[Span, ...]:
    merged: list[list[int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return tuple((s, e) for s, e in merged)
