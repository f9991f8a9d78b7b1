"""How well `pal-judge xcheck` finds real translation problems, measured two ways.

1. On the published book, against tests/xcheck/discrepancies.yaml (a bilingual reading
   of both rulebooks). An item is found when an error or warning points at one of its
   sections (for an English paragraph with no clause: the `no-clause` finding after that
   section). Recall is over the **clear** items (the two texts give a different rule);
   precision counts error and warning findings that point at any listed item, and is
   reported per severity. Items with `tuned: true` are the ones the checks were written
   or adjusted on; the others are reported apart.
2. On tests/xcheck/heldout.yaml: English written for the test, never used to write a
   check: constructed mistranslations that should be flagged and faithful paraphrases
   that should stay quiet, each put in place of the published English of its clause.

Run `python -m tests.xcheck.yardstick` (from the repository root) to print every figure.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from pal_judge.corpus.glossary import Glossary
from pal_judge.corpus.model import Rulebook
from pal_judge.xcheck import Finding, run_checks

LIST_PATH = Path(__file__).with_name("discrepancies.yaml")
HELDOUT_PATH = Path(__file__).with_name("heldout.yaml")
COUNTED = ("error", "warning")


def load_discrepancies(path: Path = LIST_PATH) -> list[dict[str, Any]]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def load_heldout(path: Path = HELDOUT_PATH) -> list[dict[str, Any]]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def is_clear(item: dict[str, Any]) -> bool:
    """The two texts give a different rule (not wording, a hedge or a terminology choice)."""
    return bool(item.get("clear", True))


def _sections(item: dict[str, Any]) -> set[str]:
    return set(item.get("sections") or [item["section"]])


def _matches(item: dict[str, Any], f: Finding) -> bool:
    if item["category"] == "en-only":
        return f.check == "no-clause" and f.section == item["section"]
    return f.section in _sections(item) and f.check != "no-clause"


@dataclass(frozen=True)
class Score:
    recall: float  # of the clear items, by error and warning findings
    found: tuple[str, ...]
    missed: tuple[str, ...]  # clear items no error or warning points at
    precision: float  # error + warning findings on any listed item
    precision_clear: float  # error + warning findings on a clear item (a different rule)
    true_findings: int
    counted_findings: int
    per_severity: dict[str, tuple[int, int]]  # severity -> (true, total)
    per_check: dict[str, tuple[int, int]]  # check -> (true, total), every severity
    recall_tuned: tuple[int, int]  # (found, clear items) among the tuned ones
    recall_untuned: tuple[int, int]


def score(findings: list[Finding], items: list[dict[str, Any]] | None = None) -> Score:
    items = items if items is not None else load_discrepancies()
    clear = [i for i in items if is_clear(i)]
    counted = [f for f in findings if f.severity in COUNTED]
    found = [i["id"] for i in clear if any(_matches(i, f) for f in counted)]
    missed = [i["id"] for i in clear if i["id"] not in found]
    real = [f for f in findings if any(_matches(i, f) for i in items)]
    real_counted = [f for f in real if f.severity in COUNTED]
    totals, trues = Counter(f.severity for f in findings), Counter(f.severity for f in real)
    check_totals, check_trues = Counter(f.check for f in findings), Counter(f.check for f in real)

    def recall_of(tuned: bool) -> tuple[int, int]:
        group = [i for i in clear if bool(i.get("tuned")) == tuned]
        return sum(i["id"] in found for i in group), len(group)

    return Score(
        recall=len(found) / len(clear) if clear else 1.0,
        found=tuple(found),
        missed=tuple(missed),
        precision=len(real_counted) / len(counted) if counted else 1.0,
        precision_clear=sum(any(_matches(i, f) for i in clear) for f in counted) / len(counted) if counted else 1.0,
        true_findings=len(real_counted),
        counted_findings=len(counted),
        per_severity={s: (trues[s], totals[s]) for s in ("error", "warning", "info")},
        per_check={c: (check_trues[c], n) for c, n in check_totals.items()},
        recall_tuned=recall_of(True),
        recall_untuned=recall_of(False),
    )


def with_english(rulebook: Rulebook, number: str, en: str) -> Rulebook:
    """The book with the English paragraph of clause `number` replaced by `en`."""
    section = rulebook.get(number)
    if section is None or len(section.en_indices) != 1:
        raise ValueError(f"{number}: a held-out entry needs a clause with exactly one English paragraph")
    index = section.en_indices[0]
    paragraphs = rulebook.en_paragraphs[:index] + (en,) + rulebook.en_paragraphs[index + 1:]
    sections = tuple(s._replace(en=en) if s.number == number else s for s in rulebook.sections)
    return Rulebook(sections, paragraphs, rulebook.alignment)


def heldout_findings(rulebook: Rulebook, glossary: Glossary, entry: dict[str, Any]) -> list[Finding]:
    """Error and warning findings on the entry's clause, its English put in place of the published one."""
    book = with_english(rulebook, entry["section"], entry["en"])
    found = run_checks(book, glossary, section=entry["section"])
    return [f for f in found if f.section == entry["section"] and f.severity in COUNTED]


