"""readings.html: the readings pal-judge takes where the rulebook is silent or leaves a choice."""

from __future__ import annotations

from pal_judge.corpus.readings import Reading
from pal_judge.html.markup import Known, bi, esc, linked, page
from pal_judge.html.sources import SiteData


def reading_href(reading_id: str) -> str:
    return f"readings.html#reading-{esc(reading_id)}"


def _reading(reading: Reading, known: Known) -> str:
    anchor = f"reading-{esc(reading.id)}"
    return (
        f'<article class="reading" id="{anchor}"><h3><a class="perma" href="#{anchor}">{esc(reading.id)}</a></h3>'
        f'<div class="meta">{bi("Clauses", "条款")}: {linked(" ".join(reading.clauses), known, False)}</div>'
        f'<p class="en" lang="en">{linked(reading.en, known, False)}</p>'
        f'<p class="zh" lang="zh">{linked(reading.zh, known, False)}</p></article>'
    )


def render_readings_page(data: SiteData) -> str:
    items = "".join(_reading(r, data.rulebook.__contains__) for r in data.readings)
    intro = bi(
        "Where the rulebook is silent or leaves a choice, pal-judge's rulings and replays read it this way.",
        "规则书未作规定或留有选择余地之处，本工具的裁定与回放按以下方式理解。",
    )
    body = items or f'<p class="note none-yet" data-part="readings">{bi("No readings yet.", "暂无解读。")}</p>'
    return page("Readings · 解读", "readings.html", f'<h1>{bi("Readings", "解读")}</h1><p class="note">{intro}</p>{body}')
