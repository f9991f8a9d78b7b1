"""Cross-check the English translation against the Chinese rulebook, clause by clause.

`run_checks(rulebook, glossary, section=None, checks=None) -> list[Finding]` (and
`section_findings(rulebook, glossary, sections)`: only what is filed under some sections); the
check catalogue is `CHECKS` (each with an id, a severity and a one-line summary).
"""

from pal_judge.xcheck.finding import Finding
from pal_judge.xcheck.registry import CHECK_IDS, CHECKS, run_checks, section_findings

__all__ = ["CHECKS", "CHECK_IDS", "Finding", "run_checks", "section_findings"]
