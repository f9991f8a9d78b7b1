"""The checks on the published rulebooks, measured against the hand-compiled list
of real discrepancies (tests/xcheck/discrepancies.yaml)."""

from __future__ import annotations

import pytest

from pal_judge.corpus.glossary import Glossary
from pal_judge.corpus.model import Rulebook
from pal_judge.xcheck import Finding, run_checks
from tests.xcheck.yardstick import load_discrepancies, load_heldout, score, score_heldout

# First pass (2026-11-30, list of 40): recall 0.700 (28/40), precision 0.809 (38/47), all listed
# items counted. 2026-12-01: recall is measured on the clear items only (a different rule; see
# `clear` in the list). Code of d70426a, measured with this yardstick: clear recall 26/29,
# error+warning precision 50/60 on listed items but 27/60 on clear ones (terminology and hedges
# were warnings). After that day's changes: clear recall 29/29, precision 32/32 (29/32 clear).
CLEAR_RECALL_FLOOR = 1.0
PRECISION_FLOOR = 0.75
# Held out (tests/xcheck/heldout.yaml, never tuned on), measured once when written:
# 10 of 13 mistranslations flagged, 0 of 8 faithful paraphrases with a false alarm.
HELDOUT_FLAGGED_FLOOR = 10
HELDOUT_FALSE_ALARMS_CEILING = 0


@pytest.fixture(scope="module")
def all_findings(real_corpus: tuple[Rulebook, Glossary]) -> list[Finding]:
    """Every finding of the default checks on the published book (two tests read them)."""
    rulebook, glossary = real_corpus
    return run_checks(rulebook, glossary)


def test_recall_and_precision_against_the_list(all_findings: list[Finding]) -> None:
    result = score(all_findings)
    assert result.recall >= CLEAR_RECALL_FLOOR, f"recall {result.recall:.3f}; missed {result.missed}"
    assert result.precision >= PRECISION_FLOOR, f"precision {result.precision:.3f}: {result.per_check}"


def test_every_listed_item_says_whether_it_was_tuned_on() -> None:
    for item in load_discrepancies():
        assert isinstance(item.get("tuned"), bool), item["id"]
        assert isinstance(item.get("clear", True), bool), item["id"]


def test_held_out_mistranslations_are_flagged_and_paraphrases_left_alone(real_corpus: tuple[Rulebook, Glossary]) -> None:
    rulebook, glossary = real_corpus
    for entry in load_heldout():
        assert rulebook.get(entry["section"]).zh == entry["zh"], f"{entry['id']}: not the published Chinese"
    held = score_heldout(rulebook, glossary)
    assert len(held.flagged) >= HELDOUT_FLAGGED_FLOOR, f"missed {held.missed}"
    assert len(held.false_alarms) <= HELDOUT_FALSE_ALARMS_CEILING, f"false alarms on {held.false_alarms}"


def test_the_list_points_at_real_sections(real_corpus: tuple[Rulebook, Glossary]) -> None:
    rulebook, _ = real_corpus
    for item in load_discrepancies():
        for number in item.get("sections") or [item["section"]]:
            assert number in rulebook, f"{item['id']}: no section {number}"


def test_known_reference_error_is_reported(real_corpus: tuple[Rulebook, Glossary]) -> None:
    rulebook, glossary = real_corpus
    [f] = run_checks(rulebook, glossary, section="6.1.1.3", checks=["crossref"])
    assert f.severity == "error" and "2.10" in f.message and "2.9" in f.message


def test_main_and_sub_name_reversal_is_reported(real_corpus: tuple[Rulebook, Glossary]) -> None:
    rulebook, glossary = real_corpus
    assert [f.section for f in run_checks(rulebook, glossary, section="2.1", checks=["role-swap"])] == ["2.1.3.1"]


def test_english_paragraphs_without_clause_are_reported(real_corpus: tuple[Rulebook, Glossary]) -> None:
    rulebook, glossary = real_corpus
    orphans = run_checks(rulebook, glossary, checks=["no-clause"])
    # the ◇ paragraph after 2.7.1 and the extra sentence after 11.5.1.3 are warnings; the
    # document's title before 1.1.1 states no rule and is an info
    assert {f.section for f in orphans if f.severity == "warning"} == {"2.7.1", "11.5.1.3"}
    assert [f.en for f in orphans if f.severity == "info"] == ["Comprehensive Rules"]
    assert any("◇" in f.en for f in orphans)


def test_marks_lie_inside_the_texts(all_findings: list[Finding]) -> None:
    for f in all_findings:
        assert all(0 <= a < b <= len(f.en) for a, b in f.en_marks), f
        assert all(0 <= a < b <= len(f.zh) for a, b in f.zh_marks), f
