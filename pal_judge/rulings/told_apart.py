"""How much of a ruling's own question the judge's question says: what tells neighbours apart.

BM25 counts the question's words a ruling's question holds, so a long ruling question that
shares a few common words with many questions ("attack", "Taunt", "rested") outranks the
short ruling asked about. The reverse view tells them apart: the share of the ruling's
question words, each weighed by how rare it is among the rulings' questions (an inverse
document frequency), that the judge's question says, itself or in a form it means
(a glossary variant, the rulebook phrase a player's word means: "tapped" says "rest").
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from pal_judge.rulings.ruling_text import RulingText
from pal_judge.search.han import blanked


class Words(NamedTuple):
    """A text's English stems and Chinese character pairs."""

    en: frozenset[str]
    zh: frozenset[str]


def _words(compiler: Any, en: str, zh: str) -> Words:
    from pal_judge.search.query import han_runs

    stems = frozenset(s for s in compiler.stems(blanked(en)) if s not in compiler.question_stems)
    pairs = frozenset(p for run in han_runs(zh) for p in compiler.zh_tokens(run) if len(p) > 1)
    return Words(stems, pairs)


def said(compiler: Any, question: str) -> Words:
    """The words of a judge's question, with every form it means: the glossary variants of
    the terms it names and the rulebook phrases of its player's words, in both languages (the
    Chinese side of an English question holds the rulebook terms it names: a ruling is told
    apart by its terms too; English only: top-1 on the tuning sets 211, 65, 138 instead of
    215, 63, 139, see ask.RETELL_WEIGHT)."""
    own = _words(compiler, question, question)
    en, zh = set(own.en), set(own.zh)
    for term in compiler.terms_in(question):
        for meant in compiler.meanings(term):
            for phrase in meant.en:
                en.update(compiler.stems(phrase))
            for phrase in meant.zh:
                zh.update(p for p in compiler.zh_tokens(phrase) if len(p) > 1)
    return Words(frozenset(en), frozenset(zh))


class QuestionWords(NamedTuple):
    """Every ruling's question words and how rare each is among them."""

    words: dict[str, Words]
    rarity: dict[str, float]

    def share_said(self, ruling_id: str, question: Words) -> float:
        """The rarity-weighed share of the ruling's question words, in the languages the judge's
        question has words in (with their forms, see `said`), that it says (0..1)."""
        mine = self.words[ruling_id]
        asked = [(mine.en, question.en)] if question.en else []
        asked += [(mine.zh, question.zh)] if question.zh else []
        # fsum: exact whatever the sets' order, so a score does not depend on the process's hash seed
        total = math.fsum(self.rarity[w] for own, _ in asked for w in own)
        if total <= 0:
            return 0.0
        return math.fsum(self.rarity[w] for own, q in asked for w in own & q) / total


def question_words(compiler: Any, rulings: Sequence[RulingText]) -> QuestionWords:
    """The words of the rulings' questions (with their tags), read once per set of rulings."""
    questions = tuple((r.id, f"{r.question_en}\n{' '.join(r.tags)}", r.question_zh) for r in rulings)
    return _question_words(compiler, questions)


@lru_cache(maxsize=4)
def _question_words(compiler: Any, questions: tuple[tuple[str, str, str], ...]) -> QuestionWords:
    """`questions`: (ruling id, English question and tags, Chinese question)."""
    words = {ruling: _words(compiler, en, zh) for ruling, en, zh in questions}
    frequency = Counter(w for ws in words.values() for w in ws.en | ws.zh)
    total = len(words)
    rarity = {w: math.log(1.0 + total / n) for w, n in frequency.items()}
    return QuestionWords(words, rarity)
