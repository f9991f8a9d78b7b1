"""Chinese text written across several lines of a YAML file, joined back without stray spaces.

YAML folds a line break into a space (`>-` blocks, plain multi-line scalars). English needs that
space; Chinese never puts one between its characters, so "伤害。⏎随后" must read "伤害。随后", not
"伤害。 随后". A space stays wherever neither side is Chinese ("增加 300", "Taunt 挑衅").
"""

from __future__ import annotations

import re
from functools import lru_cache

# CJK ideographs, CJK symbols and punctuation (、。「」…), and the full-width forms (，：；（）！？).
_CJK = "\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"


@lru_cache(maxsize=1)
def _space_next_to_cjk() -> re.Pattern[str]:
    """Compiled on first use (a few milliseconds): `rule` imports this module with the readings but
    reads them from their cache."""
    return re.compile(rf"(?<=[{_CJK}])[ \t\n]+(?=[{_CJK}])")


def unfold(text: str) -> str:
    """`text` without the spaces and line breaks that stand between two Chinese characters or marks."""
    return _space_next_to_cjk().sub("", text)
