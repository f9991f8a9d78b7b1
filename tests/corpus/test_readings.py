"""The documented readings (rules/readings.yaml): loaded with line-numbered errors, shown by
`pal-judge readings` and under the clauses they concern in `pal-judge rule`; and player-facing
text that speaks of the rules and of those readings, never of the project's source files."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pal_judge.chinese_text import unfold
from pal_judge.cli import app
from pal_judge.corpus import load_rulebook
from pal_judge.corpus.readings import load_readings
from pal_judge.corpus.yaml_data import DataFileError
from pal_judge.rulings.loader import load_rulings

runner = CliRunner()
# A developer document or source file: "engine API §7", "API.md", "REQUESTS.md", "runner.py".
DEVELOPER_DOCUMENT = re.compile(r"\bAPI\b|\b[\w/]+\.(?:md|py)\b|REQUESTS")
# Two Chinese characters or marks with a space between them (a YAML line fold left in).
SPACE_IN_CHINESE = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef] +[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def test_every_reading_names_clauses_of_the_rulebook_and_has_both_languages() -> None:
    readings = load_readings()
    book = load_rulebook()
    assert len(readings) >= 10
    for reading in readings:
        assert all(number in book for number in reading.clauses), reading.id
        assert reading.en and re.search(r"[\u4e00-\u9fff]", reading.zh), reading.id
        assert not SPACE_IN_CHINESE.search(reading.zh), reading.id


def test_a_malformed_reading_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "readings.yaml"
    path.write_text("- id: fine\n  clauses: [9.6.3]\n  en: a\n  zh: 甲\n- id: bad one\n  clauses: [9.6.3]\n  en: b\n  zh: 乙\n",
                    encoding="utf-8")
    with pytest.raises(DataFileError) as raised:
        load_readings(path)
    assert f"{path}:5:" in raised.value.message and "bad one" in raised.value.message
    path.write_text("- id: no-clauses\n  clauses: [nine]\n  en: a\n  zh: 甲\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=":1: no-clauses: clauses must be a list of section numbers"):
        load_readings(path)


def test_a_broken_readings_cache_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAL_JUDGE_CACHE", str(tmp_path))
    first = load_readings()
    cache = tmp_path / "readings.json"
    for broken in ('{"not": "a list"}', '[{"id": 1, "clauses": [], "en": "", "zh": ""}]', "\x00garbage"):
        cache.write_text(broken, encoding="utf-8")
        assert load_readings() == first
        assert json.loads(cache.read_text(encoding="utf-8"))["value"] == [r.to_dict() for r in first]
    assert cache.stat().st_mode & 0o077 == 0  # a cache is private


def test_readings_command_lists_them_and_filters_by_section() -> None:
    every = json.loads(runner.invoke(app, ["readings", "--json"]).stdout)
    assert {r["id"] for r in every} == {r.id for r in load_readings()}
    about_overflow = json.loads(runner.invoke(app, ["readings", "11.5", "--json"]).stdout)
    # 11.5 (Pal overflow) says "选择" without naming who chooses: a reading must say who.
    assert about_overflow and all(any(c.startswith("11.5") for c in r["clauses"]) for r in about_overflow)
    assert len(about_overflow) < len(every)
    shown = runner.invoke(app, ["readings", "12.12.2", "--lang", "zh"], env={"COLUMNS": "100"})
    assert shown.exit_code == 0 and "正在战斗的帕鲁" in shown.stdout and "does not retaliate" not in shown.stdout


def test_readings_of_an_unknown_section_exit_2_with_the_nearest() -> None:
    result = runner.invoke(app, ["readings", "11.99"])
    assert result.exit_code == 2 and "nearest" in result.output and "Traceback" not in result.output


def test_rule_shows_the_readings_under_the_clauses_they_concern() -> None:
    """12.12.2 Retaliate: the English and Chinese differ ("battled" / "正在战斗"); the reading says which is followed."""
    out = runner.invoke(app, ["rule", "12.12"], env={"COLUMNS": "120"}).stdout
    assert "retaliate-battling-pal" in out
    data = json.loads(runner.invoke(app, ["rule", "12.12.2", "--json"]).stdout)
    assert [r["id"] for r in data["readings"]] == ["retaliate-battling-pal"]
    assert json.loads(runner.invoke(app, ["rule", "2.1", "--json"]).stdout)["readings"] == []
    english_only = json.loads(runner.invoke(app, ["rule", "12.12.2", "--json", "--lang", "en"]).stdout)
    assert english_only["readings"][0]["en"] and "zh" not in english_only["readings"][0]


def test_rulings_speak_of_rules_and_readings_never_of_source_files() -> None:
    for ruling in load_rulings():
        for text in (ruling.question_en, ruling.question_zh, ruling.answer_en, ruling.answer_zh):
            assert not DEVELOPER_DOCUMENT.search(text), (ruling.id, text)


def test_chinese_folded_across_yaml_lines_reads_without_stray_spaces() -> None:
    assert unfold("伤害。\n随后同归于尽结算（10.5.3.3）， 两只帕鲁") == "伤害。随后同归于尽结算（10.5.3.3），两只帕鲁"
    assert unfold("战斗力增加 300") == "战斗力增加 300"  # a space beside a number stays, as in the rulebook
    for ruling in load_rulings():
        assert not SPACE_IN_CHINESE.search(ruling.answer_zh), ruling.id
