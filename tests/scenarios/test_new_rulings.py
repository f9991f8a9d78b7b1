"""The issue-12 rulings (attempts, observations, order): their replays read in Chinese too, and the
expectations print as the judge wrote them."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pal_judge.cli import app
from pal_judge.html.replay_words import zh_of
from pal_judge.rulings.loader import load_rulings
from pal_judge.scenarios import load_scenario_file, run_scenario
from pal_judge.scenarios.ready_made import card_name

NEW_FILES = ("attempts.yaml", "observations.yaml", "order.yaml", "selectors.yaml", "starting-points.yaml")
RULINGS = Path(__file__).resolve().parents[2] / "rulings"


@pytest.fixture(scope="module")
def new_runs() -> list:
    rulings = [r for r in load_rulings(RULINGS) if Path(r.file).name in NEW_FILES]
    return [(r, run_scenario(r.scenario)) for r in rulings]


def test_there_are_forty_new_rulings_with_source_and_date(new_runs: list) -> None:
    assert len(new_runs) >= 40
    assert all(r.source and r.source.date for r, _ in new_runs)
    attempts = [r for r, _ in new_runs if any(s.action == "attempt" for s in r.scenario.steps)]
    observed = [r for r, _ in new_runs if any(s.expect for s in r.scenario.steps)]
    assert len(attempts) >= 10 and len(observed) >= 5


def test_every_sentence_of_their_replays_has_a_chinese_form(new_runs: list) -> None:
    texts = {t for _, run in new_runs for t in [s.text for s in run.steps] + [e.description for e in run.expectations]}
    texts |= {card_name(e["what"]) for _, run in new_runs for e in run.events}
    missing = sorted(t for t in texts if zh_of(t) is None)
    assert not missing, missing[:5]


def test_expectations_print_as_the_judge_wrote_them(tmp_path: Path) -> None:
    path = tmp_path / "souls.yaml"
    path.write_text(
        "setup:\n  turn: A\n  A: {souls: 4, deck: 5}\nsteps:\n  - soul_draw\n"
        "expect:\n  souls: {A: {standing: 4, rested: 0}}\n",  # 8.5.1 the draw rests 3: this is wrong
        encoding="utf-8",
    )
    said = CliRunner().invoke(app, ["replay", str(path), "--no-board"]).output
    assert "- expected: {standing: 4, rested: 0}" in said and "+ actual:   {standing: 1, rested: 3}" in said
    assert "'standing'" not in said
    assert not run_scenario(load_scenario_file(path)).ok


def test_each_has_its_question_and_answer_in_chinese_resting_on_the_same_clauses(new_runs: list) -> None:
    import re

    def clauses(text: str) -> set[str]:
        return set(re.findall(r"\b\d+(?:\.\d+)+", text))

    missing = [r.id for r, _ in new_runs if not (r.question_zh and r.answer_zh)]
    assert not missing, missing
    differ = [r.id for r, _ in new_runs if clauses(r.answer_zh) != clauses(r.answer_en)]
    assert not differ, differ
