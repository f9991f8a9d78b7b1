"""Whoosh, imported without the modules that searching an index never uses.

Importing `whoosh.query` (needed for every query object) also imports, through `whoosh.compat`
and `whoosh.query.terms`:

* `urllib.request`, for whoosh.compat's `urlretrieve`, a download helper the reading side never
  calls; with http.client and the email parser it pulls in, a few milliseconds of processor time
  on every `ask` and `search`;
* `html` (and its table of entities), for whoosh.compat's `htmlescape`, which only the formatters
  of `whoosh.highlight` call (pal-judge marks matches itself, `highlight.py`), and `queue`, which
  only the multiprocessing writers of `whoosh.multiproc` use: about a millisecond together;
* `whoosh.lang.morph_en`, for the `Variations` query of `whoosh.query.terms`: it compiles about a
  hundred regular expressions at import (about 7 ms), for a query pal-judge never builds.

Importing this module imports whoosh.compat and whoosh.query, and only while they load, each module of
UNUSED_BY_SEARCHING that is not loaded yet is a stand-in in `sys.modules` holding the names they
take; the stand-ins leave `sys.modules` as soon as the two have loaded, so any other import, before
or after, gets the real module. The first call of a taken name (or use of any other attribute of
the stand-in) imports the real module. Every module of this package that imports Whoosh imports
this one first (tests/search/test_deferred_imports.py checks it).
"""

from __future__ import annotations

import importlib
import sys
import types
from contextlib import contextmanager
from typing import Any, Callable, Iterator

# A module Whoosh imports that searching never uses -> the names Whoosh takes from it.
UNUSED_BY_SEARCHING = {
    "urllib.request": ("urlretrieve",),  # by whoosh.compat
    "html": ("escape",),  # by whoosh.compat, for its htmlescape (only whoosh.highlight's formatters call it)
    "queue": (),  # by whoosh.compat (only whoosh.multiproc's writers use it)
    "whoosh.lang.morph_en": ("variations",),  # by whoosh.query.terms
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


@contextmanager
def _standing_in() -> Iterator[None]:
    """Stand-ins in `sys.modules` for the modules of UNUSED_BY_SEARCHING not loaded yet, while the
    block runs; a module loaded already is left as it is."""
    placed = [name for name in UNUSED_BY_SEARCHING if name not in sys.modules]
    for name in placed:
        sys.modules[name] = _StandIn(name, UNUSED_BY_SEARCHING[name])
    try:
        yield
    finally:
        for name in placed:
            if isinstance(sys.modules.get(name), _StandIn):
                del sys.modules[name]


with _standing_in():
    import whoosh.compat  # noqa: F401 (imports urllib.request)
    import whoosh.query  # noqa: F401 (whoosh.query.terms imports whoosh.lang.morph_en)
