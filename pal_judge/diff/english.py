"""The English paragraphs, old against new: they carry no numbers, so they are paired by content
too and reported under the section each translates (en_sections.py)."""

from __future__ import annotations

from pal_judge.diff.model import Attribution, Change
from pal_judge.diff.pairing import pair_by_content
from pal_judge.diff.refs import reference_changes
from pal_judge.diff.textdiff import similarity, text_diff, without_refs


def paragraph_pairs(old: tuple[str, ...], new: tuple[str, ...]) -> list[tuple[int | None, int | None]]:
    return pair_by_content([without_refs(p) for p in old], [without_refs(p) for p in new],
                           lambda a, b: similarity(a, b, "en"))


def _first(sections: tuple[str, ...]) -> str | None:
    return sections[0] if sections else None


def en_changes(pairs: list[tuple[int | None, int | None]], old: tuple[str, ...], new: tuple[str, ...],
               old_sections: Attribution, new_sections: Attribution, renumbered: dict[str, str | None]) -> list[Change]:
    """Paragraphs added, removed, changed (with a word diff) or moved (their section renumbered)."""
    changes: list[Change] = []
    for i, j in pairs:
        if i is None and j is not None:
            changes.append(Change("added", "en", None, _first(new_sections[j]), new_text=new[j], new_index=j))
        elif j is None and i is not None:
            changes.append(Change("removed", "en", _first(old_sections[i]), None, old_text=old[i], old_index=i))
        elif i is not None and j is not None:
            was, now = _first(old_sections[i]), _first(new_sections[j])
            if without_refs(old[i]) != without_refs(new[j]):
                changes.append(Change("changed", "en", was, now, old[i], new[j], tuple(text_diff(old[i], new[j], "en")),
                                      old_index=i, new_index=j))
            elif was and now and was != now:  # its clause renumbered (a removed clause is the Chinese side's news)
                changes.append(Change("moved", "en", was, now, old[i], new[j], old_index=i, new_index=j))
            changes.extend(reference_changes("en", was, now, old[i], new[j], renumbered))
    return changes
