"""Checks on the shape of the alignment: text on one side only (from the
alignment), sentence counts, length-ratio outliers, low alignment confidence."""

from __future__ import annotations

import math
import re
import statistics
from typing import Iterator

from pal_judge.xcheck.context import Context, filed_under, finding
from pal_judge.xcheck.finding import Finding
from pal_judge.xcheck.text import count_sentences_en, count_sentences_zh
from pal_judge.xcheck.units import Unit

# Below this alignment score a pairing is shown for a human to confirm.
LOW_CONFIDENCE = 0.5
# Robust z-score (median / MAD of log EN-to-ZH length ratios over the whole book) beyond which a unit is an outlier.
LENGTH_Z = 3.0
# A Chinese sentence is "dropped" from the English when the English is also this far
# (robust z) shorter than the book's usual ratio.
DROPPED_Z = 1.0
HEADING_WORDS = 8


def no_english(ctx: Context) -> Iterator[Finding]:
    """A Chinese clause with no English paragraph."""
    for unit in ctx.units:
        if unit.zh.strip() and not unit.en.strip():
            yield finding(unit, "no-english", "error", "this clause has no English translation",
                          zh_marks=[(0, len(unit.zh))])


def no_clause(ctx: Context) -> Iterator[Finding]:
    """An English paragraph aligned to no Chinese clause. A heading before the first
    clause (the document's title: a few words, no full stop) is an info, not a warning."""
    for orphan in ctx.orphans:
        section = filed_under(orphan, ctx.book)
        where = f"after {section}" if orphan.after else f"before {section}"
        title = orphan.after is None and _is_heading(orphan.en)
        message = (f"English heading #{orphan.en_index} ({where}) has no Chinese clause; it states no rule" if title
                   else f"English paragraph #{orphan.en_index} ({where}) has no Chinese clause")
        yield Finding(section=section, check="no-clause", severity="info" if title else "warning",
                      en=orphan.en, zh="", en_index=orphan.en_index, message=message,
                      en_marks=((0, len(orphan.en)),))


def _is_heading(text: str) -> bool:
    """A title line: at most eight words and no sentence punctuation."""
    words = text.split()
    return 0 < len(words) <= HEADING_WORDS and not re.search(r"[.!?:;,]", text)


def _log_ratio(unit: Unit) -> float:
    return math.log(len(unit.en) / len(unit.zh))


def _ratio_model(ctx: Context) -> tuple[float, float]:
    ratios = [_log_ratio(u) for u in ctx.book_translated() if len(u.sections) == 1 and len(u.en_indices) == 1]
    if len(ratios) < 10:
        return 0.0, 0.0
    median = statistics.median(ratios)
    mad = statistics.median(abs(r - median) for r in ratios) * 1.4826
    return median, mad


def _z_scores(ctx: Context) -> dict[int, float]:
    """Robust z-score of each unit's English-to-Chinese length ratio (by id of the unit); empty
    when the book is too small to have a usual ratio."""
    median, mad = _ratio_model(ctx)
    if mad <= 0:
        return {}
    return {id(unit): (_log_ratio(unit) - median) / mad for unit in ctx.translated()}


def length_ratio(ctx: Context) -> Iterator[Finding]:
    """English much longer or shorter than the Chinese, against the book's own ratio. An info:
    on short clauses the ratio swings widely with harmless rewording (6.2.1.9)."""
    median, _ = _ratio_model(ctx)
    typical = math.exp(median)
    z_of = _z_scores(ctx)
    for unit in ctx.translated():
        z = z_of.get(id(unit), 0.0)
        if abs(z) < LENGTH_Z:
            continue
        ratio = len(unit.en) / len(unit.zh)
        side = "longer" if z > 0 else "shorter"
        yield finding(unit, "length-ratio", "info",
                      f"English is {ratio:.1f}× the Chinese length (book median {typical:.1f}×, z={z:+.1f}): "
                      f"much {side} than usual — text added or dropped?")


def sentence_count(ctx: Context) -> Iterator[Finding]:
    """Sentence counts differ. When the Chinese has more sentences and the English is also
    shorter than the book's usual ratio, the English probably dropped a sentence (warning).
    Otherwise two sentences were joined or one split (info): Chinese often joins with ，
    what English writes as two sentences, so an extra English sentence alone says little."""
    z_of = _z_scores(ctx)
    for unit in ctx.translated():
        zh_n, en_n = count_sentences_zh(unit.zh), count_sentences_en(unit.en)
        if zh_n == en_n:
            continue
        z = z_of.get(id(unit), 0.0)
        if zh_n > en_n and z <= -DROPPED_Z:
            yield finding(unit, "sentence-count", "warning",
                          f"{zh_n} Chinese sentences against {en_n} English, and the English is shorter than usual "
                          f"(z={z:+.1f}): the English probably dropped a sentence")
        else:
            more = "Chinese" if zh_n > en_n else "English"
            yield finding(unit, "sentence-count", "info",
                          f"{zh_n} Chinese sentence(s) against {en_n} English: the {more} may say something the other does not")


def low_confidence(ctx: Context) -> Iterator[Finding]:
    """The aligner was unsure this English belongs to this clause."""
    for unit in ctx.translated():
        if unit.score is not None and unit.score < LOW_CONFIDENCE:
            yield finding(unit, "low-confidence", "warning",
                          f"alignment confidence {unit.score:.2f} (< {LOW_CONFIDENCE}): check that this English belongs here")
