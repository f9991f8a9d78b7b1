"""The bilingual rulebook: parse the numbered Chinese text, align the English to it.

    from pal_judge.corpus import load_rulebook, load_glossary
    book = load_rulebook()          # cached; rebuilt when rules/ or the aligner change
    book.get("9.6.3").en            # the English aligned to 9.6.3
    book.alignment[52]              # AlignedParagraph(en_index=52, sections=(), score=…)

Importing this package stays light (no YAML, no search engine): `pal-judge rule`
only reads the cached Rulebook (plain JSON).
"""

from __future__ import annotations

from pathlib import Path

from pal_judge.corpus.glossary import Glossary, Term, load_glossary
from pal_judge.corpus.model import AlignedParagraph, Rulebook, Section, number_key, parent_number

__all__ = [
    "AlignedParagraph",
    "Glossary",
    "Rulebook",
    "Section",
    "Term",
    "load_corpus",
    "load_glossary",
    "load_rulebook",
    "number_key",
    "parent_number",
]


def load_corpus(rules: Path | None = None, *, use_cache: bool = True) -> tuple[Rulebook, Glossary]:
    """The Rulebook and the Glossary it was aligned with, from the cache when fresh."""
    from pal_judge.corpus.cache import CachedCorpus, cache_key, read_cache, write_cache
    from pal_judge.paths import cache_dir, rules_dir

    folder = rules or rules_dir()
    key = cache_key(folder)
    cache = cache_dir()
    if use_cache:
        cached = read_cache(cache, key)
        if cached is not None:
            return cached.rulebook, cached.glossary
    from pal_judge.corpus.build import build_rulebook  # the aligner: only on a cache miss

    glossary = load_glossary(folder / "glossary.yaml")
    rulebook = build_rulebook(folder, glossary)
    if use_cache:
        write_cache(cache, CachedCorpus(key, rulebook, glossary))
    return rulebook, glossary


def load_rulebook(rules: Path | None = None, *, use_cache: bool = True) -> Rulebook:
    """The parsed and aligned Rulebook (see Rulebook in model.py)."""
    return load_corpus(rules, use_cache=use_cache)[0]
