"""`rulings check` warnings: duplicate scenarios, and a decisive cite the trace shows only as supporting."""

from __future__ import annotations

from pathlib import Path

from pal_judge.rulings.check import check_rulings
from pal_judge.rulings.coverage import zh_sections
from pal_judge.rulings.loader import load_rulings
from pal_judge.rulings.runs import run_all

RULING = """\
  - id: {id}
    question:
      en: Direhowl attacks the opponent unblocked. How much life do they lose?
    answer:
      en: Two, its strike (9.6.3.3.2, 11.2.2).
    cites: [{cite}]
    tags: [battle]
    source: {{kind: rulebook, ref: "9.6.3", date: 2026-12-01}}
    scenario:
      setup:
        turn: A
        A: {{base: [Direhowl]}}
        B: {{deck: 10}}
      steps:
        - attack: Direhowl -> B
        - pass
      expect:
        life: {{B: {life}}}
"""


def reports(tmp_path: Path, *rulings: str) -> dict[str, tuple[str, ...]]:
    text = "cards:\n  Direhowl: {power: 3000, strike: 2}\nrulings:\n" + "\n".join(rulings)
    (tmp_path / "cases.yaml").write_text(text, encoding="utf-8")
    loaded = load_rulings(tmp_path)
    summaries = run_all(loaded, tmp_path, use_cache=False)
    return {r.ruling.id: r.warnings for r in check_rulings(loaded, summaries, {s.number for s in zh_sections()})}


def test_two_rulings_with_the_same_board_and_steps_are_flagged(tmp_path: Path) -> None:
    found = reports(tmp_path, RULING.format(id="one", cite="9.6.3", life=8), RULING.format(id="two", cite="9.6.3", life=8),
                    RULING.format(id="three", cite="9.6.3", life=8).replace("- pass", "- block: none"))
    assert any("duplicate" in w and "two" in w for w in found["one"])
    assert any("duplicate" in w and "one" in w for w in found["two"])
    assert not any("duplicate" in w for w in found["three"])  # other steps: another scenario


def test_a_first_cite_shown_only_as_supporting_is_flagged(tmp_path: Path) -> None:
    # 10.13.1 (damage) is among the supporting cites of the strike event, never an event's primary cite nor
    # above or below one; 9.6.3 is the strike event's primary cite
    found = reports(tmp_path, RULING.format(id="one", cite="10.13.1", life=8),
                    RULING.format(id="two", cite="9.6.3", life=8).replace("B: {deck: 10}", "B: {deck: 11}"))
    assert any("10.13.1" in w and "supporting" in w for w in found["one"])
    assert not found["two"]
