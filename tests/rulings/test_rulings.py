"""The rulings database: it is big enough, every ruling holds, and ask/coverage find them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pal_judge.cli import app
from pal_judge.errors import UserError
from pal_judge.rulings import load_rulings
from pal_judge.rulings.loader import load_ruling_file


@pytest.fixture(scope="module")
def rulings() -> list:
    return load_rulings()


def test_at_least_80_rulings_a_third_bilingual(rulings: list) -> None:
    assert len(rulings) >= 80
    bilingual = [r for r in rulings if r.question_zh]
    assert len(bilingual) * 3 >= len(rulings)
    assert all(r.answer_zh for r in bilingual)


def test_every_chapter_and_keyword_is_ruled_on(rulings: list) -> None:
    chapters = {int(c.split(".")[0]) for r in rulings for c in r.cites}
    assert set(range(1, 14)) - {2} <= chapters
    keyword_sections = {".".join(c.split(".")[:2]) for r in rulings for c in r.cites if c.startswith("12.")}
    assert {f"12.{n}" for n in range(2, 16)} <= keyword_sections


def test_translation_disagreements_say_which_text_they_follow(rulings: list) -> None:
    disagreements = [r for r in rulings if "translation" in r.tags]
    assert {c for r in disagreements for c in r.cites} >= {"2.1.3.1", "4.1.4", "7.3.1", "9.2.3"}
    assert all(r.follows == "zh" for r in disagreements)


def test_rulings_check_passes_but_for_reported_engine_issues() -> None:
    result = CliRunner().invoke(app, ["rulings", "check", "--json"])
    data = json.loads(result.stdout)
    problems = {r["id"]: r["problems"] for r in data["reports"] if not r["ok"] and not r["engine_issue"]}
    assert not problems, problems
    known = [r for r in data["reports"] if not r["ok"]]
    assert result.exit_code == (1 if known else 0)


def test_ask_finds_the_breakthrough_ruling() -> None:
    question = "If my attacker has Breakthrough and their blocker has Retaliate, who takes damage?"
    result = CliRunner().invoke(app, ["ask", question, "--json", "--no-replay"])
    data = json.loads(result.stdout)
    assert data["ruling"] == "breakthrough-vs-retaliate"
    assert data["cites"][:2] == ["12.14.2", "12.12.2"]


def test_ask_in_chinese() -> None:
    result = CliRunner().invoke(app, ["ask", "对手牌库最后一张是幸运卡", "--json", "--no-replay"])
    assert json.loads(result.stdout)["ruling"] == "lucky-on-last-card"


def test_ask_without_a_good_match_says_so() -> None:
    result = CliRunner().invoke(app, ["ask", "how tall is a giraffe", "--json"])
    assert json.loads(result.stdout)["ruling"] is None


def test_coverage_json_is_derived_from_traces() -> None:
    result = CliRunner().invoke(app, ["coverage", "--json"])
    data = json.loads(result.stdout)
    chapters = data["chapters"]
    assert data["overall"]["total"] == sum(c["total"] for c in chapters.values()) == 451
    assert data["overall"]["covered"] == sum(c["covered"] for c in chapters.values())
    assert "12.14.2" not in data["missing"]  # breakthrough-vs-retaliate's trace cites it
    assert len(data["missing"]) == data["overall"]["total"] - data["overall"]["covered"]


def test_coverage_map_links_sections_to_scenarios() -> None:
    from pal_judge.rulings.coverage import coverage_map

    linked = coverage_map()
    assert "breakthrough-vs-retaliate" in linked["12.14.2"]
    assert all(re.fullmatch(r"\d+(\.\d+)*", number) for number in linked)


def test_ruling_with_chinese_question_needs_chinese_answer(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(
        "- id: x\n  question: {en: Q, zh: 问}\n  answer: A\n  cites: [1.2.2]\n"
        "  source: {kind: judge, date: 2026-11-30}\n  scenario: {setup: {turn: A}}\n",
        encoding="utf-8",
    )
    with pytest.raises(UserError, match=r"r.yaml:3: the question has Chinese, so the answer needs 'zh' too"):
        load_ruling_file(path)
