"""Diff two rules folders: both languages, paired by content, with the renumbering between them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pal_judge.corpus.glossary import Glossary, load_glossary
from pal_judge.diff.chinese import renumbering, section_pairs, zh_changes
from pal_judge.diff.en_sections import new_attribution, old_attribution
from pal_judge.diff.english import en_changes, paragraph_pairs
from pal_judge.diff.model import Change
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


def diff_versions(old: RulesVersion, new: RulesVersion, glossary: Glossary) -> DiffReport:
    pairs = section_pairs(old.sections, new.sections)
    renumbered = renumbering(pairs)
    changes = zh_changes(pairs, renumbered)
    en_pairs = paragraph_pairs(old.paragraphs, new.paragraphs)
    old_sections = old_attribution(old, glossary)
    new_sections = new_attribution(en_pairs, old_sections, renumbered, new, glossary)
    changes += en_changes(en_pairs, old.paragraphs, new.paragraphs, old_sections, new_sections, renumbered)
    return DiffReport(old, new, tuple(sorted(changes, key=Change.sort_key)), renumbered)


def diff_folders(old: Path, new: Path, glossary: Glossary | None = None) -> DiffReport:
    """Read both folders (a missing or malformed one is a UserError) and diff them; the glossary
    that guides the aligner is the project's (rules/glossary.yaml) unless one is given."""
    old_version, new_version = read_version(old, "OLD"), read_version(new, "NEW")
    return diff_versions(old_version, new_version, glossary or load_glossary())
