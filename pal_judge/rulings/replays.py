"""A ruling's replay as `ask` shows it (its events, its expectations, whether they hold), cached.

The transcript of a scenario run depends only on the rulings' YAML and on the code that runs
scenarios: exactly what the key of the stored runs hashes (`runs.sources_key`). So the replay of
the ruling an `ask` answers is kept as plain JSON in `cache_dir()/replay-<ruling id>.json` under
that key (`json_cache.py`: read bounded, written atomically, recorded in the manifest): a warm
`ask` prints it without loading the ruling's YAML or the engine, and any edit of the rulings, the
engine or the scenario code runs the scenario again. `ask --full` shows every step's board, which
is not kept here: it still runs the engine.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple, TYPE_CHECKING

if TYPE_CHECKING:
    from pal_judge.scenarios.runner import ScenarioRun

CACHE_PREFIX = "replay-"


class Transcript(NamedTuple):
    """What `ask` shows of a run: `ok`, `error`, the expectations (ExpectationResult.to_dict()) and
    the trace's events, all plain data."""

    ok: bool
    error: str | None
    expectations: list[dict[str, Any]]
    events: list[dict[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "error": self.error, "expectations": self.expectations, "events": self.events}

    @classmethod
    def of_run(cls, run: ScenarioRun) -> Transcript:
        """The run's transcript exactly as JSON gives it back (so that a fresh run and a cached one show the same)."""
        data = json.loads(json.dumps({"ok": run.ok, "error": run.error,
                                      "expectations": [e.to_dict() for e in run.expectations], "events": run.events},
                                     ensure_ascii=False))
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Transcript:
        """Raises ValueError when `data` is not a transcript's dict."""
        try:
            ok, error, expectations, events = data["ok"], data["error"], data["expectations"], data["events"]
        except (TypeError, KeyError):
            raise ValueError("not a transcript") from None
        if not (isinstance(ok, bool) and (error is None or isinstance(error, str))
                and all(isinstance(item, dict) for item in (*expectations, *events))):
            raise ValueError("not a transcript")
        return cls(ok, error, list(expectations), list(events))


def replay_transcript(ruling_id: str) -> Transcript:
    """The replay of the ruling `ruling_id`, from the cache when the rulings and the engine are unchanged."""
    from pal_judge.json_cache import cached_json
    from pal_judge.rulings.runs import sources_key

    def run() -> dict[str, Any]:
        from pal_judge.rulings.find import load_ruling_by_id
        from pal_judge.scenarios import run_scenario

        return Transcript.of_run(run_scenario(load_ruling_by_id(ruling_id).scenario)).to_dict()

    name = CACHE_PREFIX + ruling_id  # ruling ids are lower-case letters, digits and '-' (rulings/loader.py)
    return cached_json(name, sources_key(), run, read=Transcript.from_dict)
