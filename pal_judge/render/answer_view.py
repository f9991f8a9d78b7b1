"""Rich view of an `ask` answer: the answer first, with how sure it is and its decisive clauses,
on one screen; the replay collapsed to the events citing those clauses (all of it with --full).

Every text from a ruling or the rulebook goes through `safe_text` (never read as markup).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from pal_judge.render.wrapping import Wrapped
from pal_judge.safe_text import one_line, rich_text

if TYPE_CHECKING:  # `rule` shows ruling lines from here without loading the ranking
    from pal_judge.rulings.ask import Answer
    from pal_judge.rulings.ruling_text import RulingText

DECISIVE = 2  # clauses shown in full by default: a ruling's cites are listed most decisive first
LEVEL_STYLE = {"high": "bold green", "medium": "bold yellow", "low": "bold red"}
OTHERS_SHOWN = 3
MAX_CARDS_SHOWN = 4


def labelled_line(label: str, text: str, label_style: str = "bold", limit: int = 200) -> Text:
    """`  label  text`: an id or a name in bold, then file text dimmed (both made safe)."""
    line = Text("  ")
    line.append(one_line(label, 80), style=label_style)
    line.append("  ")
    line.append_text(rich_text(text, "dim", limit=limit))
    return line


def confidence_line(answer: Answer) -> Text:
    level = answer.confidence.level
    line = Text("confidence: ", style="dim")
    line.append(level, style=LEVEL_STYLE[level])
    return line


def declined_view(answer: Answer) -> Text:
    text = Text("Not a rules question: ", style="bold yellow")
    text.append(f"this is about {answer.declined}, which the Comprehensive Rules do not cover. ")
    text.append("Follow the event's tournament and penalty policy, or ask the head judge.", style="dim")
    return text


def ruling_panel(ruling: RulingText, answer: Answer, brief: bool) -> Panel:
    body = Text()
    body.append_text(rich_text(ruling.question_en, "bold"))
    if ruling.question_zh and not brief:
        body.append("\n")
        body.append_text(rich_text(ruling.question_zh, "bold"))
    body.append("\n\n")
    body.append_text(rich_text(ruling.answer_en))
    if ruling.answer_zh:
        body.append("\n\n")
        body.append_text(rich_text(ruling.answer_zh))
    body.append("\n\n")
    body.append_text(confidence_line(answer))
    body.append("   cites: ", style="dim")
    body.append(" ".join(one_line(c, 40) for c in ruling.cites), style="cyan")
    if not brief:
        source = ruling.source
        body.append(f"\nsource: {one_line(source.kind, 40)} {one_line(source.ref, 200)} ({source.date.isoformat()})", style="dim")
        if ruling.follows:
            language = "Chinese" if ruling.follows == "zh" else "English"
            body.append(f" · where the texts disagree this follows the {language}", style="dim")
    # Wrapped: a clause number never breaks, Chinese wraps by display width; the title is Text, never markup
    return Panel(Wrapped(body), title=Text(f"ruling {one_line(ruling.id, 80)}"), title_align="left", border_style="green")


def candidates_view(answer: Answer) -> RenderableType:
    """The rulings the question does not tell apart, side by side."""
    from rich.table import Table  # only here: `rule`, which shows the translation box, needs no table

    table = Table(title="Did you mean", title_justify="left", title_style="bold yellow", show_lines=True, expand=True)
    for ruling in answer.candidates:
        table.add_column(Text(one_line(ruling.id, 60)), ratio=1)  # a header string would be read as markup
    table.add_row(*[rich_text(r.question_en, "bold") for r in answer.candidates])
    table.add_row(*[rich_text(r.answer_en, limit=400) for r in answer.candidates])
    table.add_row(*[Text(" ".join(r.cites), style="cyan") for r in answer.candidates])
    return table


def clause(number: str, en: str, zh: str, heading: str = "") -> Text:
    text = Text()
    text.append(one_line(number, 40), style="bold cyan")
    if heading:
        text.append("  ")
        text.append_text(rich_text(heading, "dim", limit=200))
    text.append("\n  ")
    text.append_text(rich_text(zh or "(no Chinese text)"))
    text.append("\n  ")
    text.append_text(rich_text(en or "(no English translation)", "italic"))
    return text


def clauses_view(numbers: Sequence[str], clause_texts: Callable[[str], tuple[str, str] | None], full: bool) -> RenderableType:
    """The ruling's clauses (the decisive ones, or all with --full), then what the translation
    check says about them. `clause_texts`: a clause's English and Chinese, None when the rulebook
    has no such section."""
    from pal_judge.render.translation_notes import clause_findings, notes_view

    shown = list(numbers) if full else list(numbers[:DECISIVE])
    parts: list[RenderableType] = [Text("Decisive clauses" if not full else "Clauses (most decisive first)", style="bold")]
    for number in shown:
        texts = clause_texts(number)
        if texts is None:
            parts.append(Text(f"{one_line(number, 40)}  (not in the rulebook)", style="red"))
        else:
            parts.append(Wrapped(clause(number, *texts)))
    rest = [n for n in numbers if n not in shown]
    if rest:
        parts.append(Text(f"also cites {' '.join(one_line(n, 40) for n in rest)}  (--full shows them)", style="dim"))
    # Without the rulings following the Chinese: the ruling shown above already says which text it follows.
    box = notes_view({"findings": clause_findings(shown), "rulings_following_zh": []})
    if box is not None:
        parts.append(box)
    return Group(*parts)


def key_events(events: list[dict[str, Any]], decisive: Sequence[str]) -> list[dict[str, Any]]:
    """The events of a replay that cite one of the decisive clauses (or a clause under one)."""
    wanted = tuple(decisive)
    return [
        e for e in events
        if any(c == d or str(c).startswith(d + ".") for c in e.get("cites", ()) for d in wanted)
    ]


def replay_summary(run: Any, decisive: Sequence[str]) -> RenderableType:
    from pal_judge.render.replay_view import events_view

    events = run.events
    key = key_events(events, decisive)
    verdict = Text(
        f"all {len(run.expectations)} expectations hold" if run.ok else "the scenario's expectations fail",
        style="bold green" if run.ok else "bold red",
    )
    note = Text(f"{len(key)} of {len(events)} events cite the decisive clauses (--full replays every step)", style="dim")
    return Group(Text("\nReplay, key events", style="bold"), events_view(key), verdict, note)


def others_view(answer: Answer, skip: str | None) -> RenderableType | None:
    listed = {r.id for r in answer.candidates}
    others = [m for m in answer.matches if m.kind == "ruling" and m.key != skip and m.key not in listed]
    if not others:
        return None
    lines = [Text("\nNext best rulings", style="bold")]
    lines += [labelled_line(match.key, match.title, limit=160) for match in others[:OTHERS_SHOWN]]
    return Group(*lines)


def named_cards_view(question: str, known: Callable[[str], bool] | None = None) -> RenderableType | None:
    """The cards of the catalogue a question names, with their data in one line each. `known`: is a
    word the rulebook's (no nickname); the open rulebook index tells when not given."""
    from pal_judge.cards.catalogue import catalogue
    from pal_judge.cards.lookup import cards_named_in
    from pal_judge.cards.words import summary
    from pal_judge.errors import UserError
    from pal_judge.search import section_searcher

    try:
        named = cards_named_in(question, catalogue(), known=known or section_searcher().knows)
    except UserError:
        return None  # a broken card list is reported by `pal-judge card`; the answer stands without it
    if not named:
        return None
    lines = [Text("Cards named", style="bold")]
    lines += [labelled_line(card.name, summary(card)) for card in named[:MAX_CARDS_SHOWN]]
    lines.append(Text(f"  (pal-judge card {one_line(named[0].name, 80)} shows a card and its rulings)", style="dim"))
    return Group(*lines)
