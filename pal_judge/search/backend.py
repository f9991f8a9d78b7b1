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
"""

from __future__ import annotations

from typing import Iterable

from whoosh.codec.whoosh3 import W3Codec
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema
from whoosh.filedb.filestore import RamStorage
from whoosh.index import Index, create_in, open_dir

from pal_judge.search.analysis import chinese_analyzer, english_analyzer
from pal_judge.search.documents import IndexDoc


def make_schema() -> Schema:
    en, zh = english_analyzer(), chinese_analyzer()
    return Schema(
        key=ID(stored=True, unique=True),
        sections=KEYWORD(),
        chapter=ID(stored=True),
        kind=ID(stored=True, sortable=True),  # sortable: a column, read per hit when re-ranking
        terms=KEYWORD(stored=True),
        path_en=TEXT(analyzer=en),
        path_zh=TEXT(analyzer=zh),
        en=TEXT(analyzer=en, stored=True),
        zh=TEXT(analyzer=zh, stored=True),
        asked_en=TEXT(analyzer=en),
        asked_zh=TEXT(analyzer=zh),
        heading_en=STORED(),
        heading_zh=STORED(),
    )


def _fields(doc: IndexDoc) -> dict[str, str]:
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
    # Posting blocks unzipped: a fifth of the build time goes to compressing thousands of tiny
    # blocks (most terms occur in a clause or two); each block says whether it is compressed.
    writer = index.writer(codec=W3Codec(compression=0))
    try:
        for doc in docs:
            writer.add_document(**_fields(doc))
    except BaseException:
        writer.cancel()
        raise
    writer.commit()
    return index


def build_on_disk(folder: str, docs: Iterable[IndexDoc]) -> Index:
    """Create a fresh index in an existing, empty folder."""
    return _fill(create_in(folder, make_schema()), docs)


def build_in_memory(docs: Iterable[IndexDoc]) -> Index:
    return _fill(RamStorage().create_index(make_schema()), docs)


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
