"""Checks on tokens that must survive translation unchanged: section references,
numbers (digits and number words), and the bounds attached to numbers."""

from __future__ import annotations

from typing import Iterator

from pal_judge.xcheck.context import Context, finding, multiset_diff, spans
from pal_judge.xcheck.finding import Finding
from pal_judge.xcheck.text import (
    enumeration_sizes,
    find_bounds_en,
    find_bounds_zh,
    find_numbers_en,
    find_numbers_zh,
    find_refs,
    soft_match,
)

_RELATION_WORDS = {"le": "≤", "lt": "<", "ge": "≥", "gt": ">"}


def crossref(ctx: Context) -> Iterator[Finding]:
    """The section numbers cited in the clause and in its English differ."""
    for unit in ctx.translated():
        zh_refs, en_refs = find_refs(unit.zh), find_refs(unit.en)
        zh_set, en_set = {t.value for t in zh_refs}, {t.value for t in en_refs}
        if zh_set == en_set:
            continue
        only_zh, only_en = sorted(zh_set - en_set), sorted(en_set - zh_set)
        parts = []
        if only_zh:
            parts.append("ZH cites " + ", ".join(only_zh))
        if only_en:
            parts.append("EN cites " + ", ".join(only_en))
        verb = "instead" if only_zh and only_en else "only"
        yield finding(unit, "crossref", "error",
                      f"cross-references differ: {' ; '.join(parts)} ({verb})",
                      spans(en_refs, set(only_en)), spans(zh_refs, set(only_zh)))


def number(ctx: Context) -> Iterator[Finding]:
    """Numbers (digits, number words such as "five" or 两张) present on one side only.

    A lone 1 is not reported: "a card" translates 1张 throughout the book.
    """
    for unit in ctx.translated():
        zh_nums, en_nums = find_numbers_zh(unit.zh), find_numbers_en(unit.en)
        more_zh, more_en = multiset_diff([t.value for t in zh_nums], [t.value for t in en_nums])
        more_zh.pop("1", None)
        more_en.pop("1", None)
        zh_values = {t.value for t in zh_nums}
        en_values = {t.value for t in en_nums}
        # A value repeated on one side but present on both is a style difference, not a change.
        enumerated = {str(n) for n in enumeration_sizes(unit.zh)}
        missing_zh = {v for v in more_zh if v not in en_values and not soft_match(v, unit.en, unit.zh, "en")}
        missing_en = {v for v in more_en
                      if v not in zh_values and v not in enumerated and not soft_match(v, unit.en, unit.zh, "zh")}
        if not missing_zh and not missing_en:
            continue
        parts = []
        if missing_zh:
            parts.append("ZH has " + ", ".join(sorted(missing_zh, key=int)))
        if missing_en:
            parts.append("EN has " + ", ".join(sorted(missing_en, key=int)))
        yield finding(unit, "number", "error",
                      f"numbers differ: {' ; '.join(parts)} with no counterpart",
                      spans(en_nums, missing_en), spans(zh_nums, missing_zh))


def comparison(ctx: Context) -> Iterator[Finding]:
    """The same number is bounded differently: "0 or less" against "less than 0"."""
    for unit in ctx.translated():
        zh_bounds = find_bounds_zh(unit.zh)
        if not zh_bounds:
            continue  # a bound differs only where both sides bound the same number
        en_bounds = find_bounds_en(unit.en)
        zh_rel: dict[str, set[str]] = {}
        en_rel: dict[str, set[str]] = {}
        for b in zh_bounds:
            zh_rel.setdefault(b.value, set()).add(b.relation)
        for b in en_bounds:
            en_rel.setdefault(b.value, set()).add(b.relation)
        for value in sorted(set(zh_rel) & set(en_rel)):
            if zh_rel[value] == en_rel[value]:
                continue
            shown = "(number)" if value == "n" else value
            zh_text = " ".join(_RELATION_WORDS[r] + shown for r in sorted(zh_rel[value]))
            en_text = " ".join(_RELATION_WORDS[r] + shown for r in sorted(en_rel[value]))
            yield finding(unit, "comparison", "error",
                          f"bound differs: ZH {zh_text}, EN {en_text}",
                          [b.span for b in en_bounds if b.value == value],
                          [b.span for b in zh_bounds if b.value == value])
