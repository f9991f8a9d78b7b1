"""`pal-judge search QUERY…`: ranked sections in both languages, matches highlighted."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import typer
from rich.padding import Padding
from rich.text import Text

from pal_judge.cli._app import app, console, error_console, guarded
from pal_judge.safe_text import one_line

if TYPE_CHECKING:
    from pal_judge.search import Hit

MARK = "bold black on yellow"


@app.command("search")
@guarded
def search(
    query: list[str] = typer.Argument(
        ...,
        help='Words, "phrases", AND/OR/NOT, chapter:9, section:10.5, term:taunt, or a section number. '
        "English or Chinese: glossary terms are matched in both.",
    ),
    lang: str = typer.Option("both", "--lang", "-l", help="Text to search: en, zh or both."),
    limit: int = typer.Option(10, "--limit", "-n", help="How many sections to show."),
    as_json: bool = typer.Option(False, "--json", help="Print the hits as JSON, in rank order."),
) -> None:
    """Search the rulebook in English and Chinese."""
    from pal_judge.search import search_sections

    text = " ".join(query)
    hits = search_sections(text, lang=lang, limit=limit)
    if as_json:
        typer.echo(json.dumps([h.to_dict() for h in hits], ensure_ascii=False, indent=2))
        return
    if not hits:
        error_console().print(f"No section matches {text!r}.", highlight=False, markup=False)
        return
    out = console()
    shown = ("en", "zh") if lang == "en" else ("zh", "en")
    for rank, hit in enumerate(hits, start=1):
        if rank > 1:
            out.print()
        out.print(_header(hit))
        for text_lang in shown:
            if lang in (text_lang, "both") or hit.exact:
                out.print(Padding(_body(hit, text_lang), (0, 0, 0, 2), expand=False))


def _header(hit: "Hit") -> Text:
    header = Text()
    header.append(hit.section, style="bold cyan")
    header.append("  ")
    header.append(one_line(hit.heading), style="bold")
    if hit.heading_zh and hit.heading_zh != hit.heading:
        header.append(f"  {one_line(hit.heading_zh.rsplit(' › ', 1)[-1])}", style="dim")
    header.append("  (this section)" if hit.exact else f"  ({hit.score:.1f})", style="dim")
    return header


def _body(hit: "Hit", lang: str) -> Text:
    raw = hit.en if lang == "en" else hit.zh
    if not raw:
        return Text(f"({'no English text' if lang == 'en' else '无中文'})", style="dim")
    body = Text(raw)  # never markup; kept as is for the highlight offsets (the console shows controls visibly)
    for begin, end in hit.highlights.get(lang, ()):
        body.stylize(MARK, begin, end)
    return body
