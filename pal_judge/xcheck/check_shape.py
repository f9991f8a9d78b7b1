"""Checks on the shape of the alignment: text on one side only (from the
alignment), sentence counts, length-ratio outliers, low alignment confidence."""

from __future__ import annotations

import math
import statistics
from typing import Iterator

from pal_judge.xcheck.context import Context, finding
from pal_judge.xcheck.finding import Finding
from pal_judge.xcheck.text import count_sentences_en, count_sentences_zh
from pal_judge.xcheck.units import Unit

# Below this alignment score a pairing is shown for a human to confirm.
LOW_CONFIDENCE = 0.5
# Robust z-score (median / MAD of log EN-to-ZH length ratios over the whole book) beyond which a unit is an outlier.
LENGTH_Z = 3.0


def no_english(ctx: Context) -> Iterator[Finding]:
    """A Chinese clause with no English paragraph."""
    for unit in ctx.units:
        if unit.zh.strip() and not unit.en.strip():
            yield finding(unit, "no-english", "error", "this clause has no English translation",
                          zh_marks=[(0, len(unit.zh))])


def no_clause(ctx: Context) -> Iterator[Finding]:
    """An English paragraph aligned to no Chinese clause."""
    first = ctx.units[0].section if ctx.units else ""
    for orphan in ctx.orphans:
        where = f"after {orphan.after}" if orphan.after else f"before {first}"
        yield Finding(section=orphan.after or first, check="no-clause", severity="warning",
                      en=orphan.en, zh="", en_index=orphan.en_index,
                      message=f"English paragraph #{orphan.en_index} ({where}) has no Chinese clause",
                      en_marks=((0, len(orphan.en)),))


def _log_ratio(unit: Unit) -> float:
    return math.log(len(unit.en) / len(unit.zh))


def _ratio_model(ctx: Context) -> tuple[float, float]:
    ratios = [_log_ratio(u) for u in ctx.translated() if len(u.sections) == 1 and len(u.en_indices) == 1]
    if len(ratios) < 10:
        return 0.0, 0.0
    median = statistics.median(ratios)
    mad = statistics.median(abs(r - median) for r in ratios) * 1.4826
    return median, mad


def length_ratio(ctx: Context) -> Iterator[Finding]:
    """English much longer or shorter than the Chinese, against the book's own ratio."""
    median, mad = _ratio_model(ctx)
    if mad <= 0:
        return
    typical = math.exp(median)
    for unit in ctx.translated():
        z = (_log_ratio(unit) - median) / mad
        if abs(z) < LENGTH_Z:
            continue
        ratio = len(unit.en) / len(unit.zh)
        side = "longer" if z > 0 else "shorter"
        yield finding(unit, "length-ratio", "warning",
                      f"English is {ratio:.1f}× the Chinese length (book median {typical:.1f}×, z={z:+.1f}): "
                      f"much {side} than usual — text added or dropped?")


def sentence_count(ctx: Context) -> Iterator[Finding]:
    """Sentence counts differ (a sentence present on one side only?)."""
    for unit in ctx.translated():
        zh_n, en_n = count_sentences_zh(unit.zh), count_sentences_en(unit.en)
        if zh_n != en_n:
            more = "Chinese" if zh_n > en_n else "English"
            yield finding(unit, "sentence-count", "info",
                          f"{zh_n} Chinese sentence(s) against {en_n} English: the {more} may say something the other does not")


def low_confidence(ctx: Context) -> Iterator[Finding]:
    """The aligner was unsure this English belongs to this clause."""
    for unit in ctx.translated():
        if unit.score is not None and unit.score < LOW_CONFIDENCE:
            yield finding(unit, "low-confidence", "warning",
                          f"alignment confidence {unit.score:.2f} (< {LOW_CONFIDENCE}): check that this English belongs here")
