"""Text primitives for comparing a Chinese clause with its English: numbers,
section references, comparisons, sentences. All offsets refer to the original
strings: NFKC is applied character by character so spans stay valid."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from pal_judge.xcheck.finding import Span


class _FoldTable(dict[int, str]):
    """Each character's one-character NFKC form, worked out the first time it is met."""

    def __missing__(self, code: int) -> str:
        ch = chr(code)
        norm = unicodedata.normalize("NFKC", ch)
        self[code] = folded = norm if len(norm) == 1 else ch
        return folded


_FOLDED = _FoldTable()


def fold(text: str) -> str:
    """NFKC per character, keeping one output character per input character.

    Full-width digits and brackets become ASCII, ① becomes 1; a character whose
    NFKC form is longer than one character (rare here) is kept as it is.
    """
    return text.translate(_FOLDED)


# The checks' own patterns (a fixed set, written in their modules), each compiled once.
_compiled = cache(re.compile)


def pattern_spans(pattern: str, text: str, flags: int = 0) -> list[Span]:
    """Where one of the checks' patterns matches in `text`."""
    return [m.span() for m in _compiled(pattern, flags).finditer(text)]


# Section references: dotted numbers such as 10.5.1 (a sentence's final period is not part of them).
REF_RE = re.compile(r"(?<![\d.])\d+(?:\.\d+)+(?=\.?(?!\d))")


@dataclass(frozen=True)
class Token:
    """A value found in a text and where it is."""

    value: str
    span: Span


def find_refs(text: str) -> list[Token]:
    """Cross-references (dotted section numbers) in either language, in order."""
    return [Token(m.group(0), m.span()) for m in REF_RE.finditer(fold(text))]


# --- numbers ---------------------------------------------------------------

