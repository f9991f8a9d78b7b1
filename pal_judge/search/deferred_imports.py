"""Two modules Whoosh imports that searching an index never uses, loaded only when called into.

Importing `whoosh.query` (needed for every query object) also imports, through `whoosh.compat`
and `whoosh.query.terms`:

* `urllib.request`, for whoosh.compat's `urlretrieve`, a download helper the reading side never
  calls; with http.client and the email parser it pulls in, a few milliseconds of processor time
  on every `ask` and `search`;
* `whoosh.lang.morph_en`, for the `Variations` query of `whoosh.query.terms`: it compiles about a
  hundred regular expressions at import (about 7 ms), for a query pal-judge never builds.

`defer()` puts a stand-in for each in `sys.modules` (only when the real module is not loaded
yet), holding the names Whoosh imports from it. The first call of such a name, or the first use
of any other attribute, imports the real module, which then replaces the stand-in in
`sys.modules`: a program that does need them gets the real modules, a little later.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any, Callable

# Module -> the names Whoosh imports from it (`from module import name` at import time).
DEFERRED = {"urllib.request": ("urlretrieve",), "whoosh.lang.morph_en": ("variations",)}


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
    if isinstance(sys.modules.get(name), _StandIn):
        del sys.modules[name]
    return importlib.import_module(name)  # sets the parent package's attribute to the real module


def defer() -> None:
    """Register the stand-ins of DEFERRED whose real modules are not loaded yet."""
    for name, functions in DEFERRED.items():
        if name in sys.modules:
            continue
        parent_name, _, child = name.rpartition(".")
        parent = importlib.import_module(parent_name)  # `urllib`, `whoosh.lang`: empty packages
        stand_in = _StandIn(name, functions)
        sys.modules[name] = stand_in
        setattr(parent, child, stand_in)  # so that `import urllib.request; urllib.request.x` works
