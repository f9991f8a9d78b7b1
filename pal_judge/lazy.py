"""Package names loaded on first use (PEP 562), so that importing a light submodule stays light."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module


def lazy_names(package: str, homes: dict[str, str]) -> Callable[[str], object]:
    """A module `__getattr__` that imports `name` from the module `homes[name]` when first asked for."""

    def __getattr__(name: str) -> object:
        if name in homes:
            return getattr(import_module(homes[name]), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
