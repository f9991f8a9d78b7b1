"""A small rules folder (chapter 1 of zh.txt and its 22 English paragraphs) for fast rebuilds."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "rules"


@pytest.fixture()
def rules(tmp_path: Path) -> Path:
    folder = tmp_path / "rules"
    folder.mkdir()
    zh = (RULES / "zh.txt").read_text(encoding="utf-8").split("第2章")[0]
    en_lines = [l for l in (RULES / "en.txt").read_text(encoding="utf-8").splitlines() if l.strip()][:22]
    (folder / "zh.txt").write_text(zh, encoding="utf-8")
    (folder / "en.txt").write_text("\n\n".join(en_lines) + "\n", encoding="utf-8")
    for name in ("glossary.yaml", "headings_en.yaml", "alignment_overrides.yaml"):
        shutil.copy(RULES / name, folder / name)
    return folder
