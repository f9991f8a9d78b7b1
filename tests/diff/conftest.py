"""An edited copy of the published rulebook, as a publisher's next version could be:

* a Chinese heading inserted before 10.1, renumbering all of chapter 10 and every reference to
  it, except the reference in 1.2.4 (left pointing at the old number);
* 9.6.3 reworded in Chinese;
* 2.1.3.2 removed in both languages;
* the English of 2.1.3.1 corrected (it swapped the main name and the sub name, against the Chinese).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from edits import copy_rules, insert_numbered, remove_line, replace_in_line  # noqa: E402

INSERTED_HEADING = "10.1 新增的规则"
REWORDED = ("9.6.3根据攻击目标", "根据攻击目标", "根据攻击目标与防御者")
REMOVED_ZH = "2.1.3.2"
REMOVED_EN = "If a card name does not match the above"
CORRECTED_EN = ("If a card name has an em dash",
                "the text before it is the main name, and the text after it is the sub name",
                "the text before it is the sub name, and the text after it is the main name")


@dataclass(frozen=True)
class Edited:
    old: Path
    new: Path
    renumbered: dict[str, str]  # every section the insertion renumbered: old -> new


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
