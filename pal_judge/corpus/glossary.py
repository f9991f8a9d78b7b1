"""The bilingual glossary of game terms (rules/glossary.yaml).

Matching rules, shared by every user of the glossary:
* English: case-insensitive, whole words (no letter on either side), a plural
  `s`/`es` allowed, typographic apostrophes folded; the longest variant wins
  where several start at the same place ("quick step" before "Quick").
* Chinese: plain substring, longest variant first; a one-character variant
  (element and color names such as 炎, 红) only matches when no other Chinese
  character touches it, as on the element lines of chapter 2.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from pal_judge.corpus.yaml_data import DataFileError, load_yaml_list, require_mapping


def normalize(text: str) -> str:
    """NFKC, typographic quotes folded to ASCII, case folded: the form lookups compare."""
    text = unicodedata.normalize("NFKC", text)
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    return text.casefold().strip()


@dataclass(frozen=True)
class Term:
    id: str
    kind: str
    en: tuple[str, ...]
    zh: tuple[str, ...]
    defined_in: str | None = None
    # `sense`: the only forms in which the word is this game term (事件 is the Event card
    # type only as “事件” or 事件卡; elsewhere it is "an occurrence"). Empty: every match counts.
    sense_en: tuple[str, ...] = ()
    sense_zh: tuple[str, ...] = ()
    # `forms`: verb and short forms that render the term in running text ("stands" for
    # stand state) without being variants of its name.
    forms_en: tuple[str, ...] = ()
    forms_zh: tuple[str, ...] = ()

    @property
    def en_name(self) -> str:
        return self.en[0]

    @property
    def zh_name(self) -> str:
        return self.zh[0]


@dataclass(frozen=True)
class TermMatch:
    """One occurrence of a term in a text: `text[start:end]` is the matched variant."""

    term: Term
    start: int
    end: int


# English texts are matched by `_EnglishFinder`: it needs no compiling (the pattern of every variant
# takes about 10 ms) and reads the whole book faster than that pattern does (about 22 ms against 37).
_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
# The characters outside ASCII that IGNORECASE pairs with an ASCII letter (İ ı ſ and the Kelvin sign;
# tests/corpus/test_corpus_glossary.py asks `re` itself): a text holding one is left to the pattern.
_PAIRED_WITH_ASCII_LETTERS = frozenset("\u0130\u0131\u017f\u212a")


def _en_pattern(variants: list[str]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(v) for v in sorted(variants, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z])(?:{alternatives})(?:e?s)?(?![A-Za-z])", re.IGNORECASE)


def _is_cjk(char: str) -> bool:
    """Kana, CJK extension A or a unified ideograph: the characters a lone one-character variant must not touch."""
    return "\u3040" <= char <= "\u30ff" or "\u3400" <= char <= "\u4dbf" or "\u4e00" <= char <= "\u9fff"


class _EnglishFinder:
    """Finds what `_en_pattern` of the same variants finds in a text folded by `_fold_en`, without
    compiling it: at each place no letter precedes, the variants in the pattern's order (longest
    first) starting with that character, each taking the first of `es`, `s` or nothing after which
    no letter follows; left to right without overlaps. The text and the variants are lower case,
    and outside the characters of _PAIRED_WITH_ASCII_LETTERS (`exact_for`) IGNORECASE pairs a lower-case
    character only with itself, so comparing characters is the pattern's matching. `exact` is
    False when a variant holds a cased character outside ASCII: then only the pattern is used."""

    def __init__(self, variants: list[str]) -> None:
        self._starting: dict[str, list[str]] = {}
        self.exact = all(variant.isascii() or all(c.isascii() or c.lower() == c.upper() for c in variant)
                         for variant in variants)
        for variant in sorted(variants, key=len, reverse=True):
            self._starting.setdefault(variant[0], []).append(variant)

    def exact_for(self, text: str) -> bool:
        return self.exact and _PAIRED_WITH_ASCII_LETTERS.isdisjoint(text)

    def spans(self, text: str) -> Iterator[tuple[int, int]]:
        start, end = 0, len(text)
        while start < end:
            found = 0
            if not (start and text[start - 1] in _ASCII_LETTERS):
                for variant in self._starting.get(text[start], ()):
                    if text.startswith(variant, start):
                        found = _end_with_plural(text, start + len(variant))
                        if found:
                            break
            if found:
                yield start, found
                start = found
            else:
                start += 1


def _end_with_plural(text: str, after: int) -> int:
    """Where a variant ending at `after` ends with `(?:e?s)?(?![A-Za-z])`: after `es`, `s` or
    nothing, the first not followed by a letter (0: none is)."""
    for suffix in ("es", "s", ""):
        end = after + len(suffix)
        if text.startswith(suffix, after) and (end == len(text) or text[end] not in _ASCII_LETTERS):
            return end
    return 0


class _ChineseFinder:
    """Finds Chinese variants in a text, longest first, left to right without overlaps; a variant of
    one Chinese character only standing alone (no Chinese character either side). A lookup by a
    variant's first character, never one regular expression of every variant: that one took tens of
    milliseconds to compile on every `ask`."""

    def __init__(self, variants: list[str]) -> None:
        self._starting: dict[str, list[str]] = {}
        self._lone: set[str] = set()
        for variant in sorted(variants, key=len, reverse=True):
            if len(variant) == 1 and _is_cjk(variant):
                self._lone.add(variant)
            else:
                self._starting.setdefault(variant[0], []).append(variant)

    def spans(self, text: str) -> Iterator[tuple[int, int]]:
        start, end = 0, len(text)
        while start < end:
            char = text[start]
            found = next((len(v) for v in self._starting.get(char, ()) if text.startswith(v, start)), 0)
            if not found and char in self._lone and not (start and _is_cjk(text[start - 1])) \
                    and not (start + 1 < end and _is_cjk(text[start + 1])):
                found = 1
            if found:
                yield start, start + found
                start += found
            else:
                start += 1


class Glossary:
    """All terms, with lookups by variant and finders over English or Chinese text."""

    def __init__(self, terms: tuple[Term, ...]) -> None:
        self.terms = terms
        self._by_key: dict[str, Term] = {}
        en_owner: dict[str, Term] = {}
        zh_owner: dict[str, Term] = {}
        for term in terms:
            self._by_key.setdefault(normalize(term.id), term)
            for variant in term.en:
                self._by_key.setdefault(normalize(variant), term)
                en_owner.setdefault(_fold_en(variant), term)
            for variant in term.zh:
                self._by_key.setdefault(normalize(variant), term)
                zh_owner.setdefault(variant, term)
        self._en_owner = en_owner
        self._zh_owner = zh_owner
        # Made on first use: `lookup` (all `pal-judge rule` needs) does without them.
        self._en_re: re.Pattern[str] | None = None
        self._en_finder: _EnglishFinder | None = None
        self._zh_finder: _ChineseFinder | None = None

    def __len__(self) -> int:
        return len(self.terms)

    def get(self, term_id: str) -> Term | None:
        return next((t for t in self.terms if t.id == term_id), None)

    def lookup(self, text: str) -> Term | None:
        """The term having `text` as one of its variants (or as its id), either language."""
        return self._by_key.get(normalize(text))

    def matches_en(self, text: str) -> list[TermMatch]:
        if not self._en_owner:
            return []
        folded = _fold_en(text)  # same length as text: offsets stay valid
        found = []
        for start, end in self._en_spans(folded):
            word = folded[start:end]
            term = self._en_owner.get(word) or self._en_owner.get(_strip_plural(word, self._en_owner))
            if term is not None:
                found.append(TermMatch(term, start, end))
        return found

    def _en_spans(self, folded: str) -> Iterator[tuple[int, int]]:
        """Where English variants occur in `folded`: through `_EnglishFinder`, or where it cannot read a
        text exactly, the pattern of every variant, compiled once; the same spans either way."""
        if self._en_finder is None:
            self._en_finder = _EnglishFinder(list(self._en_owner))
        if self._en_finder.exact_for(folded):
            return self._en_finder.spans(folded)
        if self._en_re is None:
            self._en_re = _en_pattern(list(self._en_owner))
        return (match.span() for match in self._en_re.finditer(folded))

    def matches_zh(self, text: str) -> list[TermMatch]:
        if not self._zh_owner:
            return []
        if self._zh_finder is None:
            self._zh_finder = _ChineseFinder(list(self._zh_owner))
        return [TermMatch(self._zh_owner[text[start:end]], start, end) for start, end in self._zh_finder.spans(text)]

    def terms_in_en(self, text: str) -> list[Term]:
        """Terms found in an English text, in order of first occurrence, without repeats."""
        return _unique(m.term for m in self.matches_en(text))

    def terms_in_zh(self, text: str) -> list[Term]:
        """Terms found in a Chinese text, in order of first occurrence, without repeats."""
        return _unique(m.term for m in self.matches_zh(text))


def _fold_en(text: str) -> str:
    """Lower case with typographic apostrophes folded, keeping every offset."""
    return text.replace("\u2019", "'").replace("\u2018", "'").lower()


def _strip_plural(word: str, known: dict[str, Term]) -> str:
    for suffix in ("es", "s"):
        if word.endswith(suffix) and word[: -len(suffix)] in known:
            return word[: -len(suffix)]
    return word


def _unique(terms: object) -> list[Term]:
    seen: dict[str, Term] = {}
    for term in terms:  # type: ignore[attr-defined]
        seen.setdefault(term.id, term)
    return list(seen.values())


def default_glossary_path() -> Path:
    from pal_judge.paths import rules_dir

    return rules_dir() / "glossary.yaml"


def load_glossary(path: Path | None = None) -> Glossary:
    """Read rules/glossary.yaml (or `path`); a malformed entry raises DataFileError naming its line."""
    path = path or default_glossary_path()
    terms: list[Term] = []
    seen_ids: set[str] = set()
    for line, item in load_yaml_list(path):
        entry = require_mapping(path, line, item, ("id", "kind", "en", "zh"))
        term_id = str(entry["id"])
        if term_id in seen_ids:
            raise DataFileError(path, line, f"duplicate id {term_id!r}")
        seen_ids.add(term_id)
        en, zh = entry["en"], entry["zh"]
        for name, value in (("en", en), ("zh", zh)):
            if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
                raise DataFileError(path, line, f"{term_id}: {name} must be a non-empty list of strings")
        defined_in = entry.get("defined_in")
        if defined_in is not None and not re.fullmatch(r"\d+(\.\d+)*", str(defined_in)):
            raise DataFileError(path, line, f"{term_id}: defined_in {defined_in!r} is not a section number")
        sense = _by_language(path, line, term_id, "sense", entry.get("sense"))
        forms = _by_language(path, line, term_id, "forms", entry.get("forms"))
        terms.append(
            Term(
                id=term_id,
                kind=str(entry["kind"]),
                en=tuple(v.strip() for v in en),
                zh=tuple(v.strip() for v in zh),
                defined_in=str(defined_in) if defined_in is not None else None,
                sense_en=sense["en"],
                sense_zh=sense["zh"],
                forms_en=forms["en"],
                forms_zh=forms["zh"],
            )
        )
    return Glossary(tuple(terms))


def _by_language(path: Path, line: int, term_id: str, field: str, value: object) -> dict[str, tuple[str, ...]]:
    """An optional `{en: [...], zh: [...]}` field (`sense`, `forms`); either language may be left out."""
    if value is None:
        return {"en": (), "zh": ()}
    if not isinstance(value, dict) or not set(value) <= {"en", "zh"}:
        raise DataFileError(path, line, f"{term_id}: {field} must be a mapping with en and/or zh lists")
    out: dict[str, tuple[str, ...]] = {}
    for language in ("en", "zh"):
        items = value.get(language, [])
        if not isinstance(items, list) or not all(isinstance(v, str) and v.strip() for v in items):
            raise DataFileError(path, line, f"{term_id}: {field}.{language} must be a list of strings")
        out[language] = tuple(v.strip() for v in items)
    return out
