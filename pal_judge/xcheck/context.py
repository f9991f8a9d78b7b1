"""What every check receives: the units it reports on, the whole book's units and the glossary."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Collection, Iterable, Iterator

from pal_judge.corpus.glossary import Glossary, TermMatch
from pal_judge.xcheck.finding import Finding, Severity, Span
from pal_judge.xcheck.text import Token
from pal_judge.xcheck.units import Corpus, Orphan, Unit


@dataclass(frozen=True)
class Context:
    """`units` and `orphans`: those the checks report on (every one, or those filed under some
    sections); `book`: every unit, for what is measured over the whole book (the usual length
    ratio, the clause before, a term's renderings), so that a unit gets the same findings either way."""

    units: tuple[Unit, ...]
    orphans: tuple[Orphan, ...]
    glossary: Glossary | None
    book: tuple[Unit, ...]

    @classmethod
    def of(cls, corpus: Corpus, glossary: Glossary | None, sections: Collection[str] | None = None) -> "Context":
        """The context reporting on the whole book, or only on the units and orphans filed under
        `sections` (a unit under its first clause, an orphan under the clause it follows, or the
        book's first when it follows none: as their findings are filed)."""
        if sections is None:
            return cls(corpus.units, corpus.orphans, glossary, corpus.units)
        return cls(tuple(u for u in corpus.units if u.section in sections),
                   tuple(o for o in corpus.orphans if filed_under(o, corpus.units) in sections), glossary, corpus.units)

    def translated(self) -> Iterator[Unit]:
        """The units reported on that have both a Chinese and an English side."""
        return iter(self._translated_units)

    def book_translated(self) -> Iterator[Unit]:
        """Every unit of the book that has both a Chinese and an English side."""
        return iter(self._book_translated_units)

    @cached_property
    def _translated_units(self) -> tuple[Unit, ...]:
        return self._book_translated_units if self.whole_book else tuple(u for u in self.units if _translated(u))

    @cached_property
    def _book_translated_units(self) -> tuple[Unit, ...]:
        return tuple(u for u in self.book if _translated(u))

    @property
    def whole_book(self) -> bool:
        """Whether this context reports on every unit."""
        return self.units is self.book

    def reports(self, unit: Unit) -> bool:
        """Whether this context reports on `unit` (one of the book's)."""
        return self.whole_book or id(unit) in self._reported_ids

    @cached_property
    def _reported_ids(self) -> frozenset[int]:
        return frozenset(id(unit) for unit in self.units)

    def term_matches(self, text: str, zh: bool) -> tuple[TermMatch, ...]:
        """The glossary terms in `text` (Chinese when `zh`), none without a glossary: found once
        per text in this context, as several checks look for them in the same unit."""
        key = (zh, text)
        if key not in self._term_matches:
            glossary = self.glossary
            found = [] if glossary is None else glossary.matches_zh(text) if zh else glossary.matches_en(text)
            self._term_matches[key] = tuple(found)
        return self._term_matches[key]

    @cached_property
    def _term_matches(self) -> dict[tuple[bool, str], tuple[TermMatch, ...]]:
        return {}


def _translated(unit: Unit) -> bool:
    return bool(unit.en.strip() and unit.zh.strip())


def filed_under(orphan: Orphan, book: tuple[Unit, ...]) -> str:
    """The section an orphan's finding is filed under: the clause it follows, else the book's first."""
    return orphan.after or (book[0].section if book else "")


@dataclass(frozen=True)
class Check:
    id: str
    severity: Severity
    summary: str
    run: Callable[[Context], Iterable[Finding]]
    # False for review-only checks: run when named (--check) or with --all, not by default.
    default: bool = True


def spans(tokens: Iterable[Token], values: set[str] | None = None) -> tuple[Span, ...]:
    """The spans of the tokens (only those whose value is in `values`, if given)."""
    return tuple(t.span for t in tokens if values is None or t.value in values)


def multiset_diff(a: list[str], b: list[str]) -> tuple[Counter[str], Counter[str]]:
    """What `a` has more of than `b`, and what `b` has more of than `a`."""
    ca, cb = Counter(a), Counter(b)
    return ca - cb, cb - ca


def finding(unit: Unit, check: str, severity: Severity, message: str,
            en_marks: Iterable[Span] = (), zh_marks: Iterable[Span] = ()) -> Finding:
    return Finding(
        section=unit.section,
        check=check,
        severity=severity,
        en=unit.en,
        zh=unit.zh,
        message=message,
        en_marks=tuple(sorted(set(en_marks))),
        zh_marks=tuple(sorted(set(zh_marks))),
    )
