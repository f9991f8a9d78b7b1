"""A warm `ask` (its indexes built, its replay cached) starts without what only other work needs:
the index writer (a build), the rulings' full model and YAML loader (reading the rulings files),
the engine (running a scenario), and the modules Whoosh imports for features pal-judge never uses.
Each is a start-up cost paid by every question otherwise."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
QUESTION = "My Pal with Breakthrough attacks, they block with a Retaliate Pal, both die - do they still take damage?"
NOT_FOR_A_WARM_ASK = ("pal_judge.search.backend", "whoosh.writing", "pal_judge.rulings.model", "pal_judge.rulings.loader",
                      "pal_judge.engine", "html", "queue")
PROBE = f"""
import sys
from pal_judge.cli import main
sys.argv = ["pal-judge", "ask", {QUESTION!r}]
try:
    main()
except SystemExit:
    pass
sys.stderr.write("loaded: " + repr([name for name in {NOT_FOR_A_WARM_ASK!r} if name in sys.modules]))
"""


def _ask() -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_a_warm_ask_loads_no_writer_no_rulings_model_and_no_engine() -> None:
    first = _ask()  # may build the indexes and run the replay (the caches of this test session)
    warm = _ask()
    assert warm.returncode == 0, warm.stderr
    assert "breakthrough-retaliate-both-die" in warm.stdout and warm.stdout == first.stdout
    assert warm.stderr.strip().splitlines()[-1] == "loaded: []"
