"""index.html: the whole rulebook, English and Chinese side by side, one permalink per section."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from pal_judge.corpus.model import Rulebook, Section
from pal_judge.html.markup import Known, bi, esc, linked, page
from pal_judge.html.readings_page import reading_href
from pal_judge.html.sources import FindingView, SiteData


FEW_LINKS = 4  # more links than this are folded away, so the rule text stays readable


def english_only_paragraphs(rulebook: Rulebook) -> dict[str, list[str]]:
    """English paragraphs aligned to no Chinese clause, keyed by the section they follow ("" = before any)."""
    after: dict[str, list[str]] = defaultdict(list)
    previous = ""
    paragraphs = rulebook.en_paragraphs
    for aligned in getattr(rulebook, "alignment", ()) or ():
        if aligned.sections:
            previous = aligned.sections[-1]
        elif 0 <= aligned.en_index < len(paragraphs):
            after[previous].append(paragraphs[aligned.en_index])
    return after


def _toc(rulebook: Rulebook) -> str:
    items = []
    for section in rulebook:
        if section.kind == "clause":
            continue
        if section.kind == "chapter":
            label = bi(esc(_chapter_label(section, "en")), esc(_chapter_label(section, "zh")))
        elif section.title_en:
            label = f"{section.number} {bi(esc(section.title_en), esc(section.title_zh))}"
        else:  # no English title: the Chinese one whatever the language
            label = esc(f"{section.number} {section.title_zh}")
        items.append(f'<li class="toc-{section.kind}"><a href="#{section.number}">{label}</a></li>')
    return f'<details class="toc" id="contents"><summary>{bi("Contents", "目录")}</summary><ol>{"".join(items)}</ol></details>'


def _chapter_label(section: Section, lang: str) -> str:
    if lang == "zh":
        return f"第{section.number}章 {section.title_zh}"
    return f"Chapter {section.number}" + (f" · {section.title_en}" if section.title_en else "")


def _folded_links(css: str, en: str, zh: str, links: list[str]) -> str:
    """A labelled row of links, folded behind a count when there are many."""
    if not links:
        return ""
    if len(links) <= FEW_LINKS:
        return f'<div class="{css}">{bi(en, zh)}: {" ".join(links)}</div>'
    summary = bi(f"{en} · {len(links)}", f"{zh} · {len(links)}")
    return f'<details class="{css}"><summary>{summary}</summary>{" ".join(links)}</details>'


def _ruling_link(ruling_id: str, text: str, css: str) -> str:
    return f'<a class="{css}" href="rulings.html#{esc(ruling_id)}">{esc(text)}</a>'


@dataclass(frozen=True)
class _Joins:
    """What hangs off each section number: findings, the rulings citing it, the rulings of a scenario."""

    findings_of: dict[str, list[FindingView]]
    cited_by: dict[str, list[str]]
    ruling_of: dict[str, list[str]]
    readings_of: dict[str, list[str]]

    @classmethod
    def of(cls, data: SiteData) -> "_Joins":
        findings_of: dict[str, list[FindingView]] = defaultdict(list)
        for finding in data.findings:
            findings_of[finding.section].append(finding)
        cited_by: dict[str, list[str]] = defaultdict(list)
        ruling_of: dict[str, list[str]] = defaultdict(list)
        for ruling in data.rulings:
            for number in dict.fromkeys(ruling.cites):
                cited_by[number].append(ruling.id)
            if ruling.scenario_id:
                ruling_of[ruling.scenario_id].append(ruling.id)
        readings_of: dict[str, list[str]] = defaultdict(list)
        for reading in data.readings:
            for number in reading.clauses:
                readings_of[number].append(reading.id)
        return cls(findings_of, cited_by, ruling_of, readings_of)

    def links(self, number: str, data: SiteData) -> str:
        """The readings of the section, the scenarios whose trace cites it, then rulings citing it whose scenario does not."""
        scenarios = data.coverage.get(number, ())
        shown = {r for s in scenarios for r in (self.ruling_of.get(s) or [s])}
        exercised = [_ruling_link((self.ruling_of.get(s) or [s])[0], s, "scenario") for s in scenarios]
        cited = [_ruling_link(r, r, "ruling") for r in self.cited_by.get(number, []) if r not in shown]
        readings = [f'<a class="reading" href="{reading_href(r)}">{esc(r)}</a>' for r in self.readings_of.get(number, [])]
        return (
            _folded_links("readings", "Read by pal-judge as", "本工具的解读", readings)
            + _folded_links("exercised", "Exercised by scenarios", "相关场景", exercised)
            + _folded_links("cited-by", "Also cited by rulings", "引用此条的其他裁定", cited)
        )


def _marked_words(finding: FindingView) -> str:
    """The words the check points at, e.g. EN «Taunt» · ZH «挑衅»."""
    parts = []
    for lang, text, spans in (("EN", finding.en, finding.en_marks), ("ZH", finding.zh, finding.zh_marks)):
        words = [text[a:b] for a, b in spans if 0 <= a < b <= len(text)]
        if words:
            parts.append(f'{lang} <mark>{"</mark> <mark>".join(esc(w) for w in words)}</mark>')
    return f' <span class="marked">{" · ".join(parts)}</span>' if parts else ""


def _finding_list(findings: list[FindingView]) -> str:
    if not findings:
        return ""
    items = "".join(
        f'<li class="sev-{esc(f.severity)}"><b>{esc(f.check)}</b> ({esc(f.severity)}): {esc(f.message)}{_marked_words(f)}</li>'
        for f in findings
    )
    return f'<div class="findings"><span class="badge">{bi("Translation check", "翻译检查")}</span><ul>{items}</ul></div>'


def _section_html(section: Section, data: SiteData, joins: _Joins) -> str:
    known = data.rulebook.__contains__
    number = section.number
    findings = joins.findings_of.get(number, [])
    flagged = " flagged" if findings else ""
    perma = f'<a class="perma" href="#{number}" title="Permalink">{number}</a>'
    if section.kind == "chapter":
        head = f'<h2>{bi(esc(_chapter_label(section, "en")), esc(_chapter_label(section, "zh")))}</h2>'
        # Chapter 2's card-diagram labels (① 卡牌名称 …) follow the chapter title: show them as a compact list.
        labels = "".join(f"<li>{esc(line)}</li>" for line in section.zh.split("\n")[1:])
        inner = head + (f'<ul class="labels zh" lang="zh">{labels}</ul>' if labels else "")
    elif section.kind == "heading":
        title = bi(esc(section.title_en), esc(section.title_zh)) if section.title_en else esc(section.title_zh)
        head = f'<h3>{perma} {title}</h3>'
        extra_zh = section.zh.split("\n", 1)[1] if "\n" in section.zh else ""
        parts = ""
        if section.en and section.en != section.title_en:
            parts += f'<div class="en" lang="en">{linked(section.en, known, True)}</div>'
        if extra_zh:
            parts += f'<div class="zh" lang="zh">{linked(extra_zh, known, True)}</div>'
        inner = head + (f'<div class="text">{parts}</div>' if parts else "")
    else:
        en = (
            linked(section.en, known, True)
            if section.en
            else '<span class="missing">No English text is aligned to this clause. 此条款没有对应的英文。</span>'
        )
        low = ""
        if section.en and section.score is not None and section.score < 0.5:
            low = f' <span class="low" title="alignment confidence {section.score:.2f}">?</span>'
        inner = (
            f'<div class="num">{perma}</div>'
            f'<div class="text"><div class="en" lang="en">{en}{low}</div>'
            f'<div class="zh" lang="zh">{linked(section.zh, known, True)}</div></div>'
        )
    meta = joins.links(number, data) + _finding_list(findings)
    return (
        f'<section class="sec {section.kind} depth-{section.depth}{flagged}" id="{number}">'
        f"{inner}{meta}</section>"
    )


def _english_only_html(paragraphs: list[str], known: Known) -> str:
    return "".join(
        f'<div class="sec en-only"><div class="num"><span class="badge">{bi("English only", "仅英文")}</span></div>'
        f'<div class="text"><div class="en" lang="en">{linked(p, known, True)}</div></div></div>'
        for p in paragraphs
    )


def render_book(data: SiteData) -> str:
    rulebook = data.rulebook
    joins = _Joins.of(data)
    extra = english_only_paragraphs(rulebook)
    known = rulebook.__contains__
    parts = [_english_only_html(extra.get("", []), known)]
    for section in rulebook:
        parts.append(_section_html(section, data, joins))
        parts.append(_english_only_html(extra.get(section.number, []), known))
    notes = "".join(f'<p class="note fail">{esc(problem)}</p>' for problem in data.problems)
    intro = (
        f'<h1>{bi("Palworld TCG Comprehensive Rules", "帕鲁世界集换式卡牌游戏 综合规则")}</h1>'
        f'<p class="note">{bi("The Chinese text and its numbering are authoritative; the English is the published translation, aligned clause by clause.", "中文文本及其编号为准；英文为官方译文，逐条对齐。")}</p>'
        + notes
    )
    return page("Comprehensive Rules · 综合规则", "index.html", intro + _toc(rulebook) + "".join(parts))
