"""Two modules Whoosh imports that searching an index never uses, loaded only when called into.

Importing `whoosh.query` (needed for every query object) also imports, through `whoosh.compat`
and `whoosh.query.terms`:

* `urllib.request`, for whoosh.compat's `urlretrieve`, a download helper the reading side never
  calls; with http.client and the email parser it pulls in, a few milliseconds of processor time
  on every `ask` and `search`;
* `whoosh.lang.morph_en`, for the `Variations` query of `whoosh.query.terms`: it compiles about a
  hundred regular expressions at import (about 7 ms), for a query pal-judge never builds.

Only those two Whoosh modules are concerned, and only while they load: `defer()` (importing
nothing itself) puts a finder on `sys.meta_path` that answers for `whoosh.compat` and
`whoosh.query.terms` alone, with their own loader wrapped so that, while each runs, the module it
would import is a stand-in holding the names it takes. The stand-in leaves `sys.modules` as soon
as the Whoosh module has loaded, and the finder leaves `sys.meta_path` once both have: any other
import, before or after, gets the real module. The first call of a taken name (or use of any other
attribute of the stand-in) imports the real module. A Whoosh module, or a module it would import,
that was loaded before `defer()` is left as it is.
"""

from __future__ import annotations

import importlib
import sys
import types
from importlib.machinery import ModuleSpec, PathFinder
from typing import Any, Callable

# Whoosh module -> (the module it imports that searching never uses, the names it takes from it).
UNUSED_BY_SEARCHING = {
    "whoosh.compat": ("urllib.request", ("urlretrieve",)),
    "whoosh.query.terms": ("whoosh.lang.morph_en", ("variations",)),
}


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
        return getattr(importlib.import_module(self.__name__), attribute)


def _forwarder(module: str, function: str) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), function)(*args, **kwargs)

    call.__name__ = call.__qualname__ = function
    return call


class _WithStandIn:
    """The loader of a Whoosh module of UNUSED_BY_SEARCHING: its own loader, run with the stand-in
    of the module it would import in `sys.modules` (unless that one is loaded already)."""

    def __init__(self, loader: Any, unused: str, functions: tuple[str, ...]) -> None:
        self.loader, self.unused, self.functions = loader, unused, functions

    def __getattr__(self, attribute: str) -> Any:  # get_source (for tracebacks), get_filename …
        return getattr(self.loader, attribute)

    def create_module(self, spec: ModuleSpec) -> types.ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: types.ModuleType) -> None:
        if self.unused in sys.modules:
            self.loader.exec_module(module)
            return
        sys.modules[self.unused] = _StandIn(self.unused, self.functions)
        try:
            self.loader.exec_module(module)
        finally:
            if isinstance(sys.modules.get(self.unused), _StandIn):
                del sys.modules[self.unused]


class _WhooshFinder:
    """A meta path finder (importlib's protocol) for the Whoosh modules of UNUSED_BY_SEARCHING; it
    leaves `sys.meta_path` once it has found them all."""

    def __init__(self) -> None:
        self.waiting = set(UNUSED_BY_SEARCHING)

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if name not in self.waiting:
            return None
        self.waiting.discard(name)
        if not self.waiting:
            sys.meta_path.remove(self)  # type: ignore[arg-type]
        spec = PathFinder.find_spec(name, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader = _WithStandIn(spec.loader, *UNUSED_BY_SEARCHING[name])  # type: ignore[assignment]
        return spec


def defer() -> None:
    """Load the Whoosh modules of UNUSED_BY_SEARCHING, when they are imported, without the modules
    they would import (once per process; nothing if Whoosh is loaded already)."""
    if any(isinstance(finder, _WhooshFinder) for finder in sys.meta_path):
        return
    finder = _WhooshFinder()
    finder.waiting -= set(sys.modules)
    if finder.waiting:
        sys.meta_path.insert(0, finder)  # type: ignore[arg-type]
