"""Rich view of the readings pal-judge takes where the rulebook is silent (rules/readings.yaml)."""

from __future__ import annotations

from rich.console import Console
from rich.padding import Padding
from rich.text import Text

from pal_judge.corpus.readings import Reading
from pal_judge.render.wrapping import Wrapped
from pal_judge.safe_text import visible


def render_readings(out: Console, readings: list[Reading], lang: str = "both", title: str = "") -> None:
    if title:
        out.print(Text(title, style="bold"))
    for reading in readings:
        head = Text.assemble((visible(reading.id), "bold"), ("  " + " ".join(reading.clauses), "cyan"))
        out.print(Padding(Wrapped(head), (0, 0, 0, 2), expand=False))
        for text_lang in ("en", "zh") if lang == "both" else (lang,):
            out.print(Padding(Wrapped(Text(visible(getattr(reading, text_lang)))), (0, 0, 0, 4), expand=False))
