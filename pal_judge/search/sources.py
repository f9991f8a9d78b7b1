"""The inputs of the rulebook index: the bilingual rulebook and the glossary."""

from __future__ import annotations

from pal_judge.corpus import load_corpus
from pal_judge.search.documents import IndexDoc, section_docs
from pal_judge.search.vocabulary import Lexicon, load_lexicon


def rulebook_docs() -> tuple[list[IndexDoc], Lexicon]:
    rulebook, glossary = load_corpus()
    return section_docs(rulebook, glossary), load_lexicon(glossary)
