"""Wording that carries rules logic, present on one side only: negation, a condition,
a quantifier (all / each / any), an exception (other than), a restriction (only),
an equality (equal to).

These are cheap, book-independent signals. A translation often restructures a
sentence so that one of them moves or disappears without a change of meaning, so
each check reports at severity info for a reviewer to read, with the words marked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from pal_judge.xcheck.context import Context, finding
from pal_judge.xcheck.finding import Finding, Span


@dataclass(frozen=True)
class Signal:
    """One logical marker: its name and how each language writes it."""

    name: str
    zh: re.Pattern[str]
    en: re.Pattern[str]


def _en(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


# 非 and 无 inside a term (非回合玩家 non-turn player, 非公开 hidden, 无属性 Neutral) are not negations.
NEGATION = Signal(
    "negation",
    re.compile(r"不(?!仅|同|论)|无(?!论|属性|色)|没有|未(?!公开)|勿|禁止|(?<!是)非(?!回合|公开)"),
    _en(r"\bnot\b|\bno\b|\bnever\b|\bwithout\b|\bnone\b|\bcannot\b|\bnothing\b|\bneither\b|\bnor\b|n't\b|\bunable\b"),
)
CONDITION = Signal(
    "condition",
    re.compile(r"如果|若|假使|倘若|只要|一旦|当[^。，；]{1,40}?时"),
    _en(r"\bif\b|\bwhen\b|\bwhenever\b|\bwhile\b|\bunless\b|\bas long as\b"),
)
QUANTIFIERS: tuple[Signal, ...] = (
    Signal("all", re.compile(r"所有|全部|一切|全数|全都"), _en(r"\ball\b|\bevery\b|\bentire\b|\bwhole\b")),
    Signal("each", re.compile(r"每|各(?!种)"), _en(r"\beach\b|\bevery\b|\bper\b")),
    Signal("any", re.compile(r"任意|任何|任一"), _en(r"\bany\b|\beither\b|\banything\b|\banywhere\b")),
)
EXCEPTION = Signal(
    "exception",
    re.compile(r"除了?(?!非)[^。；]{0,30}?(?:之外|以外)|(?:之外|以外)"),
    _en(r"\bexcept\b|\bother than\b|\bapart from\b|\bbesides\b|\baside from\b|\bexcluding\b|\bother\b"),
)
# 只 after a numeral is the measure word for Pals (1只帕鲁), not "only".
RESTRICTION = Signal("restriction", re.compile(r"仅|(?<![\d一二两三四五六七八九十几每某该这那多])只(?!要)|唯|才"),
                     _en(r"\bonly\b|\bsolely\b|\bexclusively\b"))
EQUALITY = Signal("equal to", re.compile(r"等同于|等于|相等|相同"), _en(r"\bequal|\bsame\b|\bas many\b"))


def _hits(pattern: re.Pattern[str], text: str) -> list[Span]:
    return [m.span() for m in pattern.finditer(text)]


def _one_sided(ctx: Context, check: str, signal: Signal) -> Iterator[Finding]:
    for unit in ctx.translated():
        zh, en = _hits(signal.zh, unit.zh), _hits(signal.en, unit.en)
        if bool(zh) == bool(en):
            continue
        side, marks = ("Chinese", zh) if zh else ("English", en)
        words = ", ".join(dict.fromkeys((unit.zh if zh else unit.en)[a:b] for a, b in marks))
        yield finding(unit, check, "info", f"{signal.name} ({words}) in the {side} only", en, zh)


def negation(ctx: Context) -> Iterator[Finding]:
    """不/无/没有/未 against not/no/never/without: a negation on one side only."""
    return _one_sided(ctx, "negation", NEGATION)


def condition(ctx: Context) -> Iterator[Finding]:
    """如果/若/当…时 against if/when/while/unless: a condition on one side only."""
    return _one_sided(ctx, "condition", CONDITION)


def quantifier(ctx: Context) -> Iterator[Finding]:
    """所有/每/任意 against all/each/any: a quantifier on one side only."""
    for signal in QUANTIFIERS:
        yield from _one_sided(ctx, "quantifier", signal)


def exception(ctx: Context) -> Iterator[Finding]:
    """除了…之外/以外 against except/other than: an exception on one side only."""
    return _one_sided(ctx, "exception", EXCEPTION)


def restriction(ctx: Context) -> Iterator[Finding]:
    """仅/只/才 against only: a restriction on one side only."""
    return _one_sided(ctx, "restriction", RESTRICTION)


def equality(ctx: Context) -> Iterator[Finding]:
    """等同于/等于 against equal/same: an amount tied to another on one side only."""
    return _one_sided(ctx, "equality", EQUALITY)
