"""What `rule` and `ask` show of the translation check comes from checking only the sections shown:
for every section of the real book, those findings are exactly the ones the whole book's check files
under it (what is measured over the book, such as its usual length ratio, the clause before, a term's
renderings, still is)."""

from __future__ import annotations

import pytest

from pal_judge.xcheck import run_checks, section_findings

GROUPS = 7  # every section is checked in one of 7 interleaved groups: its neighbours in other groups


@pytest.fixture(scope="module")
def whole_book(real_corpus):
    book, glossary = real_corpus
    return run_checks(book, glossary)


def test_every_section_alone_gets_what_the_whole_book_files_under_it(real_corpus, whole_book) -> None:
    """Each section with findings, checked alone; each of the others in a group of sections none of
    which is next to another (the clause before, the paragraph after, are never checked with it)."""
    book, glossary = real_corpus
    assert {"error", "warning", "info"} <= {f.severity for f in whole_book}  # findings of each kind to compare
    with_findings = list(dict.fromkeys(f.section for f in whole_book))
    for number in with_findings:
        assert section_findings(book, glossary, [number]) == [f for f in whole_book if f.section == number], number
    numbers = [s.number for s in book]
    for group in range(GROUPS):
        wanted = set(numbers[group::GROUPS])
        assert section_findings(book, glossary, wanted) == [f for f in whole_book if f.section in wanted], group
