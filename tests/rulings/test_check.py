"""`rulings check` rules on small rulings written here: citations must exist and be reached."""

from __future__ import annotations

from pathlib import Path

from pal_judge.rulings.check import check_ruling
from pal_judge.rulings.coverage import coverage_map
from pal_judge.rulings.loader import load_ruling_file
from pal_judge.rulings.runs import RunSummary

RULING = """\
- id: strike-two
  question: My Pal with strike 2 attacks the player. How much life is lost?
  answer: Two (9.6.3.3.2, 11.2.2.3).
  cites: [{cites}]
  source: {{kind: judge, date: 2026-11-30}}
{extra}  scenario:
    cards: {{Direhowl: {{power: 3000, strike: 2}}}}
    setup: {{turn: A, A: {{base: [Direhowl]}}, B: {{deck: 10}}}}
    steps: [{{attack: Direhowl -> B}}]
    expect: {{life: {{B: {life}}}}}
"""


def ruling_file(folder: Path, cites: str = "9.6.3.3.2", extra: str = "", life: int = 8) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "mine.yaml"
    path.write_text(RULING.format(cites=cites, extra=extra, life=life), encoding="utf-8")
    return path


def summary(cited: tuple[str, ...]) -> RunSummary:
    return RunSummary("strike-two", None, (), cited)


SECTIONS = {"9.6.3.3.2", "11.2.2.3", "12.10.3"}


def test_cited_section_reached_by_the_trace_passes(tmp_path: Path) -> None:
    ruling = load_ruling_file(ruling_file(tmp_path))[0]
    assert check_ruling(ruling, summary(("9.6.3.3.2", "11.2.2.3")), SECTIONS).ok


def test_cited_section_missing_from_the_trace_fails(tmp_path: Path) -> None:
    ruling = load_ruling_file(ruling_file(tmp_path, cites="9.6.3.3.2, 12.10.3"))[0]
    report = check_ruling(ruling, summary(("9.6.3.3.2",)), SECTIONS)
    assert not report.ok and "12.10.3" in report.problems[0] and "never reaches it" in report.problems[0]


def test_uncited_reason_excuses_a_clause(tmp_path: Path) -> None:
    extra = '  uncited: {"12.10.3": "No Taunt card is on the board."}\n'
    ruling = load_ruling_file(ruling_file(tmp_path, cites="9.6.3.3.2, 12.10.3", extra=extra))[0]
    assert check_ruling(ruling, summary(("9.6.3.3.2",)), SECTIONS).ok


def test_section_that_does_not_exist_fails(tmp_path: Path) -> None:
    ruling = load_ruling_file(ruling_file(tmp_path, cites="9.6.3.3.9"))[0]
    report = check_ruling(ruling, summary(("9.6.3.3.9",)), SECTIONS)
    assert report.problems == ("cites 9.6.3.3.9, which is not a section of rules/zh.txt",)


def test_coverage_follows_an_edited_ruling(tmp_path: Path) -> None:
    folder = tmp_path / "rulings"
    ruling_file(folder)
    linked = coverage_map(folder)
    assert linked["9.6.3.3.2"] == ["strike-two"]
    # a structure attacked instead: the player-damage clauses leave the map
    path = folder / "mine.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("B: {deck: 10}", "B: {base: [Wall]}").replace("Direhowl -> B", "Direhowl -> Wall")
    text = text.replace("cards: {", "cards: {Wall: {type: structure, power: 5000}, ")
    text = text.replace("expect: {life: {B: 8}}", "expect: {damage: {Wall: 3000}}")
    path.write_text(text, encoding="utf-8")
    linked = coverage_map(folder)
    assert "9.6.3.3.2" not in linked and linked["9.6.3.2"] == ["strike-two"]
