"""Precise cites (issue 11): every event of every shipped ruling's trace names first the clause that made
it happen, then at most a few supporting clauses, never a definition that applies to every event."""

from __future__ import annotations

import json
import statistics
from functools import lru_cache
from typing import Any

from typer.testing import CliRunner

from pal_judge.cli import app
from pal_judge.engine.trace import GENERAL_DEFINITIONS, MAX_CITES
from pal_judge.rulings.loader import load_rulings
from pal_judge.scenarios.runner import run_scenario


@lru_cache(maxsize=1)
def _events() -> tuple[dict[str, Any], ...]:
    return tuple(e for r in load_rulings() for e in run_scenario(r.scenario).events)


def test_few_cites_per_event() -> None:
    counts = [len(e["cites"]) for e in _events()]
    assert statistics.median(counts) <= 3
    assert max(counts) <= MAX_CITES


def test_general_definitions_are_never_a_supporting_cite() -> None:
    # "10.5.1 on 737 events, 4.1.4 on every move": a definition is cited only when the event is about it
    supporting = [(e["what"], c) for e in _events() for c in e["cites"][1:] if c in GENERAL_DEFINITIONS]
    assert not supporting, supporting[:5]


def test_the_decisive_clause_comes_first() -> None:
    # rules/zh.txt: 9.3.1 declares an attack; 12.12.2 Retaliate and 12.14.2 Breakthrough trigger by their
    # keyword's clause; 11.4.1 lethal damage puts a Pal into the graveyard; 7.6.5 passes the turn
    expected = {"starts a battle": "9.3.1", "Retaliate triggers": "12.12.2", "Breakthrough triggers": "12.14.2",
                "(lethal damage)": "11.4.1"}
    seen = set()
    for e in _events():
        for words, primary in expected.items():
            if words in e["what"]:
                seen.add(words)
                assert e["cites"][0] == primary, (e["what"], e["cites"])
    assert seen == set(expected)


def test_coverage_counts_applied_clauses_and_reports_the_broad_figure() -> None:
    data = json.loads(CliRunner().invoke(app, ["coverage", "--json"]).stdout)
    assert data["broad"]["overall"]["covered"] > data["overall"]["covered"]
    # 11.4.1 lethal damage really sends Pals to the graveyard in the rulings; 10.8.4.1 (what information a
    # zone-change trigger reads, in general) is only mentioned: broad coverage, not coverage
    assert "11.4.1" not in data["missing"] and "10.8.4.1" in data["missing"]
