"""Second pass of the ranking: how much of the question a section covers.

BM25 adds up the words a section matches, so a clause repeating one common word of a
natural question ("pal", "card") can outrank the clause that holds most of its words
once each. The first pass's best hits are re-weighed by their coverage: the share of the
question's concepts (each English word, each Chinese character pair) the section holds in
its text, its heading path or, when expanded, the questions of the rulings resting on it
(a pair also by its two characters apart in the text).
A word is also covered by a glossary term it belongs to (in either language: the Chinese
clause of a loose English translation) and a player's word by the rulebook terms it means.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, NamedTuple, Sequence

import pal_judge.search.deferred_imports  # noqa: F401 (first: Whoosh without the modules it never uses)
from whoosh.reading import TermNotFound
from whoosh.searching import Searcher

from pal_judge.corpus.glossary import Term
from pal_judge.search.han import blanked
from pal_judge.search.query import Compiler, han_runs

# score × (1 − COVERAGE_WEIGHT + COVERAGE_WEIGHT × coverage): at 0 the first pass alone. Recall@5
# on bench/questions/search_tuning.yaml EN / ZH: 0.790 / 0.902 at 0, 0.839 / 0.927 at 0.3,
# 0.839 / 0.902 at 0.5, 0.823 / 0.927 at 0.7 (tests/search/relevance.yaml: ZH 1.0 -> 0.962 from 0.3).
COVERAGE_WEIGHT = 0.3

Alternative = tuple[str, str]  # (field, token): any one of them covers a concept


class Concept(NamedTuple):
    word: str
    alternatives: tuple[Alternative, ...]
    # A Chinese character pair is also covered by a clause holding its two characters apart
    # (卡种 / 卡牌种类): a player's word rarely is the rulebook's. Recall@5 on every clause-question
    # set tuned on (kept-back fifths left out) ZH 297 -> 299 of 316, EN unchanged (stop 14). In
    # `pal-judge search` only (the expanded index): `ask`'s section scores feed its cut-offs, and
    # there it cost one right first ruling of 1,014 on its tuning sets.
    apart: tuple[str, ...] = ()


def concepts(compiler: Compiler, text: str) -> list[Concept]:
    """The question's concepts: its English content words (stemmed) and Chinese character
    pairs, each with the field tokens that cover it."""
    en_fields = [f for f, _ in compiler.fields() if not f.endswith("zh")]
    zh_fields = [f for f, _ in compiler.fields() if f.endswith("zh")]
    terms = compiler.terms_in(text)
    found: list[Concept] = []
    if en_fields:
        for stem in dict.fromkeys(compiler.stems(blanked(text))):
            if stem not in compiler.question_stems:
                owners = [t for t in terms if any(stem in compiler.stems(v) for v in t.en)]
                alternatives = [(f, stem) for f in en_fields] + _meant(compiler, owners, en_fields, zh_fields)
                found.append(Concept(stem, tuple(alternatives)))
    if zh_fields:
        for run in han_runs(text):
            for pair in dict.fromkeys(compiler.zh_tokens(run)):
                owners = [t for t in terms if any(pair in v for v in t.zh)]
                alternatives = [(f, pair) for f in zh_fields] + _meant(compiler, owners, en_fields, zh_fields)
                apart = tuple(pair) if compiler.expanded and len(pair) == 2 else ()
                found.append(Concept(pair, tuple(alternatives), apart))
    return found


def _meant(compiler: Compiler, owners: list[Term], en_fields: list[str], zh_fields: list[str]) -> list[Alternative]:
    """What covers a word belonging to the glossary terms or player words `owners`: the
    glossary terms they mean (the `terms` field, filled from both languages of a clause),
    and the one-word rulebook phrases a player's word means."""
    alternatives: list[Alternative] = []
    for owner in owners:
        for meant in compiler.meanings(owner):
            if meant.id not in compiler.means and meant.kind != "meaning":
                alternatives.append(("terms", meant.id))
                continue
            for phrase in meant.en:
                if len(stems := compiler.stems(phrase)) == 1:
                    alternatives.extend((f, stems[0]) for f in en_fields)
            for phrase in meant.zh:
                if len(pairs := compiler.zh_tokens(phrase)) == 1:
                    alternatives.extend((f, pairs[0]) for f in zh_fields)
    return alternatives


def coverage(
    holders: Callable[[str, str], frozenset[int]], found: Sequence[Concept], docnums: list[int]
) -> dict[int, float]:
    """Docnum -> the share of the concepts it covers (1.0 for every doc when there are none);
    `holders(field, token)`: the documents holding a token (see `holders`)."""
    if not found:
        return {d: 1.0 for d in docnums}
    wanted = set(docnums)
    covered = {d: 0 for d in docnums}
    for concept in found:
        held: set[int] = set()
        for field, token in concept.alternatives:
            held |= holders(field, token) & wanted
        if concept.apart:
            held |= wanted.intersection(*(holders("zh", ch) for ch in concept.apart))
        for d in held:
            covered[d] += 1
    return {d: n / len(found) for d, n in covered.items()}


def holders(searcher: Searcher, field: str, token: str) -> frozenset[int]:
    """The documents holding `token` in `field` (none when the index never saw it)."""
    try:
        return frozenset(searcher.postings(field, token).all_ids())
    except (TermNotFound, KeyError):  # a token the index never saw; a field without postings
        return frozenset()


def reweigh(score: float, share: float) -> float:
    return score * (1.0 - COVERAGE_WEIGHT + COVERAGE_WEIGHT * share)


def unspoken(compiler: Compiler, question: str, en: str, zh: str) -> list[str]:
    """The player's words of `question` (player_words.yaml: "take back", "untap", 反悔) that a
    text says in none of their forms: neither the words themselves nor a rulebook phrase they
    mean, each phrase whole (every word of it somewhere in the text), nor a glossary term
    they mean. A text that never speaks of what the player asks about does not answer it."""
    missing = []
    for term in compiler.terms_in(question):
        if term.id not in compiler.means:
            continue
        tokens, used = _words_of(compiler, en, zh)  # read only for a question with a player's word (kept)
        phrases = [compiler.stems(v) for v in term.en] + [compiler.zh_tokens(v) for v in term.zh]
        for meant in compiler.meanings(term):
            phrases += [compiler.stems(p) for p in meant.en] + [compiler.zh_tokens(p) for p in meant.zh]
        meant_terms = {m.id for m in compiler.meanings(term)} - set(compiler.means)
        if not meant_terms & used and not any(p and tokens.issuperset(p) for p in phrases):
            missing.append(term.en[0] if term.en else term.zh[0])
    return missing


@lru_cache(maxsize=512)
def _words_of(compiler: Compiler, en: str, zh: str) -> tuple[frozenset[str], frozenset[str]]:
    """A text's stems and Chinese character pairs, and the ids of the glossary terms it uses
    (a ruling is read again by every question it ranks first for)."""
    tokens = frozenset(compiler.stems(en)) | frozenset(compiler.zh_tokens(zh))
    return tokens, frozenset(t.id for t in compiler.terms_in(f"{en}\n{zh}"))
