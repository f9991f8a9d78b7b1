"""`ask` shows a ruling's replay from a cached transcript: what the engine's run shows, and
run again when the rulings change."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from rich.console import Console

from pal_judge.paths import rulings_dir
from pal_judge.render.answer_view import replay_summary
from pal_judge.rulings.find import load_ruling_by_id
from pal_judge.rulings.replays import replay_transcript
from pal_judge.scenarios import run_scenario

# A battle with triggers, a restriction checked through options, and a delayed trigger.
RULINGS = ["breakthrough-retaliate-both-die", "restriction-beats-must-attack", "delayed-trigger-once"]


def _shown(run: object, decisive: list[str]) -> str:
    out = Console(width=100, record=True, file=io.StringIO())
    out.print(replay_summary(run, decisive))
    return out.export_text()


@pytest.mark.parametrize("ruling_id", RULINGS)
def test_a_cached_replay_shows_what_the_engine_shows(ruling_id: str) -> None:
    ruling = load_ruling_by_id(ruling_id)
    run = run_scenario(ruling.scenario)
    replay_transcript(ruling_id)  # computed and stored
    cached = replay_transcript(ruling_id)  # read back
    assert cached.ok == run.ok and cached.error == run.error
    assert json.dumps(cached.to_dict()["events"]) == json.dumps(run.events)
    assert cached.expectations == [e.to_dict() for e in run.expectations]
    decisive = list(ruling.cites[:2])
    assert _shown(cached, decisive) == _shown(run, decisive)


def test_the_replay_is_run_again_when_a_ruling_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "rulings"
    shutil.copytree(rulings_dir(), folder)
    monkeypatch.setenv("PAL_JUDGE_RULINGS", str(folder))
    assert replay_transcript("restriction-beats-must-attack").ok
    path = folder / "misc.yaml"
    text = path.read_text(encoding="utf-8")
    # The expectation after ending the turn now says it is still A's turn: the replay must fail it.
    edited = text.replace("        - end_turn\n      expect:\n        turn: B\n", "        - end_turn\n      expect:\n        turn: A\n", 1)
    assert edited != text
    path.write_text(edited, encoding="utf-8")
    replay = replay_transcript("restriction-beats-must-attack")
    assert not replay.ok
    assert [e["expected"] for e in replay.expectations if not e["ok"]] == ["A"]
