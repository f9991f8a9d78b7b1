"""`pal-judge align`: the EN→ZH alignment for review, least confident first.

JSON (stable, what `align --json` prints): every English paragraph in order,
  [{"en_index": 0-based index among the non-empty lines of en.txt,
    "sections": ["1.1.1"] ([] when the paragraph has no Chinese counterpart),
    "score": 0.97 (the aligner's posterior for the pairing),
    "confidence": 0.95 (the score times how well the pair's own texts agree; 0 with no clause)}]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pal_judge.corpus.glossary import Glossary
from pal_judge.corpus.model import AlignedParagraph, Rulebook
from pal_judge.safe_text import visible

DOUBTFUL = 0.5  # below this confidence a pair is shown in red: read it


@dataclass(frozen=True)
class Reviewed:
    paragraph: AlignedParagraph
    confidence: float


def reviewed(book: Rulebook, glossary: Glossary) -> list[Reviewed]:
    from pal_judge.corpus.align import review_confidence

    confidences = review_confidence(book.en_paragraphs, book.sections, glossary, book.alignment)
    return [Reviewed(a, c) for a, c in zip(book.alignment, confidences)]


def align_payload(items: list[Reviewed]) -> list[dict[str, Any]]:
    return [{**r.paragraph.to_dict(), "confidence": round(r.confidence, 4)} for r in items]


def review_order(items: list[Reviewed]) -> list[Reviewed]:
    """Paragraphs by increasing confidence (then book order): English with no clause, then doubtful pairs."""
    return sorted(items, key=lambda r: (r.confidence, r.paragraph.en_index))


def render_review(out: Console, book: Rulebook, items: list[Reviewed], limit: int | None) -> None:
    rows = review_order(items)
    shown = rows if limit is None else rows[:limit]
    table = Table(show_header=True, header_style="bold", show_lines=True, expand=True, pad_edge=False)
    table.add_column("en#", justify="right", no_wrap=True)
    table.add_column("§", style="cyan", no_wrap=True)
    table.add_column("conf.", justify="right", no_wrap=True)
    table.add_column("post.", justify="right", no_wrap=True, style="dim")
    table.add_column("English", ratio=1, overflow="fold")
    table.add_column("中文", ratio=1, overflow="fold")
    for row in shown:
        item = row.paragraph
        zh = "\n".join(book.get(n).zh for n in item.sections if book.get(n) is not None)  # type: ignore[union-attr]
        style = "red" if row.confidence < DOUBTFUL else "yellow" if row.confidence < 0.9 else "green"
        table.add_row(
            str(item.en_index),
            "\n".join(item.sections) or "—",
            Text(f"{row.confidence:.2f}", style=style),
            f"{item.score:.2f}",
            Text(visible(book.en_paragraphs[item.en_index])),
            Text(visible(zh)) if zh else Text("(no Chinese counterpart)", style="dim italic"),
        )
    out.print(table)
    merged = sum(1 for a in book.alignment if len(a.sections) > 1)
    unmatched = [a.en_index for a in book.alignment if not a.sections]
    doubtful = [r for r in rows if r.paragraph.sections and r.confidence < DOUBTFUL]
    dropped = [s.number for s in book.clauses() if not s.en_indices]
    summary = (
        f"{len(shown)} of {len(rows)} paragraphs shown, least confident first. "
        f"English with no Chinese: {', '.join(map(str, unmatched)) or 'none'}; "
        f"doubtful pairs (confidence < {DOUBTFUL}): {', '.join('/'.join(r.paragraph.sections) for r in doubtful) or 'none'}; "
        f"paragraphs covering several clauses: {merged}; "
        f"clauses with no English: {', '.join(dropped) or 'none'}."
    )
    out.print(Text(summary, style="dim"))
