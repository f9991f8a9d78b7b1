"""Changed meaning that a pattern can see, each checked the same way on every clause:

* repetition — several different things on one side, one thing several times on the other;
* choice-fixed — a value the player chooses on one side is fixed ("regarded as") on the other;
* counted-unit — one side counts cards where the other counts times;
* amount — an increase or decrease by a stated amount on one side, with no amount on the other;
* quoted-example — a quoted example holding a number on one side, no quotation on the other;
* bracket-mark — the bracket marks a clause names (「」, 《》, “”) differ.
"""

from __future__ import annotations

import re
from typing import Iterator

from pal_judge.xcheck.context import Context, finding
from pal_judge.xcheck.finding import Finding, Span
from pal_judge.xcheck.text import fold, pattern_spans
from pal_judge.xcheck.units import Unit


def _crossed(unit: Unit, check: str, first: tuple[str, str], second: tuple[str, str],
             messages: tuple[str, str]) -> Iterator[Finding]:
    """EN says only `first` where ZH says only `second` (messages[0]), or the reverse (messages[1]).

    `first` and `second` are (Chinese pattern, English pattern); English is matched ignoring case.
    """
    zh_1, en_1 = pattern_spans(first[0], unit.zh), pattern_spans(first[1], unit.en, _I)
    zh_2, en_2 = pattern_spans(second[0], unit.zh), pattern_spans(second[1], unit.en, _I)
    if en_1 and not zh_1 and zh_2 and not en_2:
        yield finding(unit, check, "warning", messages[0], en_1, zh_2)
    elif zh_1 and not en_1 and en_2 and not zh_2:
        yield finding(unit, check, "warning", messages[1], en_2, zh_1)


_I = re.IGNORECASE

# --- repetition ---------------------------------------------------------------
_ZH_TIMES = r"多次|数次|若干次"
_EN_TIMES = r"\b(?:multiple|several|many|more than one) times\b|\bmore than once\b|\brepeatedly\b"
_ZH_MANY = r"多[个张名只项种条]|数[个张名只项]"
_EN_MANY = r"\b(?:multiple|several)\b(?!\s+times)"


def repetition(ctx: Context) -> Iterator[Finding]:
    """“several abilities” against “one ability several times” (or the reverse)."""
    for unit in ctx.translated():
        yield from _crossed(unit, "repetition", (_ZH_TIMES, _EN_TIMES), (_ZH_MANY, _EN_MANY), (
            "ZH speaks of several different things where EN speaks of one thing several times",
            "ZH speaks of one thing several times where EN speaks of several different things"))


# --- choice against a fixed value --------------------------------------------
_ZH_CHOOSE = r"选择|选出|选取"
_EN_CHOOSE = r"\bchoos|\bchose|\bchoice|\bselect|\bpick"
_ZH_FIXED = r"视为|当作|作为[^，。；]{0,10}处理"
_EN_FIXED = r"\b(?:regarded|considered|treated|deemed)\b"


def choice_fixed(ctx: Context) -> Iterator[Finding]:
    """One side lets the player choose (选择 X 的数值) where the other fixes the value (“X is regarded as 1”)."""
    for unit in ctx.translated():
        yield from _crossed(unit, "choice-fixed", (_ZH_FIXED, _EN_FIXED), (_ZH_CHOOSE, _EN_CHOOSE), (
            "ZH lets the player choose where EN fixes the value",
            "EN lets the player choose where ZH fixes the value"))


# --- what is counted ---------------------------------------------------------
_ZH_CARD_COUNT = r"张数|\d+张|[（(]数值[）)]张"
_EN_CARD_COUNT = r"\bcards?\b"
_ZH_TIME_COUNT = r"次数|\d+次|[（(]数值[）)]次"
_EN_TIME_COUNT = r"\btimes\b|\bonce\b|\btwice\b"


def counted_unit(ctx: Context) -> Iterator[Finding]:
    """One side counts cards (张数) and the other side never mentions cards, only times (次数)."""
    for unit in ctx.translated():
        zh_cards, en_cards = pattern_spans(_ZH_CARD_COUNT, unit.zh), pattern_spans(_EN_CARD_COUNT, unit.en, _I)
        zh_times, en_times = pattern_spans(_ZH_TIME_COUNT, unit.zh), pattern_spans(_EN_TIME_COUNT, unit.en, _I)
        if zh_cards and not en_cards and en_times:
            yield finding(unit, "counted-unit", "warning",
                          "ZH counts cards (张数) where EN counts only times", en_times, zh_cards)
        elif en_cards and not zh_cards and not re.search(r"[张卡牌]", unit.zh) and zh_times:
            yield finding(unit, "counted-unit", "warning",
                          "EN counts cards where ZH counts only times (次数)", en_cards, zh_times)


# --- amount of a change ------------------------------------------------------
_ZH_CHANGE_BY = r"(?:增加|减少|减去|扣除)[^，。；]{0,20}?(?:等同于|等于|\d|[（(]数值[）)]|相应|相对应|指定)"
_EN_CHANGE = r"\b(?:increase|decrease|reduce|subtract|gain|lose)[sd]?\b(?P<rest>[^.;]*)"
_EN_AMOUNT = re.compile(r"\bby\b|\bequal|\d|\(number\)", _I)


