"""Which numbered section each English paragraph translates, in the old and in the new version.

The old version is aligned by the corpus aligner (pal_judge/corpus/align.py). That takes seconds,
so the result is reused: from the rulebook cache when the old texts are the project's own rules,
else from a small JSON cache keyed by the texts' hash (plain data, written atomically).

The new version is not aligned again: a paragraph paired with an old one inherits the old one's
sections under their new numbers; a run of new paragraphs with no old partner is aligned by the
same aligner, but only against the new sections between its paired neighbours.
"""

from __future__ import annotations

import json
from pathlib import Path

from pal_judge.atomic import write_text_atomic
from pal_judge.corpus.align import align, paragraph_alignment
from pal_judge.corpus.glossary import Glossary
from pal_judge.corpus.model import Section
from pal_judge.diff.versions import RulesVersion
from pal_judge.errors import UserError
from pal_judge.fingerprint import fingerprint, package_sources
from pal_judge.paths import cache_dir, rules_dir

Attribution = tuple[tuple[str, ...], ...]  # per paragraph: the section numbers it translates


def old_attribution(version: RulesVersion, glossary: Glossary) -> Attribution:
    """The sections each English paragraph of `version` translates, by the corpus aligner."""
    if _is_project_rules(version):
        from pal_judge.corpus import load_rulebook

        return tuple(a.sections for a in load_rulebook().alignment)
    path = _cache_file(version)
    cached = _read_cache(path, len(version.paragraphs))
    if cached is not None:
        return cached
    result = align(version.paragraphs, version.sections, glossary)
    found = tuple(a.sections for a in paragraph_alignment(result, version.sections, len(version.paragraphs)))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, json.dumps([list(s) for s in found]))
    except OSError:
        pass  # a read-only cache only costs time
    return found


def _is_project_rules(version: RulesVersion) -> bool:
    try:
        folder = rules_dir()
    except UserError:
        return False
    return all((folder / name).is_file() and (folder / name).read_text(encoding="utf-8", errors="replace") == text
               for name, text in (("zh.txt", version.zh_text), ("en.txt", version.en_text)))


def _cache_file(version: RulesVersion) -> Path:
    text_hash = fingerprint(version.zh_text + "\0" + version.en_text, package_sources("corpus", "diff"), length=24)
    return cache_dir() / f"diff-alignment-{text_hash}.json"


def _read_cache(path: Path, count: int) -> Attribution | None:
    """The cached attribution, or None when absent, unreadable or not the expected shape."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not (isinstance(data, list) and len(data) == count
            and all(isinstance(s, list) and all(isinstance(n, str) for n in s) for s in data)):
        return None
    return tuple(tuple(s) for s in data)


def new_attribution(pairs: list[tuple[int | None, int | None]], old: Attribution, renumbered: dict[str, str | None],
                    new: RulesVersion, glossary: Glossary) -> Attribution:
    """The sections each new paragraph translates: its old partner's, renumbered; runs of new
    paragraphs with no partner are aligned against the new sections between their neighbours."""
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
