"""Checks on what a clause is about: which card (any card against that card), which side
of an action a card is on (the card an action is applied to against the card applying
it), and what is left unspecified (the zone's player against the zone)."""

from __future__ import annotations

import re
from typing import Iterator

from pal_judge.corpus.glossary import Glossary
from pal_judge.xcheck.context import Context, finding
from pal_judge.xcheck.finding import Finding

# 某张卡牌 "some card": any card, not the one the clause is about.
_ZH_SOME_CARD = re.compile(r"某一?张(?:卡牌|卡片|卡)")
_EN_THAT_CARD = re.compile(r"\b(?:that|this|the same)\s+card\b", re.IGNORECASE)
_ZH_THAT_CARD = re.compile(r"(?:该|此|这|那)(?:一)?张?(?:卡牌|卡片|卡)")


def indefinite(ctx: Context) -> Iterator[Finding]:
    """The Chinese speaks only of some card (某张卡牌, never 该卡牌 "that card") where the
    English speaks of that card: a rule about any card narrowed to one."""
    for unit in ctx.translated():
        zh_some = [m.span() for m in _ZH_SOME_CARD.finditer(unit.zh)]
        en_that = [m.span() for m in _EN_THAT_CARD.finditer(unit.en)]
        if zh_some and en_that and not _ZH_THAT_CARD.search(unit.zh):
            yield finding(unit, "indefinite", "warning",
                          "ZH speaks only of some card (某张卡牌) where EN speaks of that card", en_that, zh_some)


# Actions a card can do or undergo: Chinese verb, English stem.
_VERBS: dict[str, str] = {"适用": "appl", "影响": "affect", "攻击": "attack", "选择": "choos", "破坏": "destroy"}
_ZH_UNDERGOES = re.compile(r"(?:受|被)(?:到)?[^，。]{0,8}?(" + "|".join(_VERBS) + r")的(?:该)?(?:卡牌|卡片|卡|帕鲁|玩家)")


def _en_does(stem: str) -> re.Pattern[str]:
    return re.compile(rf"\b(?:card|Pal|player)s?\s+(?:that|which|who)\s+{stem}\w*", re.IGNORECASE)


def _en_undergoes(stem: str) -> re.Pattern[str]:
    return re.compile(rf"\b{stem}\w*\s+(?:to|by)\b|\b(?:is|are|was|been)\s+{stem}\w*", re.IGNORECASE)


def voice(ctx: Context) -> Iterator[Finding]:
    """The Chinese names the card an action is applied to (受该行动适用的卡牌) where the
    English names the card that does it ("the card that applies that action")."""
    for unit in ctx.translated():
        for m in _ZH_UNDERGOES.finditer(unit.zh):
            stem = _VERBS[m.group(1)]
            does = [d.span() for d in _en_does(stem).finditer(unit.en)]
            if does and not _en_undergoes(stem).search(unit.en):
                yield finding(unit, "voice", "warning",
                              f"ZH names what undergoes the action ({m.group(0)}); EN names what does it",
                              does, [m.span()])
                break


_ZH_UNSPECIFIED = re.compile(r"未(?:指定|指明)(?:特定|所属)?(玩家|帕鲁|卡牌|卡片|区域|数值)")
_EN_UNSPECIFIED = (
    re.compile(r"\b(\w+)\s+(?:that|which)\s+(?:is|are)\s+not\s+specified\b", re.IGNORECASE),
    re.compile(r"\bunspecified\s+(\w+)", re.IGNORECASE),
    re.compile(r"\bwithout\s+specifying\s+(?:a|an|the|its|their)?\s*(?:particular\s+|specific\s+)?(\w+)", re.IGNORECASE),
)


def _term_id(glossary: Glossary, word: str) -> str:
    term = glossary.lookup(word) or glossary.lookup(word.rstrip("s"))
    return term.id if term is not None else word.lower()


def unspecified(ctx: Context) -> Iterator[Finding]:
    """What the clause leaves unspecified differs (ZH a zone whose player is not specified;
    EN a zone that is not specified)."""
    if ctx.glossary is None:
        return
    glossary = ctx.glossary
    for unit in ctx.translated():
        zh = [(m.span(), _term_id(glossary, m.group(1))) for m in _ZH_UNSPECIFIED.finditer(unit.zh)]
        en = [(m.span(), _term_id(glossary, m.group(1))) for p in _EN_UNSPECIFIED for m in p.finditer(unit.en)]
        if not zh or not en:
            continue
        zh_ids, en_ids = {i for _, i in zh}, {i for _, i in en}
        if zh_ids.isdisjoint(en_ids):
            yield finding(unit, "unspecified", "warning",
                          f"what is left unspecified differs: ZH {', '.join(sorted(zh_ids))}; EN {', '.join(sorted(en_ids))}",
                          [s for s, _ in en], [s for s, _ in zh])
