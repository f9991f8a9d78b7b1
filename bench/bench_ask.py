"""Measure `ask` on the questions of bench/questions/: accuracy, confidence, abstention, latency.

    python bench/bench_ask.py              # the tuning sets, totals only
    python bench/bench_ask.py tuning -v    # a tuning set, every miss listed
    python bench/bench_ask.py heldout5      # a held-out set (by name only, never by default)
    python bench/bench_ask.py tuning_was_heldout4@fifth tuning_was_heldout4@rest
                                           # a seeded fifth of a set kept back while tuning, the rest

Tuning sets: tuning, and tuning_was_heldout / _heldout2 / _heldout3 / _heldout4 (held out until
their figures were reported at stops 11-13, retired into tuning at stops 13 and 14). Held-out sets:
heldout5, heldout6 and heldout7. A held-out set's misses are never listed (-v is refused for it):
it must stay unseen. Figures, per set and per language:
  top-1 / top-3   the right ruling ranks first / among the first three (questions with a ruling)
  shown right     what the judge sees is right: the right ruling, or no ruling for a `none` question
  abstain P / R   precision and recall of "no ruling shown" (declined, or nothing fits) for `none`
  declined        out-of-scope questions (`scope: out`) declined as out of scope
  wrong high      a wrong ruling shown with "high" confidence, share of all questions
  did-you-mean    the right ruling among the candidates shown side by side, when they are shown
  latency         warm `ask` (no replay), p50 / p95
  naming a card   top-1 on the questions that name a card of the catalogue (nicknames too),
                  with ask's preference for the rulings whose boards use it, and without it
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

QUESTIONS = Path(__file__).resolve().parent / "questions"
sys.path.insert(0, str(QUESTIONS.parent.parent))  # measure this checkout's pal_judge, not an installed one
SETS = ("tuning", "tuning_was_heldout", "tuning_was_heldout2", "tuning_was_heldout3", "tuning_was_heldout4")
HELD_OUT = {"heldout5", "heldout6", "heldout7"}  # written blind (2026-12-01 and 12-02), measured only after merging


@dataclass(frozen=True)
class Question:
    lang: str
    q: str
    rulings: tuple[str, ...]
    out_of_scope: bool

    @property
    def none(self) -> bool:
        return not self.rulings


@dataclass(frozen=True)
class Outcome:
    question: Question
    ranked: tuple[str, ...]
    shown: str | None
    confidence: str
    candidates: tuple[str, ...]
    declined: bool
    seconds: float

    @property
    def right(self) -> bool:
        return self.shown is None if self.question.none else self.shown in self.question.rulings


# `set@fifth`: the questions kept back from tuning, drawn before the set was read (stop 13:
# tuning_was_heldout2 and tuning_was_heldout3; stop 14: tuning_was_heldout4)
FIFTH_SEED = 13


def load(name: str) -> list[Question]:
    name, _, part = name.partition("@")
    data = yaml.safe_load((QUESTIONS / f"{name}.yaml").read_text(encoding="utf-8"))
    questions = [
        Question(d["lang"], d["q"], tuple(d.get("rulings", ())), d.get("scope") == "out")
        for d in data
    ]
    if not part:
        return questions
    if part not in ("fifth", "rest"):
        raise SystemExit(f"{name}@{part}: the part is 'fifth' or 'rest'")
    kept = set(random.Random(FIFTH_SEED).sample(range(len(questions)), len(questions) // 5))
    return [q for i, q in enumerate(questions) if (i in kept) == (part == "fifth")]


def evaluate(name: str, questions: list[Question] | None = None) -> list[Outcome]:
    from pal_judge.rulings.ask import ask
    from pal_judge.rulings.texts import ruling_texts

    rulings = ruling_texts()
    known = {r.id for r in rulings}
    questions = load(name) if questions is None else questions
    unknown = sorted({r for q in questions for r in q.rulings} - known)
    if unknown:
        raise SystemExit(f"{name}.yaml names rulings that do not exist: {', '.join(unknown)}")
    ask("warm up the indexes", rulings)
    outcomes = []
    for question in questions:
        started = time.perf_counter()
        answer = ask(question.q, rulings)
        seconds = time.perf_counter() - started
        outcomes.append(Outcome(
            question,
            tuple(m.key for m in answer.matches if m.kind == "ruling"),
            answer.ruling.id if answer.ruling else None,
            answer.confidence.level,
            tuple(c.id for c in answer.candidates),
            answer.declined is not None,
            seconds,
        ))
    return outcomes


def share(flags: list[bool]) -> str:
    return f"{sum(flags) / len(flags):.1%} ({sum(flags)}/{len(flags)})" if flags else "n/a"


def figures(outcomes: list[Outcome]) -> list[str]:
    with_ruling = [o for o in outcomes if not o.question.none]
    abstained = [o for o in outcomes if o.shown is None]
    seconds = [o.seconds for o in outcomes]
    by_candidates = [o for o in with_ruling if o.candidates]
    return [
        f"top-1 {share(top1(outcomes))}"
        f"  top-3 {share([any(r in o.question.rulings for r in o.ranked[:3]) for o in with_ruling])}",
        f"shown right {share([o.right for o in outcomes])}",
        f"abstain precision {share([o.question.none for o in abstained])}"
        f"  recall {share([o.shown is None for o in outcomes if o.question.none])}",
        f"out of scope declined {share([o.declined for o in outcomes if o.question.out_of_scope])}"
        f"  in scope wrongly declined {share([o.declined for o in outcomes if not o.question.out_of_scope])}",
        f"wrong shown as high {share([o.confidence == 'high' and not o.right for o in outcomes])}"
        f"  high is right {share([o.right for o in outcomes if o.confidence == 'high'])}",
        f"did-you-mean holds the right ruling {share([any(c in o.question.rulings for c in o.candidates) for o in by_candidates])}",
        f"latency p50 {statistics.median(seconds) * 1000:.0f} ms  p95 {sorted(seconds)[int(0.95 * (len(seconds) - 1))] * 1000:.0f} ms",
    ]


def top1(outcomes: list[Outcome]) -> list[bool]:
    return [bool(o.ranked) and o.ranked[0] in o.question.rulings for o in outcomes if not o.question.none]


def card_figures(name: str, outcomes: list[Outcome]) -> str:
    """Top-1 on the questions naming a card, with and without the card preference (same run)."""
    import pal_judge.rulings.ask as ask_module
    from pal_judge.cards.catalogue import ruling_cards
    from pal_judge.cards.lookup import cards_named_in
    from pal_judge.search import section_searcher

    cards, known = ruling_cards(), section_searcher().knows
    naming = [o for o in outcomes if cards_named_in(o.question.q, cards, known=known)]
    weight = ask_module.CARD_WEIGHT
    ask_module.CARD_WEIGHT = 0.0
    try:
        without = evaluate(name, [o.question for o in naming])
    finally:
        ask_module.CARD_WEIGHT = weight
    return f"naming a card: top-1 {share(top1(naming))}, without preferring their rulings {share(top1(without))}"


def misses(outcomes: list[Outcome]) -> list[str]:
    lines = []
    for o in outcomes:
        top1 = bool(o.ranked) and o.ranked[0] in o.question.rulings
        if o.right and (o.question.none or top1) and not (o.confidence != "high" and not o.question.none):
            continue
        want = "none" if o.question.none else "/".join(o.question.rulings)
        lines.append(f"  {o.question.q}\n    want {want}; shown {o.shown} ({o.confidence}); "
                     f"ranked {list(o.ranked[:3])}; candidates {list(o.candidates)}; declined {o.declined}")
    return lines


def main(argv: list[str]) -> None:
    verbose = "-v" in argv
    names = [a for a in argv if not a.startswith("-")] or list(SETS)
    kept_back = [n for n in names if n.partition("@")[0] in HELD_OUT or n.endswith("@fifth")]
    if verbose and kept_back:
        raise SystemExit("the held-out set's misses are not listed: it is not for tuning")
    for name in names:
        outcomes = evaluate(name)
        print(f"== {name}: {len(outcomes)} questions")
        for line in figures(outcomes):
            print(f"  {line}")
        for lang in ("en", "zh"):
            part = [o for o in outcomes if o.question.lang == lang]
            print(f"  [{lang}, {len(part)}] " + " | ".join(figures(part)[:2]))
        print(f"  {card_figures(name, outcomes)}")
        if verbose:
            print("\n".join(misses(outcomes)))


if __name__ == "__main__":
    main(sys.argv[1:])
