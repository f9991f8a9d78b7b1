"""Small HTML helpers shared by the pages: escaping, cross-reference links, the page frame."""

from __future__ import annotations

from html import escape
import re
from typing import Callable, Iterable

from pal_judge.corpus.zh_parser import REF_RE

Known = Callable[[str], bool]  # is this a section number of the rulebook?

NAV = (
    ("index.html", "Rules", "规则"),
    ("glossary.html", "Glossary", "术语"),
    ("rulings.html", "Rulings", "裁定"),
    ("readings.html", "Readings", "解读"),
    ("findings.html", "Translation", "翻译检查"),
)


def esc(text: str) -> str:
    return escape(text, quote=True)


def marked(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """Escaped text with the given (start, end) spans wrapped in <mark>; overlapping spans are merged."""
    out, at = [], 0
    for start, end in sorted(spans):
        start = max(start, at)
        if end <= start or start >= len(text):
            continue
        out += [esc(text[at:start]), f"<mark>{esc(text[start:end])}</mark>"]
        at = end
    out.append(esc(text[at:]))
    return "".join(out)


def section_href(number: str, on_book_page: bool) -> str:
    return f"#{number}" if on_book_page else f"index.html#{number}"


def linked(text: str, known: Known, on_book_page: bool) -> str:
    """Escaped text, line breaks kept, each mention of an existing section number made a link."""

    def link(match: re.Match[str]) -> str:
        number = match.group(1)
        if not known(number):
            return f'<span class="xref-missing" title="no section {number} in the rulebook">{number}</span>'
        return f'<a class="xref" href="{section_href(number, on_book_page)}">{number}</a>'

    return "<br>".join(REF_RE.sub(link, esc(line)) for line in text.split("\n"))


def cite_links(numbers: Iterable[str], known: Known) -> str:
    """A list of cited section numbers as links to the rulebook page."""
    parts = []
    for number in numbers:
        if known(number):
            parts.append(f'<a class="cite" href="index.html#{esc(number)}">{esc(number)}</a>')
        else:
            parts.append(f'<span class="cite xref-missing" title="no such section">{esc(number)}</span>')
    return " ".join(parts)


def bi(en: str, zh: str, tag: str = "span") -> str:
    """The same words in both languages, each hidden by the language toggle when not wanted."""
    return f'<{tag} class="en" lang="en">{en}</{tag}><{tag} class="zh" lang="zh">{zh}</{tag}>'


def page(title: str, active: str, body: str) -> str:
    """A whole page: header with navigation, language toggle and search box; scripts at the end."""
    current = ' aria-current="page"'
    nav = "".join(
        f'<a href="{href}"{current if href == active else ""}>{bi(esc(en), esc(zh))}</a>' for href, en, zh in NAV
    )
    return f"""<!doctype html>
<html lang="en" class="show-both">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(title)}</title>
<link rel="stylesheet" href="assets/site.css">
</head>
<body>
<header class="top">
<nav class="site">{nav}</nav>
<div class="langs" role="group" aria-label="Language">
<button type="button" data-lang="en">EN</button><button type="button" data-lang="zh">中文</button><button type="button" data-lang="both">EN+中</button>
</div>
<form class="search" role="search" onsubmit="return false">
<input type="search" id="q" name="q" placeholder="Search rules · 搜索规则" autocomplete="off" aria-label="Search">
<ol id="results" hidden></ol>
</form>
</header>
<main>
{body}
</main>
<script src="assets/search-index.js"></script>
<script src="assets/search.js"></script>
<script src="assets/site.js"></script>
</body>
</html>
"""
