"""Gather what the site shows: the rulebook, the glossary, the rulings with their replays,
the sections each scenario exercises, and the translation findings.

The rulebook and the glossary are required. A user error in the rulings' or the checks'
data leaves that part out, and the site says so (`problems`), so a broken ruling file
never hides the book.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from pal_judge.corpus.model import Rulebook, number_key
from pal_judge.errors import UserError

if TYPE_CHECKING:
    from pal_judge.corpus.glossary import Glossary
    from pal_judge.corpus.readings import Reading
    from pal_judge.rulings.model import Ruling
    from pal_judge.rulings.ruling_text import Source

T = TypeVar("T")


@dataclass(frozen=True)
class TermView:
    id: str
    kind: str
    en: tuple[str, ...]
    zh: tuple[str, ...]
    defined_in: str | None


@dataclass(frozen=True)
class RulingView:
    """A ruling, with its scenario's replay as the JSON of `replay --json` (None when it has none)."""

    id: str
    question_en: str
    question_zh: str
    answer_en: str
    answer_zh: str
    cites: tuple[str, ...]
    tags: tuple[str, ...]
    source: str
    scenario_id: str | None
    replay: dict[str, Any] | None
    replay_error: str | None = None
    follows: str | None = None  # where EN and ZH disagree, the text the ruling follows


@dataclass(frozen=True)
class FindingView:
    section: str
    check: str
    severity: str
    message: str
    en: str
    zh: str
    en_marks: tuple[tuple[int, int], ...] = ()  # (start, end) offsets of the differing words in `en`
    zh_marks: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class SiteData:
    rulebook: Rulebook
    terms: tuple[TermView, ...] = ()
    rulings: tuple[RulingView, ...] = ()
    coverage: dict[str, tuple[str, ...]] = field(default_factory=dict)  # section -> scenario ids
    findings: tuple[FindingView, ...] = ()
    readings: tuple[Reading, ...] = ()  # rules/readings.yaml
    problems: tuple[str, ...] = ()  # parts left out because their data is broken (the error message)


def _terms(glossary: Glossary) -> tuple[TermView, ...]:
    return tuple(TermView(t.id, t.kind, tuple(t.en), tuple(t.zh), t.defined_in) for t in glossary.terms)


def _source_text(source: Source) -> str:
    """'rulebook 9.6.3 · 2026-11-30' from a Source(kind, ref, date)."""
    text = " ".join(part for part in (source.kind, source.ref) if part)
    return f"{text} · {source.date}"


def _ruling_view(ruling: Ruling) -> RulingView:
    from pal_judge.scenarios import run_scenario

    replay: dict[str, Any] | None = None
    error: str | None = None
    try:
        replay = run_scenario(ruling.scenario).to_dict()
    except UserError as err:  # one broken scenario must not hide the whole book
        error = err.message
    return RulingView(
        id=ruling.id,
        question_en=ruling.question_en,
        question_zh=ruling.question_zh,
        answer_en=ruling.answer_en,
        answer_zh=ruling.answer_zh,
        cites=ruling.cites,
        tags=ruling.tags,
        source=_source_text(ruling.source),
        scenario_id=ruling.scenario.name,
        replay=replay,
        replay_error=error,
        follows=ruling.follows,
    )


def _load_rulings(problems: list[str] | None = None) -> tuple[RulingView, ...]:
    """Every ruling that loads; a broken one is left out and, given `problems`, reported there."""
    from pal_judge.rulings.loader import load_rulings

    skip = (lambda problem: problems.append(f"ruling left out: {problem}")) if problems is not None else None
    return tuple(_ruling_view(ruling) for ruling in load_rulings(skip=skip))


def coverage_of(rulings: tuple[RulingView, ...]) -> dict[str, tuple[str, ...]]:
    """Section -> the scenarios whose replay cites it (what `rulings.coverage.coverage_map` derives, from the
    replays already run here rather than by running every scenario a second time)."""
    linked: dict[str, list[str]] = {}
    for ruling in rulings:
        if ruling.replay is None or ruling.scenario_id is None:
            continue
        cited = {cite for step in ruling.replay["steps"] for event in step["events"] for cite in event["cites"]}
        cited |= set(ruling.replay.get("refused", ()))  # an attempt the rules refused cites its clause too
        for number in cited:
            linked.setdefault(number, []).append(ruling.scenario_id)
    return {number: tuple(linked[number]) for number in sorted(linked, key=number_key)}


def _load_findings(rulebook: Rulebook, glossary: Glossary) -> tuple[FindingView, ...]:
    from pal_judge.render.translation_notes import all_findings  # run once, cached with `rule` and `ask`

    return tuple(
        FindingView(f["section"], f["check"], f["severity"], f["message"], f["en"], f["zh"],
                    tuple(tuple(mark) for mark in f["en_marks"]), tuple(tuple(mark) for mark in f["zh_marks"]))
        for f in all_findings(rulebook, glossary)
    )


def _guarded(part: str, load: Callable[[], T], problems: list[str]) -> T | None:
    """A part's loader; a user error in its data (bad YAML, broken scenario) leaves the part out, reported."""
    try:
        return load()
    except UserError as err:
        problems.append(f"{part} left out: {err.message}")
        return None


def gather() -> SiteData:
    """Everything the site shows; the rulings or the findings are left out (and reported) when their data is broken."""
    from pal_judge.corpus import load_corpus
    from pal_judge.corpus.readings import load_readings

    rulebook, glossary = load_corpus()
    problems: list[str] = []
    rulings = _guarded("rulings", lambda: _load_rulings(problems), problems) or ()
    findings = _guarded("translation findings", lambda: _load_findings(rulebook, glossary), problems) or ()
    readings = _guarded("readings", load_readings, problems) or ()
    return SiteData(
        rulebook=rulebook,
        terms=_terms(glossary),
        rulings=rulings,
        coverage=coverage_of(rulings),
        findings=findings,
        readings=readings,
        problems=tuple(problems),
    )
