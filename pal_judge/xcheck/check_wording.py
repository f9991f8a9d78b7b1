"""Checks on wording that carries rules meaning: qualifiers (unless otherwise
specified, in principle, immediately) present on one side only, obligation
against permission, ordinals (the first turn),
terms defined on one side only, and symbols the English lost (an empty “ ” or ( )
where the Chinese prints ◇ or a number)."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Iterator

from pal_judge.xcheck.context import Context, finding
from pal_judge.xcheck.finding import Finding, Severity


@dataclass(frozen=True)
class Qualifier:
    name: str
    en: str  # regex
    zh: str  # regex
    # warning: the qualifier decides whether other text may override the rule (a different
    # rule); info: a hedge or emphasis that leaves the rule as it is.
    severity: Severity


QUALIFIERS: tuple[Qualifier, ...] = (
    Qualifier("unless otherwise specified",
              r"\bunless\b[^.;]{0,40}?\b(?:specified|stated|instructed|indicated)\b|\bif not specified\b",
              r"除非[^。；]{0,12}?(?:指定|指示|说明|指出)|另有(?:指示|指定|说明)", "warning"),
    Qualifier("in principle", r"\bin principle\b|\bgenerally\b|\bas a rule\b", r"原则上", "info"),
    Qualifier("immediately", r"\bimmediately\b|\binstantly\b", r"立即|即刻|立刻", "info"),
)


def qualifier(ctx: Context) -> Iterator[Finding]:
    """A qualifier is on one side only: one that lets other text override the rule is a
    warning, a hedge ("in principle") or emphasis ("immediately") an info."""
    for unit in ctx.translated():
        for q in QUALIFIERS:
            en_hits = [m.span() for m in re.finditer(q.en, unit.en, re.IGNORECASE)]
            zh_hits = [m.span() for m in re.finditer(q.zh, unit.zh)]
            if bool(en_hits) == bool(zh_hits):
                continue
            side = "English" if en_hits else "Chinese"
            yield finding(unit, "qualifier", q.severity, f"“{q.name}” is in the {side} only", en_hits, zh_hits)


_ZH_MUST = re.compile(r"必须|被要求|有义务|强制|不得")
_EN_MUST = re.compile(r"\bmust\b|\brequire|\bobligat|\bforce|\bha(?:ve|s) to\b|\bcannot\b|\bnot allowed\b|\bmay not\b",
                      re.IGNORECASE)
_EN_MAY = re.compile(r"\bmay\b|\bcan\b|\bwish(?:es)?\b|\ballowed\b|\boptional", re.IGNORECASE)


_ZH_MAY = re.compile(r"可以|能够|允许|有权")
_ZH_CANNOT = re.compile(r"不能|不得|不可|无权|禁止")
_EN_NOT = re.compile(r"\bnot\b|\bcannot\b|\bno\b|\bnever\b|n't\b", re.IGNORECASE)


def modality(ctx: Context) -> Iterator[Finding]:
    """The force of a rule differs: the Chinese obliges (必须, 被要求) where the English only
    permits (may, can, wishes); permits (可以) where the English obliges (must); or forbids
    (不能, 不得) where the English permits with no negation."""
    for unit in ctx.translated():
        zh_must = [m.span() for m in _ZH_MUST.finditer(unit.zh)]
        zh_may = [m.span() for m in _ZH_MAY.finditer(unit.zh)]
        zh_cannot = [m.span() for m in _ZH_CANNOT.finditer(unit.zh)]
        en_must = [m.span() for m in _EN_MUST.finditer(unit.en)]
        en_may = [m.span() for m in _EN_MAY.finditer(unit.en)]
        if zh_must and not en_must and en_may:
            yield finding(unit, "modality", "warning",
                          "ZH states an obligation where EN states a permission or wish", en_may, zh_must)
        elif zh_may and not zh_must and not zh_cannot and en_must and not en_may:
            yield finding(unit, "modality", "warning",
                          "ZH states a permission where EN states an obligation", en_must, zh_may)
        elif zh_cannot and not en_must and en_may and not _EN_NOT.search(unit.en):
            yield finding(unit, "modality", "warning",
                          "ZH forbids where EN permits", en_may, zh_cannot)


_ZH_ORDINAL = re.compile(r"(?:第[一二三四五六七八九十\d]+|首)个?(?:回合|张|次|阶段)")
_EN_ORDINAL = re.compile(r"\b(?:first|second|third|last)\s+(?:\w+\s+)?(?:turn|card|time|phase)s?\b", re.IGNORECASE)


def ordinal(ctx: Context) -> Iterator[Finding]:
    """An ordinal (第一个回合 "the first turn") on one side only."""
    for unit in ctx.translated():
        zh_ord = [m.span() for m in _ZH_ORDINAL.finditer(unit.zh)]
        en_ord = [m.span() for m in _EN_ORDINAL.finditer(unit.en)]
        if len(zh_ord) != len(en_ord):
            zh_words = ", ".join(unit.zh[a:b] for a, b in zh_ord) or "none"
            en_words = ", ".join(unit.en[a:b] for a, b in en_ord) or "none"
            yield finding(unit, "ordinal", "error", f"ordinals differ: ZH {zh_words}; EN {en_words}", en_ord, zh_ord)


_EN_DEFINES = re.compile(r"\b(?:known as|(?:are |is )?called|referred to as)\b", re.IGNORECASE)
_ZH_DEFINES = re.compile(r"称为|称作|名为|标记为|统称为")


def definition(ctx: Context) -> Iterator[Finding]:
    """The English defines more terms than the Chinese (a term added by the translation)."""
    for unit in ctx.translated():
        en_defs = [m.span() for m in _EN_DEFINES.finditer(unit.en)]
        zh_defs = [m.span() for m in _ZH_DEFINES.finditer(unit.zh)]
        if len(en_defs) > len(zh_defs):
            yield finding(unit, "definition", "warning",
                          f"the English defines {len(en_defs)} term(s), the Chinese {len(zh_defs)}: a definition added?",
                          en_defs, zh_defs)


# An opening quote followed by a lower-case word, or brackets with nothing (or only "e.g.") inside.
_EN_EMPTY = re.compile(r"“\s+(?=[a-z])|\((?:\s*e\.g\.)?\s*\)")
_ZH_EMPTY = re.compile(r"[（(]\s*[）)]")


def lost_symbol(ctx: Context) -> Iterator[Finding]:
    """The English has an empty slot (lost icon, ◇ or number) where the Chinese prints a
    symbol or a number that the English lacks (2.4.2.1 "Neutral element ()" is quiet: the
    Chinese has nothing there to lose)."""
    for unit in ctx.translated():
        en_slots = [m.span() for m in _EN_EMPTY.finditer(unit.en)]
        if len(en_slots) > len(_ZH_EMPTY.findall(unit.zh)) and _printed_only_in_zh(unit.zh, unit.en):
            yield finding(unit, "lost-symbol", "warning",
                          "the English has an empty slot where a symbol or number was lost", en_slots)


def _printed_only_in_zh(zh: str, en: str) -> bool:
    """The Chinese prints a symbol (◇, ②, an icon) or a digit more often than the English."""
    zh_marks, en_marks = Counter(_symbols_and_digits(zh)), Counter(_symbols_and_digits(en))
    return bool(zh_marks - en_marks)


def _symbols_and_digits(text: str) -> list[str]:
    folded = unicodedata.normalize("NFKC", text)
    return [ch for ch in folded if ch.isdigit() or unicodedata.category(ch) in ("So", "Sm", "No")]
