"""Cross-references affected by a new version: `(10.5.1)` whose clause was renumbered.

For each clause (or English paragraph) present in both versions, every reference is followed
through the renumbering (`renumbered`: old number -> new number of the same clause):

* updated    the reference was rewritten to the clause's new number (10.5.1 -> 10.5.2);
* stale      it still says 10.5.1 although that clause is now 10.5.2: it points elsewhere now;
* dangling   it still says 10.5.1 although that clause was removed;
* retargeted it now names a clause other than the one it named before (a change of meaning).
"""

from __future__ import annotations

from pal_judge.corpus.zh_parser import REF_RE
from pal_judge.diff.model import Change
from pal_judge.diff.textdiff import Lang


def _refs(text: str) -> list[str]:
    return [match.group(1) for match in REF_RE.finditer(text)]


def _ref_pairs(old_text: str, new_text: str) -> list[tuple[str, str]]:
    """The references of the old and new text, paired: by position when both have as many,
    else only the numbers written the same in both (the others are part of the text's change)."""
    old_refs, new_refs = _refs(old_text), _refs(new_text)
    if len(old_refs) == len(new_refs):
        pairs = list(zip(old_refs, new_refs))
    else:
        pairs = [(ref, ref) for ref in old_refs if ref in new_refs]
    return list(dict.fromkeys(pairs))  # each pair once per clause


def reference_changes(lang: Lang, old: str | None, new: str | None, old_text: str, new_text: str,
                      renumbered: dict[str, str | None]) -> list[Change]:
    """The references of one paired clause (`old`/`new` its numbers) that a renumbering affects.

    `renumbered` maps every old section number to its new number (None: removed)."""
    changes: list[Change] = []
    for ref_old, ref_new in _ref_pairs(old_text, new_text):
        if ref_old not in renumbered:
            continue  # not a section of the old rulebook: nothing to follow
        target = renumbered[ref_old]
        status, fix = _status(ref_old, ref_new, target)
        if status:
            changes.append(Change("reference", lang, old, new, ref_old=ref_old, ref_new=ref_new,
                                  status=status, target=target, fix=fix))
    return changes


def _status(ref_old: str, ref_new: str, target: str | None) -> tuple[str | None, str | None]:
    if ref_old == ref_new:
        if target == ref_old:
            return None, None
        if target is None:
            return "dangling", f"{ref_old} was removed: point at the clause that replaces it"
        return "stale", f"write {target} instead of {ref_old}"
    if ref_new == target:
        return "updated", None
    return "retargeted", None
