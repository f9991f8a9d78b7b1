"""`rule` and `ask` show the translation check's notes on the clauses they print. Without the whole
book's findings cached (a rules folder of one's own, nothing exported yet) they check only those
clauses, once each, and show what the whole book's check says about them."""

from __future__ import annotations

from pathlib import Path

import pytest

import pal_judge.xcheck as xcheck
from pal_judge.render.translation_notes import SHOWN_SEVERITIES, all_findings, clause_findings


def _refused(what: str):
    def refuse(*args, **kwargs):
        raise AssertionError(what)
    return refuse


def test_notes_come_from_checking_the_shown_clauses_once_each(real_corpus, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    book, glossary = real_corpus
    whole = [f.to_dict() for f in xcheck.run_checks(book, glossary)]
    monkeypatch.setenv("PAL_JUDGE_CACHE", str(tmp_path))
    monkeypatch.setattr(xcheck, "run_checks", _refused("the whole book was checked"))
    checked: list[set[str]] = []
    real_section_findings = xcheck.section_findings

    def recording(book, glossary, sections):
        checked.append(set(sections))
        return real_section_findings(book, glossary, sections)

    monkeypatch.setattr(xcheck, "section_findings", recording)
    noted = list(dict.fromkeys(f["section"] for f in whole if f["severity"] in SHOWN_SEVERITIES))
    first = noted[::2] + [s.number for s in book][::97]
    then = first + noted[1::2] + ["99.9"]  # some shown before, some not, one the book does not have
    for numbers in (first, then):
        wanted = set(numbers)
        assert clause_findings(numbers, book, glossary) == [
            f for f in whole if f["section"] in wanted and f["severity"] in SHOWN_SEVERITIES]
    assert checked == [set(first), set(then) - set(first)]  # each clause checked once
    assert clause_findings(then, book, glossary)  # from the cache alone
    assert len(checked) == 2


def test_the_whole_books_findings_are_used_when_cached(real_corpus, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    book, glossary = real_corpus
    monkeypatch.setenv("PAL_JUDGE_CACHE", str(tmp_path))
    whole = all_findings(book, glossary)  # as the export (and the shipped caches) write them
    monkeypatch.setattr(xcheck, "section_findings", _refused("clauses were checked again"))
    noted = {f["section"] for f in whole if f["severity"] in SHOWN_SEVERITIES}
    assert clause_findings(noted, book, glossary) == [f for f in whole if f["severity"] in SHOWN_SEVERITIES]
