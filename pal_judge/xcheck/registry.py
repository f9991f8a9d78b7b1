"""The check catalogue and `run_checks`, the one entry point."""

from __future__ import annotations

from typing import Collection, Iterable

from pal_judge.corpus.glossary import Glossary
from pal_judge.corpus.model import Rulebook, number_key
from pal_judge.errors import UserError
from pal_judge.xcheck import (
    check_meaning,
    check_moves,
    check_reference,
    check_roles,
    check_shape,
    check_signals,
    check_terms,
    check_tokens,
    check_wording,
)
from pal_judge.xcheck.context import Check, Context
from pal_judge.xcheck.finding import Finding, severity_rank
from pal_judge.xcheck.units import build_corpus, in_subtree

CHECKS: tuple[Check, ...] = (
    Check("crossref", "error", "section references differ", check_tokens.crossref),
    Check("number", "error", "numbers differ (digits and number words)", check_tokens.number),
    Check("comparison", "error", "a number is bounded differently (≤ against <)", check_tokens.comparison),
    Check("role-swap", "error", "roles swapped or reversed (main/sub name, turn/non-turn player, owner/master)",
          check_roles.role_swap),
    Check("qualifier", "warning", "a qualifier on one side only: warning for one that lets other text override "
          "the rule (unless otherwise specified), info for a hedge (in principle, immediately)",
          check_wording.qualifier),
    Check("ordinal", "error", "an ordinal (the first turn) on one side only", check_wording.ordinal),
    Check("modality", "warning", "the force of a rule differs (must against may, may against must, cannot against may)",
          check_wording.modality),
    Check("definition", "warning", "a term defined in the English only", check_wording.definition),
    Check("lost-symbol", "warning", "an empty slot in the English where a symbol or number was lost",
          check_wording.lost_symbol),
    Check("zone-move", "warning", "a move between zones covers different origins, destinations or exceptions",
          check_moves.zone_move),
    Check("repetition", "warning", "several different things on one side, one thing several times on the other",
          check_meaning.repetition),
    Check("choice-fixed", "warning", "a value chosen by the player on one side is fixed on the other",
          check_meaning.choice_fixed),
    Check("counted-unit", "warning", "one side counts cards where the other counts times", check_meaning.counted_unit),
    Check("amount", "warning", "a change by a stated amount on one side, with no amount on the other",
          check_meaning.amount),
    Check("negated-action", "warning", "both sides negate an action, not the same one", check_meaning.negated_action),
    Check("quoted-example", "warning", "a quoted example with a number on one side only", check_meaning.quoted_example),
    Check("bracket-mark", "warning", "the bracket marks named (「」, “”, 《》) differ", check_meaning.bracket_mark),
    Check("foreign-term", "warning", "another card game's word where the glossary has a term (cut for shuffle)",
          check_terms.foreign_term),
    Check("indefinite", "warning", "only some card (某张卡牌) in the Chinese, that card in the English",
          check_reference.indefinite),
    Check("voice", "warning", "the card an action is applied to on one side, the card doing it on the other",
          check_reference.voice),
    Check("unspecified", "warning", "what is left unspecified differs (a zone's player against the zone)",
          check_reference.unspecified),
    Check("zone-missing", "warning", "a zone named in the Chinese, no zone in the English", check_moves.zone_missing),
    Check("no-english", "error", "Chinese clause with no English", check_shape.no_english),
    Check("no-clause", "warning", "English paragraph with no Chinese clause", check_shape.no_clause),
    Check("terminology", "info", "terminology consistency: one report per Chinese term the English renders in "
          "several ways, with every rendering and where it occurs", check_terms.terminology),
    Check("term-missing", "warning", "key glossary term on one side only", check_terms.term_missing),
    Check("length-ratio", "info", "length ratio far from the book's usual ratio", check_shape.length_ratio),
    Check("low-confidence", "warning", "low alignment confidence", check_shape.low_confidence),
    Check("sentence-count", "warning", "sentence counts differ: a warning when the Chinese has more and the "
          "English is also shorter than usual (a sentence dropped), else info", check_shape.sentence_count),
    # Review-only (default=False): one-sided logical markers, mostly harmless rephrasing.
    Check("negation", "info", "a negation (不/无/没有 against not/no/without) on one side only",
          check_signals.negation, default=False),
    Check("condition", "info", "a condition (如果/当…时 against if/when) on one side only",
          check_signals.condition, default=False),
    Check("quantifier", "info", "a quantifier (所有/每/任意 against all/each/any) on one side only",
          check_signals.quantifier, default=False),
    Check("exception", "info", "an exception (除了…之外/以外 against except/other than) on one side only",
          check_signals.exception, default=False),
    Check("restriction", "info", "a restriction (仅/只/才 against only) on one side only",
          check_signals.restriction, default=False),
    Check("equality", "info", "an amount tied to another (等同于 against equal to) on one side only",
          check_signals.equality, default=False),
)

CHECK_IDS: tuple[str, ...] = tuple(c.id for c in CHECKS)


def select_checks(ids: Iterable[str] | None) -> tuple[Check, ...]:
    """The checks named (the default ones when None); an unknown id is a user error listing the known ones."""
    if ids is None:
        return tuple(c for c in CHECKS if c.default)
    wanted = list(dict.fromkeys(ids))
    unknown = [i for i in wanted if i not in CHECK_IDS]
    if unknown:
        raise UserError(f"unknown check {', '.join(unknown)}; known checks: {', '.join(CHECK_IDS)}")
    return tuple(c for c in CHECKS if c.id in wanted)


def run_checks(rulebook: Rulebook, glossary: Glossary | None, section: str | None = None,
               checks: Iterable[str] | None = None) -> list[Finding]:
    """Every finding of the selected checks, for the whole book or one subtree.

    Statistics (length ratios, term renderings) are taken over the whole book even
    when `section` narrows the report.
    """
    if section is not None and section not in rulebook:
        raise UserError(f"no section {section} in the rulebook")
    subtree = None if section is None else frozenset(s.number for s in rulebook if in_subtree(s.number, section))
    context = Context.of(build_corpus(rulebook), glossary, subtree)  # only the units filed in the subtree checked
    return _in_report_order([f for check in select_checks(checks) for f in check.run(context)])


def section_findings(rulebook: Rulebook, glossary: Glossary | None, sections: Collection[str]) -> list[Finding]:
    """The findings of the default checks filed under `sections`, exactly as `run_checks` gives them
    for the whole book, checking only the units and paragraphs filed there (what is measured over the
    whole book still is: the usual length ratio, a term's renderings): what `rule` and `ask` show."""
    context = Context.of(build_corpus(rulebook), glossary, frozenset(sections))
    return _in_report_order([f for check in select_checks(None) for f in check.run(context)])


def _in_report_order(findings: list[Finding]) -> list[Finding]:
    """Book order, then by severity, then in the catalogue's order."""
    order = {c.id: i for i, c in enumerate(CHECKS)}
    findings.sort(key=lambda f: (number_key(f.section) if f.section else (0,), severity_rank(f.severity), order[f.check]))
    return findings
