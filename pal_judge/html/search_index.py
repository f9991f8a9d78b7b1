"""The offline search index shipped with the site, scored in the browser by `assets/search.js`.

One document per section (its number, headings, English and Chinese text), per
ruling and per glossary term. Postings map a token to a flat list [doc, tf, doc, tf, ...]; title
tokens count twice. The glossary travels with the index so that a query for
"Taunt" also looks for 挑衅 and the other way round.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from pal_judge.html.sources import SiteData
from pal_judge.html.tokens import tokens

TITLE_WEIGHT = 2
GLOSSARY_WEIGHT = 0.4


@dataclass(frozen=True)
class SearchDoc:
    href: str  # relative to the site root
    label: str  # "9.6.3.3" or "Ruling taunt-must-block"
    title_en: str  # heading path in English (Chinese where a heading has no English title)
    title_zh: str
    en: str
    zh: str
    weight: float = 1.0  # multiplies the score: a glossary entry is short, so BM25 would put it above the rules


def _section_docs(data: SiteData) -> list[SearchDoc]:
    docs: list[SearchDoc] = []
    book = data.rulebook
    for section in book:
        path = [s for s in book.heading_path(section.number) if s.kind != "clause"]
        title_en = " › ".join(f"{s.number} {s.title_en or s.title_zh}" for s in path)
        title_zh = " › ".join(f"{s.number} {s.title_zh}" for s in path)
        en = section.en or section.title_en
        docs.append(SearchDoc(f"index.html#{section.number}", section.number, title_en, title_zh, en, section.zh))
    return docs


def _ruling_docs(data: SiteData) -> list[SearchDoc]:
    return [
        SearchDoc(
            f"rulings.html#{r.id}",
            f"Ruling {r.id}",
            " ".join(r.tags),
            " ".join(r.tags),
            f"{r.question_en}\n{r.answer_en}",
            f"{r.question_zh}\n{r.answer_zh}",
        )
        for r in data.rulings
    ]


def _term_docs(data: SiteData) -> list[SearchDoc]:
    return [
        SearchDoc(
            f"glossary.html#term-{t.id}",
            f"Glossary {t.en[0]}",
            f"Glossary › {t.kind}" + (f" › {t.defined_in}" if t.defined_in else ""),
            f"术语表 › {t.kind}" + (f" › {t.defined_in}" if t.defined_in else ""),
            ", ".join(t.en),
            "、".join(t.zh),
            weight=GLOSSARY_WEIGHT,
        )
        for t in data.terms
    ]


def build_index(data: SiteData) -> dict[str, object]:
    docs = _section_docs(data) + _ruling_docs(data) + _term_docs(data)
    postings: dict[str, list[int]] = {}
    lengths: list[int] = []
    for number, doc in enumerate(docs):
        counts = Counter(tokens(f"{doc.label} {doc.en} {doc.zh}"))
        for token in tokens(doc.title_en if doc.title_en == doc.title_zh else f"{doc.title_en} {doc.title_zh}"):
            counts[token] += TITLE_WEIGHT
        lengths.append(sum(counts.values()))
        for token, tf in counts.items():
            postings.setdefault(token, []).extend((number, tf))
    return {
        "docs": [[d.href, d.label, d.title_en, d.title_zh, d.en, d.zh, d.weight] for d in docs],
        "lengths": lengths,
        "postings": postings,
        "glossary": [[list(t.en), list(t.zh)] for t in data.terms],
    }


def index_script(index: dict[str, object]) -> str:
    """The index as a script (a page opened from file:// may not fetch JSON, but may load a script)."""
    body = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
    return f"window.PAL_INDEX={body};\n"
