"""What goes into an index: one plain `IndexDoc` per section (or per ruling).

No Whoosh here: the rulebook (or other documents) and the glossary become
`IndexDoc`s, and `backend.py` writes them.
"""

from __future__ import annotations

from typing import NamedTuple

from pal_judge.corpus.glossary import Glossary
from pal_judge.corpus.model import Rulebook, Section

PATH_SEP = " › "


class IndexDoc(NamedTuple):  # named tuples: a frozen dataclass costs ~5 M instructions more to define, every start
    """One searchable unit. For a section `key` is its number; for a ruling, its id."""

    key: str
    kind: str
    chapter: str
    sections: tuple[str, ...]  # section numbers it belongs to, prefixes included ('10', '10.5', '10.5.1')
    heading_en: str  # heading path, ' › '-joined: '9 Battle › 9.6 Damage Step'
    heading_zh: str
    title_en: str  # its own title (chapters and headings; a ruling's question), '' for clauses
    title_zh: str
    en: str
    zh: str
    terms: tuple[str, ...]  # ids of the glossary terms it uses
    # Document expansion: the questions of the rulings resting on this clause (it is one of
    # their decisive cites), so that a question asked in a player's words finds it.
    asked_en: str = ""
    asked_zh: str = ""


def prefixes(number: str) -> tuple[str, ...]:
    """'10.5.1' -> ('10', '10.5', '10.5.1')."""
    parts = number.split(".")
    return tuple(".".join(parts[: i + 1]) for i in range(len(parts)))


def terms_used(glossary: Glossary, en: str, zh: str) -> tuple[str, ...]:
    found = [t.id for t in glossary.terms_in_en(en)] + [t.id for t in glossary.terms_in_zh(zh)]
    return tuple(dict.fromkeys(found))


def heading_path(rulebook: Rulebook, number: str, lang: str) -> str:
    """'9 Battle › 9.6 Damage Step' (chapters and headings above and including `number`)."""
    labels = []
    for node in rulebook.heading_path(number):
        if node.kind == "clause":
            continue
        title = (node.title_en or node.title_zh) if lang == "en" else node.title_zh
        labels.append(f"{node.number} {title}".strip())
    return PATH_SEP.join(labels)


Asked = dict[str, tuple[str, str]]  # section number -> questions (English, Chinese) resting on it


def section_doc(rulebook: Rulebook, glossary: Glossary, section: Section, asked: Asked | None = None) -> IndexDoc:
    asked_en, asked_zh = (asked or {}).get(section.number, ("", ""))
    return IndexDoc(
        key=section.number,
        kind=section.kind,
        chapter=str(section.chapter),
        sections=prefixes(section.number),
        heading_en=heading_path(rulebook, section.number, "en"),
        heading_zh=heading_path(rulebook, section.number, "zh"),
        title_en=section.title_en,
        title_zh=section.title_zh,
        en=section.en or section.title_en,  # a heading's English is its title (rules/headings_en.yaml)
        zh=section.zh,
        terms=terms_used(glossary, section.en, section.zh),
        asked_en=asked_en,
        asked_zh=asked_zh,
    )


def section_docs(rulebook: Rulebook, glossary: Glossary, asked: Asked | None = None) -> list[IndexDoc]:
    return [section_doc(rulebook, glossary, s, asked) for s in rulebook]


class Document(NamedTuple):
    """Any text to search besides the rulebook (a ruling: question and answer in both languages)."""

    id: str
    en: str
    zh: str
    title_en: str = ""
    title_zh: str = ""
    cites: tuple[str, ...] = ()  # section numbers; `section:9.6` finds documents citing 9.6 or below it
    kind: str = "ruling"


def document_doc(glossary: Glossary, doc: Document) -> IndexDoc:
    sections = tuple(dict.fromkeys(p for number in doc.cites for p in prefixes(number)))
    return IndexDoc(
        key=doc.id,
        kind=doc.kind,
        chapter="",
        sections=sections,
        heading_en="",
        heading_zh="",
        title_en=doc.title_en,
        title_zh=doc.title_zh,
        en=doc.en,
        zh=doc.zh,
        terms=terms_used(glossary, f"{doc.title_en}\n{doc.en}", f"{doc.title_zh}\n{doc.zh}"),
    )
