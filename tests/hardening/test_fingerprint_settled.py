"""A command hashes each input file once, as it was when the command started; a long-lived process
(these tests, an embedder) sees every edit."""

from __future__ import annotations

from pathlib import Path

import pytest

from pal_judge import fingerprint as fp

RULES = Path(__file__).resolve().parents[2] / "rules"


def test_a_settled_process_gets_the_same_keys_and_keeps_them_through_an_edit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ruling = tmp_path / "ruling.yaml"
    ruling.write_text("id: a\n", encoding="utf-8")
    files = [RULES / "zh.txt", RULES / "en.txt", ruling, tmp_path / "absent.yaml"]
    unsettled = fp.fingerprint("salt", files)

    monkeypatch.setattr(fp, "_settled", None)
    fp.settle_files()
    assert fp.fingerprint("salt", files) == unsettled  # the same key, each file read once
    ruling.write_text("id: b\n", encoding="utf-8")
    assert fp.fingerprint("salt", files) == unsettled  # the command goes on with what it started with

    monkeypatch.setattr(fp, "_settled", None)  # a process that did not settle sees the edit
    assert fp.fingerprint("salt", files) != unsettled
