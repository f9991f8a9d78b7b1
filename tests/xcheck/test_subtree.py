"""`xcheck --section N` checks only the units filed under N, and reports exactly what the whole
book's check files under N, with every check (the review-only ones too): for every chapter, and
for the second-level sections holding a finding filed away from its own unit (a terminology
report under the section defining the term, an orphan paragraph under the clause it follows)."""

from __future__ import annotations

import pytest

from pal_judge.xcheck import CHECK_IDS, Finding, run_checks

FILED_AWAY = {"terminology", "no-clause"}


@pytest.fixture(scope="module")
def whole_book(real_corpus) -> list[Finding]:
    book, glossary = real_corpus
    return run_checks(book, glossary, checks=CHECK_IDS)


def _under(findings: list[Finding], root: str) -> list[Finding]:
    return [f for f in findings if f.section == root or f.section.startswith(root + ".")]


def test_a_subtree_gets_what_the_whole_book_files_under_it(real_corpus, whole_book) -> None:
    book, glossary = real_corpus
    assert {"error", "warning", "info"} <= {f.severity for f in whole_book}
    assert FILED_AWAY <= {f.check for f in whole_book}
    chapters = [s.number for s in book if "." not in s.number]
    filed_away = {".".join(f.section.split(".")[:2]) for f in whole_book if f.check in FILED_AWAY}
    for root in chapters + sorted(n for n in filed_away if n in book and n not in chapters):
        assert run_checks(book, glossary, section=root, checks=CHECK_IDS) == _under(whole_book, root), root
