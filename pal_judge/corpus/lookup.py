"""Turn what a judge types into a section: `9.6.3`, `9.6.3.`, `§9.6.3`, `CR 9.6.3`,
full-width `９．６．３`, a keyword or glossary term in either language (`Taunt`, `挑衅`, and
in traditional characters `挑釁`), or a heading title (`Damage Step`, `伤害步骤`)."""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from pal_judge.corpus.glossary import Glossary, Term, normalize
from pal_judge.corpus.model import Rulebook, Section, number_key, parent_number
from pal_judge.errors import UserError

_PREFIX_RE = re.compile(r"^(?:§+|cr|rule|section)(?=[\s\d§]|$)\s*", re.IGNORECASE)
_NUMBER_RE = re.compile(r"^\d+(?:\.\d+)*$")


class Resolved(NamedTuple):
    """The section a query leads to, and the glossary term when it went through one (a named tuple:
    made at every `rule`, where a frozen dataclass costs a millisecond to define)."""

    section: Section
    term: Term | None = None


def parse_number(text: str) -> str | None:
    """The section number written in `text`, or None when it is not a number."""
    cleaned = unicodedata.normalize("NFKC", text).strip().replace("。", ".")
    while True:
        stripped = _PREFIX_RE.sub("", cleaned, count=1).strip()
        if stripped == cleaned:
            break
        cleaned = stripped
    cleaned = re.sub(r"\s*\.\s*", ".", cleaned).rstrip(".")
    if not _NUMBER_RE.match(cleaned):
        return None
    return ".".join(str(int(part)) for part in cleaned.split("."))


def nearest_sections(book: Rulebook, number: str, limit: int = 3) -> list[str]:
    """Existing sections closest to a number that does not exist: the nearest siblings
    under its deepest existing ancestor, then that ancestor."""
    ancestor = parent_number(number)
    while ancestor is not None and ancestor not in book:
        ancestor = parent_number(ancestor)
    if ancestor is None:
        candidates = [s.number for s in book.chapters()]
    else:
        candidates = [s.number for s in book.children(ancestor)]
    wanted = number_key(number)
    depth = len(number_key(ancestor)) if ancestor else 0
    target = wanted[depth] if depth < len(wanted) else 0
    candidates.sort(key=lambda n: (abs(number_key(n)[depth] - target), -number_key(n)[depth]))
    out = candidates[: limit - 1 if ancestor else limit]
    if ancestor:
        out.append(ancestor)
    return out


def existing_number(book: Rulebook, text: str) -> str:
    """The section number `text` names (9.6, §9.6, CR 9.6) when the book has it; else one UserError line."""
    number = parse_number(text)
    if number is None:
        raise UserError(f"{text!r} is not a section number such as 9.6.3")
    if number not in book:
        raise UserError(f"no section {number} in the Comprehensive Rules; nearest: {', '.join(nearest_sections(book, number))}")
    return number


def resolve(book: Rulebook, glossary: Glossary | None, query: str) -> Resolved:
    """The section `query` names; UserError (one line, nearest sections) when none does."""
    text = query.strip()
    if not text:
        raise UserError("give a section number such as 9.6.3, or a keyword such as Taunt")
    if parse_number(text) is not None:
        return Resolved(book.sections[book.index_of(existing_number(book, text))])
    from pal_judge.search.simplified import to_simplified  # OpenCC; never loads Whoosh

    text = to_simplified(text)
    if glossary is not None:
        term = glossary.lookup(text)
        if term is not None:
            if term.defined_in is None or term.defined_in not in book:
                raise UserError(f"{term.en_name} / {term.zh_name} is in the glossary but no section defines it")
            return Resolved(book.sections[book.index_of(term.defined_in)], term)
    wanted = normalize(text)
    for section in book:
        if section.kind != "clause" and wanted in (normalize(section.title_en), normalize(section.title_zh)):
            return Resolved(section)
    raise UserError(_not_found_message(book, glossary, text))


def _not_found_message(book: Rulebook, glossary: Glossary | None, text: str) -> str:
    import difflib  # only for a miss: `rule` with a known number or term never loads it
    import shlex

    digits = re.findall(r"\d+", unicodedata.normalize("NFKC", text))
    if digits:
        number = ".".join(str(int(d)) for d in digits)
        near = [number] if number in book else nearest_sections(book, number)
        return f"{text!r} is not a section number; nearest: {', '.join(near)}"
    names = [s.title_en for s in book if s.title_en] + [s.title_zh for s in book if s.title_zh]
    if glossary is not None:
        names += [v for t in glossary.terms for v in (*t.en, *t.zh)]
    close = difflib.get_close_matches(text, list(dict.fromkeys(names)), n=3, cutoff=0.6)
    hint = f"did you mean {', '.join(close)}? Or" if close else "to find it in the text,"
    return f"{text!r} is neither a section number nor a glossary term; {hint} try: pal-judge search {shlex.quote(text)}"
