"""The alignment of the published texts, pinned: what `pal_judge.corpus.align` computes
from rules/ (every English paragraph's sections, posterior score and review confidence,
at full precision), so that making the aligner faster cannot change a single pairing.

    python -m tests.corpus.pinned_alignment --write   # regenerate tests/corpus/data/alignment.json

Regenerate only when the aligner's result is meant to change (and say why in the commit);
test_corpus_alignment_pinned.py proves the checked-in file equals what the code computes.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from pal_judge.corpus import load_corpus
from pal_judge.corpus.align import review_confidence

PINNED = Path(__file__).resolve().parent / "data" / "alignment.json"
RULES = Path(__file__).resolve().parents[2] / "rules"


def computed_alignment(rules: Path = RULES) -> list[dict[str, Any]]:
    """One entry per English paragraph of `rules`, built from the texts (no cache)."""
    book, glossary = load_corpus(rules, use_cache=False)
    confidences = review_confidence(book.en_paragraphs, book.sections, glossary, book.alignment)
    return [
        {"en_index": a.en_index, "sections": list(a.sections), "score": a.score, "confidence": c}
        for a, c in zip(book.alignment, confidences)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help=f"write {PINNED.name}; otherwise print it")
    args = parser.parse_args()
    text = json.dumps(computed_alignment(), ensure_ascii=False, indent=1) + "\n"
    if args.write:
        PINNED.write_text(text, encoding="utf-8")
    else:
        print(text, end="")


if __name__ == "__main__":
    main()
