"""`--rulings`: the rulings whose cited clauses a new version renumbered, changed or removed,
each with the fix a judge must make (expectations from the rulings' own cites and the edits)."""

from __future__ import annotations

from pathlib import Path

import pytest

from diff_edits import Edited
from diff_edits import copy_rules, remove_line, replace_in_line
from pal_judge.diff import diff_folders
from pal_judge.diff.at_risk import RulingAtRisk, rulings_at_risk
from pal_judge.rulings.loader import load_rulings
from pal_judge.rulings.runs import run_all

REWORDED_11_4_1 = ("11.4.1当任一据点", "将被送入其拥有者的墓地", "将被放逐")
REMOVED = "9.6.3.1.1"


@pytest.fixture(scope="module")
def rulings():
    return load_rulings()


def _by_id(risks: list[RulingAtRisk]) -> dict[str, RulingAtRisk]:
    return {r.id: r for r in risks}


def test_a_renumbered_citation_comes_with_the_number_to_cite_instead(edited: Edited, rulings) -> None:
    risks, total = rulings_at_risk(diff_folders(edited.old, edited.new))
    assert total == len(rulings)
    found = _by_id(risks)
    citing = [r for r in rulings if any(c in edited.renumbered for c in r.cites)]
    assert citing, "the insertion renumbers clauses that rulings cite"
    for ruling in citing:
        fixes = {c.fix for c in found[ruling.id].cites if c.status == "renumbered"}
        assert fixes == {f"cite {edited.renumbered[c]} instead of {c}" for c in ruling.cites if c in edited.renumbered}


@pytest.fixture(scope="module")
def reworded_and_removed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("risk")
    old, new = copy_rules(root / "old"), copy_rules(root / "new")
    replace_in_line(new, "zh.txt", *REWORDED_11_4_1)
    remove_line(new, "zh.txt", REMOVED)
    return old, new


def test_changed_and_removed_citations_and_only_those_rulings(reworded_and_removed, rulings) -> None:
    risks, _ = rulings_at_risk(diff_folders(*reworded_and_removed))
    found = _by_id(risks)
    runs = run_all(rulings)
    affected = {"11.4.1", REMOVED}
    expected = {r.id for r in rulings if affected & (set(r.cites) | set(runs[r.id].cited))}
    assert expected and set(found) == expected
    for ruling in rulings:
        if ruling.id in found and not affected & set(ruling.cites):  # only its replay goes through them
            [relied] = found[ruling.id].scenario
            assert relied.startswith("its replay goes through") and ("11.4.1 (Chinese changed)" in relied
                                                                      or f"{REMOVED} (removed)" in relied)
    for ruling in rulings:
        if REMOVED in ruling.cites:
            statuses = {(c.cite, c.status) for c in found[ruling.id].cites}
            assert (REMOVED, "removed") in statuses
            assert any(REMOVED in problem for problem in found[ruling.id].scenario)  # its check fails against NEW
        if "11.4.1" in ruling.cites:
            [changed] = [c for c in found[ruling.id].cites if c.cite == "11.4.1"]
            assert changed.status == "changed" and changed.now == "11.4.1" and "Chinese" in changed.fix
