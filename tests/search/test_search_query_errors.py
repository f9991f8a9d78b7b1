"""Mistakes in a query get one clear message (UserError), never a traceback or a silent guess."""

from __future__ import annotations

import pytest

from pal_judge.errors import UserError
from pal_judge.search.query import parse


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("", "empty query"),
        ("   ", "empty query"),
        ('"lucky icon', "unclosed quote"),
        ("(taunt OR stealth", "never closed"),
        ("taunt)", "without a matching"),
        ("AND damage", "AND needs something before it"),
        ("damage AND", "AND needs something after it"),
        ("damage OR", "OR needs something after it"),
        ("NOT", "NOT needs something after it"),
        ("()", "empty parentheses"),
        ("colour:red", "unknown field"),
        ("chapter:", "needs a word"),
    ],
)
def test_syntax_mistakes_are_user_errors(query: str, says: str) -> None:
    with pytest.raises(UserError, match=says):
        parse(query)


@pytest.mark.parametrize("query", ["the of and", "的了吗", "what does it do"])
def test_a_query_of_only_common_words_is_refused(searcher, query: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(UserError, match="nothing to search for"):
        searcher.search(query)


@pytest.mark.parametrize(
    ("query", "says"),
    [("chapter:nine damage", "chapter number"), ("section:x damage", "section number"), ("kind:rule", "kind:"),
     ("term:flying", "no glossary term")],
)
def test_bad_field_values_are_user_errors(searcher, query: str, says: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(UserError, match=says):
        searcher.search(query)


def test_an_unknown_language_is_a_user_error(searcher) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(UserError, match="unknown language"):
        searcher.search("taunt", lang="fr")


def test_deep_nesting_is_a_syntax_error_not_a_crash() -> None:
    with pytest.raises(UserError, match="nested"):
        parse("(" * 200 + "taunt" + ")" * 200)


def test_a_query_longer_than_any_question_is_refused() -> None:
    with pytest.raises(UserError, match="too long"):
        parse("taunt " * 1000)
