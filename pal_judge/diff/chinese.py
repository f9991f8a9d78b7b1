"""The Chinese rulebook's sections, old against new, paired by content (kind and text), not number."""

from __future__ import annotations

from pal_judge.corpus.model import Section
from pal_judge.diff.model import Change
from pal_judge.diff.pairing import pair_by_content
from pal_judge.diff.refs import reference_changes
from pal_judge.diff.textdiff import similarity, text_diff, without_refs


def _key(section: Section) -> str:
    """What pairs two sections: the same kind and the same text, cross-reference numbers aside."""
    return f"{section.kind}\n{without_refs(section.zh)}"


def _similarity(old_key: str, new_key: str) -> float:
    old_kind, _, old_text = old_key.partition("\n")
    new_kind, _, new_text = new_key.partition("\n")
    return similarity(old_text, new_text, "zh") if old_kind == new_kind else 0.0


def section_pairs(old: tuple[Section, ...], new: tuple[Section, ...]) -> list[tuple[Section | None, Section | None]]:
    """Old and new sections paired in book order (None: only in the other version)."""
    pairs = pair_by_content([_key(s) for s in old], [_key(s) for s in new], _similarity)
    return [(None if i is None else old[i], None if j is None else new[j]) for i, j in pairs]


def renumbering(pairs: list[tuple[Section | None, Section | None]]) -> dict[str, str | None]:
    """Every old section number -> the number of the same section in the new version (None: removed)."""
    return {o.number: (n.number if n else None) for o, n in pairs if o is not None}


def zh_changes(pairs: list[tuple[Section | None, Section | None]], renumbered: dict[str, str | None]) -> list[Change]:
    """Sections added, removed, changed (with a character diff) or moved, and their references."""
    changes: list[Change] = []
    for o, n in pairs:
        if o is None and n is not None:
            changes.append(Change("added", "zh", None, n.number, new_text=n.zh))
        elif n is None and o is not None:
            changes.append(Change("removed", "zh", o.number, None, old_text=o.zh))
        elif o is not None and n is not None:
            if without_refs(o.zh) != without_refs(n.zh):
                changes.append(Change("changed", "zh", o.number, n.number, o.zh, n.zh,
                                      tuple(text_diff(o.zh, n.zh, "zh"))))
            elif o.number != n.number:
                changes.append(Change("moved", "zh", o.number, n.number, o.zh, n.zh))
            changes.extend(reference_changes("zh", o.number, n.number, o.zh, n.zh, renumbered))
    return changes
