"""Every complete scenario in rulings/README.md replays with all its expectations holding."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pal_judge.scenarios import load_scenario_file, run_scenario

README = Path(__file__).resolve().parents[2] / "rulings" / "README.md"


def scenarios_in_readme() -> list[str]:
    blocks = re.findall(r"```yaml\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)
    # a whole scenario (a set-up and what is played or expected), not a fragment or the set-up reference
    return [b for b in blocks if re.search(r"^setup:", b, flags=re.M) and re.search(r"^(steps|expect):", b, flags=re.M)]


def test_the_readme_documents_the_new_steps_and_keys_with_examples() -> None:
    examples = "\n".join(scenarios_in_readme())
    for word in ("attempt:", "refused_by:", "pending_damage", "soul_area", "attack_target", "battle_opponent",
                 "battle_step", "attacker:", "attacking Pal", "loop_count", "resolved", "options:", "at:", "replaced:",
                 "redraws:", "main_name:", "pal_or_structure", "start: redraw"):
        assert word in examples, f"rulings/README.md has no replayable example using {word}"


@pytest.mark.parametrize("number", range(len(scenarios_in_readme())))
def test_each_readme_example_replays(tmp_path: Path, number: int) -> None:
    path = tmp_path / f"readme-{number}.yaml"
    path.write_text(scenarios_in_readme()[number], encoding="utf-8")
    run = run_scenario(load_scenario_file(path))
    assert run.ok, (run.error, [e.to_dict() for e in run.expectations if not e.ok])
