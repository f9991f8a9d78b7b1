"""Two modules Whoosh imports that searching an index never uses, loaded only when called into.

Importing `whoosh.query` (needed for every query object) also imports, through `whoosh.compat`
and `whoosh.query.terms`:

* `urllib.request`, for whoosh.compat's `urlretrieve`, a download helper the reading side never
  calls; with http.client and the email parser it pulls in, a few milliseconds of processor time
  on every `ask` and `search`;
* `whoosh.lang.morph_en`, for the `Variations` query of `whoosh.query.terms`: it compiles about a
  hundred regular expressions at import (about 7 ms), for a query pal-judge never builds.

`defer()` (importing nothing itself) puts a finder first on `sys.meta_path` that imports each of
them, when first imported, as a stand-in holding the names Whoosh imports from it. The first call
of such a name, or the first use of any other attribute, imports the real module, which then
replaces the stand-in in `sys.modules` and in its package: a program that does need them gets the
real modules, a little later. A module loaded before `defer()` is left as it is.
"""

from __future__ import annotations

import importlib
import sys
import types
from importlib.machinery import ModuleSpec
from typing import Any, Callable

# Module -> the names Whoosh imports from it (`from module import name` at import time).
DEFERRED = {"urllib.request": ("urlretrieve",), "whoosh.lang.morph_en": ("variations",)}
_released: set[str] = set()  # imported for real (see `_real`)


class _StandIn(types.ModuleType):
    """A module whose listed functions, and every other attribute, come from the real module,
    imported on first use."""

    def __init__(self, name: str, functions: tuple[str, ...]) -> None:
        super().__init__(name, f"stand-in for {name}, imported on first use")
        for function in functions:
            setattr(self, function, _forwarder(name, function))

    def __getattr__(self, attribute: str) -> Any:  # only for attributes the stand-in does not hold
        if attribute.startswith("__"):  # the import system asks for `__path__` and such: not a use
            raise AttributeError(attribute)
        return getattr(_real(self.__name__), attribute)


def _forwarder(module: str, function: str) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(_real(module), function)(*args, **kwargs)

    call.__name__ = call.__qualname__ = function
    return call


def _real(name: str) -> types.ModuleType:
    """The real module `name`, imported now if only its stand-in is loaded."""
    _released.add(name)
    if isinstance(sys.modules.get(name), _StandIn):
        del sys.modules[name]
    return importlib.import_module(name)  # also sets the package's attribute to the real module


class _StandInFinder:
    """A meta path finder and loader (importlib's protocol) giving the stand-ins of DEFERRED."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if name in DEFERRED and name not in _released:
            return ModuleSpec(name, _StandInFinder)
        return None

    @staticmethod
    def create_module(spec: ModuleSpec) -> types.ModuleType:
        return _StandIn(spec.name, DEFERRED[spec.name])

    @staticmethod
    def exec_module(module: types.ModuleType) -> None:
        """Nothing to run: the stand-in holds its names from its creation."""


def defer() -> None:
    """Import the modules of DEFERRED as stand-ins from now on (once per process)."""
    if _StandInFinder not in sys.meta_path:
        sys.meta_path.insert(0, _StandInFinder)  # type: ignore[arg-type]
