"""Glossary checks: a key term on one side with no rendering on the other, and one
Chinese term rendered by different English terms across the book."""

from __future__ import annotations

import re
from typing import Iterator

from pal_judge.corpus.glossary import Term, unique_terms
from pal_judge.xcheck.context import Context, finding
from pal_judge.xcheck.finding import Finding
from pal_judge.xcheck.units import Unit

# Kinds whose terms are precise enough to be expected on both sides. Generic
# words (card, player, effect, turn) are translated freely and are left out.
KEY_KINDS = frozenset({"keyword", "zone", "phase", "timing", "rule-action", "resource", "state", "ability", "card-type"})
# Kinds whose absence is a likely problem (warning); other key terms give an info finding.
STRONG_KINDS = frozenset({"keyword", "zone"})
# Terms so common, or so often paraphrased, that their absence says nothing.
_LOOSE = frozenset({"pal", "soul", "card", "player", "effect", "ability", "phase", "step", "zone", "turn",
                    "damage", "attack", "play", "choose", "resolve", "target", "place", "rest", "stand",
                    "draw", "base", "deck", "hand", "active", "inactive"})


def _key_term(term: Term) -> bool:
    return term.kind in KEY_KINDS and term.id not in _LOOSE


def term_missing(ctx: Context) -> Iterator[Finding]:
    """A key glossary term appears on one side and none of its renderings on the other.

    Only the term's own sense counts (the glossary's `sense`: 事件 as the Event card type,
    not "an occurrence"); its verb and short forms (`forms`: "stands" for stand state)
    count as a rendering. A term the other side leaves to the clause before (由此放置的卡
    for "the card put into the graveyard") is an info, not a warning.
    """
    if ctx.glossary is None:
        return
    previous: Unit | None = None
    for unit in ctx.book_translated():
        before, previous = previous, unit
        if not ctx.reports(unit):
            continue
        zh_matches = [m for m in ctx.term_matches(unit.zh, zh=True) if _in_sense(m.term.sense_zh, unit.zh)]
        en_matches = [m for m in ctx.term_matches(unit.en, zh=False) if _in_sense(m.term.sense_en, unit.en)]
        missing_en = [t for t in unique_terms(m.term for m in zh_matches) if _key_term(t) and not names_term(ctx, t, unit.en, zh=False)]
        missing_zh = [t for t in unique_terms(m.term for m in en_matches) if _key_term(t) and not names_term(ctx, t, unit.zh, zh=True)]
        if not missing_en and not missing_zh:
            continue
        parts = []
        if missing_en:
            parts.append("no English for " + ", ".join(f"{t.zh_name} ({t.en_name})" for t in missing_en))
        if missing_zh:
            parts.append("no Chinese for " + ", ".join(f"{t.en_name} ({t.zh_name})" for t in missing_zh))
        missing_ids = {t.id for t in missing_en} | {t.id for t in missing_zh}
        strong = [t for t in missing_en if t.kind in STRONG_KINDS and not _said_before(ctx, t, before, zh=False)]
        strong += [t for t in missing_zh if t.kind in STRONG_KINDS and not _said_before(ctx, t, before, zh=True)]
        yield finding(unit, "term-missing", "warning" if strong else "info", "; ".join(parts),
                      [(m.start, m.end) for m in en_matches if m.term.id in missing_ids],
                      [(m.start, m.end) for m in zh_matches if m.term.id in missing_ids])


def _in_sense(sense: tuple[str, ...], text: str) -> bool:
    """The text uses the word in the term's sense (always, when the glossary gives no `sense`)."""
    return not sense or any(form in text for form in sense)


def names_term(ctx: Context, term: Term, text: str, zh: bool) -> bool:
    """`text` names the term: one of its variants, or one of its verb or short forms, alone
    or inside a longer term (规则处理 "rule action" inside 中断类规则处理)."""
    if any(m.term.id == term.id for m in ctx.term_matches(text, zh)):
        return True
    if zh:
        return any(form in text for form in term.zh + term.forms_zh)
    return any(re.search(rf"(?<![A-Za-z]){re.escape(form)}(?:e?s)?(?![A-Za-z])", text, re.IGNORECASE)
               for form in term.en + term.forms_en)


def _said_before(ctx: Context, term: Term, before: Unit | None, zh: bool) -> bool:
    """The clause before names the term on the side that leaves it out here (an anaphor: 由此, "this")."""
    return before is not None and names_term(ctx, term, before.zh if zh else before.en, zh)


_FILLER = frozenset({"the", "a", "an", "their", "his", "her", "its", "your", "each", "player", "s"})


def _stem(phrase: str) -> str:
    """Fold inflection and decoration so "stand state"/"standing state", "ability"/"abilities",
    "sub name"/"sub-name", "Quick"/"【Quick】" count as one rendering (articles and
    possessives dropped, common English suffixes cut)."""
    words = re.findall(r"[a-z]+", phrase.lower().replace("’", "'").replace("-", " "))
    return " ".join(stem_word(w) for w in words if w not in _FILLER)


def stem_word(word: str) -> str:
    """One English word without its common suffix: "standing" → "stand", "abilities" → "ability"."""
    for suffix, repl in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            word = word[: -len(suffix)] + repl
            break
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


