"""Questions outside the Comprehensive Rules (penalties, tournament policy, prices, sleeves).

The rulebook has no clause on them, so `ask` must say so rather than show the nearest
rules ruling. The topics and their marker words live in `out_of_scope.yaml`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from pal_judge.corpus.yaml_data import DataFileError, load_yaml_list, require_mapping
from pal_judge.search.han import has_han
from pal_judge.search.simplified import to_simplified

TOPICS_FILE = Path(__file__).resolve().parent / "out_of_scope.yaml"
_CACHE_FORMAT = 1
_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
_CURRENCY_SIGNS = frozenset("$€£¥￥")


class Topic(NamedTuple):  # a named tuple: cheaper to define at every start than a frozen dataclass
    name: str
    words: tuple[str, ...]

    def said_in(self, question: str) -> bool:
        """Is one of the topic's words in `question` (lower-cased, simplified)? A Chinese word
        or a currency sign ($40) anywhere, an English word as a whole word (no letter or digit
        on either side)."""
        for word in self.words:
            if has_han(word) or word in _CURRENCY_SIGNS:
                if word in question:
                    return True
            elif _whole_word_in(word.lower(), question):
                return True
        return False


def _whole_word_in(word: str, text: str) -> bool:
    """Does `word` occur in `text` with no a-z or 0-9 right before or after it? (The regular
    expression (?<![a-z0-9])word(?![a-z0-9]), without compiling one per word on every `ask`.)"""
    start = text.find(word)
    while start != -1:
        end = start + len(word)
        if (start == 0 or text[start - 1] not in _WORD_CHARS) and (end == len(text) or text[end] not in _WORD_CHARS):
            return True
        start = text.find(word, start + 1)
    return False


@lru_cache(maxsize=2)
def topics(path: Path = TOPICS_FILE) -> tuple[Topic, ...]:
    """The topics of `path`, from a plain JSON cache keyed by the file and this module (a warm `ask`
    never loads the YAML parser); a mistake in the file names its line, as the parse reports it."""
    from pal_judge.fingerprint import fingerprint
    from pal_judge.json_cache import cached_json

    key = fingerprint(f"out-of-scope {_CACHE_FORMAT}", [path, Path(__file__)])
    return cached_json("out-of-scope", key, lambda: [[t.name, list(t.words)] for t in _parse(path)], read=_stored_topics)


def _stored_topics(entries: list[list[object]]) -> tuple[Topic, ...]:
    """The topics as `topics` stores them; ValueError or TypeError when they are not that."""
    found = tuple(Topic(name, tuple(words)) for name, words in entries)  # type: ignore[arg-type]
    if not all(isinstance(v, str) for t in found for v in (t.name, *t.words)):
        raise ValueError("not the out-of-scope topics")
    return found


def _parse(path: Path) -> tuple[Topic, ...]:
    found = []
    for line, item in load_yaml_list(path):
        entry = require_mapping(path, line, item, ("topic", "say"))
        words = entry["say"]
        if not isinstance(entry["topic"], str) or not isinstance(words, list) or not all(
            isinstance(w, (str, int)) and str(w).strip() for w in words
        ):
            raise DataFileError(path, line, "topic must be a string and say a non-empty list of words")
        found.append(Topic(entry["topic"], tuple(str(w).strip() for w in words)))
    return tuple(found)


def out_of_scope(question: str) -> Topic | None:
    """The out-of-scope topic the question is about, or None. `question` as typed (any script)."""
    text = to_simplified(question).lower()
    return next((t for t in topics() if t.said_in(text)), None)
