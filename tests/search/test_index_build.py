"""The fast index build writes the index Whoosh's own writer writes: same documents, field
lengths and postings, so every search answers alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from whoosh.fields import TEXT, Schema
from whoosh.index import create_in, open_dir

from pal_judge.search.backend import (
    Text,
    build_in_memory,
    build_on_disk,
    contents,
    document_fields,
    field_postings,
    make_schema,
)
from pal_judge.search.documents import IndexDoc


@pytest.fixture(scope="module")
def chapters_docs(_isolated_cache: None) -> list[IndexDoc]:
    """The clauses of three chapters with their heading paths and the rulings' questions resting
    on them (values repeated from clause to clause, as in the whole rulebook; some words in
    more clauses than one block of postings holds)."""
    from pal_judge.search.sources import rulebook_docs

    docs, _ = rulebook_docs()
    return [doc for doc in docs if doc.chapter in ("9", "10", "12")]


def stock_schema() -> Schema:
    """The same fields, each text field as Whoosh's own TEXT (positions, for phrases)."""
    fields = {}
    for name, field in make_schema().items():
        if isinstance(field, Text):
            field = TEXT(analyzer=field.analyzer, stored=field.stored)
        fields[name] = field
    return Schema(**fields)


def test_the_build_writes_what_whooshs_own_writer_writes(chapters_docs: list[IndexDoc], tmp_path: Path) -> None:
    assert any(doc.asked_en for doc in chapters_docs)  # the questions of the rulings are in
    stock = tmp_path / "stock"
    stock.mkdir()
    writer = create_in(str(stock), stock_schema()).writer()  # Whoosh's default codec and field types
    for doc in chapters_docs:
        writer.add_document(**document_fields(doc))
    writer.commit()
    ours = tmp_path / "ours"
    ours.mkdir()
    build_on_disk(str(ours), chapters_docs)
    written = contents(str(ours))
    assert written == contents(str(stock))
    lengths = [len(postings) for postings in written["postings"].values()]  # type: ignore[union-attr]
    assert min(lengths) == 1 and max(lengths) > 128  # lists kept inline, and lists of several blocks


def test_the_index_keeps_no_words_analysed_while_building(chapters_docs: list[IndexDoc], tmp_path: Path) -> None:
    build_on_disk(str(tmp_path), chapters_docs[:20])
    reopened = open_dir(str(tmp_path)).schema  # what Whoosh pickled into the index
    assert all("_words" not in field.__dict__ for field in reopened)
    with open_dir(str(tmp_path)).searcher() as searcher:
        assert searcher.doc_count() == 20


def test_an_index_in_memory_writes_nothing_through_a_planted_link(
    chapters_docs: list[IndexDoc], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whoosh's in-memory writer keeps scratch files in `<temp>/MAIN.tmp`, the same name for every
    build: a link planted there by someone else must receive nothing."""
    import tempfile

    trap = tmp_path / "trap"
    trap.mkdir()
    (tmp_path / "MAIN.tmp").symlink_to(trap)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    index = build_in_memory(chapters_docs[:20])
    assert list(trap.iterdir()) == []
    assert index.doc_count() == 20
    with index.searcher() as searcher:
        assert searcher.document(key=chapters_docs[0].key)["key"] == chapters_docs[0].key


def test_a_build_leaves_pythons_garbage_collector_on_even_when_it_fails(
    chapters_docs: list[IndexDoc], tmp_path: Path
) -> None:
    import gc

    (tmp_path / "good").mkdir()
    build_on_disk(str(tmp_path / "good"), chapters_docs[:5])
    assert gc.isenabled()
    broken = chapters_docs[0]._replace(terms=(1,))  # type: ignore[arg-type]  # not text
    (tmp_path / "bad").mkdir()
    with pytest.raises(TypeError):
        build_on_disk(str(tmp_path / "bad"), [*chapters_docs[:3], broken])
    assert gc.isenabled()


_SCHEMA = make_schema()
# Values as document_fields gives them (a section number and its prefixes, glossary term ids,
# a kind, a chapter, a ruling's empty chapter), joined by spaces, tabs or line breaks, and any text.
_WORDS = ["9", "9.6", "9.6.3.1", "taunt", "say:挑衅", "clause", "", " ", "\t", "\n", "Taunt", "9.6"]
values = st.lists(st.sampled_from(_WORDS), max_size=8).map(" ".join) | st.text(max_size=30)


@settings(max_examples=200, deadline=None)
@given(values)
def test_id_and_keyword_fields_index_each_value_as_whoosh_does(value: str) -> None:
    """`section:9.6`, `term:taunt`, `kind:clause` and a key find what Whoosh's own indexing finds."""
    for field in _SCHEMA:
        if field.indexed and not isinstance(field, Text):
            (words, postings), length = field_postings(field, value)
            whoosh = list(field.index(value))  # (text, frequency, weight, value) per word
            assert sorted((word.encode("utf-8"), posting) for word, posting in zip(words, postings, strict=True)) == \
                sorted((text, (weight, encoded)) for text, _, weight, encoded in whoosh)
            assert length == (sum(frequency for _, frequency, _, _ in whoosh) if field.scorable else 0)
