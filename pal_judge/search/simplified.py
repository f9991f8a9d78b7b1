"""Traditional Chinese → simplified, at query time, through OpenCC (the rulebook is simplified).

`挑釁` is read as `挑衅`. OpenCC's own tables do the conversion (never a hand-written one);
when the library cannot be imported, the text is used as typed and one warning says why.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from typing import Callable

from pal_judge.search.han import has_han


def to_simplified(text: str) -> str:
    """`text` with traditional characters written the simplified way (other text unchanged)."""
    if not has_han(text):
        return text  # nothing Chinese: no need to load OpenCC
    convert = _converter()
    return convert(text) if convert is not None else text


@lru_cache(maxsize=1)
def _converter() -> Callable[[str], str] | None:
    try:
        import opencc
    except ImportError as err:
        print(
            f"warning: traditional Chinese is searched as typed: the opencc package cannot be imported ({err}); "
            "install it with `pip install opencc`",
            file=sys.stderr,
        )
        return None
    return opencc.OpenCC("t2s").convert
