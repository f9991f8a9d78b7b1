"""`pal-judge search QUERY…`: ranked sections in both languages, matches highlighted, then the
rulings that answer the same words (marked as rulings)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import typer
from rich.padding import Padding
from rich.text import Text

from pal_judge.cli._app import app, console, error_console, guarded
from pal_judge.safe_text import one_line, rich_text

if TYPE_CHECKING:
    from pal_judge.search import Hit

MARK = "bold black on yellow"
DISPLAY_LANGS = ("en", "zh", "both")
RULINGS_SHOWN = 3


@app.command("search")
@guarded
def search(
    query: list[str] = typer.Argument(
        ...,
        help='Words, "phrases", AND/OR/NOT (or -word), chapter:9, section:10.5, term:taunt, or a section number. '
        "English or Chinese (simplified or traditional): the query is searched in the language it is "
        "written in and, through the glossary, in the other. Misspelt words are corrected.",
    ),
    lang: str = typer.Option("both", "--lang", "-l", help="Text to show: en, zh or both (both languages are always searched)."),
    limit: int = typer.Option(10, "--limit", "-n", help="How many sections to show."),
    as_json: bool = typer.Option(False, "--json", help="Print the section hits as JSON, in rank order."),
) -> None:
    """Search the rulebook (and the rulings) in English and Chinese."""
    from pal_judge.errors import UserError
    from pal_judge.search import correct_query, search_sections

    if lang not in DISPLAY_LANGS:
        raise UserError(f"unknown language {lang!r}: use en, zh or both (--lang chooses the text shown)")
    text = " ".join(query)
    correction = correct_query(text, keep=_card_name_words())
    if correction is not None:
        text = correction.text
        note = Text("showing results for: ", style="dim") + Text(one_line(text), style="bold")
        (error_console() if as_json else console()).print(note)
    hits = search_sections(text, lang="both", limit=limit)
    if as_json:
        typer.echo(json.dumps([h.to_dict() for h in hits], ensure_ascii=False, indent=2))
        return
    if not hits:
        error_console().print(f"No section matches {one_line(text)!r}.", highlight=False, markup=False)
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
    if not hits[0].exact:
        _rulings(out, text, lang, hits)
        from pal_judge.render.answer_view import named_cards_view

        cards = named_cards_view(text)
        if cards is not None:
            out.print(cards)


def _card_name_words() -> frozenset[str]:
    """The words of the card names (the catalogue's, and a judge's own list when it reads)."""
    from pal_judge.cards.catalogue import catalogue
    from pal_judge.cards.lookup import name_words
    from pal_judge.errors import UserError

    try:
        return name_words(catalogue())
    except UserError:  # a broken card list is reported by `pal-judge card`
        return frozenset()


def _header(hit: "Hit") -> Text:
    header = Text()
    header.append(one_line(hit.section, 40), style="bold cyan")
    header.append("  ")
    header.append_text(rich_text(hit.heading, "bold", limit=300))
    if hit.heading_zh and hit.heading_zh != hit.heading:
        header.append("  ")
        header.append_text(rich_text(hit.heading_zh.rsplit(" › ", 1)[-1], "dim", limit=200))
    header.append("  (this section)" if hit.exact else f"  ({hit.score:.1f})", style="dim")
    return header


def _body(hit: "Hit", lang: str) -> Text:
    raw = hit.en if lang == "en" else hit.zh
    if not raw:
        return Text(f"({'no English text' if lang == 'en' else '无中文'})", style="dim")
    body = rich_text(raw, limit=None)  # highlights are offsets into the stored text: never cut it
    for begin, end in hit.highlights.get(lang, ()):
        body.stylize(MARK, begin, end)
    return body


def _rulings(out, text: str, lang: str, hits: "list[Hit]") -> None:  # type: ignore[no-untyped-def]
    """The rulings the same words find, ranked as `ask` ranks them (their question and answer,
    the sections found, the cards named), marked as rulings (as in the HTML search)."""
    from pal_judge.rulings.ask import rank
    from pal_judge.rulings.texts import ruling_texts

    found = rank(text, ruling_texts(), [(h.section, h.score) for h in hits])[:RULINGS_SHOWN]
    if not found:
        return
    out.print(Text("\nRulings", style="bold"))
    from pal_judge.render.answer_view import labelled_line

    for _, ruling in found:
        question = ruling.question_zh if lang == "zh" and ruling.question_zh else ruling.question_en
        out.print(Text("ruling", style="bold green") + labelled_line(ruling.id, question, limit=300))
    out.print(Text("(pal-judge ask shows a ruling's answer and replay)", style="dim"))
