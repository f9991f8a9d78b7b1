"""Diff two rules folders: both languages, paired by content, with the renumbering between them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pal_judge.corpus import Rulebook, load_corpus
from pal_judge.corpus.glossary import Glossary
from pal_judge.diff.chinese import renumbering, section_pairs, zh_changes
from pal_judge.diff.en_sections import carry_over
from pal_judge.diff.english import en_changes, paragraph_pairs
from pal_judge.diff.model import Attribution, Change
from pal_judge.diff.versions import RulesVersion, read_version


@dataclass(frozen=True)
class DiffReport:
    """The changes in book order (by the number they are filed under), and the renumbering."""

    old: RulesVersion
    new: RulesVersion
    changes: tuple[Change, ...]
    renumbered: dict[str, str | None]  # old section number -> new number (None: removed)

    def of_kind(self, kind: str, lang: str | None = None) -> list[Change]:
        return [c for c in self.changes if c.kind == kind and (lang is None or c.lang == lang)]


def english_sections(version: RulesVersion, aligned: Rulebook, glossary: Glossary) -> Attribution:
    """The sections each English paragraph of `version` translates, carried over from `aligned`
    (the published rulebook, aligned once and cached)."""
    pairs = section_pairs(aligned.sections, version.sections)
    return carry_over(paragraph_pairs(aligned.en_paragraphs, version.paragraphs),
                      tuple(a.sections for a in aligned.alignment), renumbering(pairs), version, glossary)


def diff_versions(old: RulesVersion, new: RulesVersion, aligned: Rulebook, glossary: Glossary) -> DiffReport:
    """Both languages of `old` against `new`; `aligned` is a rulebook whose English alignment is
    known, from which the old English paragraphs' sections are carried over."""
    pairs = section_pairs(old.sections, new.sections)
    renumbered = renumbering(pairs)
    changes = zh_changes(pairs, renumbered)
    en_pairs = paragraph_pairs(old.paragraphs, new.paragraphs)
    old_sections = english_sections(old, aligned, glossary)
    new_sections = carry_over(en_pairs, old_sections, renumbered, new, glossary)
    changes += en_changes(en_pairs, old.paragraphs, new.paragraphs, old_sections, new_sections, renumbered)
    return DiffReport(old, new, tuple(sorted(changes, key=Change.sort_key)), renumbered)


def diff_folders(old: Path, new: Path) -> DiffReport:
    """Read both folders (a missing or malformed one is a UserError) and diff them, the English
    attributed to sections from the project's aligned rulebook (rules/, cached)."""
    old_version, new_version = read_version(old, "OLD"), read_version(new, "NEW")
    aligned, glossary = load_corpus()
    return diff_versions(old_version, new_version, aligned, glossary)
