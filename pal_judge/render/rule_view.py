"""`pal-judge rule`: one section with its heading path, sub-clauses, cross-references
and neighbours, as JSON-able data (`rule_payload`) and as a Rich view (`render_rule`).

JSON fields (stable):
  query        what was typed
  number       the section shown
  term         the glossary term the query went through ({id, kind, en, zh}) or null
  path         [{number, kind, title_en, title_zh}] chapter › heading › … › the section
  section      node: {number, kind, depth, title_en, title_zh, en, zh, en_indices,
               score, refs, children: [node …]}  (children cut at --depth)
  refs         [{number, from, exists, heading: {number, title_en, title_zh} | null,
               title_en, title_zh}] every cross-reference inside the nodes shown
  previous, next   {number, kind, title_en, title_zh, text_en, text_zh} | null
  scenarios    [] scenario ids linked to the section (filled in by the coverage work)
  translation  {findings: [xcheck Finding.to_dict() of error or warning level, for the clauses
               shown], rulings_following_zh: [{id, question_en, question_zh}]}
  readings     [{id, clauses, en, zh}] the documented readings about it (rules/readings.yaml; added by cli/rule.py)
With --lang en or zh, the other language's text fields (`zh`, `title_zh`, `text_zh`
or their `en` counterparts) are left out.
"""

from __future__ import annotations

from typing import Any, Iterable

from rich.console import Console, Group
from rich.text import Text

from pal_judge.corpus.glossary import Term
from pal_judge.corpus.model import Rulebook, Section
from pal_judge.render.side_by_side import SideBySide
from pal_judge.render.translation_notes import notes_view, translation_notes
from pal_judge.safe_text import one_line, rich_text, visible
from pal_judge.render.wrapping import Wrapped

LANGS = ("en", "zh", "both")
_LOW_SCORE = 0.5


def _title(section: Section) -> dict[str, Any]:
    return {"number": section.number, "kind": section.kind, "title_en": section.title_en, "title_zh": section.title_zh}


def _heading_of(book: Rulebook, number: str) -> Section | None:
    """The nearest chapter or heading containing `number` (itself if it is one)."""
    for section in reversed(book.heading_path(number)):
        if section.kind != "clause":
            return section
    return None


def _node(book: Rulebook, section: Section, depth_left: int | None) -> dict[str, Any]:
    children = book.children(section.number)
    shown = children if depth_left is None or depth_left > 0 else []
    return {
        "number": section.number,
        "kind": section.kind,
        "depth": section.depth,
        "title_en": section.title_en,
        "title_zh": section.title_zh,
        "en": section.en,
        "zh": section.zh,
        "en_indices": list(section.en_indices),
        "score": None if section.score is None else round(section.score, 4),
        "refs": list(section.refs),
        "children": [_node(book, c, None if depth_left is None else depth_left - 1) for c in shown],
        "children_hidden": len(children) - len(shown),
    }


def _walk(node: dict[str, Any]) -> Iterable[dict[str, Any]]:
    yield node
    for child in node["children"]:
        yield from _walk(child)


def _neighbour(section: Section | None) -> dict[str, Any] | None:
    if section is None:
        return None
    first_en = section.en.split("\n", 1)[0] if section.en else ""
    return {**_title(section), "text_en": section.title_en or first_en, "text_zh": section.title_zh or section.zh.split("\n", 1)[0]}


def _ref(book: Rulebook, number: str, source: str) -> dict[str, Any]:
    target = book.get(number)
    heading = _heading_of(book, number) if target is not None else None
    return {
        "number": number,
        "from": source,
        "exists": target is not None,
        "heading": _title(heading) if heading is not None else None,
        "title_en": target.title_en if target else "",
        "title_zh": target.title_zh if target else "",
    }


def _drop_language(data: Any, lang: str) -> Any:
    """Remove the other language's text fields (recursively) when only one is wanted."""
    if lang == "both":
        return data
    other = "zh" if lang == "en" else "en"
    unwanted = {other, f"title_{other}", f"text_{other}"}
    if isinstance(data, dict):
        return {k: _drop_language(v, lang) for k, v in data.items() if k not in unwanted}
    if isinstance(data, list):
        return [_drop_language(v, lang) for v in data]
    return data


