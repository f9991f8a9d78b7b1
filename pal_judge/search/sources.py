"""The inputs of the rulebook index: the bilingual rulebook and the glossary."""

from __future__ import annotations

from pal_judge.corpus.glossary import load_glossary
from pal_judge.corpus.model import Rulebook
from pal_judge.paths import rules_dir
from pal_judge.search.documents import IndexDoc, section_docs
from pal_judge.search.vocabulary import Lexicon, load_lexicon


def load_bilingual_rulebook() -> Rulebook:
    try:
        from pal_judge.corpus import load_rulebook  # type: ignore[attr-defined]
    except ImportError:  # the aligned rulebook has not landed yet: Chinese only
        from pal_judge.corpus.zh_parser import parse_zh

        text = (rules_dir() / "zh.txt").read_text(encoding="utf-8")
        return Rulebook(tuple(parse_zh(text)))
    return load_rulebook()


def rulebook_docs() -> tuple[list[IndexDoc], Lexicon]:
    glossary = load_glossary()
    return section_docs(load_bilingual_rulebook(), glossary), load_lexicon(glossary)
