"""`pal-judge toc`: chapters and headings with their numbers, in English and Chinese.

JSON (stable): a list of chapters, each
  {number, title_en, title_zh, headings: [{number, title_en, title_zh, clauses}]}
where `clauses` counts the numbered clauses under the heading.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pal_judge.corpus.model import Rulebook, Section
from pal_judge.render.wrapping import wrapped


def _count_clauses(book: Rulebook, section: Section) -> int:
    return sum(1 for s in book.subtree(section.number) if s.kind == "clause")


def toc_payload(book: Rulebook, chapter: str | None = None) -> list[dict[str, Any]]:
    chapters = [c for c in book.chapters() if chapter is None or c.number == chapter]
    return [
        {
            "number": c.number,
            "title_en": c.title_en,
            "title_zh": c.title_zh,
            "headings": [
                {"number": h.number, "title_en": h.title_en, "title_zh": h.title_zh, "clauses": _count_clauses(book, h)}
                for h in book.children(c.number)
                if h.kind == "heading"
            ],
        }
        for c in chapters
    ]


def render_toc(out: Console, payload: list[dict[str, Any]]) -> None:
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("§", style="cyan", no_wrap=True)
    table.add_column("English")
    table.add_column("中文")
    table.add_column("clauses", justify="right", style="dim")
    for chapter in payload:
        table.add_row(Text(chapter["number"], style="bold cyan"), wrapped(chapter["title_en"], "bold"),
                      wrapped(chapter["title_zh"], "bold"), "")
        for heading in chapter["headings"]:  # titles come from the rules files: wrapped() shows them, never as markup
            table.add_row(Text("  " + heading["number"]), wrapped(heading["title_en"]), wrapped(heading["title_zh"]),
                          str(heading["clauses"]))
    out.print(table)
