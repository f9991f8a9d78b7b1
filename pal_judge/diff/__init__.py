"""What changed between two versions of the rulebook, and which rulings it puts at risk.

    from pal_judge.diff import diff_folders
    report = diff_folders(Path("old-rules"), Path("new-rules"))
    report.changes      # Change(kind="moved", lang="zh", old="9.6.3", new="9.6.4", ...), ...

Old and new clauses are paired by content (pairing.py), never by number, so an inserted
clause comes out as one addition plus the moves of the clauses it renumbered.
"""

from __future__ import annotations

from pal_judge.diff.compare import DiffReport, diff_folders, diff_versions
from pal_judge.diff.model import Change

__all__ = ["Change", "DiffReport", "diff_folders", "diff_versions"]