def rule_payload(
    book: Rulebook,
    section: Section,
    *,
    query: str = "",
    term: Term | None = None,
    depth: int | None = None,
    lang: str = "both",
    scenarios: Iterable[str] = (),
    glossary: Any = None,
) -> dict[str, Any]:
    node = _node(book, section, depth)
    refs = [_ref(book, r, n["number"]) for n in _walk(node) for r in n["refs"]]
    payload = {
        "query": query,
        "number": section.number,
        "term": None if term is None else {"id": term.id, "kind": term.kind, "en": term.en_name, "zh": term.zh_name},
        "path": [_title(s) for s in book.heading_path(section.number)],
        "section": node,
        "refs": refs,
        "previous": _neighbour(book.previous(section.number)),
        # The section after everything shown, not a sub-clause already on screen.
        "next": _neighbour(book.next(list(_walk(node))[-1]["number"])),
        # Scenarios linked to this section: the coverage work fills this list in.
        "scenarios": list(scenarios),
        "translation": translation_notes(book, glossary, [n["number"] for n in _walk(node)]),
    }
    return _drop_language(payload, lang)


# ---- Rich view ---------------------------------------------------------------------


def _path_text(payload: dict[str, Any], lang: str) -> Text:
    text = Text()
    for k, part in enumerate(payload["path"]):
        if k:
            text.append(" › ", style="dim")
        text.append(part["number"], style="bold cyan")
        titles = [part.get("title_en", ""), part.get("title_zh", "")] if lang == "both" else [part.get(f"title_{lang}", "")]
        label = " ".join(t for t in titles if t)
        if label:
            text.append(f" {visible(label)}", style="bold")  # rules-file text: visible, never markup
    return text


def _cell(node: dict[str, Any], lang: str) -> Text:
    if node["kind"] != "clause":
        title = node.get(f"title_{lang}", "")
        body = node.get(lang, "") if lang == "en" else "\n".join(node.get("zh", "").split("\n")[1:])
        text = rich_text(title, "bold", limit=None)
        if body:
            text.append("\n" + visible(body, None))
        return text
    value = node.get(lang, "")
    if not value:
        return Text("(no English text for this clause)" if lang == "en" else "", style="dim italic")
    return rich_text(value, limit=None)


def _number_cell(node: dict[str, Any], top_depth: int) -> Text:
    text = Text("  " * (node["depth"] - top_depth) + node["number"], style="bold cyan" if node["kind"] != "clause" else "cyan")
    score = node.get("score")
    if score is not None and score < _LOW_SCORE:
        text.append(f"\nalign {score:.2f}", style="yellow")
    return text


def render_rule(out: Console, payload: dict[str, Any], lang: str = "both") -> None:
    out.print(Wrapped(_path_text(payload, lang)))
    if payload.get("term"):
        term = payload["term"]
        names = " / ".join(term[k] for k in ("en", "zh") if term.get(k))
        out.print(Text(f"{one_line(names)} ({one_line(term['kind'])}) is defined here.", style="dim"))
    columns = ["en", "zh"] if lang == "both" else [lang]
    top = payload["section"]["depth"]
    width = max(len(n["number"]) + 2 * (n["depth"] - top) for n in _walk(payload["section"]))
    table = SideBySide(["§", *("English" if column == "en" else "中文" for column in columns)], number_width=width)
    for node in _walk(payload["section"]):
        table.add_row(_number_cell(node, top), *(Wrapped(_cell(node, c)) for c in columns))
        if node["children_hidden"]:
            table.add_row(Text(""), Text(f"… {node['children_hidden']} more below {node['number']} (raise --depth)", style="dim"), *([Text("")] * (len(columns) - 1)))
    out.print(table)
    notes = notes_view(payload["translation"])
    if notes is not None:
        out.print(notes)
    if payload["refs"]:
        out.print(Text("Cross-references", style="bold"))
        for ref in payload["refs"]:
            line = Text("  ")
            line.append(ref["number"], style="cyan")
            line.append(f"  (from {ref['from']})  ", style="dim")
            if not ref["exists"]:
                line.append("no such section in the rules", style="red")
            elif ref["heading"]:
                head = ref["heading"]
                titles = [head.get("title_en", ""), head.get("title_zh", "")]
                line.append(f"{head['number']} " + one_line(" ".join(t for t in titles if t)))
            out.print(Wrapped(line))
    out.print(_stepping(payload, lang))
    if payload["scenarios"]:
        out.print(Wrapped(Text("Scenarios: " + one_line(", ".join(payload["scenarios"]), None), style="green")))


def _stepping(payload: dict[str, Any], lang: str) -> Group:
    lines = []
    for label, key in (("◀ previous", "previous"), ("next ▶", "next")):
        neighbour = payload.get(key)
        if neighbour is None:
            continue
        text_key = "text_en" if lang in ("en", "both") else "text_zh"
        preview = neighbour.get(text_key) or neighbour.get("text_zh") or ""
        preview = preview if len(preview) <= 60 else preview[:59] + "…"
        lines.append(Text.assemble((f"{label} ", "dim"), (neighbour["number"], "cyan"), "  ", (one_line(preview), "dim")))
    return Group(*lines)