EN_NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "twenty": 20, "once": 1, "twice": 2, "single": 1,
}
# Words that carry a number implicitly (Verifika-style equivalence list).
EN_IMPLICIT = {"horizontally": 90, "horizontal": 90}
_EN_NUM_RE = re.compile(
    r"(?<![\w.])(\d+)(?![\d]|\.\d)|\b(" + "|".join(sorted({**EN_NUMBER_WORDS, **EN_IMPLICIT}, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)

ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
# A Chinese numeral counts only before a measure word (一 is too often "a"/"one of" to count).
_ZH_CLASSIFIERS = "名张只个次点项种枚位回"
_ZH_NUM_RE = re.compile(
    r"(?<![\d.])(\d+)(?![\d]|\.\d)|([二两三四五六七八九十])(?=[" + _ZH_CLASSIFIERS + r"])|(清零|归零)"
)


def find_numbers_en(text: str) -> list[Token]:
    """Numbers in English text: digits, number words, implicit numbers; references excluded."""
    folded = _blank_refs(fold(text))
    tokens = []
    for m in _EN_NUM_RE.finditer(folded):
        if m.group(1):
            tokens.append(Token(str(int(m.group(1))), m.span()))
        else:
            word = m.group(2).lower()
            tokens.append(Token(str(EN_NUMBER_WORDS.get(word, EN_IMPLICIT.get(word))), m.span()))
    return tokens


def find_numbers_zh(text: str) -> list[Token]:
    """Numbers in Chinese text: digits (incl. full-width and circled), numerals before a measure word."""
    folded = _blank_refs(fold(text))
    tokens = []
    for m in _ZH_NUM_RE.finditer(folded):
        if m.group(1):
            tokens.append(Token(str(int(m.group(1))), m.span()))
        elif m.group(2):
            tokens.append(Token(str(ZH_DIGITS[m.group(2)]), m.span()))
        else:
            tokens.append(Token("0", m.span()))
    return tokens


# Words that stand for a small number without writing it: a 0 or a 2 on one side is
# not a difference when the other side says "no"/没有 or "both"/两.
SOFT_EQUIVALENTS: dict[str, tuple[str, str]] = {
    "0": (r"\b(?:no|none|nothing|empty|zero)\b", r"没有|无|清零|归零|不存在"),
    "2": (r"\b(?:both|two|either|pair|and)\b", r"两|双方|二|之间|和"),
}


def soft_match(value: str, en: str, zh: str, missing_from: str) -> bool:
    """True when `value`, missing from one side, is said there in words."""
    patterns = SOFT_EQUIVALENTS.get(value)
    if patterns is None:
        return False
    en_re, zh_re = patterns
    if missing_from == "en":
        return re.search(en_re, en, re.IGNORECASE) is not None
    return re.search(zh_re, zh) is not None


def enumeration_sizes(zh: str) -> set[int]:
    """Sizes of the lists a Chinese text enumerates (“A”、“B”、“C” … or A和B), as a
    stated count in English ("five different types") may only count them."""
    sizes = set()
    for piece in re.split(r"[，,；;。：:]", zh):
        items = piece.count("、")
        if items or re.search(r"[”」]\s*[和与或]\s*[“「]", piece):
            sizes.add(items + 1 + (1 if re.search(r"[和与或]", piece.rsplit("、", 1)[-1]) else 0))
    return sizes


def _blank_refs(text: str) -> str:
    return REF_RE.sub(lambda m: " " * len(m.group(0)), text)


# --- comparisons: a number with its bound ------------------------------------

# Relation names: le (≤), lt (<), ge (≥), gt (>).
_N = r"(\d+|\(数值\)|（数值）|\(number\)|X)"
_BoundTable = tuple[tuple[re.Pattern[str], str], ...]


def _bound_table(table: tuple[tuple[str, str], ...]) -> _BoundTable:
    return tuple((re.compile(pattern, re.IGNORECASE), relation) for pattern, relation in table)


ZH_BOUNDS: _BoundTable = _bound_table((
    (rf"小于或等于{_N}|{_N}或以下|{_N}或0以下|不超过{_N}|不多于{_N}|不高于{_N}|最多{_N}|{_N}以下", "le"),
    (rf"大于或等于{_N}|大于等于{_N}|{_N}或以上|{_N}或大于{_N}|达到或超过{_N}|不少于{_N}|不低于{_N}|至少{_N}|{_N}以上", "ge"),
    (rf"小于{_N}|少于{_N}|低于{_N}|不足{_N}|未满{_N}|不满{_N}|不到{_N}", "lt"),
    (rf"大于{_N}|超过{_N}|多于{_N}|高于{_N}", "gt"),
))
EN_BOUNDS: _BoundTable = _bound_table((
    (rf"{_N} or less|{_N} or below|{_N} or fewer|{_N} or lower|less than or equal to {_N}|up to (?:a total of )?{_N}|"
     rf"no more than {_N}|not more than {_N}|at most {_N}", "le"),
    (rf"{_N} or more|{_N} or greater|{_N} or above|{_N} or higher|equal to or greater than {_N}|"
     rf"greater than or equal to {_N}|no less than {_N}|not less than {_N}|at least {_N}", "ge"),
    (rf"less than {_N}|fewer than {_N}|below {_N}|under {_N}", "lt"),
    (rf"greater than {_N}|more than {_N}|exceeds? {_N}|over {_N}", "gt"),
))


@dataclass(frozen=True)
class Bound:
    value: str  # the number, or "n" for a placeholder such as (数值) / (number)
    relation: str
    span: Span


def _bounds(text: str, table: _BoundTable) -> list[Bound]:
    folded = fold(text)
    found: list[Bound] = []
    taken: list[Span] = []
    for pattern, relation in table:
        for m in pattern.finditer(folded):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            number = next(g for g in m.groups() if g is not None)
            value = number if number.isdigit() else "n"
            found.append(Bound(value, relation, m.span()))
            taken.append(m.span())
    return sorted(found, key=lambda b: b.span)


def find_bounds_en(text: str) -> list[Bound]:
    return _bounds(text, EN_BOUNDS)


def find_bounds_zh(text: str) -> list[Bound]:
    return _bounds(text, ZH_BOUNDS)


# --- sentences -------------------------------------------------------------

# A sentence ends at a full stop, never at ；/; (a clause separator). A full stop inside
# quotation marks (“…。若如此做…”, “8. Main Phase Processes”) quotes another text.
_ZH_SENTENCE_END = re.compile(r"[。！？]")
_EN_SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)[.!?](?=\s+[A-Z“\"(]|\s*$)")
_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"|「[^」]*」")
# Examples, which the Chinese prints on lines of their own (例：, 示例：) and the English runs on.
_EN_EXAMPLE = re.compile(r"(?:^|(?<=[.!?:]\s))(?:E\.g\.|For example\b|Example\b).*$", re.DOTALL)


def _unquoted(text: str) -> str:
    """`text` with every quotation blanked (same length)."""
    return _QUOTED.sub(lambda m: " " * len(m.group(0)), text)


def count_sentences_zh(text: str) -> int:
    """Sentences of the clause itself: attached list and example lines are counted apart."""
    body = _unquoted(text.split("\n")[0]).rstrip()
    return max(1, len(_ZH_SENTENCE_END.findall(body.rstrip("。！？"))) + 1)


def count_sentences_en(text: str) -> int:
    """Sentences ended by a full stop, without run-on examples (E.g., For example) and
    without a trailing fragment with no full stop (a list the Chinese prints on lines)."""
    body = _EN_EXAMPLE.sub("", _unquoted(text)).rstrip()
    ends = _EN_SENTENCE_END.findall(body.rstrip(".!? "))
    if ends and body and body[-1] not in ".!?":
        return len(ends)  # the text after the last full stop is a list, not a sentence
    return max(1, len(ends) + 1)