def _renderings(ctx: Context, unit: Unit, term: Term) -> dict[str, str]:
    """Rendering key -> the words as written, for each rendering of `term` in the English."""
    found: dict[str, str] = {}
    for m in ctx.term_matches(unit.en, zh=False):
        if m.term.id == term.id:
            found.setdefault(_stem(unit.en[m.start:m.end]), unit.en[m.start:m.end])
    return found


def terminology(ctx: Context) -> Iterator[Finding]:
    """Terminology consistency: one report per Chinese term (variant) that the English
    renders in more than one way, listing every rendering and the sections using it.

    A different rendering rarely changes a rule (帕鲁上限 as “Pal limit” or “maximum number
    of Pals”), so this is an info-level report for a translator's style pass, not a
    per-clause warning. It is filed under the section that defines the term (else the
    first that uses it); the rendering used there comes first.
    """
    if ctx.glossary is None:
        return
    uses: dict[tuple[str, str], list[tuple[Unit, dict[str, str]]]] = {}
    terms: dict[str, Term] = {}
    # A report is filed under a unit using its variant: reporting on some units only, the units using
    # none of their variants cannot change what is filed under them.
    variants = None if ctx.whole_book else {u.zh[m.start:m.end] for u in ctx.translated() for m in ctx.term_matches(u.zh, zh=True)}
    for unit in ctx.book_translated():  # a term's renderings are counted over the whole book
        if variants is not None and not any(variant in unit.zh for variant in variants):
            continue
        for match in ctx.term_matches(unit.zh, zh=True):
            if len(match.term.en) < 2 or match.term.kind == "action":
                continue  # verbs are inflected and paraphrased too freely to compare
            key = (match.term.id, unit.zh[match.start:match.end])
            found = _renderings(ctx, unit, match.term)
            if found and all(u is not unit for u, _ in uses.get(key, [])):
                uses.setdefault(key, []).append((unit, found))
                terms[match.term.id] = match.term
    for (term_id, zh_variant), occurrences in uses.items():
        where: dict[str, list[str]] = {}
        written: dict[str, str] = {}
        for unit, found in occurrences:
            for stem, words in found.items():
                where.setdefault(stem, []).append(unit.section)
                written.setdefault(stem, words)
        if len(where) < 2:
            continue
        term = terms[term_id]
        home = _home(term, occurrences)
        first = set(home[1]) if home else set()
        order = sorted(where, key=lambda r: (r not in first, -len(where[r]), written[r]))
        listing = "; ".join(f"“{written[r]}” ({', '.join(where[r])})" for r in order)
        unit = home[0] if home else occurrences[0][0]
        if not ctx.reports(unit):
            continue
        yield Finding(section=unit.section, check="terminology", severity="info", en=listing, zh=zh_variant,
                      message=f"{zh_variant} ({term.en_name}) has {len(where)} English renderings, "
                              "each with the sections that use it (a choice for a style pass)",
                      zh_marks=((0, len(zh_variant)),))


def _home(term: Term, occurrences: list[tuple[Unit, dict[str, str]]]) -> tuple[Unit, dict[str, str]] | None:
    """The occurrence in the section that defines the term, if the term has one and it is used there."""
    if term.defined_in is None:
        return None
    return next(((u, found) for u, found in occurrences if term.defined_in in u.sections), None)


# Words other card games use for these actions and zones. Where the Chinese uses the
# glossary term and the English uses one of these instead, the translation has
# borrowed a foreign rule word (洗牌 "shuffle" written "cut": in other games a cut
# is a different act). Keyed by the glossary's canonical English name.
FOREIGN_WORDS: dict[str, tuple[str, ...]] = {
    "shuffle": ("cut",),
    "rest": ("tap", "exhaust"),
    "stand": ("untap",),
    "graveyard": ("discard pile", "trash", "cemetery"),
    "discard": ("trash",),
    "deploy": ("summon",),
    "exile": ("banish",),
    "deck": ("library",),
}


def _foreign_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + r")(?:s|ed|ing|ped|ping)?\b", re.IGNORECASE)


def foreign_term(ctx: Context) -> Iterator[Finding]:
    """Where ZH uses a glossary term, EN uses another game's word for it ("cut" for 洗牌 shuffle)."""
    if ctx.glossary is None:
        return
    glossary = ctx.glossary
    for unit in ctx.translated():
        for term in unique_terms(m.term for m in ctx.term_matches(unit.zh, zh=True)):
            words = FOREIGN_WORDS.get(term.en_name.lower())
            if not words:
                continue
            found = [m.span() for m in _foreign_pattern(words).finditer(unit.en)
                     if glossary.lookup(m.group(0)) is None]
            if found:
                zh_marks = [(m.start, m.end) for m in ctx.term_matches(unit.zh, zh=True) if m.term.id == term.id]
                used = ", ".join(dict.fromkeys(unit.en[a:b] for a, b in found))
                yield finding(unit, "foreign-term", "warning",
                              f"{term.zh_name} is “{term.en_name}” in the glossary; EN writes “{used}”",
                              found, zh_marks)
