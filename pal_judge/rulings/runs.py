"""Run every ruling's scenario once, and keep the outcome cached by a hash of everything that decides it.

The cache key hashes the rulings' YAML, the engine's sources and the scenario layer's sources, so
editing any of them reruns the scenarios; otherwise `rulings check`, `coverage` and `rule` read the
stored outcome (a JSON file in `cache_dir()`, written atomically; older outcomes are deleted only when
the cache folder's manifest says we wrote them).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from pal_judge.atomic import write_text_atomic
from pal_judge.cache_manifest import record_replacing
from pal_judge.errors import UserError
from pal_judge.fingerprint import fingerprint, package_sources
from pal_judge.paths import cache_dir, rulings_dir
from pal_judge.textfiles import read_json

if TYPE_CHECKING:  # the model imports the scenario layer: not needed to read the cache (`rule`)
    from pal_judge.rulings.model import Ruling

# 2: no stored `ok` (it followed from error and failures, and nothing read it); 3: `primary`;
# 4: `cited` and `primary` stored as one string, a clause number a line (_lines)
CACHE_FORMAT = 4


class RunSummary(NamedTuple):
    """What the checks and coverage need from one scenario run (a named tuple: defined at every `rule`, and
    made for every ruling by `rulings check` and `coverage`, where a frozen dataclass costs several times more)."""

    ruling: str
    error: str | None  # the run stopped: a step that does not fit, an unscripted choice, a rejected board
    failures: tuple[dict[str, Any], ...]  # failed expectations as dicts
    cited: tuple[str, ...]  # every clause the trace cites, sorted
    primary: tuple[str, ...] = ()  # primary cites and decisions' legal bases, sorted (what coverage counts)

    def to_dict(self) -> dict[str, Any]:
        return {"ruling": self.ruling, "error": self.error, "failures": list(self.failures), "cited": _lines(self.cited),
                "primary": _lines(self.primary)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RunSummary:
        return cls(data["ruling"], data["error"], tuple(data["failures"]), _numbers(data["cited"]), _numbers(data["primary"]))


def _lines(numbers: tuple[str, ...]) -> str:
    """Clause numbers stored as one string, a number a line: some 12,000 cites read back as 500 strings
    at every `rule`, not as as many strings, each parsed, then freed."""
    return "\n".join(numbers)


def _numbers(lines: str) -> tuple[str, ...]:
    """The clause numbers `_lines` stored (AttributeError when `lines` is not a string: not a cache of ours)."""
    return tuple(lines.split("\n")) if lines else ()


def sources_key(folder: Path | None = None) -> str:
    """Hash of the rulings' YAML and the code that runs them."""
    folder = folder or rulings_dir()
    return fingerprint(f"format={CACHE_FORMAT}", [*sorted(folder.glob("*.yaml")), *package_sources("engine", "scenarios", "rulings")])


def summarize(ruling: Ruling) -> RunSummary:
    from pal_judge.scenarios import run_scenario

    try:
        run = run_scenario(ruling.scenario)
    except UserError as err:  # a scenario the engine rejects is a failed ruling, not a crash
        return RunSummary(ruling.id, err.message, (), ())
    except (RecursionError, MemoryError, ArithmeticError) as err:  # nor one that breaks it: the others still run
        return RunSummary(ruling.id, f"the engine could not run this scenario ({type(err).__name__}: {err})", (), ())
    failures = tuple(e.to_dict() for e in run.expectations if not e.ok)
    return RunSummary(ruling.id, run.error, failures, tuple(sorted(run.cited())), tuple(sorted(run.primary())))


def _cache_path(folder: Path | None) -> Path:
    return cache_dir() / f"rulings-runs-{sources_key(folder)}.json"


def cached_runs(folder: Path | None = None) -> dict[str, RunSummary] | None:
    """The stored summaries when they are fresh and readable, else None (no YAML parsed, no engine run)."""
    try:
        data = read_json(_cache_path(folder))
        return {k: RunSummary.from_dict(v) for k, v in data.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None  # missing or unreadable cache: the caller reruns


def cached_cites(folder: Path | None = None) -> dict[str, str] | None:
    """Each ruling's cited clauses as stored (the `cited` of its summary: a clause number a line), without
    making the summaries: what `rule` lists a section's scenarios by. None as for `cached_runs`, and when a
    `cited` is not a string."""
    try:
        cites = {ruling: summary["cited"] for ruling, summary in read_json(_cache_path(folder)).items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return cites if all(type(cited) is str for cited in cites.values()) else None


def run_all(rulings: list[Ruling], folder: Path | None = None, use_cache: bool = True) -> dict[str, RunSummary]:
    """Every ruling's run summary, from the cache when nothing changed."""
    summaries = cached_runs(folder) if use_cache else None
    if summaries is not None and set(summaries) == {r.id for r in rulings}:
        return summaries
    path = _cache_path(folder)
    summaries = {r.id: summarize(r) for r in rulings}
    _write_atomic(path, {k: v.to_dict() for k, v in summaries.items()})
    return summaries


def _write_atomic(path: Path, data: Any) -> None:
    cache = path.parent
    try:
        cache.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_text_atomic(path, json.dumps(data, ensure_ascii=False), private=True)
        record_replacing(cache, path.name, "rulings-runs-")  # outcomes of older sources go
    except OSError:
        pass  # a read-only cache only costs speed
