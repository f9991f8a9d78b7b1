"""The rulings' question words read back from their cache (rulings/ask.py `_words_from_json`) are
taken only when they cover every ruling and every word has a rarity: a cache under the right key
with one ruling left out, or one word without its rarity, is recomputed, and `ask` answers as before."""

from __future__ import annotations

import json

from pal_judge.paths import cache_dir
from pal_judge.rulings.ask import ask
from pal_judge.rulings.texts import ruling_texts


def test_question_words_missing_a_ruling_or_a_rarity_are_recomputed() -> None:
    rulings = ruling_texts()
    question = "can my pal attack the turn it was deployed if it has rush"  # written for this test
    expected = ask(question, rulings).to_dict()
    note = cache_dir() / "question-words.json"
    written = note.read_bytes()
    stored = json.loads(written)
    words, rarity = stored["value"]["words"], stored["value"]["rarity"]
    one_ruling = sorted(words)[0]
    one_word = sorted(rarity)[0]
    try:
        without_ruling = {"words": {r: w for r, w in words.items() if r != one_ruling}, "rarity": rarity}
        without_rarity = {"words": words, "rarity": {w: v for w, v in rarity.items() if w != one_word}}
        for planted in (without_ruling, without_rarity):
            note.write_text(json.dumps({"key": stored["key"], "value": planted}), encoding="utf-8")
            assert ask(question, rulings).to_dict() == expected
            assert json.loads(note.read_bytes())["value"] == stored["value"]  # written again, whole
    finally:
        note.write_bytes(written)
