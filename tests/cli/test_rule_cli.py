"""`pal-judge rule` through Typer's CliRunner and through one real subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pal_judge.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def run(*args: str):
    return runner.invoke(app, ["rule", *args], env={"COLUMNS": "160"})


def rule_json(*args: str) -> dict:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_shows_the_section_and_its_subclauses_side_by_side() -> None:
    result = run("9.6.3")
    assert result.exit_code == 0
    out = result.output
    assert "9 Battle 战斗" in out and "9.6 Damage Step 伤害步骤" in out  # heading path
    assert "Perform the following depending on the attack target." in out
    assert "根据攻击目标，执行以下处理：" in out
    for child in ("9.6.3.1", "9.6.3.1.1", "9.6.3.3.2", "9.6.3.4"):
        assert child in out
    assert "battle damage" in out and "战斗伤害" in out  # 9.6.3.4 in both languages


@pytest.mark.parametrize("spelling", ["9.6.3", "9.6.3.", "§9.6.3", "CR 9.6.3", "cr9.6.3", "９．６．３"])
def test_accepts_the_usual_spellings(spelling: str) -> None:
    assert rule_json(spelling)["number"] == "9.6.3"


def test_json_fields() -> None:
    data = rule_json("9.6.3")
    assert [p["number"] for p in data["path"]] == ["9", "9.6", "9.6.3"]
    assert data["path"][1]["title_en"] == "Damage Step"
    section = data["section"]
    assert section["zh"] == "根据攻击目标，执行以下处理："
    assert section["en_indices"] == [265]
    assert [c["number"] for c in section["children"]] == ["9.6.3.1", "9.6.3.2", "9.6.3.3", "9.6.3.4"]
    assert data["previous"]["number"] == "9.6.2" and data["next"]["number"] == "9.6.4"
    assert all(isinstance(s, str) for s in data["scenarios"])  # linking: tests/cli/test_rule_scenarios.py
    # In the subtree: 9.6.3.1.1 cites 1.3.2.2, 9.6.3.3.2 cites 3.2.2 and 11.2,
    # 9.6.3.4 refers back to 9.6.3.1, 9.6.3.2 and 9.6.3.3.2.
    refs = {r["number"]: r for r in data["refs"]}
    assert set(refs) == {"1.3.2.2", "3.2.2", "11.2", "9.6.3.1", "9.6.3.2", "9.6.3.3.2"}
    assert refs["11.2"]["heading"]["title_en"] == "Player Damage Resolution"
    assert refs["9.6.3.3.2"]["heading"]["number"] == "9.6" and refs["9.6.3.3.2"]["from"] == "9.6.3.4"


def test_cross_references_name_their_target_heading() -> None:
    data = rule_json("1.2.1.1")
    refs = {r["number"]: r["heading"]["title_en"] for r in data["refs"]}
    assert refs == {"3.2": "Life and Damage Taken", "11.3.1": "Losing Resolution"}
    out = run("1.2.1.1").output
    assert "11.3 Losing Resolution 败北处理" in out


def test_depth_limits_the_subtree() -> None:
    assert rule_json("9.6.3", "--depth", "0")["section"]["children"] == []
    first = rule_json("9.6.3", "--depth", "1")["section"]["children"]
    assert [c["children"] for c in first] == [[], [], [], []]
    assert "more below 9.6.3.1" in run("9.6.3", "--depth", "1").output


def test_lang_keeps_one_language() -> None:
    out = run("9.6.3", "--lang", "en").output
    assert "Perform the following" in out and "根据攻击目标" not in out
    out = run("9.6.3", "--lang", "zh").output
    assert "根据攻击目标" in out and "Perform the following" not in out
    data = rule_json("9.6.3", "--lang", "zh")
    assert "en" not in data["section"] and data["section"]["zh"]
    assert run("9.6.3", "--lang", "fr").exit_code == 2


@pytest.mark.parametrize("term", ["Taunt", "taunt", "挑衅", "挑発"])
def test_a_keyword_goes_to_its_defining_section(term: str) -> None:
    data = rule_json(term)
    assert data["number"] == "12.10" and data["term"]["id"] == "taunt"
    assert "must target this card" in json.dumps(data, ensure_ascii=False)


def test_glossary_terms_and_heading_titles() -> None:
    assert rule_json("lucky", "icon")["number"] == "2.10"
    assert rule_json("幸运图标")["number"] == "2.10"
    assert rule_json("Damage", "Step")["number"] == "9.6"
    assert rule_json("check timing")["number"] == "10.5.1"


@pytest.mark.parametrize(
    "query, nearest",
    [("9.6.7", "9.6.4, 9.6.3, 9.6"), ("14", "13, 12, 11"), ("9.6.3.3.9", "9.6.3.3.2"), ("9..6", "9.6")],
)
def test_unknown_or_malformed_numbers_exit_2_with_nearest(query: str, nearest: str) -> None:
    result = run(query)
    assert result.exit_code == 2
    assert nearest in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) <= 2


def test_unknown_word_suggests_close_terms() -> None:
    result = run("Tuant")
    assert result.exit_code == 2 and "Taunt" in result.output


def test_a_phrase_that_is_no_term_suggests_searching_for_it() -> None:
    result = run("last", "info")
    assert result.exit_code == 2
    assert "pal-judge search 'last info'" in result.output


def test_next_is_the_section_after_everything_on_screen() -> None:
    """rules/zh.txt: 9.6.3's sub-clauses end with 9.6.3.4, then comes 9.6.4; with --depth 0 only 9.6.3 shows."""
    out = run("9.6.3").output
    assert "next ▶ 9.6.4" in out
    assert rule_json("9.6.3", "--depth", "0")["next"]["number"] == "9.6.3.1"


def test_real_subprocess_json_and_no_whoosh(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "pal_judge", "rule", "9.6.3", "--json"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert json.loads(proc.stdout)["section"]["en"] == "Perform the following depending on the attack target."
    assert "whoosh" not in proc.stderr  # -X importtime lists every imported module on stderr
    # Once the caches are warm, neither the engine nor the YAML parser is loaded to show a section.
    warm = subprocess.run([sys.executable, "-X", "importtime", "-m", "pal_judge", "rule", "9.6.3"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    modules = {line.rsplit("|", 1)[-1].strip() for line in warm.stderr.splitlines() if line.startswith("import time:")}
    assert warm.returncode == 0 and modules and not {m for m in modules if m == "yaml" or m.startswith("pal_judge.engine")}
    bad = subprocess.run([sys.executable, "-m", "pal_judge", "rule", "99.1"], capture_output=True, text=True, env=env, timeout=120)
    assert bad.returncode == 2 and "nearest" in bad.stderr and "Traceback" not in bad.stderr
