"""An edited copy of the published rulebook, as a publisher's next version could be:

* a Chinese heading inserted before 10.1, renumbering all of chapter 10 and every reference to
  it, except the reference in 1.2.4 (left pointing at the old number);
* 9.6.3 reworded in Chinese;
* 2.1.3.2 removed in both languages;
* the English of 2.1.3.1 corrected (it swapped the main name and the sub name, against the Chinese).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from diff_edits import (  # noqa: E402
    CORRECTED_EN, INSERTED_HEADING, REMOVED_EN, REMOVED_ZH, REWORDED, Edited, copy_rules, insert_numbered,
    remove_line, replace_in_line,
)


@pytest.fixture(scope="session")
def edited(tmp_path_factory: pytest.TempPathFactory) -> Edited:
    root = tmp_path_factory.mktemp("versions")
    old, new = copy_rules(root / "old"), copy_rules(root / "new")
    renumbered = insert_numbered(new, "10.1", INSERTED_HEADING, keep_refs_in="1.2.4")
    replace_in_line(new, "zh.txt", *REWORDED)
    remove_line(new, "zh.txt", REMOVED_ZH)
    remove_line(new, "en.txt", REMOVED_EN)
    replace_in_line(new, "en.txt", *CORRECTED_EN)
    return Edited(old, new, renumbered)
