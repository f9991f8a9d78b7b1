"""The engine's layers (issue 11): state → event pipeline → rules procedures → game facade. No module
imports a module of a higher layer, at the top or inside a function (type-only imports aside)."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "pal_judge" / "engine"
LAYERS = {
    0: {"limits", "trace", "deciders", "cards", "state", "stats", "snapshot"},  # state and what is read from it
    1: {"loops", "triggers", "replacement", "pipeline"},  # the event pipeline
    2: {"effects", "timing", "rule_actions", "battle", "turn"},  # the rules procedures
    3: {"game", "setup", "deck", "saved", "simulate", "invariants", "legality", "__init__"},  # the facade and its tools
}
LAYER_OF = {module: layer for layer, modules in LAYERS.items() for module in modules}


def _runtime_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    type_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                 and getattr(node.test, "id", "") == "TYPE_CHECKING" for n in ast.walk(node)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or id(node) in type_only or not node.module:
            continue
        if node.module == "pal_judge.engine":
            found |= {alias.name for alias in node.names}
        elif node.module.startswith("pal_judge.engine."):
            found.add(node.module.split(".")[2])
    return found


def test_every_engine_module_has_a_layer() -> None:
    assert {p.stem for p in ENGINE.glob("*.py")} == set(LAYER_OF)


def test_no_module_imports_a_higher_layer() -> None:
    upward = [(path.stem, imported) for path in ENGINE.glob("*.py") for imported in _runtime_imports(path)
              if LAYER_OF.get(imported, 0) > LAYER_OF[path.stem]]
    assert not upward, upward
