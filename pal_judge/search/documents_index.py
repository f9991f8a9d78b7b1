"""Indexes over other documents (rulings), cached by a hash of their content."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from pal_judge.corpus.glossary import default_glossary_path, load_glossary
from pal_judge.fingerprint import fingerprint, package_sources
from pal_judge.search.documents import Document, IndexDoc, document_doc
from pal_judge.search.hits import DocumentHit
from pal_judge.search.service import IndexSearcher
from pal_judge.search.store import INDEX_FORMAT, Reporter, open_index, search_root
from pal_judge.search.vocabulary import Lexicon, load_lexicon


def documents_key(documents: Sequence[Document]) -> str:
    """The documents' content, the search code and the words a query is expanded with (the
    glossary and player_words.yaml: an edit of either is seen by the next search)."""
    # Each document's fields in the order of its class (a named tuple, written as a JSON list), all in
    # one JSON text (the class is hashed with the search code); every `ask` computes this key twice.
    content = json.dumps(list(documents), ensure_ascii=False)
    files = package_sources("search") + sorted(Path(__file__).parent.glob("*.yaml")) + [default_glossary_path()]
    return fingerprint(f"format={INDEX_FORMAT}\n{content}", files, length=16)


def search_documents(
    query: str, documents: Sequence[Document], lang: str = "both", limit: int = 10, name: str = "documents",
    highlighted: bool = True,
) -> list[DocumentHit]:
    if not documents:
        return []
    key = documents_key(documents)
    return _searcher(str(search_root()), name, key, tuple(documents)).search_documents(query, lang, limit, highlighted)


@lru_cache(maxsize=4)
def _searcher(root: str, name: str, key: str, documents: tuple[Document, ...]) -> IndexSearcher:
    def make_docs() -> tuple[list[IndexDoc], Lexicon]:
        glossary = load_glossary()
        return [document_doc(glossary, d) for d in documents], load_lexicon(glossary)

    return IndexSearcher(open_index(name, key, make_docs, reporter=Reporter(quiet=True)))
