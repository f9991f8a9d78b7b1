"""Moves between zones, compared as (origin, destination) pairs of glossary zones.

Many rules hinge on which moves they cover (4.1.4 a card that changes zone is a new
card; 10.12.1 last known information). Each side's "from X to Y" phrases are read
as pairs of zones ("¬base" for "a zone other than the base" / 据点以外), and a
Chinese exception over moves (从据点到据点之移动以外 "any move other than base to
base") wraps its pairs as excepted. Different pairs mean the rule covers different
moves. Also: a specific zone named in the Chinese with no zone in the English.
"""

from __future__ import annotations

import re
from typing import Iterator

from pal_judge.corpus.glossary import Glossary
from pal_judge.xcheck.check_terms import names_term
from pal_judge.xcheck.context import Context, finding
from pal_judge.xcheck.finding import Finding, Span

Pair = tuple[str, ...]

_ZH_FROM_TO = re.compile(r"从(?P<src>[^，。；从]{1,14}?)(?:移动)?(?:到|至|进入)(?P<dst>[^，。；的从]{1,10}?)(?=之?移动|的|，|。|；|$|时)")
_ZH_PUT_TO = re.compile(r"将(?P<src>[^，。；将]{1,14}?)的[^，。；]{0,12}?移动(?:到|至)(?P<dst>[^，。；的]{1,10}?)(?=的|，|。|；|$|中|时)")
_EN_FROM_TO = re.compile(
    r"\bfrom (?P<src>(?:(?!\bfrom\b)[^,.;])+?)\s+(?:in)?to (?P<dst>(?:(?!\bfrom\b)[^,.;])+?)"
    r"(?=,|\.|;|$|\bafter\b|\bwhile\b|\bat\b)", re.IGNORECASE)
_ZH_EXCEPT_MOVES = re.compile(r"移动(?:以外|之外)|除了?[^。]*?移动[^。]*?(?:之外|以外)")
_ZH_NOT = re.compile(r"以外|之外")
_EN_NOT = re.compile(r"\bother than\b|\bnon-|\bnot\b", re.IGNORECASE)
GENERIC_ZONE = "zone"


def _zone(glossary: Glossary, text: str, zh: bool) -> str | None:
    """The zone a phrase names ("¬" before it when the phrase excludes it), None if no zone."""
    matches = glossary.matches_zh(text) if zh else glossary.matches_en(text)
    zones = [m.term.id for m in matches if m.term.kind == "zone"]
    if not zones:
        return None
    specific = [z for z in zones if z != GENERIC_ZONE] or [GENERIC_ZONE]
    negated = (_ZH_NOT if zh else _EN_NOT).search(text) is not None
    return ("¬" if negated else "") + specific[0]


def _pairs(glossary: Glossary, patterns: tuple[re.Pattern[str], ...], text: str, zh: bool) -> tuple[list[Pair], list[Span]]:
    pairs: list[Pair] = []
    marks: list[Span] = []
    for pattern in patterns:
        for m in pattern.finditer(text):
            src, dst = _zone(glossary, m.group("src"), zh), _zone(glossary, m.group("dst"), zh)
            if src and dst:
                pairs.append((src, dst))
                marks.append(m.span())
    return pairs, marks


def _show(pairs: list[Pair]) -> str:
    shown = [("any move except " if p[0] == "except" else "") + " → ".join(p[1:] if p[0] == "except" else p)
             for p in pairs]
    return ", ".join(shown) or "none"


def zone_move(ctx: Context) -> Iterator[Finding]:
    """The moves between zones a clause covers differ (origin, destination or exception)."""
    if ctx.glossary is None:
        return
    for unit in ctx.translated():
        if "移动" not in unit.zh or not re.search(r"\bmov", unit.en, re.IGNORECASE):
            continue
        zh_pairs, zh_marks = _pairs(ctx.glossary, (_ZH_FROM_TO, _ZH_PUT_TO), unit.zh, zh=True)
        en_pairs, en_marks = _pairs(ctx.glossary, (_EN_FROM_TO,), unit.en, zh=False)
        excepted = [m.span() for m in _ZH_EXCEPT_MOVES.finditer(unit.zh)]
        if excepted:
            zh_pairs = [("except",) + p for p in zh_pairs] or [("any move between zones, with an exception",)]
            zh_marks += excepted
        if not zh_pairs and not en_pairs or sorted(zh_pairs) == sorted(en_pairs):
            continue
        yield finding(unit, "zone-move", "warning",
                      f"the moves covered differ: ZH {_show(zh_pairs)}; EN {_show(en_pairs)}", en_marks, zh_marks)


def zone_missing(ctx: Context) -> Iterator[Finding]:
    """The Chinese names a specific zone (据点) and the English names no zone at all, not even
    through a verb that names it (5.15.1: to deploy is to move to a base)."""
    if ctx.glossary is None:
        return
    for unit in ctx.translated():
        zh_zones = [m for m in ctx.term_matches(unit.zh, zh=True) if m.term.kind == "zone" and m.term.id != GENERIC_ZONE]
        if not zh_zones or any(m.term.kind == "zone" for m in ctx.term_matches(unit.en, zh=False)):
            continue
        if any(names_term(ctx, m.term, unit.en, zh=False) for m in zh_zones):
            continue
        names = ", ".join(dict.fromkeys(f"{m.term.zh_name} ({m.term.en_name})" for m in zh_zones))
        yield finding(unit, "zone-missing", "warning", f"ZH names {names}; EN names no zone",
                      zh_marks=[(m.start, m.end) for m in zh_zones])
