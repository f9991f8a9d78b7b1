"""Check a secondary text (the quick-start guide) against the Comprehensive Rules.

The guide is a run of paragraphs closed by `Authority:` lines citing sections
("Authority: 4.4.5, 6.2, 11.5.", ranges such as "9.2–9.6"). For each block:
* every cited section must exist (`guide-citation`, error);
* sources outside the Comprehensive Rules are named (`guide-outside`, info);
* each number the guide states must appear in the cited sections (`guide-number`, warning);
* each keyword it names must be defined in a cited section (`guide-keyword`, warning);
* an exception the guide adds (except, unless, multiple instances) that the closest
  cited clause lacks (`guide-qualifier`, warning);
* a sentence whose words mostly do not occur in the cited sections says something the
  rulebook does not (`guide-unsupported`, info).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pal_judge.corpus.glossary import Glossary
from pal_judge.corpus.model import Rulebook, Section
from pal_judge.xcheck.check_terms import stem_word
from pal_judge.xcheck.finding import Finding, Span
from pal_judge.xcheck.text import find_numbers_en, find_numbers_zh

GUIDE_CHECKS: dict[str, tuple[str, str]] = {  # id -> (severity, summary)
    "guide-citation": ("error", "an Authority: line cites a section the rulebook does not have"),
    "guide-outside": ("info", "an Authority: line relies on sources outside the Comprehensive Rules"),
    "guide-number": ("warning", "the guide states a number the cited sections never state"),
    "guide-keyword": ("warning", "the guide names a keyword defined in a section it does not cite"),
    "guide-qualifier": ("warning", "the guide adds an exception (except, unless, multiple instances) "
                        "that the closest cited clause does not have"),
    "guide-unsupported": ("info", "a guide sentence mostly absent from the cited sections"),
}
GUIDE_CHECK_IDS = tuple(GUIDE_CHECKS)
# Below this share of its content words found in the cited sections, a sentence is "unsupported".
SUPPORT_FLOOR = 0.5

_AUTHORITY = re.compile(r"^\s*Authority:\s*(.*)$", re.IGNORECASE)
_CITED = re.compile(r"(?<![\w.])(\d+(?:\.\d+)*)(?:\s*[–—-]\s*(\d+(?:\.\d+)*))?(?![\w])")
_LIST_MARKER = re.compile(r"^\s*\d+\.\s+")
_SENTENCE = re.compile(r"[^.!?]+[.!?]?")
_EXCEPTION = re.compile(r"\b(?:except|unless|regardless|multiple instances)\b", re.IGNORECASE)
_STOP = frozenset("""a an the and or of to in on at by for from with as is are be can may must not no it its
their they them this that these those there your you his her he she when while if than then once each any all
only also until into one two over both other which who what after before do does more less so such up out""".split())


@dataclass(frozen=True)
class Sentence:
    text: str
    line: int


@dataclass(frozen=True)
class GuideBlock:
    authority: str
    line: int  # line of the Authority: line
    sentences: tuple[Sentence, ...]


def parse_guide(text: str) -> list[GuideBlock]:
    """The guide's blocks, each closed by an Authority: line (trailing text without one is dropped)."""
    blocks: list[GuideBlock] = []
    pending: list[Sentence] = []
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        authority = _AUTHORITY.match(line)
        if authority:
            blocks.append(GuideBlock(authority.group(1).strip(), line_no, tuple(pending)))
            pending = []
            continue
        body = _LIST_MARKER.sub("", line)
        pending.extend(Sentence(s.strip(), line_no) for s in _SENTENCE.findall(body) if s.strip())
    return blocks


def cited_sections(authority: str, rulebook: Rulebook) -> tuple[list[str], list[str], list[str]]:
    """(existing cited numbers, cited numbers not in the rulebook, sources outside the rules).

    Only the part of each `;`-separated item that cites the Comprehensive Rules is read:
    "Comprehensive Rules 6.1; … official Q17 and the February 6 product announcement".
    """
    found: list[str] = []
    missing: list[str] = []
    outside: list[str] = []
    for item in (p.strip().rstrip(".") for p in authority.split(";")):
        if not item:
            continue
        body = re.sub(r"^(?:Comprehensive Rules|CR)\s*", "", item, flags=re.IGNORECASE)
        if not re.match(r"\d", body):
            outside.append(item)
            continue
        for m in _CITED.finditer(body):
            for number in _expand(m.group(1), m.group(2)):
                (found if number in rulebook else missing).append(number)
    return found, missing, outside


def _expand(start: str, end: str | None) -> list[str]:
    """'9.2'–'9.6' → 9.2 … 9.6 (siblings); other ranges → their two ends."""
    if end is None:
        return [start]
    head_a, _, last_a = start.rpartition(".")
    head_b, _, last_b = end.rpartition(".")
    if head_a == head_b and last_a.isdigit() and last_b.isdigit() and int(last_a) <= int(last_b):
        prefix = f"{head_a}." if head_a else ""
        return [f"{prefix}{i}" for i in range(int(last_a), int(last_b) + 1)]
    return [start, end]


def _subtree(rulebook: Rulebook, numbers: list[str]) -> list[Section]:
    seen: dict[str, Section] = {}
    for number in numbers:
        for section in rulebook.subtree(number):
            seen.setdefault(section.number, section)
    return list(seen.values())