def amount(ctx: Context) -> Iterator[Finding]:
    """ZH says by how much a value changes (增加等同于该伤害的值) and EN only that it changes."""
    for unit in ctx.translated():
        zh_by = pattern_spans(_ZH_CHANGE_BY, unit.zh)
        en_changes = list(re.finditer(_EN_CHANGE, unit.en, _I))
        if zh_by and en_changes and not any(_EN_AMOUNT.search(m.group("rest")) for m in en_changes):
            yield finding(unit, "amount", "warning",
                          "ZH states the amount of the change; EN does not say by how much",
                          [(m.start(), m.start("rest")) for m in en_changes], zh_by)


# --- quoted examples ---------------------------------------------------------
_QUOTED = r"[“\"][^”\"]*[”\"]|「[^」]*」"
_NUMBERED = re.compile(r"\d|[（(]数值[）)]|\(number\)|[一二两三四五六七八九十](?=[名张只个次点项])")


def quoted_example(ctx: Context) -> Iterator[Finding]:
    """A quotation holding a number (“选择1项”) on one side and no quotation at all on the other."""
    for unit in ctx.translated():
        zh_q, en_q = pattern_spans(_QUOTED, fold(unit.zh)), pattern_spans(_QUOTED, fold(unit.en))
        zh_num = [s for s in zh_q if _NUMBERED.search(fold(unit.zh)[s[0]:s[1]])]
        en_num = [s for s in en_q if _NUMBERED.search(fold(unit.en)[s[0]:s[1]])]
        if zh_num and not en_q:
            yield finding(unit, "quoted-example", "warning",
                          "a quoted example with a number is in the Chinese only", zh_marks=zh_num)
        elif en_num and not zh_q:
            yield finding(unit, "quoted-example", "warning",
                          "a quoted example with a number is in the English only", en_marks=en_num)


# --- bracket marks ---------------------------------------------------------
_MARKS = re.compile(r"「」|《》|〈〉|【】|\[\]|\(\)|“”|\"\"|『』")


def _marks(text: str) -> dict[str, list[Span]]:
    found: dict[str, list[Span]] = {}
    folded = fold(text)
    for m in _MARKS.finditer(folded):
        found.setdefault(m.group(0).replace('""', "“”"), []).append(m.span())
    return found


def bracket_mark(ctx: Context) -> Iterator[Finding]:
    """Both sides name bracket marks (「」 “”) and name different ones."""
    for unit in ctx.translated():
        zh, en = _marks(unit.zh), _marks(unit.en)
        if not zh or not en or set(zh) == set(en):
            continue
        only_zh, only_en = sorted(set(zh) - set(en)), sorted(set(en) - set(zh))
        parts = [f"only the Chinese names {' '.join(only_zh)}"] * bool(only_zh)
        parts += [f"only the English names {' '.join(only_en)}"] * bool(only_en)
        yield finding(unit, "bracket-mark", "warning",
                      f"bracket marks differ: EN names {' '.join(en)}, ZH names {' '.join(zh)}; " + "; ".join(parts),
                      [s for k in only_en for s in en[k]], [s for k in only_zh for s in zh[k]])


# --- which action is negated -------------------------------------------------
# Action classes, each as (Chinese verbs, English verb stems). 进行/执行 are left out:
# they are light verbs that the English drops freely.
_ACTIONS: dict[str, tuple[str, str]] = {
    "reveal": (r"公开|展示", r"reveal|show"),
    "look at": (r"确认|查看|看到|获知|知晓", r"check|see|look|know"),
    "choose": (r"选择|选", r"choos|select"),
    "play": (r"使用|打出", r"play|use"),
    "pay": (r"支付", r"pay"),
    "apply": (r"适用", r"appl"),
}
_ZH_NEGATOR = r"(?:不|无法|不能|未|没有)(?:被)?"
_EN_NEGATOR = r"\b(?:not|without|cannot|never|no)\b(?:\s+\w+){0,2}?\s+"


def _negated(text: str, zh: bool) -> dict[str, list[Span]]:
    found: dict[str, list[Span]] = {}
    for action, (zh_verbs, en_stems) in _ACTIONS.items():
        if zh:
            pattern, flags = f"{_ZH_NEGATOR}(?:{zh_verbs})", 0
        else:
            pattern, flags = rf"{_EN_NEGATOR}(?:{en_stems})\w*|\bun(?:{en_stems})\w*", _I
        spans = pattern_spans(pattern, text, flags)
        if spans:
            found[action] = spans
    return found


def negated_action(ctx: Context) -> Iterator[Finding]:
    """Both sides negate an action, but not the same one (不公开 "without revealing" against "without checking")."""
    for unit in ctx.translated():
        zh = _negated(unit.zh, zh=True)
        if not zh:
            continue  # both sides must negate an action
        en = _negated(unit.en, zh=False)
        if not en or set(zh) == set(en):
            continue
        only_zh, only_en = sorted(set(zh) - set(en)), sorted(set(en) - set(zh))
        yield finding(unit, "negated-action", "warning",
                      f"a different action is negated: ZH not {' / '.join(only_zh) or '—'}; "
                      f"EN not {' / '.join(only_en) or '—'}",
                      [s for a in only_en for s in en[a]], [s for a in only_zh for s in zh[a]])
