"""`pal-judge align`: the EN→ZH alignment for review, lowest confidence first.

JSON (stable, what `align --json` prints): every English paragraph in order,
  [{"en_index": 0-based index among the non-empty lines of en.txt,
    "sections": ["1.1.1"] ([] when the paragraph has no Chinese counterpart),
    "score": 0.97}]
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pal_judge.corpus.model import AlignedParagraph, Rulebook
from pal_judge.safe_text import rich_text


def align_payload(book: Rulebook) -> list[dict[str, Any]]:
    return [a.to_dict() for a in book.alignment]


def review_order(book: Rulebook) -> list[AlignedParagraph]:
    """Paragraphs by increasing confidence (then book order)."""
    return sorted(book.alignment, key=lambda a: (a.score, a.en_index))


def render_review(out: Console, book: Rulebook, limit: int | None) -> None:
    rows = review_order(book)
    shown = rows if limit is None else rows[:limit]
    table = Table(show_header=True, header_style="bold", show_lines=True, expand=True, pad_edge=False)
    table.add_column("en#", justify="right", no_wrap=True)
    table.add_column("§", style="cyan", no_wrap=True)
    table.add_column("score", justify="right", no_wrap=True)
    table.add_column("English", ratio=1, overflow="fold")
    table.add_column("中文", ratio=1, overflow="fold")
    for item in shown:
        zh = "\n".join(book.get(n).zh for n in item.sections if book.get(n) is not None)
        style = "red" if item.score < 0.5 else "yellow" if item.score < 0.9 else "green"
        table.add_row(
            Text(str(item.en_index)),
            Text("\n".join(item.sections) or "—"),
            Text(f"{item.score:.2f}", style=style),
            rich_text(book.en_paragraphs[item.en_index], limit=None),  # rules text: never markup
            rich_text(zh, limit=None) if zh else Text("(no Chinese counterpart)", style="dim italic"),
        )
    out.print(table)
    merged = sum(1 for a in book.alignment if len(a.sections) > 1)
    unmatched = [a.en_index for a in book.alignment if not a.sections]
    dropped = [s.number for s in book.clauses() if not s.en_indices]
    summary = (
        f"{len(shown)} of {len(rows)} paragraphs shown, lowest confidence first. "
        f"English with no Chinese: {', '.join(map(str, unmatched)) or 'none'}; "
        f"paragraphs covering several clauses: {merged}; "
        f"clauses with no English: {', '.join(dropped) or 'none'}."
    )
    out.print(Text(summary, style="dim"))
