"""Which numbered section each English paragraph translates, carried over from an aligned version.

Aligning a whole rulebook (pal_judge/corpus/align.py) takes seconds, so it is done once, for the
published texts, and cached with the rulebook. Another version's paragraphs inherit it: a paragraph
paired by content with an aligned one translates the same sections, under their new numbers; a run
of paragraphs with no partner is aligned by the same aligner, but only against the sections
between its paired neighbours.
"""

from __future__ import annotations

from pal_judge.corpus.align import align, paragraph_alignment
from pal_judge.corpus.glossary import Glossary
from pal_judge.corpus.model import Section
from pal_judge.diff.model import Attribution
from pal_judge.diff.versions import RulesVersion


def carry_over(pairs: list[tuple[int | None, int | None]], old: Attribution, renumbered: dict[str, str | None],
                    new: RulesVersion, glossary: Glossary) -> Attribution:
    """The sections each paragraph of `new` translates, from the paragraphs of an aligned version
    (`old`: their sections) paired with them and that version's renumbering of its sections."""
    found: list[tuple[str, ...] | None] = [None] * len(new.paragraphs)
    for i, j in pairs:
        if i is not None and j is not None:
            found[j] = tuple(n for s in old[i] if (n := renumbered.get(s)) is not None)
    j = 0
    while j < len(found):
        if found[j] is not None:
            j += 1
            continue
        end = j
        while end < len(found) and found[end] is None:
            end += 1
        found[j:end] = _align_run(new, glossary, j, end, _last_section(found[:j]), _first_section(found[end:]))
        j = end
    return tuple(s or () for s in found)


def _last_section(found: list[tuple[str, ...] | None]) -> str | None:
    return next((s[-1] for s in reversed(found) if s), None)


def _first_section(found: list[tuple[str, ...] | None]) -> str | None:
    return next((s[0] for s in found if s), None)


def _align_run(new: RulesVersion, glossary: Glossary, start: int, end: int,
               before: str | None, after: str | None) -> list[tuple[str, ...]]:
    """Align new paragraphs start..end-1 to the new sections strictly between `before` and `after`
    (the sections of their paired neighbours, whose English is already known). A paragraph that
    translates none of them is filed under `before`: text added to the section above it."""
    numbers = [s.number for s in new.sections]
    first = numbers.index(before) + 1 if before in numbers else 0
    last = numbers.index(after) if after in numbers else len(numbers)
    window: tuple[Section, ...] = new.sections[first:last]
    paragraphs = new.paragraphs[start:end]
    fallback = (before,) if before else ()
    if not window:
        return [fallback] * len(paragraphs)
    try:
        result = align(paragraphs, window, glossary)
    except ValueError:  # the run is far longer than the window: the aligner's band cannot cover it
        return [fallback] * len(paragraphs)
    return [a.sections or fallback for a in paragraph_alignment(result, window, len(paragraphs))]
