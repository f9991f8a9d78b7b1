"""Load the rulings database: every `rulings/*.yaml` file holds a list of rulings.

Rulings files travel between judges, so one broken or hostile ruling (bad YAML, an unknown
field, a duplicate id) must not stop the commands for all the others: a caller passing `skip`
gets each problem reported to it and the ruling (or, for a file that cannot be parsed at all,
the file) left out. Without `skip`, the first problem is raised as a UserError.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
from pathlib import Path
from typing import Callable

from pal_judge.errors import UserError
from pal_judge.chinese_text import unfold
from pal_judge.paths import ruling_files
from pal_judge.rulings.model import Ruling
from pal_judge.rulings.ruling_text import SOURCE_KINDS, Source
from pal_judge.scenarios.loader import scenario_from_node
from pal_judge.scenarios.located import (
    Located,
    check_fields,
    load_located,
    read_yaml_text,
    suggest,
)

RULING_FIELDS = ("id", "question", "answer", "cites", "tags", "source", "follows", "uncited", "engine_issue", "scenario")
# Matched whole (`fullmatch`): with `match` and `$`, an id ending in a newline passed.
_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
_SECTION = re.compile(r"\d+(\.\d+)*")

Skip = Callable[[str], None]  # told each problem of a ruling left out


def _report(err: UserError, skip: Skip | None) -> None:
    if skip is None:
        raise err
    skip(err.message)


def load_rulings(folder: Path | None = None, skip: Skip | None = None) -> list[Ruling]:
    """Every ruling, in file order; ids are unique across files (a second use of an id is a problem)."""
    rulings: list[Ruling] = []
    seen: dict[str, Ruling] = {}
    for path in ruling_files(folder):
        for ruling in load_ruling_file(path, skip):
            if ruling.id in seen:
                first = seen[ruling.id].where
                _report(ruling.where.error(f"ruling id '{ruling.id}' is already used at {first}"), skip)
                continue
            seen[ruling.id] = ruling
            rulings.append(ruling)
    return rulings


def load_ruling_file(path: Path, skip: Skip | None = None) -> list[Ruling]:
    try:
        items, shared = _ruling_nodes(path)
    except UserError as err:  # the file cannot be read or parsed: all of it is left out
        _report(err, skip)
        return []
    rulings = []
    for item in items:
        try:
            rulings.append(_ruling(item, shared))
        except UserError as err:
            _report(err, skip)
    return rulings


def _ruling_nodes(path: Path) -> tuple[list[Located], dict[str, Located]]:
    root = load_located(read_yaml_text(path, _display(path)), _display(path))
    shared: dict[str, Located] = {}
    if isinstance(root.value, dict) and "rulings" in root.value:  # {cards: {...}, rulings: [...]}
        check_fields(root.value, ("cards", "rulings"), f"{_display(path)}")
        shared = dict(root.value["cards"].mapping("cards")) if "cards" in root.value else {}
        return root.value["rulings"].items("rulings"), shared
    return (root.value if isinstance(root.value, list) else [root]), shared


def _display(path: Path) -> str:
    """The path relative to the working folder when it is under it (no link is followed: a link
    loop is reported by the read, not by this)."""
    absolute = Path(os.path.abspath(path))
    try:
        return str(absolute.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _bilingual(node: Located, field: str) -> tuple[str, str]:
    """`question: text` (English only) or `question: {en: ..., zh: ...}`."""
    if isinstance(node.value, str):
        return node.value.strip(), ""
    body = node.mapping(field)
    check_fields(body, ("en", "zh"), field, required=("en",), where=node.where)
    zh = unfold(body["zh"].text(f"{field}.zh")).strip() if "zh" in body else ""
    return body["en"].text(f"{field}.en").strip(), zh


def _sections(node: Located, field: str) -> tuple[str, ...]:
    numbers = []
    for item in node.items(field):
        number = str(item.value).strip() if item.value is not None else ""
        if not _SECTION.fullmatch(number):
            raise item.where.error(f"'{number}' in {field} is not a section number such as 9.6.3.1")
        numbers.append(number)
    return tuple(numbers)


def _source(node: Located) -> Source:
    body = node.mapping("source")
    check_fields(body, ("kind", "ref", "date"), "source", required=("kind", "date"), where=node.where)
    kind = body["kind"].text("source.kind")
    if kind not in SOURCE_KINDS:
        raise body["kind"].where.error(f"source kind is one of {', '.join(SOURCE_KINDS)}, not '{kind}'{suggest(kind, SOURCE_KINDS)}")
    date = body["date"].value
    if isinstance(date, str):
        try:
            date = _dt.date.fromisoformat(date)
        except ValueError:
            date = None
    if not isinstance(date, _dt.date):
        raise body["date"].where.error("source date must be written YYYY-MM-DD")
    ref = body["ref"].text("source.ref") if "ref" in body else ""
    return Source(kind, ref, date)


def _ruling(node: Located, shared: dict[str, Located]) -> Ruling:
    body = node.mapping("a ruling")
    check_fields(body, RULING_FIELDS, "a ruling", required=("id", "question", "answer", "cites", "source", "scenario"),
                 where=node.where)
    ruling_id = body["id"].text("id")
    if not _ID.fullmatch(ruling_id):
        raise body["id"].where.error(f"ruling id '{ruling_id}' must be lower-case words joined by '-'")
    question_en, question_zh = _bilingual(body["question"], "question")
    answer_en, answer_zh = _bilingual(body["answer"], "answer")
    if question_zh and not answer_zh:
        raise body["answer"].where.error("the question has Chinese, so the answer needs 'zh' too")
    cites = _sections(body["cites"], "cites")
    if not cites:
        raise body["cites"].where.error("a ruling cites at least one section")
    tags = tuple(t.text("tags") for t in body["tags"].items("tags")) if "tags" in body else ()
    follows = None
    if "follows" in body:
        follows = body["follows"].text("follows")
        if follows not in ("zh", "en"):
            raise body["follows"].where.error("follows is 'zh' or 'en' (the text the ruling follows where they disagree)")
    uncited: dict[str, str] = {}
    if "uncited" in body:
        for number, reason in body["uncited"].mapping("uncited").items():
            where = reason.key_where or reason.where
            if number not in cites:
                raise where.error(f"uncited names {number}, which the ruling does not cite")
            uncited[number] = reason.text(f"uncited {number}")
    engine_issue = body["engine_issue"].text("engine_issue") if "engine_issue" in body else None
    scenario = scenario_from_node(body["scenario"], name=ruling_id, shared_cards=shared)
    return Ruling(
        id=ruling_id,
        question_en=question_en,
        question_zh=question_zh,
        answer_en=answer_en,
        answer_zh=answer_zh,
        cites=cites,
        tags=tags,
        source=_source(body["source"]),
        scenario=scenario,
        where=node.where,
        follows=follows,
        uncited=uncited,
        engine_issue=engine_issue,
    )
