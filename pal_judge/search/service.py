"""Running searches: section-number shortcuts, ranking, highlights, hits."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from whoosh import query as Q
from whoosh.scoring import BM25F

from pal_judge.errors import UserError
from pal_judge.search.analysis import chinese_analyzer, english_analyzer, nfkc
from pal_judge.search.hits import DocumentHit, Hit, Span
from pal_judge.search.query import LANGS, Compiler, parse
from pal_judge.search.store import OpenedIndex

_NUMBER_QUERY_RE = re.compile(r"^(?:§\s*)?(\d+(?:\.\d+)*)\.?$")
# A clause answers a question; a heading or chapter title only names its topic, and its
# short text would otherwise outscore the clauses under it.
KIND_WEIGHT = {"chapter": 0.4, "heading": 0.6}
_RERANK_POOL = 60


@dataclass(frozen=True)
class RawHit:
    fields: dict[str, Any]
    score: float
    highlights: dict[str, tuple[Span, ...]]
    exact: bool = False


class IndexSearcher:
    """An open index ready for queries; keep one around to search many times."""

    def __init__(self, opened: OpenedIndex) -> None:
        self.opened = opened
        self._searcher = opened.index.searcher(weighting=BM25F())
        self._compilers = {lang: Compiler(opened.lexicon, lang) for lang in LANGS}
        self._en = english_analyzer()
        self._zh = chinese_analyzer()

    def close(self) -> None:
        self._searcher.close()

    def search_raw(self, text: str, lang: str = "both", limit: int = 10) -> list[RawHit]:
        if lang not in LANGS:
            raise UserError(f"unknown language {lang!r}: use en, zh or both")
        if limit < 1:
            raise UserError(f"--limit must be at least 1 (got {limit})")
        text = nfkc(text).strip()
        number = _NUMBER_QUERY_RE.match(text)
        exact: list[RawHit] = []
        if number:
            fields = self._searcher.document(key=number.group(1))
            if fields is not None:
                exact.append(RawHit(fields, 0.0, {}, exact=True))
            text = number.group(1)
        whoosh_query = self._compilers[lang].compile(parse(text))
        # optimize=False: block-quality skipping can loop forever on DisjunctionMax (whoosh 2.7.5),
        # and at a few hundred documents it saves nothing.
        results = self._searcher.search(whoosh_query, limit=max(_RERANK_POOL, limit + 1), optimize=False)
        en_terms, zh_terms = _terms_by_field(whoosh_query)
        ranked = sorted(
            ((float(r.score) * KIND_WEIGHT.get(r["kind"], 1.0), r) for r in results if not exact or r["key"] != exact[0].fields["key"]),
            key=lambda pair: -pair[0],
        )[:limit]
        found = [
            RawHit(dict(r.fields()), score, self._highlight(r["en"], r["zh"], en_terms, zh_terms))
            for score, r in ranked
        ]
        if exact:
            top = max((h.score for h in found), default=1.0)
            exact = [RawHit(exact[0].fields, top + 1.0, {}, exact=True)]
        return (exact + found)[:limit]

    def search(self, text: str, lang: str = "both", limit: int = 10) -> list[Hit]:
        return [_section_hit(raw) for raw in self.search_raw(text, lang, limit)]

    def search_documents(self, text: str, lang: str = "both", limit: int = 10) -> list[DocumentHit]:
        return [
            DocumentHit(raw.fields["key"], raw.score, raw.fields.get("en", ""), raw.fields.get("zh", ""), raw.highlights)
            for raw in self.search_raw(text, lang, limit)
        ]

    def _highlight(self, en: str, zh: str, en_terms: set[str], zh_terms: set[str]) -> dict[str, tuple[Span, ...]]:
        return {
            "en": _spans(self._en(en, chars=True, mode="index"), en_terms),
            "zh": _spans(self._zh(zh, chars=True, mode="index"), zh_terms),
        }


def _terms_by_field(query: Q.Query) -> tuple[set[str], set[str]]:
    en: set[str] = set()
    zh: set[str] = set()
    for field, text in query.iter_all_terms():
        word = text.decode("utf-8") if isinstance(text, bytes) else str(text)
        if field == "en":
            en.add(word)
        elif field == "zh":
            zh.add(word)
    return en, zh


def _spans(tokens: Iterable[Any], wanted: set[str]) -> tuple[Span, ...]:
    """Character spans of the tokens in `wanted`, overlapping ones merged."""
    spans = sorted((t.startchar, t.endchar) for t in tokens if t.text in wanted)
    merged: list[list[int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return tuple((s, e) for s, e in merged)


def _section_hit(raw: RawHit) -> Hit:
    f = raw.fields
    return Hit(
        section=f["key"],
        score=raw.score,
        heading=f.get("heading_en") or f.get("heading_zh", ""),
        en=f.get("en", ""),
        zh=f.get("zh", ""),
        highlights=raw.highlights,
        heading_zh=f.get("heading_zh", ""),
        kind=f.get("kind", ""),
        exact=raw.exact,
    )