def _words(text: str) -> list[tuple[str, Span]]:
    return [(stem_word(m.group(0).lower()), m.span()) for m in re.finditer(r"[A-Za-z]+", text)
            if m.group(0).lower() not in _STOP and len(m.group(0)) > 2]


def check_guide(rulebook: Rulebook, glossary: Glossary | None, text: str, name: str = "guide",
                checks: tuple[str, ...] | None = None) -> list[Finding]:
    """Findings for a secondary text; `section` is the first section its block cites."""
    wanted = set(checks) if checks is not None else set(GUIDE_CHECK_IDS)
    findings: list[Finding] = []
    for block in parse_guide(text):
        cited, missing, outside = cited_sections(block.authority, rulebook)
        anchor = cited[0] if cited else ""
        where = f"{name}:{block.line}"
        authority_line = f"Authority: {block.authority}"
        if "guide-citation" in wanted:
            if missing:
                findings.append(Finding(anchor, "guide-citation", "error", authority_line, "",
                                        f"{where}: cites {', '.join(missing)}, which the rulebook does not have",
                                        en_marks=_marks(authority_line, missing)))
            if not cited and not missing:
                findings.append(Finding("", "guide-citation", "error", authority_line, "",
                                        f"{where}: cites no section of the Comprehensive Rules"))
        if "guide-outside" in wanted and outside:
            findings.append(Finding(anchor, "guide-outside", "info", authority_line, "",
                                    f"{where}: relies on sources outside the Comprehensive Rules: {'; '.join(outside)}",
                                    en_marks=_marks(authority_line, outside)))
        if not cited:
            continue
        sections = _subtree(rulebook, cited)
        findings.extend(_sentence_findings(block, sections, cited, glossary, name, wanted))
    return findings


def _sentence_findings(block: GuideBlock, sections: list[Section], cited: list[str], glossary: Glossary | None,
                       name: str, wanted: set[str]) -> list[Finding]:
    numbers = {t.value for s in sections for t in find_numbers_zh(s.zh) + find_numbers_en(s.en)}
    vocabulary = {w for s in sections for w, _ in _words(s.en + " " + s.title_en)}
    cited_set = set(cited)
    shown = ", ".join(cited)
    out: list[Finding] = []
    for sentence in block.sentences:
        where = f"{name}:{sentence.line}"
        best = _closest(sentence.text, sections)
        anchor = best.number if best else cited[0]
        zh = f"{best.number} {best.zh}" if best else ""
        if "guide-number" in wanted:
            stray = [t for t in find_numbers_en(sentence.text) if t.value not in numbers and t.value != "1"]
            if stray:
                values = ", ".join(dict.fromkeys(sentence.text[a:b] for a, b in (t.span for t in stray)))
                out.append(Finding(anchor, "guide-number", "warning", sentence.text, zh,
                                   f"{where}: the guide states {values}; the cited sections ({shown}) never do",
                                   en_marks=tuple(t.span for t in stray)))
        if "guide-keyword" in wanted and glossary is not None:
            for match in glossary.matches_en(sentence.text):
                term = match.term
                if term.kind != "keyword" or term.defined_in is None:
                    continue
                if any(term.defined_in == c or term.defined_in.startswith(c + ".") for c in cited_set):
                    continue
                out.append(Finding(anchor, "guide-keyword", "warning", sentence.text, zh,
                                   f"{where}: names the keyword {term.en_name} ({term.defined_in}) "
                                   f"but cites only {shown}",
                                   en_marks=((match.start, match.end),)))
        if "guide-qualifier" in wanted and best is not None:
            added = [m for m in _EXCEPTION.finditer(sentence.text) if not re.search(
                rf"\b{re.escape(m.group(0))}\b", best.en, re.IGNORECASE)]
            if added:
                out.append(Finding(anchor, "guide-qualifier", "warning", sentence.text, zh,
                                   f"{where}: the guide adds “{added[0].group(0)}”; {best.number} states no such exception",
                                   en_marks=tuple(m.span() for m in added)))
        if "guide-unsupported" in wanted:
            words = _words(sentence.text)
            if len(words) >= 3:
                absent = [(w, span) for w, span in words if w not in vocabulary]
                if len(absent) / len(words) > 1 - SUPPORT_FLOOR:
                    out.append(Finding(anchor, "guide-unsupported", "info", sentence.text, zh,
                                       f"{where}: most of this is not in the cited sections ({shown}): "
                                       "the guide says something the rulebook does not",
                                       en_marks=tuple(span for _, span in absent)))
    return out


def _closest(text: str, sections: list[Section]) -> Section | None:
    """The cited clause sharing the most words with a guide sentence."""
    words = {w for w, _ in _words(text)}
    best, best_score = None, 0
    for section in sections:
        if section.kind != "clause":
            continue
        score = len(words & {w for w, _ in _words(section.en)})
        if score > best_score:
            best, best_score = section, score
    return best


def _marks(text: str, needles: list[str]) -> tuple[Span, ...]:
    spans = []
    for needle in needles:
        at = text.find(needle)
        if at >= 0:
            spans.append((at, at + len(needle)))
    return tuple(spans)
