"""One reported difference between two versions of the rulebook."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pal_judge.corpus.model import number_key

ChangeKind = Literal["added", "removed", "changed", "moved", "reference"]
KINDS: tuple[ChangeKind, ...] = ("added", "removed", "changed", "moved", "reference")
Attribution = tuple[tuple[str, ...], ...]  # per English paragraph: the section numbers it translates


@dataclass(frozen=True)
class Change:
    """A clause (Chinese) or paragraph (English) added, removed, changed or moved, or a
    cross-reference affected by a renumbering.

    `old`/`new` are section numbers (None when the clause is absent from that version, or for
    English text that translates no numbered section). English items also carry the paragraph's
    0-based index among the non-empty lines of en.txt (`old_index`, `new_index`).
    A "reference" item is one cross-reference `ref_old` → `ref_new` inside the clause `old`/`new`;
    `status` says what happened to it and `target` is where the clause it pointed at is now.
    """

    kind: ChangeKind
    lang: Literal["zh", "en"]
    old: str | None
    new: str | None
    old_text: str = ""
    new_text: str = ""
    diff: tuple[tuple[str, str], ...] = ()
    old_index: int | None = None
    new_index: int | None = None
    ref_old: str | None = None
    ref_new: str | None = None
    status: str | None = None
    target: str | None = None
    fix: str | None = None

    @property
    def number(self) -> str | None:
        """The number the change is filed under: the new one, or the old one for a removal."""
        return self.new or self.old

    @property
    def chapter(self) -> int | None:
        return int(self.number.split(".")[0]) if self.number else None

    def sort_key(self) -> tuple[Any, ...]:
        number = self.number
        return (number_key(number) if number else (), KINDS.index(self.kind), self.lang)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "lang": self.lang, "old": self.old, "new": self.new}
        if self.kind != "reference":
            data |= {"old_text": self.old_text or None, "new_text": self.new_text or None}
        if self.diff:
            data["diff"] = [{"op": op, "text": text} for op, text in self.diff]
        if self.lang == "en" and self.kind != "reference":
            data |= {"old_index": self.old_index, "new_index": self.new_index}
        if self.kind == "reference":
            data |= {"ref_old": self.ref_old, "ref_new": self.ref_new, "status": self.status, "target": self.target}
        if self.fix:
            data["fix"] = self.fix
        return data
