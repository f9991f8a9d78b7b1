"""The clauses `ask` shows under an answer are the rulebook's words, read from the open index (the
rulebook itself only for headings), for every section a ruling may cite."""

from __future__ import annotations

from pal_judge.cli.ask import _clause_texts
from pal_judge.corpus import load_rulebook
from pal_judge.search import section_searcher


def test_every_section_shows_the_rulebooks_english_and_chinese() -> None:
    book = load_rulebook()
    texts = _clause_texts(section_searcher())
    kinds = {section.kind for section in book.sections}
    assert {"chapter", "heading", "clause"} <= kinds
    for section in book.sections:
        assert texts(section.number) == (section.en, section.zh), section.number


def test_a_number_the_rulebook_lacks_shows_as_missing() -> None:
    assert _clause_texts(section_searcher())("99.9") is None
