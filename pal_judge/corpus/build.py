"""Build the Rulebook from the files of `rules/`: parse, align, attach English and titles."""

from __future__ import annotations

from pathlib import Path

from pal_judge.corpus.align import align, paragraph_alignment, section_scores
from pal_judge.corpus.en_text import split_en
from pal_judge.corpus.glossary import Glossary, load_glossary
from pal_judge.corpus.headings import load_headings_en
from pal_judge.corpus.model import Rulebook, Section
from pal_judge.corpus.overrides import load_overrides
from pal_judge.corpus.zh_parser import parse_zh
from pal_judge.textfiles import read_utf8


def read_text(path: Path) -> str:
    """A rules file as text; missing, unreadable or non-UTF-8 files are a UserError naming the file."""
    return read_utf8(path, missing=f"missing rules file: {path}")


def build_rulebook(folder: Path, glossary: Glossary | None = None) -> Rulebook:
    """Parse zh.txt, split en.txt, align them and attach English text, scores and titles."""
    sections = tuple(parse_zh(read_text(folder / "zh.txt"), str(folder / "zh.txt")))
    paragraphs = split_en(read_text(folder / "en.txt"))
    glossary = glossary or load_glossary(folder / "glossary.yaml")
    titles = load_headings_en(folder / "headings_en.yaml")
    pins = load_overrides(folder / "alignment_overrides.yaml", paragraphs, {s.number for s in sections})
    result = align(paragraphs, sections, glossary, pins)
    per_section = section_scores(result, sections)
    finished: list[Section] = []
    for section in sections:
        indices, score = per_section.get(section.number, ((), None))
        finished.append(
            section._replace(
                en="\n".join(paragraphs[i] for i in indices),
                en_indices=tuple(indices),
                score=score,
                title_en=titles.get(section.number, "") if section.kind != "clause" else "",
            )
        )
    return Rulebook(tuple(finished), paragraphs, paragraph_alignment(result, sections, len(paragraphs)))
