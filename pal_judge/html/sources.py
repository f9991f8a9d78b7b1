"""Gather what the site shows: the rulebook, and each optional part that exists yet.

The rulebook is required. The glossary, the rulings with their replays, the
coverage map and the translation findings are each optional: when the module
that provides a part is not there (yet), the part is empty and its note says
"none yet", so an export works at every stage of the project.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable, TypeVar

T = TypeVar("T")

from pal_judge.corpus.model import Rulebook


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
    missing: tuple[str, ...] = ()  # parts whose module does not exist yet
    problems: tuple[str, ...] = ()  # parts left out because their data is broken (the error message)


def _optional_module(name: str) -> ModuleType | None:
    """The module, or None when it (or its package) does not exist; an ImportError inside it is a bug and propagates."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name and (name == err.name or name.startswith(err.name + ".")):
            return None
        raise


def _optional_attr(module_name: str, attr: str) -> Any:
    module = _optional_module(module_name)
    return getattr(module, attr, None) if module is not None else None


def load_rulebook_or_chinese() -> tuple[Rulebook, bool]:
    """The aligned bilingual rulebook; before the aligner exists, the Chinese sections alone (False)."""
    loader = _optional_attr("pal_judge.corpus", "load_rulebook")
    if loader is not None:
        return loader(), True
    from pal_judge.corpus.zh_parser import parse_zh
    from pal_judge.paths import rules_dir

    text = (rules_dir() / "zh.txt").read_text(encoding="utf-8")
    return Rulebook(tuple(parse_zh(text))), False


def _load_glossary() -> tuple[Any, tuple[TermView, ...]] | None:
    loader = _optional_attr("pal_judge.corpus.glossary", "load_glossary")
    if loader is None:
        return None
    glossary = loader()
    terms = tuple(
        TermView(str(t.id), str(t.kind), tuple(t.en), tuple(t.zh), getattr(t, "defined_in", None))
        for t in glossary.terms
    )
    return glossary, terms


def _scenario_id(ruling: Any) -> str | None:
    scenario = getattr(ruling, "scenario", None)
    if scenario is None:
        return None
    if isinstance(scenario, str):
        return scenario
    if isinstance(scenario, dict):
        value = scenario.get("id") or scenario.get("name")
        return str(value) if value else str(ruling.id)
    value = getattr(scenario, "id", None) or getattr(scenario, "name", None)
    return str(value) if value else str(ruling.id)


def _source_text(source: Any) -> str:
    """'rulebook 9.6.3 · 2026-11-30' from a Source(kind, ref, date); plain text as it is."""
    if source is None:
        return ""
    if isinstance(source, str):
        return source
    parts = [str(getattr(source, name, "") or "") for name in ("kind", "ref")]
    date = getattr(source, "date", None)
    text = " ".join(p for p in parts if p)
    return f"{text} · {date}" if date else text


def _load_rulings() -> tuple[RulingView, ...] | None:
    loader = _optional_attr("pal_judge.rulings", "load_rulings")
    if loader is None:
        return None
    runner = _optional_attr("pal_judge.scenarios", "run_scenario")
    if _optional_attr("pal_judge.engine", "Game") is None:  # scenarios load, but nothing can play them yet
        runner = None
    views: list[RulingView] = []
    for ruling in loader():
        replay: dict[str, Any] | None = None
        error: str | None = None
        scenario = getattr(ruling, "scenario", None)
        if scenario is not None and runner is not None:
            from pal_judge.errors import UserError

            try:
                replay = runner(scenario).to_dict()
            except UserError as err:  # one broken scenario must not hide the whole book
                error = err.message
        views.append(
            RulingView(
                id=str(ruling.id),
                question_en=ruling.question_en or "",
                question_zh=ruling.question_zh or "",
                answer_en=ruling.answer_en or "",
                answer_zh=ruling.answer_zh or "",
                cites=tuple(str(c) for c in (ruling.cites or ())),
                tags=tuple(str(t) for t in (ruling.tags or ())),
                source=_source_text(getattr(ruling, "source", None)),
                scenario_id=_scenario_id(ruling),
                replay=replay,
                replay_error=error,
                follows=getattr(ruling, "follows", None),
            )
        )
    return tuple(views)


def _load_coverage() -> dict[str, tuple[str, ...]] | None:
    mapper = _optional_attr("pal_judge.rulings.coverage", "coverage_map")
    if mapper is None:
        return None
    return {str(number): tuple(str(s) for s in ids) for number, ids in mapper().items()}


def _load_findings(rulebook: Rulebook, glossary: Any) -> tuple[FindingView, ...] | None:
    checker = _optional_attr("pal_judge.xcheck", "run_checks")
    if checker is None or glossary is None:
        return None
    return tuple(
        FindingView(
            str(f.section),
            str(f.check),
            str(f.severity),
            str(f.message),
            str(f.en or ""),
            str(f.zh or ""),
            tuple((int(a), int(b)) for a, b in getattr(f, "en_marks", ())),
            tuple((int(a), int(b)) for a, b in getattr(f, "zh_marks", ())),
        )
        for f in checker(rulebook, glossary)
    )


def _guarded(part: str, load: Callable[[], T], problems: list[str]) -> T | None:
    """A part's loader; a user error in its data (bad YAML, broken scenario) leaves the part out, reported."""
    from pal_judge.errors import UserError

    try:
        return load()
    except UserError as err:
        problems.append(f"{part} left out: {err.message}")
        return None


def gather() -> SiteData:
    """Everything the site shows; an optional part is empty when its module is missing or its data is broken."""
    rulebook, aligned = load_rulebook_or_chinese()
    missing: list[str] = [] if aligned else ["English alignment"]
    problems: list[str] = []
    glossary_part = _guarded("glossary", _load_glossary, problems)
    glossary, terms = glossary_part if glossary_part is not None else (None, ())
    rulings = _guarded("rulings", _load_rulings, problems)
    coverage = _guarded("coverage", _load_coverage, problems)
    findings = _guarded("translation findings", lambda: _load_findings(rulebook, glossary), problems)
    for part, value in (("glossary", glossary_part), ("rulings", rulings), ("coverage", coverage),
                        ("translation findings", findings)):
        if value is None and not any(p.startswith(part + " ") for p in problems):
            missing.append(part)
    return SiteData(
        rulebook=rulebook,
        terms=terms,
        rulings=rulings or (),
        coverage=coverage or {},
        findings=findings or (),
        missing=tuple(missing),
        problems=tuple(problems),
    )
