"""Recall@5 over the relevance set: questions as players and judges ask them."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

TOP = 5
REQUIRED_RECALL = 0.90


def load_relevance(name: str) -> list[dict]:
    return yaml.safe_load((Path(__file__).resolve().parent / name).read_text(encoding="utf-8"))


def recall(entry: dict, found: list[str]) -> float:
    if "any" in entry:
        return float(any(s in found for s in entry["any"]))
    return sum(s in found for s in entry["expect"]) / len(entry["expect"])


def test_the_relevance_set_is_big_enough_and_names_real_sections(rulebook) -> None:  # type: ignore[no-untyped-def]
    entries = load_relevance("relevance.yaml")
    langs = [e["lang"] for e in entries]
    assert langs.count("en") >= 30 and langs.count("zh") >= 20
    # The held-out set (measured by bench/bench_search.py, never asserted on) must name real sections too.
    for entry in entries + load_relevance("relevance_heldout.yaml"):
        assert (entry["lang"] == "zh") == bool(re.search(r"[\u4e00-\u9fff]", entry["q"])), entry["q"]
        for number in entry.get("expect", []) + entry.get("any", []):
            assert number in rulebook, f"{entry['q']!r}: no section {number}"


def test_recall_at_5_is_at_least_90_percent(searcher) -> None:  # type: ignore[no-untyped-def]
    entries = load_relevance("relevance.yaml")
    misses = []
    total = 0.0
    for entry in entries:
        found = [h.section for h in searcher.search(entry["q"], limit=TOP)]
        score = recall(entry, found)
        total += score
        if score < 1:
            misses.append(f"{entry['q']} -> {found}")
    achieved = total / len(entries)
    assert achieved >= REQUIRED_RECALL, f"recall@5 {achieved:.3f}; misses:\n" + "\n".join(misses)
