"""Search tokens for the offline index, mirrored exactly by `assets/search.js`.

English: lower-cased words with a light suffix stemmer (attacks, attacked,
attacking -> attack). Chinese: every character (unigram) and every pair of
adjacent characters (bigram) of each run of Han characters. Dotted section
numbers (9.6.3) are kept whole. Any change here must be made in search.js too
(the browser tests compare the two).
"""

from __future__ import annotations

import re

TOKEN_RE = re.compile(r"[0-9]+(?:\.[0-9]+)+|[a-z]+|[0-9]+|[\u3400-\u9fff\uf900-\ufaff]+")
HAN_RE = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
STOPWORDS = frozenset(
    "a an and are as at be by for from has he her his if in is it its of on or she that the their them "
    "then there these they this to was were which will with".split()
)
_NO_UNDOUBLE = frozenset("lsz")


def stem(word: str) -> str:
    """A small, predictable English stemmer (not Porter: it must be easy to mirror in JavaScript)."""
    if len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in _NO_UNDOUBLE and word[-1] not in "aeiou":
                word = word[:-1]
            break
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def tokens(text: str) -> list[str]:
    """All search tokens of a text, in order, with repeats."""
    out: list[str] = []
    for match in TOKEN_RE.finditer(text.lower()):
        token = match.group(0)
        if HAN_RE.match(token):
            out.extend(token)
            out.extend(token[i : i + 2] for i in range(len(token) - 1))
        elif token[0].isdigit():
            out.append(token)
        elif token not in STOPWORDS:
            out.append(stem(token))
    return out
