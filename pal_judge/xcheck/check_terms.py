"""Glossary checks: a key term on one side with no rendering on the other, and one
Chinese term rendered by different English terms across the book."""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterator

from pal_judge.corpus.glossary import Glossary, Term
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
    """A key glossary term appears on one side and none of its renderings on the other."""
    if ctx.glossary is None:
        return
    glossary = ctx.glossary
    for unit in ctx.translated():
        zh_matches = glossary.matches_zh(unit.zh)
        en_matches = glossary.matches_en(unit.en)
        zh_ids = {m.term.id for m in zh_matches}
        en_ids = {m.term.id for m in en_matches}
        missing_en = [t for t in _unique(m.term for m in zh_matches) if _key_term(t) and t.id not in en_ids]
        missing_zh = [t for t in _unique(m.term for m in en_matches) if _key_term(t) and t.id not in zh_ids]
        if not missing_en and not missing_zh:
            continue
        parts = []
        if missing_en:
            parts.append("no English for " + ", ".join(f"{t.zh_name} ({t.en_name})" for t in missing_en))
        if missing_zh:
            parts.append("no Chinese for " + ", ".join(f"{t.en_name} ({t.zh_name})" for t in missing_zh))
        missing_ids = {t.id for t in missing_en} | {t.id for t in missing_zh}
        strong = any(t.kind in STRONG_KINDS for t in missing_en + missing_zh)
        yield finding(unit, "term-missing", "warning" if strong else "info", "; ".join(parts),
                      [(m.start, m.end) for m in en_matches if m.term.id in missing_ids],
                      [(m.start, m.end) for m in zh_matches if m.term.id in missing_ids])


def _unique(terms: object) -> list[Term]:
    seen: dict[str, Term] = {}
    for term in terms:  # type: ignore[attr-defined]
        seen.setdefault(term.id, term)
    return list(seen.values())


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


def _renderings(glossary: Glossary, unit: Unit, term: Term) -> dict[str, str]:
    """Rendering key -> the words as written, for each rendering of `term` in the English."""
    found: dict[str, str] = {}
    for m in glossary.matches_en(unit.en):
        if m.term.id == term.id:
            found.setdefault(_stem(unit.en[m.start:m.end]), unit.en[m.start:m.end])
    return found


def term_inconsistent(ctx: Context) -> Iterator[Finding]:
    """One Chinese term (variant) rendered by different English terms across the book.

    The rendering used where the term is defined (`defined_in`) is the reference;
    otherwise the most frequent one, ties going to the glossary's canonical form.
    Units using another rendering, and not the reference one, are reported.
    """
    if ctx.glossary is None:
        return
    glossary = ctx.glossary
    uses: dict[tuple[str, str], list[tuple[Unit, set[str]]]] = {}
    terms: dict[str, Term] = {}
    written: dict[str, str] = {}
    for unit in ctx.translated():
        for match in glossary.matches_zh(unit.zh):
            if len(match.term.en) < 2 or match.term.kind == "action":
                continue  # verbs are inflected and paraphrased too freely to compare
            key = (match.term.id, unit.zh[match.start:match.end])
            found = _renderings(glossary, unit, match.term)
            if found and all(u is not unit for u, _ in uses.get(key, [])):
                uses.setdefault(key, []).append((unit, set(found)))
                terms[match.term.id] = match.term
                for stem, words in found.items():
                    written.setdefault(stem, words)
    for (term_id, zh_variant), occurrences in uses.items():
        counts: Counter[str] = Counter(r for _, found in occurrences for r in found)
        if len(counts) < 2:
            continue
        term = terms[term_id]
        defined = _defined_rendering(term, occurrences)
        reference = defined or _most_used(term, counts)
        basis = "where it is defined" if defined else "elsewhere"
        tally = ", ".join(f"“{written[r]}” ×{n}" for r, n in counts.most_common())
        for unit, used in occurrences:
            if reference in used:
                continue
            here = ", ".join(f"“{written[r]}”" for r in sorted(used))
            en_marks = [(m.start, m.end) for m in glossary.matches_en(unit.en) if m.term.id == term_id]
            zh_marks = [m.span() for m in re.finditer(re.escape(zh_variant), unit.zh)]
            yield finding(unit, "term-inconsistent", "warning",
                          f"{zh_variant} is rendered {here} here but “{written[reference]}” {basis} ({tally})",
                          en_marks, zh_marks)


def _defined_rendering(term: Term, occurrences: list[tuple[Unit, set[str]]]) -> str | None:
    if term.defined_in is None:
        return None
    for unit, found in occurrences:
        if term.defined_in in unit.sections and len(found) == 1:
            return next(iter(found))
    return None


def _most_used(term: Term, counts: Counter[str]) -> str:
    canonical_order = [_stem(v) for v in term.en]
    best = max(counts.values())
    tied = [r for r, n in counts.items() if n == best]
    return min(tied, key=lambda r: canonical_order.index(r) if r in canonical_order else len(canonical_order))


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
        for term in _unique(m.term for m in glossary.matches_zh(unit.zh)):
            words = FOREIGN_WORDS.get(term.en_name.lower())
            if not words:
                continue
            found = [m.span() for m in _foreign_pattern(words).finditer(unit.en)
                     if glossary.lookup(m.group(0)) is None]
            if found:
                zh_marks = [(m.start, m.end) for m in glossary.matches_zh(unit.zh) if m.term.id == term.id]
                used = ", ".join(dict.fromkeys(unit.en[a:b] for a, b in found))
                yield finding(unit, "foreign-term", "warning",
                              f"{term.zh_name} is “{term.en_name}” in the glossary; EN writes “{used}”",
                              found, zh_marks)
