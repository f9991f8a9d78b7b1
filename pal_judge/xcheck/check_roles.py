"""Changed actors and reversed roles: paired role terms (main name/sub name,
turn player/non-turn player, owner/master) that trade places between the texts.

Three signals:
* swap — one side names only role A where the other names only its partner B
  (5.17.2: ZH 由自己控制 "you control", EN "you own");
* one-sided — one side names a role of the pair and the other names neither
  (11.1.2.2: EN "masters of the cards or zones", ZH no 控制者);
* position — a role tied to "before"/"after" in the same clause segment is tied
  to the partner role on the other side (2.1.3.1: ZH 前面…副名称, EN before … main name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from pal_judge.xcheck.context import Context, finding
from pal_judge.xcheck.finding import Finding, Span
from pal_judge.xcheck.text import pattern_spans
from pal_judge.xcheck.units import Unit


@dataclass(frozen=True)
class RolePair:
    name: str
    en_a: str  # regex, role A in English
    en_b: str
    zh_a: str  # regex, role A in Chinese
    zh_b: str
    a: str  # display names
    b: str
    # Stricter forms for "named on one side only" (default: the same as above).
    one_sided_en: str = ""
    one_sided_zh: str = ""


ROLE_PAIRS: tuple[RolePair, ...] = (
    # 2.1.3 main name / sub name
    RolePair("main/sub name", r"\bmain[- ]name", r"\bsub[- ]name", r"主名称", r"副名称", "main name", "sub name"),
    # 7.1.1 turn player / non-turn player
    RolePair("turn/non-turn player", r"(?<!non-)\bturn player|\bactive player", r"\bnon-turn player",
             r"(?<!非)回合玩家", r"非回合玩家", "turn player", "non-turn player"),
    # 6.2.1.3 the player going first / going second
    RolePair("first/second player", r"\b(?:going|goes|go) first\b|\bfirst player\b",
             r"\b(?:going|goes|go) second\b|\bsecond player\b",
             r"先手|先发权", r"后手", "player going first", "player going second"),
    # 3.1.1 owner / 3.1.2 master
    RolePair("owner/master", r"\bowner|\b(?:you|he or she|they|player)\s+owns?\b|\bowns\b", r"\bmaster",
             r"拥有者|所属|持有|拥有的卡牌", r"控制", "owner", "master",
             one_sided_en=r"\bowner|\bmaster", one_sided_zh=r"拥有者|控制"),
)


def _any_of(patterns: list[str], flags: int = 0) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns if p), flags)


# Any role word of any pair: a unit naming none on either side has nothing to compare.
_ANY_ROLE_EN = _any_of([p for pair in ROLE_PAIRS for p in (pair.en_a, pair.en_b, pair.one_sided_en)], re.IGNORECASE)
_ANY_ROLE_ZH = _any_of([p for pair in ROLE_PAIRS for p in (pair.zh_a, pair.zh_b, pair.one_sided_zh)])
_EN_POSITION = re.compile(r"\b(before|after)\b", re.IGNORECASE)
_ZH_POSITION = re.compile(r"(前|后)")
_EN_SEGMENT = re.compile(r"[,;.]")
_ZH_SEGMENT = re.compile(r"[，,；;。]")


def _positions(text: str, role_a: str, role_b: str, position: re.Pattern[str],
               segment: re.Pattern[str], flags: int) -> dict[str, tuple[str, Span]]:
    """before/after → (role, span of the role) for segments holding one marker and one role."""
    tied: dict[str, tuple[str, Span]] = {}
    if not position.search(text):
        return tied  # no segment holds a marker
    start = 0
    for end in [m.start() for m in segment.finditer(text)] + [len(text)]:
        piece = text[start:end]
        markers = position.findall(piece)
        roles = [("a", s) for s in pattern_spans(role_a, piece, flags)] + [("b", s) for s in pattern_spans(role_b, piece, flags)]
        if len(markers) == 1 and len(roles) == 1:
            marker = {"前": "before", "后": "after"}.get(markers[0], markers[0].lower())
            role, (a, b) = roles[0]
            tied.setdefault(marker, (role, (start + a, start + b)))
        start = end + 1
    return tied


def _card_roles(pattern: str, text: str, zh: bool) -> list[Span]:
    """The role words found, less those naming the player a zone belongs to (4.1)."""
    if zh:
        zone_players = [m.span() for m in _ZH_ZONE_PLAYER.finditer(text)]
        return [(a, b) for a, b in pattern_spans(pattern, text) if not any(a < y and x < b for x, y in zone_players)]
    return [(a, b) for a, b in pattern_spans(pattern, text, re.IGNORECASE) if not _EN_ZONE_ROLE.match(text, _word_end(text, b))]


def role_swap(ctx: Context) -> Iterator[Finding]:
    for unit in ctx.translated():
        if not _ANY_ROLE_EN.search(unit.en) and not _ANY_ROLE_ZH.search(unit.zh):
            continue
        for pair in ROLE_PAIRS:
            en_a = _card_roles(pair.en_a, unit.en, zh=False)
            en_b = _card_roles(pair.en_b, unit.en, zh=False)
            zh_a = _card_roles(pair.zh_a, unit.zh, zh=True)
            zh_b = _card_roles(pair.zh_b, unit.zh, zh=True)
            if zh_a and not zh_b and en_b and not en_a:
                yield finding(unit, "role-swap", "error",
                              f"ZH names the {pair.a} where EN names the {pair.b}", en_b, zh_a)
                continue
            if zh_b and not zh_a and en_a and not en_b:
                yield finding(unit, "role-swap", "error",
                              f"ZH names the {pair.b} where EN names the {pair.a}", en_a, zh_b)
                continue
            one_sided = _one_sided(unit.en, unit.zh, pair, en_a + en_b, zh_a + zh_b)
            if one_sided is not None:
                yield one_sided_finding(unit, pair, one_sided)
                continue
            en_tied = _positions(unit.en, pair.en_a, pair.en_b, _EN_POSITION, _EN_SEGMENT, re.IGNORECASE)
            if not en_tied:
                continue  # nothing tied in the English, so nothing to clash with
            zh_tied = _positions(unit.zh, pair.zh_a, pair.zh_b, _ZH_POSITION, _ZH_SEGMENT, 0)
            clashes = [m for m in ("before", "after") if m in en_tied and m in zh_tied and en_tied[m][0] != zh_tied[m][0]]
            if clashes:
                name = {"a": pair.a, "b": pair.b}
                detail = "; ".join(f"{m}: ZH {name[zh_tied[m][0]]}, EN {name[en_tied[m][0]]}" for m in clashes)
                yield finding(unit, "role-swap", "error", f"{pair.name} reversed ({detail})",
                              [en_tied[m][1] for m in clashes], [zh_tied[m][1] for m in clashes])


# 4.1: a zone belongs to a player (区域所属的玩家); the English calls that player the zone's
# "owner" or "master". Such a role stands for 所属, not for the owner/master of a card.
_EN_ZONE_ROLE = re.compile(r"\s+of\s+(?:that|the|this|a|each|its|their)\s+zone\b", re.IGNORECASE)
_ZH_ZONE_PLAYER = re.compile(r"区域所属|所属的?玩家")


def _one_sided(en: str, zh: str, pair: RolePair, en_roles: list[Span], zh_roles: list[Span]) -> tuple[str, list[Span]] | None:
    """("en" or "zh", spans) when only that side names a role of the pair."""
    if pair.one_sided_en:
        en_roles = _card_roles(pair.one_sided_en, en, zh=False)
        zh_roles = _card_roles(pair.one_sided_zh, zh, zh=True)
    if en_roles and not zh_roles:
        return "en", en_roles
    if zh_roles and not en_roles:
        return "zh", zh_roles
    return None


def _word_end(text: str, index: int) -> int:
    """Where the word containing `index` ends ("owner|s" → after the s)."""
    while index < len(text) and text[index].isalpha():
        index += 1
    return index


def one_sided_finding(unit: Unit, pair: RolePair, side: tuple[str, list[Span]]) -> Finding:
    which, marks = side
    text = unit.en if which == "en" else unit.zh
    named = ", ".join(dict.fromkeys(text[a:b] for a, b in marks))
    other = "ZH" if which == "en" else "EN"
    message = f"{which.upper()} names a role ({named}) where {other} names neither the {pair.a} nor the {pair.b}"
    if which == "en":
        return finding(unit, "role-swap", "warning", message, en_marks=marks)
    return finding(unit, "role-swap", "warning", message, zh_marks=marks)
