"""Find what to replay: a scenario or ruling file, or a ruling id."""

from __future__ import annotations

import os
from pathlib import Path

from pal_judge.errors import UserError
from pal_judge.rulings.model import Ruling
from pal_judge.scenarios.located import load_located, read_yaml_text, suggest
from pal_judge.scenarios.model import Scenario


def find_ruling(ruling_id: str, rulings: list[Ruling]) -> Ruling:
    for ruling in rulings:
        if ruling.id == ruling_id:
            return ruling
    raise UserError(f"no ruling or file called '{ruling_id}'{suggest(ruling_id, [r.id for r in rulings])}")


def load_ruling_by_id(ruling_id: str) -> Ruling:
    """The ruling `ruling_id`, parsing only the rulings files whose text names it (a replay needs one
    ruling, not the fifty files); files that cannot be read are passed over (the caller's listing of
    the rulings reports them). When none of those holds it, every file is read, as `load_rulings`
    does, so that the error suggests the nearest ids."""
    from pal_judge.paths import ruling_files
    from pal_judge.rulings.loader import load_ruling_file, load_rulings

    for path in ruling_files():
        try:
            named = ruling_id in read_yaml_text(path)
        except UserError:
            continue
        if named:
            found = [r for r in load_ruling_file(path, skip=lambda problem: None) if r.id == ruling_id]
            if found:
                return found[0]  # the first file in order holding the id, as load_rulings keeps it
    return find_ruling(ruling_id, load_rulings(skip=lambda problem: None))


def resolve(target: str) -> tuple[Scenario, Ruling | None]:
    """`target` is a YAML file (one ruling, or a bare scenario) or a ruling id."""
    from pal_judge.rulings.loader import load_ruling_file, load_rulings
    from pal_judge.scenarios.loader import load_scenario_file

    path = Path(target)
    if path.is_file() or os.path.lexists(path) and not path.is_dir():  # a FIFO or a link loop: the read says so
        root = load_located(read_yaml_text(path), str(path))
        is_ruling_file = isinstance(root.value, list) or (
            isinstance(root.value, dict) and ("rulings" in root.value or "id" in root.value)
        )
        if not is_ruling_file:
            return load_scenario_file(path), None
        rulings = load_ruling_file(path)
        if len(rulings) != 1:
            ids = ", ".join(r.id for r in rulings[:8])
            raise UserError(f"{path} holds {len(rulings)} rulings ({ids}{', …' if len(rulings) > 8 else ''}); replay one by its id")
        return rulings[0].scenario, rulings[0]
    if target.endswith((".yaml", ".yml")):
        raise UserError(f"file not found: {target}")
    from pal_judge.notices import warn

    ruling = find_ruling(target, load_rulings(skip=warn))  # a broken ruling is reported, the others found
    return ruling.scenario, ruling
