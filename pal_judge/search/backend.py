"""The Whoosh schema, and writing `IndexDoc`s into an index.

Fields (the query language names some of them, see `query.py`):
  key        section number (or ruling id), unique, stored
  sections   the section number and its prefixes ('10', '10.5', '10.5.1'): `section:10.5`
  chapter    `chapter:9`
  kind       chapter | heading | clause (| ruling): `kind:clause`
  terms      glossary term ids used by the text: `term:taunt`
  path_en, path_zh     the heading path down to it ('9 Battle › 9.6 Damage Step'), so '伤害步骤'
                       finds the clauses of 9.6 (for a ruling: its title)
  en, zh     the text itself, stored for display and highlighting
  asked_en, asked_zh   the questions of the rulings resting on the clause (document expansion)

Whoosh pickles the schema and the codec into the index, so `Text` and `Codec` keep this module
path; `INDEX_FORMAT` in `store.py` is bumped whenever what they write changes.
"""

from __future__ import annotations

import contextlib
import gc
import tempfile
from functools import lru_cache
from typing import Any, Iterable, Iterator

from whoosh.codec.whoosh3 import W3Codec
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema
from whoosh.filedb.filestore import FileStorage, copy_to_ram
from whoosh.formats import Positions
from whoosh.index import Index, create_in, open_dir

from pal_judge.search.analysis import chinese_analyzer, english_analyzer
from pal_judge.search.documents import IndexDoc

_POSITIONS = Positions()  # its encoding of positions depends on nothing else
Posting = tuple[bytes, int, float, bytes]  # what `FieldType.index` gives per word: text, frequency, weight, value


class Text(TEXT):
    """Whoosh's TEXT field (positions, for phrases), whose postings for a value are worked out
    once per build: a heading path is repeated in every clause under it, and the questions
    resting on a clause often in its sub-clauses. The postings are the very ones Whoosh's
    `Positions.word_values` gives (same words, frequencies, weights and encoded positions)."""

    def index(self, value: Any, **kwargs: Any) -> Iterable[Posting]:
        if kwargs or not isinstance(value, str):
            return super().index(value, **kwargs)
        known: dict[str, list[Posting]] = self.__dict__.setdefault("_postings", {})
        postings = known.get(value)
        if postings is None:
            postings = known[value] = _postings(self.analyzer, self.format, value)
        return postings

    def forget_postings(self) -> None:
        self.__dict__.pop("_postings", None)

    def __getstate__(self) -> dict[str, Any]:  # the schema is pickled into the index: never the postings
        return {name: value for name, value in self.__dict__.items() if name != "_postings"}


def _postings(analyzer: Any, format_: Positions, value: str) -> list[Posting]:
    positions: dict[str, list[int]] = {}
    weights: dict[str, float] = {}
    for token in analyzer(value, positions=True, boosts=True, mode="index"):
        if token.stopped:
            continue
        word = token.text
        if word in positions:
            positions[word].append(token.pos)
            weights[word] += token.boost
        else:
            positions[word] = [token.pos]
            weights[word] = token.boost
    boost = format_.field_boost
    return [(word.encode("utf-8"), len(found), weights[word] * boost, _encoded(tuple(found)))
            for word, found in positions.items()]


@lru_cache(maxsize=16384)
def _encoded(positions: tuple[int, ...]) -> bytes:
    """Whoosh's encoding of a word's positions in a value (a tenth as many distinct lists as
    words indexed: most words occur once, at one of a few hundred positions)."""
    return _POSITIONS.encode(list(positions))


class Codec(W3Codec):
    """Whoosh's codec, without posting blocks' minimum and maximum field lengths: Whoosh reads
    them only to skip blocks that cannot make the top hits, which `scores.py` never does (every
    score is computed from each document's own length), and looking them up costs a tenth of
    the build. Posting blocks unzipped: compressing thousands of tiny blocks (most terms occur
    in a clause or two) cost a fifth of the build; each block says whether it is compressed."""

    length_stats = False

    def __init__(self) -> None:
        super().__init__(compression=0)


def make_schema() -> Schema:
    en, zh = english_analyzer(), chinese_analyzer()
    return Schema(
        key=ID(stored=True, unique=True),
        sections=KEYWORD(),
        chapter=ID(stored=True),
        kind=ID(stored=True, sortable=True),  # sortable: a column, read per hit when re-ranking
        terms=KEYWORD(stored=True),
        path_en=Text(analyzer=en),
        path_zh=Text(analyzer=zh),
        en=Text(analyzer=en, stored=True),
        zh=Text(analyzer=zh, stored=True),
        asked_en=Text(analyzer=en),
        asked_zh=Text(analyzer=zh),
        heading_en=STORED(),
        heading_zh=STORED(),
    )


def document_fields(doc: IndexDoc) -> dict[str, str]:
    return {
        "key": doc.key,
        "sections": " ".join(doc.sections),
        "chapter": doc.chapter,
        "kind": doc.kind,
        "terms": " ".join(doc.terms),
        "path_en": doc.heading_en or doc.title_en,
        "path_zh": doc.heading_zh or doc.title_zh,
        "en": doc.en,
        "zh": doc.zh,
        "asked_en": doc.asked_en,
        "asked_zh": doc.asked_zh,
        "heading_en": doc.heading_en,
        "heading_zh": doc.heading_zh,
    }


def _fill(index: Index, docs: Iterable[IndexDoc]) -> Index:
    with _collector_paused():
        writer = index.writer(codec=Codec())
        try:
            for doc in docs:
                writer.add_document(**document_fields(doc))
        except BaseException:
            writer.cancel()
            raise
        finally:
            for field in writer.schema:
                if isinstance(field, Text):
                    field.forget_postings()
        writer.commit()
    return index


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused: a build makes tens of thousands of postings (small
    tuples) that all live until the commit, which the collector would otherwise scan again and
    again, finding no garbage (a twentieth of the build)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def build_on_disk(folder: str, docs: Iterable[IndexDoc]) -> Index:
    """Create a fresh index in an existing, empty folder."""
    return _fill(create_in(folder, make_schema()), docs)


def build_in_memory(docs: Iterable[IndexDoc]) -> Index:
    """An index in memory, built in a private temporary folder: Whoosh's own in-memory writer
    keeps its scratch files in `<temp>/MAIN.tmp`, one fixed name in a shared folder, which two
    builds at once trample and anyone may have planted as a link."""
    with tempfile.TemporaryDirectory(prefix="pal-judge-index-") as folder:  # 0700
        build_on_disk(folder, docs)
        return copy_to_ram(FileStorage(folder)).open_index()


def contents(folder: str) -> dict[str, object]:
    """Everything a search reads from the index in `folder`, as plain data: each document's stored
    fields and field lengths, and each term's postings (document numbers and encoded values).
    Two indexes with equal contents answer every query alike (`prebuilt.py` ships one)."""
    with open_dir(folder).searcher() as searcher:
        reader = searcher.reader()
        scored = [name for name, field in searcher.schema.items() if field.scorable]
        documents = [(fields, [reader.doc_field_length(number, name) for name in scored])
                     for number, fields in reader.iter_docs()]
        postings = {f"{name}:{term!r}": list(reader.postings(name, term).all_items())
                    for name, term in reader.all_terms()}
    return {"documents": documents, "postings": postings}