@dataclass(frozen=True)
class HeldoutScore:
    flagged: tuple[str, ...]  # mistranslations an error or warning pointed at
    missed: tuple[str, ...]
    false_alarms: tuple[str, ...]  # faithful paraphrases that drew an error or warning
    quiet: int  # faithful paraphrases in the file


def score_heldout(rulebook: Rulebook, glossary: Glossary, entries: list[dict[str, Any]] | None = None) -> HeldoutScore:
    entries = entries if entries is not None else load_heldout()
    hit = {e["id"]: bool(heldout_findings(rulebook, glossary, e)) for e in entries}
    bad = [e["id"] for e in entries if e["expect"] == "flagged"]
    good = [e["id"] for e in entries if e["expect"] == "quiet"]
    return HeldoutScore(tuple(i for i in bad if hit[i]), tuple(i for i in bad if not hit[i]),
                        tuple(i for i in good if hit[i]), len(good))


def _ratio(pair: tuple[int, int]) -> str:
    true, total = pair
    return f"{true}/{total}" + (f" = {true / total:.0%}" if total else "")


def main() -> None:
    from pal_judge.corpus import load_corpus
    from pal_judge.xcheck import CHECKS

    rulebook, glossary = load_corpus()
    result = score(run_checks(rulebook, glossary))
    print("Published book against tests/xcheck/discrepancies.yaml (default checks):")
    print(f"  recall of the clear discrepancies {result.recall:.3f} ({len(result.found)}/{len(result.found) + len(result.missed)})"
          f"; tuned items {_ratio(result.recall_tuned)}, items not tuned on {_ratio(result.recall_untuned)}")
    print(f"  precision error+warning {result.precision:.3f} ({result.true_findings}/{result.counted_findings}); "
          f"on clear items only {result.precision_clear:.3f}")
    for severity, pair in result.per_severity.items():
        print(f"  precision {severity:8} {_ratio(pair)}")
    severity_of = {c.id: c.severity for c in CHECKS}
    print("  per check (findings on a listed item / all findings):")
    for check, pair in sorted(result.per_check.items()):
        print(f"    {check:18} {severity_of[check]:8} {_ratio(pair)}")
    print("  missed clear items:", ", ".join(result.missed) or "none")
    held = score_heldout(rulebook, glossary)
    total = len(held.flagged) + len(held.missed)
    print("HELD OUT (tests/xcheck/heldout.yaml, never tuned on):")
    print(f"  mistranslations flagged {len(held.flagged)}/{total}; missed: {', '.join(held.missed) or 'none'}")
    print(f"  faithful paraphrases with a false error/warning {len(held.false_alarms)}/{held.quiet}: "
          f"{', '.join(held.false_alarms) or 'none'}")


if __name__ == "__main__":
    main()
