"""The terms of a question share the document lengths they read (search/scores.py `_term_scores`
with one `lengths` for a searcher): each term's scores are still those of stepping its own Whoosh
matcher, to the last bit, whichever term read a document's length first."""

from __future__ import annotations

from whoosh import query as Q

from pal_judge.search.query import parse
from pal_judge.search.scores import _term_scores
from tests.ask.test_warm_ask_scores import searcher, stepped, terms_of  # noqa: F401 (searcher: the fixture)

QUESTIONS = [  # not those of test_warm_ask_scores.py
    "does a pal with taunt have to be attacked first",
    "对手回合能不能重置我的帕鲁",
    "can two strike effects trigger in the same damage step",
]


def test_terms_sharing_lengths_score_as_their_matchers(searcher) -> None:  # type: ignore[no-untyped-def]
    raw, context = searcher._searcher, searcher._searcher.context()
    compiler = searcher.compiler("both", False)
    terms = [term for text in QUESTIONS for term in terms_of(compiler.compile(parse(text)))]
    terms += [Q.Term("en", "card", boost=0.3), Q.Term("en", "card")]  # postings over several blocks
    shared: dict[str, dict[int, object]] = {}
    compared = 0
    for term in terms:
        if (term.fieldname, term.text) not in raw.reader():
            continue
        fast = _term_scores(term.matcher(raw, context), shared)
        if fast is None:
            continue
        assert list(fast.items()) == list(stepped(term.matcher(raw, context)).items()), term
        compared += 1
    reread = sum(len(lengths) for lengths in shared.values())
    assert compared >= 5 and reread  # several terms, and lengths kept for the terms after them
    assert shared["en"] and all(type(length) is int and length > 0 for length in shared["en"].values())
