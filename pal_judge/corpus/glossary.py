"""The bilingual glossary of game terms (rules/glossary.yaml).

Matching rules, shared by every user of the glossary:
* English: case-insensitive (as Unicode matching ignoring case pairs letters with ASCII
  ones), whole words (no letter on either side), a plural `s`/`es` allowed, typographic
  apostrophes folded; the longest variant wins
  where several start at the same place ("quick step" before "Quick").
* Chinese: plain substring, longest variant first; a one-character variant
  (element and color names such as 炎, 红) only matches when no other Chinese
  character touches it, as on the element lines of chapter 2.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Iterable, Iterator, NamedTuple

from pal_judge.corpus.yaml_data import DataFileError, load_yaml_list, non_empty_strings, require_mapping


def normalize(text: str) -> str:
    """NFKC, typographic quotes folded to ASCII, case folded: the form lookups compare."""
    text = unicodedata.normalize("NFKC", text)
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    return text.casefold().strip()


class Term(NamedTuple):
    """A game term with its English and Chinese names (a named tuple, as `TermMatch` below)."""

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


class TermMatch(NamedTuple):
    """One occurrence of a term in a text: `text[start:end]` is the matched variant (a named tuple: the
    module is imported by every `rule` and `ask`, where a frozen dataclass costs several times more to define)."""

    term: Term
    start: int
    end: int


# Folding an English text keeps every offset: typographic apostrophes to ASCII, and the characters
# outside ASCII that Unicode case-insensitive matching pairs with an ASCII letter (İ ı ſ and the Kelvin
# sign; tests/corpus/test_corpus_glossary.py asks `re` for that set) to that letter, before lower
# casing (İ is the one character whose lower case is two).
_FOLD_EN = str.maketrans({"\u2019": "'", "\u2018": "'", "\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
_LOWER_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
_KEY_LENGTH = 3  # `_EnglishFinder` looks variants up by their first characters, up to this many


def _is_cjk(char: str) -> bool:
    """Kana, CJK extension A or a unified ideograph: the characters a lone one-character variant must not touch."""
    return "\u3040" <= char <= "\u30ff" or "\u3400" <= char <= "\u4dbf" or "\u4e00" <= char <= "\u9fff"


class _EnglishFinder:
    """Finds English variants (folded by `_fold_en`) in a folded text: left to right without
    overlaps, at each place no letter precedes, the longest variant starting there that a plural
    `es` or `s`, or nothing, ends with no letter after it. Only the places where a variant's
    first character stands after no letter are visited (one small pattern of those characters),
    and there only the variants sharing the text's next few characters are tried."""

    def __init__(self, variants: list[str]) -> None:
        self._key, self._starting = _by_first_characters(variants, _KEY_LENGTH)
        firsts = "".join(sorted({re.escape(variant[0]) for variant in variants}))
        self._places = re.compile(f"(?<![a-z])[{firsts}]")

    def matches(self, text: str) -> Iterator[tuple[int, int, str]]:
        """Each variant found as (start, end, the variant)."""
        done = 0  # where the last variant found ends
        for place in self._places.finditer(text):
            start = place.start()
            if start < done:
                continue
            for variant in self._starting.get(text[start : start + self._key], ()):
                if text.startswith(variant, start):
                    end = _end_with_plural(text, start + len(variant))
                    if end:
                        yield start, end, variant
                        done = end
                        break


def _by_first_characters(variants: list[str], most: int) -> tuple[int, dict[str, list[str]]]:
    """How many first characters the variants are looked up by (`most`, fewer when a variant is
    shorter), and the variants under those first characters, longest first."""
    key = min([most, *map(len, variants)])
    starting: dict[str, list[str]] = {}
    for variant in sorted(variants, key=len, reverse=True):
        starting.setdefault(variant[:key], []).append(variant)
    return key, starting


def _end_with_plural(text: str, after: int) -> int:
    """Where a variant ending at `after` ends: after `es`, `s` or nothing, the first not followed
    by a letter (0: none is)."""
    for suffix in ("es", "s", ""):
        end = after + len(suffix)
        if text.startswith(suffix, after) and (end == len(text) or text[end] not in _LOWER_LETTERS):
            return end
    return 0


class _ChineseFinder:
    """Finds Chinese variants in a text, longest first, left to right without overlaps; a variant of
    one Chinese character only standing alone (no Chinese character either side). Only the places
    holding a variant's first character are visited (one pattern of those characters), and there
    the variants are looked up by their first characters; never one regular expression of every
    variant: that one took tens of milliseconds to compile on every `ask`."""

    def __init__(self, variants: list[str]) -> None:
        self._lone = {variant for variant in variants if len(variant) == 1 and _is_cjk(variant)}
        others = [variant for variant in variants if variant not in self._lone]
        self._key, self._starting = _by_first_characters(others, 2)  # the others, by up to two first characters
        firsts = "".join(sorted(re.escape(chars[0]) for chars in {*self._starting, *self._lone}))
        self._places = re.compile(f"[{firsts}]")  # where a variant may start

    def spans(self, text: str) -> Iterator[tuple[int, int]]:
        done, end = 0, len(text)  # `done`: where the last variant found ends
        for place in self._places.finditer(text):
            start = place.start()
            if start < done:
                continue
            char, found = text[start], 0
            for variant in self._starting.get(text[start : start + self._key], ()):
                if text.startswith(variant, start):
                    found = len(variant)
                    break
            if not found and char in self._lone and not (start and _is_cjk(text[start - 1])) \
                    and not (start + 1 < end and _is_cjk(text[start + 1])):
                found = 1
            if found:
                yield start, start + found
                done = start + found


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
        return [TermMatch(self._en_owner[variant], start, end) for start, end, variant in self._found_en(text)]

    def matches_zh(self, text: str) -> list[TermMatch]:
        return [TermMatch(self._zh_owner[text[start:end]], start, end) for start, end in self._found_zh(text)]

    def terms_in_en(self, text: str) -> list[Term]:
        """Terms found in an English text, in order of first occurrence, without repeats."""
        return unique_terms(self._en_owner[variant] for _, _, variant in self._found_en(text))

    def terms_in_zh(self, text: str) -> list[Term]:
        """Terms found in a Chinese text, in order of first occurrence, without repeats."""
        return unique_terms(self._zh_owner[text[start:end]] for start, end in self._found_zh(text))

    def _found_en(self, text: str) -> Iterator[tuple[int, int, str]]:
        """Each English variant found in `text` (`_EnglishFinder.matches`); the offsets are `text`'s."""
        if not self._en_owner:
            return iter(())
        if self._en_finder is None:
            self._en_finder = _EnglishFinder(list(self._en_owner))
        return self._en_finder.matches(_fold_en(text))  # folding keeps the length: offsets stay valid

    def _found_zh(self, text: str) -> Iterator[tuple[int, int]]:
        """Where each Chinese variant is found in `text` (`_ChineseFinder.spans`)."""
        if not self._zh_owner:
            return iter(())
        if self._zh_finder is None:
            self._zh_finder = _ChineseFinder(list(self._zh_owner))
        return self._zh_finder.spans(text)


def _fold_en(text: str) -> str:
    """Lower case, folded by `_FOLD_EN`, keeping every offset."""
    return text.translate(_FOLD_EN).lower()


def unique_terms(terms: Iterable[Term]) -> list[Term]:
    """Each term once, by id, in the order first found."""
    seen: dict[str, Term] = {}
    for term in terms:
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
            if not non_empty_strings(value):
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
