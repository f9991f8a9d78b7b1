"""What every check receives: the units of the whole book and the glossary."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from pal_judge.corpus.glossary import Glossary
from pal_judge.xcheck.finding import Finding, Severity, Span
from pal_judge.xcheck.text import Token
from pal_judge.xcheck.units import Orphan, Unit


@dataclass(frozen=True)
class Context:
    units: tuple[Unit, ...]
    orphans: tuple[Orphan, ...]
    glossary: Glossary | None

    def translated(self) -> Iterator[Unit]:
        """Units that have both a Chinese and an English side."""
        return (u for u in self.units if u.en.strip() and u.zh.strip())


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
