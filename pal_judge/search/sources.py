"""The inputs of the rulebook index: the bilingual rulebook, the glossary, and the questions
of the rulings, each indexed with the clauses it rests on (document expansion)."""

from __future__ import annotations

from pal_judge.corpus import load_corpus
from pal_judge.errors import UserError
from pal_judge.search.documents import Asked, IndexDoc, section_docs
from pal_judge.search.vocabulary import Lexicon, load_lexicon

DECISIVE_CITES = 2  # a ruling's cites are listed most decisive first


def rulebook_docs() -> tuple[list[IndexDoc], Lexicon]:
    rulebook, glossary = load_corpus()
    return section_docs(rulebook, glossary, asked_questions()), load_lexicon(glossary)


def asked_questions() -> Asked:
    """Section number -> the questions (English, Chinese) of the rulings citing it among
    their decisive clauses. Broken rulings files only cost the expansion (`rulings check`
    reports them); the index key includes those files, so fixing them rebuilds it."""
    from pal_judge.rulings.texts import ruling_texts

    try:
        rulings = ruling_texts()
    except UserError:
        return {}
    questions: dict[str, tuple[list[str], list[str]]] = {}
    for ruling in rulings:
        for number in ruling.cites[:DECISIVE_CITES]:
            en, zh = questions.setdefault(number, ([], []))
            en.append(ruling.question_en)
            zh.append(ruling.question_zh)
    return {number: ("\n".join(en), "\n".join(zh)) for number, (en, zh) in questions.items()}
