"""`pal-judge toc [CHAPTER]`: the table of contents, numbers with English and Chinese titles."""

from __future__ import annotations

import json
import re
import unicodedata

import typer

from pal_judge.cli._app import app, console, guarded
from pal_judge.errors import UserError


@app.command("toc")
@guarded
def toc(
    chapter: str = typer.Argument(None, help="A chapter (9, 第9章) or any section in it; all chapters when omitted."),
    as_json: bool = typer.Option(False, "--json", help="Print the table of contents as JSON: each chapter and heading with its number and titles in both languages."),
) -> None:
    """List the chapters and headings of the Comprehensive Rules in both languages."""
    from pal_judge.corpus import load_rulebook
    from pal_judge.corpus.lookup import existing_number, nearest_sections, parse_number
    from pal_judge.render.toc_view import render_toc, toc_payload

    book = load_rulebook()
    wanted = None
    if chapter is not None:
        text = unicodedata.normalize("NFKC", chapter).strip()
        named = re.fullmatch(r"(?:第\s*(\d+)\s*章|ch(?:apter)?\s*(\d+))", text, re.IGNORECASE)
        number = next(g for g in named.groups() if g) if named else parse_number(text)
        if number is None:
            raise UserError(f"{chapter!r} is not a chapter number; chapters are 1 to {len(book.chapters())}")
        if "." in number:  # "any section in it" must be a section
            existing_number(book, number)
        wanted = str(int(number.split(".")[0]))
        if wanted not in book:
            raise UserError(f"no chapter {wanted}; nearest: {', '.join(nearest_sections(book, wanted))}")
    payload = toc_payload(book, wanted)
    if as_json:
        typer.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    render_toc(console(), payload)
