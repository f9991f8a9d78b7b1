"""The difference between two versions of one clause: by word for English, by character for Chinese."""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import Literal

from pal_judge.corpus.zh_parser import REF_RE
from pal_judge.diff.pairing import MIN_SIMILARITY

Lang = Literal["zh", "en"]
Op = tuple[str, str]  # ("=" kept | "-" removed | "+" added, text)

# English words, runs of spaces and single punctuation marks: a diff never splits a word.
_EN_TOKEN = re.compile(r"\w+|\s+|[^\w\s]")
# Every cross-reference counts as one token, so "10.5.1" -> "10.5.2" is one change.
_REF_PLACEHOLDER = "§"


def tokens(text: str, lang: Lang) -> list[str]:
    """Words (English) or characters (Chinese), a cross-reference number kept whole."""
    out: list[str] = []
    position = 0
    for ref in REF_RE.finditer(text):
        out.extend(_plain_tokens(text[position:ref.start()], lang))
        out.append(ref.group())
        position = ref.end()
    out.extend(_plain_tokens(text[position:], lang))
    return out


def _plain_tokens(text: str, lang: Lang) -> list[str]:
    return _EN_TOKEN.findall(text) if lang == "en" else list(text)


def without_refs(text: str) -> str:
    """The text with every cross-reference number replaced by one mark: two versions that differ
    only in renumbered references compare equal (the references are checked on their own)."""
    return REF_RE.sub(_REF_PLACEHOLDER, text)


def similarity(old: str, new: str, lang: Lang) -> float:
    """Share of the two texts' words (English) or characters (Chinese) they have in common, 0..1
    (an upper bound, cheaper to compute, when that bound is already below MIN_SIMILARITY)."""
    matcher = SequenceMatcher(None, tokens(old, lang), tokens(new, lang), autojunk=False)
    for bound in (matcher.real_quick_ratio, matcher.quick_ratio):
        if bound() < MIN_SIMILARITY:
            return bound()
    return matcher.ratio()


def text_diff(old: str, new: str, lang: Lang) -> list[Op]:
    """The edit from `old` to `new` as kept, removed and added runs, in order."""
    a, b = tokens(old, lang), tokens(new, lang)
    ops: list[Op] = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            ops.append(("=", "".join(a[i1:i2])))
            continue
        if i2 > i1:
            ops.append(("-", "".join(a[i1:i2])))
        if j2 > j1:
            ops.append(("+", "".join(b[j1:j2])))
    return ops
