"""What the translation check says about the clauses a judge is reading.

`rule` and `ask` show, under a clause, xcheck's error- and warning-level findings (the
English may say something else than the authoritative Chinese) and the rulings that follow
the Chinese where the texts disagree. They come from the whole book's findings when those are
cached (`cache_dir()/xcheck-notes.json`, written by the export and shipped with the package's own
texts), else from checking only the clauses shown (xcheck's `section_findings`: the same findings),
cached by clause (`xcheck-sections.json`), so that a first question on a rules folder of one's own
does not check the whole book. Both plain JSON, keyed by the rules files and the corpus and xcheck code.
"""

from __future__ import annotations

from typing import Any, Iterable

from pal_judge.errors import UserError
from pal_judge.fingerprint import fingerprint, package_sources
from pal_judge.json_cache import cached_json, store_json, stored_json
from pal_judge.paths import rules_dir

CACHE_FORMAT = 2  # 2: every finding (the exported site shows the infos too), not only errors and warnings
SHOWN_SEVERITIES = ("error", "warning")
WHOLE_BOOK, BY_CLAUSE = "xcheck-notes", "xcheck-sections"


def _key() -> str:
    files = sorted(p for p in rules_dir().iterdir() if p.is_file())
    return fingerprint(f"xcheck-notes={CACHE_FORMAT}", [*files, *package_sources("corpus", "xcheck")])


def all_findings(book: Any = None, glossary: Any = None) -> list[dict[str, Any]]:
    """Every finding of the translation check (Finding.to_dict()), cached; the site shows them all.
    Without `book` (and its glossary), the rulebook is loaded only if the findings are not cached."""

    def check() -> list[dict[str, Any]]:
        from pal_judge.xcheck import run_checks

        return [f.to_dict() for f in run_checks(*_corpus(book, glossary))]

    return cached_json(WHOLE_BOOK, _key(), check, read=_findings)


# The fields of a finding (Finding.to_dict()) that the notes and the site read.
_TEXT_FIELDS = ("section", "check", "severity", "message", "en", "zh")


def _findings(value: Any) -> list[dict[str, Any]]:
    """Findings read back from a cache file: a list in the shape Finding.to_dict() writes, else
    ValueError, so that a broken or planted file is passed over (recomputed), never shown."""
    if not isinstance(value, list) or not all(_is_finding(f) for f in value):
        raise ValueError("not a list of findings")
    return value


def _is_finding(value: Any) -> bool:
    return (isinstance(value, dict) and all(isinstance(value.get(name), str) for name in _TEXT_FIELDS)
            and all(_is_spans(value.get(name)) for name in ("en_marks", "zh_marks")))


def _is_spans(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(span, list) and len(span) == 2 and all(type(i) is int for i in span) for span in value)


def _findings_by_clause(value: Any) -> dict[str, list[dict[str, Any]]]:
    """The by-clause cache read back: {clause number: its findings}, else ValueError (see _findings)."""
    if not isinstance(value, dict) or not all(isinstance(number, str) for number in value):
        raise ValueError("not findings by clause")
    return {number: _findings(found) for number, found in value.items()}


def _corpus(book: Any, glossary: Any) -> tuple[Any, Any]:
    """(book, glossary) as given, else the rulebook and glossary loaded now."""
    if book is not None:
        return book, glossary
    from pal_judge.corpus import load_corpus

    return load_corpus()


def rulings_following_chinese(numbers: Iterable[str]) -> list[dict[str, str]]:
    """The rulings citing one of `numbers` that follow the Chinese where the texts disagree."""
    from pal_judge.rulings.texts import following_chinese_rows

    wanted = set(numbers)
    try:
        rulings = following_chinese_rows()
    except UserError:
        return []  # a broken rulings folder must not hide the rulebook (`rulings check` reports it)
    return [{"id": r["id"], "question_en": r["question"][0], "question_zh": r["question"][1]}
            for r in rulings if wanted.intersection(r["cites"])]


def clause_findings(numbers: Iterable[str], book: Any = None, glossary: Any = None) -> list[dict[str, Any]]:
    """The errors and warnings of the translation check about the clauses `numbers`, in the report's
    order (`book`: see all_findings)."""
    wanted = set(numbers)
    key = _key()
    found = stored_json(WHOLE_BOOK, key, read=_findings)
    if found is None:
        found = _checked_by_clause(wanted, key, book, glossary)
    return [f for f in found if f["section"] in wanted and f["severity"] in SHOWN_SEVERITIES]


def _checked_by_clause(wanted: set[str], key: str, book: Any, glossary: Any) -> list[dict[str, Any]]:
    """The findings filed under the clauses `wanted`, in the report's order: those of the clauses
    checked before from the cache, the others checked now (and added to it)."""
    checked = stored_json(BY_CLAUSE, key, read=_findings_by_clause) or {}
    missing = wanted - checked.keys()
    if missing:
        from pal_judge.xcheck import section_findings

        found = [f.to_dict() for f in section_findings(*_corpus(book, glossary), missing)]
        checked.update({number: [f for f in found if f["section"] == number] for number in missing})
        store_json(BY_CLAUSE, key, checked)
    from pal_judge.corpus.model import number_key

    return [f for number in sorted((n for n in wanted if checked[n]), key=number_key) for f in checked[number]]


def translation_notes(book: Any, glossary: Any, numbers: Iterable[str]) -> dict[str, Any]:
    """{findings: [...], rulings_following_zh: [...]} for the clauses `numbers`."""
    shown = list(numbers)
    return {"findings": clause_findings(shown, book, glossary), "rulings_following_zh": rulings_following_chinese(shown)}


def notes_view(notes: dict[str, Any]) -> Any:
    """A "Translation check" box: each finding (severity, clause, what differs, the words
    concerned) and the rulings that follow the Chinese. None when there is nothing to say."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.text import Text

    from pal_judge.render.answer_view import labelled_line
    from pal_judge.safe_text import one_line, rich_text

    if not notes["findings"] and not notes["rulings_following_zh"]:
        return None
    lines = []
    for finding in notes["findings"]:
        line = Text()
        line.append(one_line(finding["severity"], 20), style="bold red" if finding["severity"] == "error" else "bold yellow")
        line.append(f" {one_line(finding['section'], 40)} ", style="cyan")
        line.append_text(rich_text(finding["message"], limit=400))
        lines.append(line)
    if notes["rulings_following_zh"]:
        lines.append(Text("Rulings that follow the Chinese here:", style="bold"))
        lines += [labelled_line(ruling["id"], ruling["question_en"]) for ruling in notes["rulings_following_zh"]]
    lines.append(Text("The Chinese text is authoritative.", style="dim"))
    worst = "red" if any(f["severity"] == "error" for f in notes["findings"]) else "yellow"
    # The title as the Text a panel makes of this string (no markup in it): not through Rich's markup
    # parser, whose emoji table `rule` then never loads.
    return Panel(Group(*lines), title=Text("Translation check"), title_align="left", border_style=worst)
