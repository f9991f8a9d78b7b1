"""Every question set of bench/questions/ names only rulings and sections that exist, in its declared shape.

A question naming a ruling id that was renamed, or a section the rulebook does not have,
would be scored wrong for ever without anyone noticing: the figures measured on the set
would silently drop. Nothing here ranks a question (the held-out sets stay unseen).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import opencc
import pytest
import yaml

QUESTIONS = Path(__file__).resolve().parents[2] / "bench" / "questions"
SETS = sorted(QUESTIONS.glob("*.yaml"))


@lru_cache(maxsize=None)  # each set is parsed once per session, though five tests read it (read only)
def _entries(path: Path) -> list[dict]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _is_clause_set(entries: list[dict]) -> bool:
    """Clause questions for `search` (`any:` / `expect:` sections) rather than questions for `ask`."""
    return any("any" in e or "expect" in e for e in entries)


@pytest.fixture(scope="module")
def known_rulings() -> set[str]:
    from pal_judge.rulings.texts import ruling_texts

    return {r.id for r in ruling_texts()}


@pytest.fixture(scope="module")
def rulebook():  # type: ignore[no-untyped-def]
    from pal_judge.corpus import load_rulebook

    return load_rulebook()


def test_the_sets_are_found() -> None:
    names = {p.stem for p in SETS}
    assert {"tuning", "tuning_was_heldout", "tuning_was_heldout2", "tuning_was_heldout3", "tuning_was_heldout4", "heldout5",
            "heldout6", "heldout7", "search_tuning", "search_tuning_was_heldout", "search_tuning_was_heldout2",
            "search_tuning_was_heldout3", "search_tuning_was_heldout4", "search_heldout5", "search_heldout6",
            "search_heldout7"} <= names


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.name)
def test_every_question_is_well_formed(path: Path) -> None:
    entries = _entries(path)
    clause_set = _is_clause_set(entries)
    for n, e in enumerate(entries, 1):
        where = f"{path.name} question {n} ({e.get('q')!r})"
        assert e.get("lang") in ("en", "zh"), where
        assert isinstance(e.get("q"), str) and e["q"].strip(), where
        if clause_set:
            assert e.get("any") or e.get("expect"), f"{where}: no section to find"
            continue
        # an `ask` question: a ruling that answers it, or `none` (out of scope, or clauses to show)
        assert bool(e.get("rulings")) != bool(e.get("none")), f"{where}: needs rulings or none: true, not both"
        assert e.get("scope", "out") == "out", where
        assert not ("scope" in e and not e.get("none")), f"{where}: only a `none` question is out of scope"


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.name)
def test_every_ruling_id_exists(path: Path, known_rulings: set[str]) -> None:
    named = {r for e in _entries(path) for r in e.get("rulings", ())}
    assert not named - known_rulings, f"{path.name} names rulings that do not exist: {sorted(named - known_rulings)}"


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.name)
def test_every_section_exists_in_the_rulebook(path: Path, rulebook) -> None:  # type: ignore[no-untyped-def]
    named = {str(s) for e in _entries(path) for key in ("sections", "any", "expect") for s in e.get(key, ())}
    missing = sorted(s for s in named if s not in rulebook)
    assert not missing, f"{path.name} names sections the rulebook does not have: {missing}"


def test_no_question_is_in_two_sets_for_the_same_command() -> None:
    """A held-out question that is also a tuning question is not held out (case, spaces and punctuation aside)."""
    seen: dict[tuple[bool, str, str], str] = {}
    for path in SETS:
        entries = _entries(path)
        for e in entries:
            key = (_is_clause_set(entries), e["lang"], " ".join(re.sub(r"[^\w\s]", " ", e["q"].lower()).split()))
            first = seen.setdefault(key, path.name)
            assert first == path.name, f"{e['q']!r} is in {first} and in {path.name}"


# The shape issue 14 asked of each fresh held-out pair: ask questions, of them in Chinese, in
# traditional characters, out of scope, in scope with no ruling (with clauses to show); search
# clause questions in English and in Chinese.
PROMISED_SHAPES = {
    ("tuning_was_heldout3", "search_tuning_was_heldout3"): (150, 60, 15, 15, 15, 60, 60),
    ("tuning_was_heldout4", "search_tuning_was_heldout4"): (150, 60, 15, 15, 15, 60, 60),
    ("heldout5", "search_heldout5"): (150, 60, 15, 15, 15, 60, 60),
    ("heldout6", "search_heldout6"): (170, 65, 15, 15, 15, 60, 60),
    ("heldout7", "search_heldout7"): (170, 65, 15, 15, 15, 60, 60),
}


@pytest.mark.parametrize("ask_set, search_set", PROMISED_SHAPES, ids=lambda name: name)
def test_the_fresh_held_out_sets_have_the_promised_shape(ask_set: str, search_set: str) -> None:
    """What issue 14 asked of the fresh held-out sets: enough questions of each kind."""
    questions, chinese, traditional, out_of_scope, no_ruling, english_search, chinese_search = (
        PROMISED_SHAPES[(ask_set, search_set)]
    )
    to_simplified = opencc.OpenCC("t2s")
    ask = _entries(QUESTIONS / f"{ask_set}.yaml")
    in_chinese = [e for e in ask if e["lang"] == "zh"]
    assert len(ask) >= questions
    assert len(in_chinese) >= chinese
    assert sum(to_simplified.convert(e["q"]) != e["q"] for e in in_chinese) >= traditional  # written in traditional characters
    assert sum(e.get("scope") == "out" for e in ask) >= out_of_scope
    assert sum(bool(e.get("none")) and e.get("scope") != "out" and bool(e.get("sections")) for e in ask) >= no_ruling
    search = _entries(QUESTIONS / f"{search_set}.yaml")
    assert sum(e["lang"] == "en" for e in search) >= english_search
    assert sum(e["lang"] == "zh" for e in search) >= chinese_search
