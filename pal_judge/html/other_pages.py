"""glossary.html, rulings.html (with replays) and findings.html."""

from __future__ import annotations

from collections import Counter
from typing import Callable

from pal_judge.html.markup import bi, cite_links, esc, linked, marked, page
from pal_judge.html.replay import render_replay, replay_summary
from pal_judge.html.sources import FindingView, RulingView, SiteData


def _none_yet(part: str, en: str, zh: str) -> str:
    return f'<p class="note none-yet" data-part="{esc(part)}">{bi(esc(en), esc(zh))}</p>'


def render_glossary(data: SiteData) -> str:
    known = data.rulebook.__contains__
    if not data.terms:
        body = _none_yet("glossary", "No glossary yet.", "暂无术语表。")
    else:
        rows = "".join(
            f'<tr id="term-{esc(t.id)}"><td class="en" lang="en"><b>{esc(t.en[0])}</b>'
            f'{"<br><small>" + esc(", ".join(t.en[1:])) + "</small>" if len(t.en) > 1 else ""}</td>'
            f'<td class="zh" lang="zh"><b>{esc(t.zh[0])}</b>'
            f'{"<br><small>" + esc("、".join(t.zh[1:])) + "</small>" if len(t.zh) > 1 else ""}</td>'
            f"<td>{esc(t.kind)}</td><td>{cite_links([t.defined_in], known) if t.defined_in else ''}</td></tr>"
            for t in sorted(data.terms, key=lambda t: t.en[0].casefold())
        )
        body = (
            '<table class="glossary"><thead><tr><th class="en">English</th><th class="zh">中文</th>'
            f"<th>{bi('kind', '类别')}</th><th>{bi('defined in', '定义')}</th></tr></thead><tbody>{rows}</tbody></table>"
        )
    return page("Glossary · 术语表", "glossary.html", f"<h1>{bi('Glossary', '术语表')}</h1>{body}")


def _ruling(ruling: RulingView, data: SiteData) -> str:
    known = data.rulebook.__contains__
    meta = [f"{bi('Cites', '依据')}: {cite_links(ruling.cites, known)}"] if ruling.cites else []
    if ruling.tags:
        meta.append(" ".join(f'<span class="tag">{esc(t)}</span>' for t in ruling.tags))
    if ruling.source:
        meta.append(f"{bi('Source', '来源')}: {linked(ruling.source, known, False)}")
    if ruling.follows:
        meta.append(bi("Follows the Chinese text" if ruling.follows == "zh" else "Follows the English text",
                       "以中文文本为准" if ruling.follows == "zh" else "以英文文本为准"))
    if ruling.replay is not None:
        steps, met, total = replay_summary(ruling.replay)
        status = "ok" if met == total and not ruling.replay.get("error") else "fail"
        replay = (
            f'<details class="replay"><summary>{bi("Replay", "回放")} · {esc(ruling.scenario_id or "")} · '
            f'{steps} {bi("steps", "步")} · <span class="{status}">{met}/{total} ✔</span></summary>'
            f"{render_replay(ruling.replay, known)}</details>"
        )
    elif ruling.replay_error:
        replay = f'<p class="fail">{bi("Replay failed", "回放失败")}: {esc(ruling.replay_error)}</p>'
    else:
        replay = _none_yet("replay", "No replay yet.", "暂无回放。")
    return (
        f'<article class="ruling" id="{esc(ruling.id)}"><h2><a class="perma" href="#{esc(ruling.id)}">{esc(ruling.id)}</a></h2>'
        f'<div class="qa"><div class="q">{bi(linked(ruling.question_en, known, False), linked(ruling.question_zh, known, False), "p")}</div>'
        f'<div class="a">{bi(linked(ruling.answer_en, known, False), linked(ruling.answer_zh, known, False), "p")}</div></div>'
        f'<div class="meta">{" · ".join(meta)}</div>{replay}</article>'
    )


def _anchor(ruling_id: str) -> str:
    return f'<a href="#{esc(ruling_id)}">{esc(ruling_id)}</a>'


def _topics(rulings: tuple[RulingView, ...]) -> str:
    """A contents list of the rulings by tag, so a judge finds one without scrolling them all."""
    by_tag: dict[str, list[str]] = {}
    for ruling in rulings:
        for tag in ruling.tags or ("other",):
            by_tag.setdefault(tag, []).append(ruling.id)
    rows = "".join(
        f'<li><span class="tag">{esc(tag)}</span> {" ".join(_anchor(i) for i in ids)}</li>'
        for tag, ids in sorted(by_tag.items())
    )
    return f'<details class="toc" id="topics"><summary>{bi(f"{len(rulings)} rulings by topic", f"按主题浏览 {len(rulings)} 条裁定")}</summary><ul>{rows}</ul></details>'


def render_rulings(data: SiteData) -> str:
    if data.rulings:
        body = _topics(data.rulings) + "".join(_ruling(r, data) for r in data.rulings)
    else:
        body = _none_yet("rulings", "No rulings yet.", "暂无裁定。")
    return page("Rulings · 裁定", "rulings.html", f"<h1>{bi('Rulings', '裁定')}</h1>{body}")


SEVERITY_ORDER = ("error", "warning", "info")


def _chapter_key(chapter: str) -> tuple[int, int]:
    return (0, int(chapter)) if chapter.isdigit() else (1, 0)


def _finding_chapters(findings: tuple[FindingView, ...]) -> dict[str, list[FindingView]]:
    """Findings by chapter, chapters in book order."""
    groups: dict[str, list[FindingView]] = {}
    for f in findings:
        groups.setdefault(f.section.split(".")[0] if f.section else "", []).append(f)
    return {c: groups[c] for c in sorted(groups, key=_chapter_key)}


def _chapter_heading(chapter: str, data: SiteData) -> str:
    found = data.rulebook.get(chapter) if chapter else None
    if found is None:
        return bi("Outside the numbered rules", "编号规则之外") if not chapter else esc(f"Chapter {chapter}")
    return bi(esc(f"Chapter {chapter} {found.title_en}".rstrip()), esc(f"第{chapter}章 {found.title_zh}".rstrip()))


def _finding_filters(findings: tuple[FindingView, ...]) -> str:
    """The summary (counts by severity and by check) as checkboxes that show or hide those findings."""
    severities = Counter(f.severity for f in findings)
    checks = Counter((f.severity, f.check) for f in findings)

    def box(kind: str, value: str, label: str, n: int) -> str:
        return (f'<label class="sev-{esc(value) if kind == "severity" else ""}"><input type="checkbox" '
                f'data-filter="{kind}" value="{esc(value)}" checked> {label} <span class="n">{n}</span></label>')

    by_severity = "".join(box("severity", s, esc(s), severities[s]) for s in SEVERITY_ORDER if severities[s])
    by_check = "".join(
        box("check", check, f'{esc(check)} <small>{esc(sev)}</small>', n)
        for (sev, check), n in sorted(checks.items(), key=lambda item: (SEVERITY_ORDER.index(item[0][0]), item[0][1]))
    )
    return (
        f'<form class="finding-filter" onsubmit="return false">'
        f'<fieldset><legend>{bi("Severity", "严重程度")}</legend>{by_severity}</fieldset>'
        f'<fieldset><legend>{bi("Check", "检查项")}</legend>{by_check}</fieldset>'
        f'<p class="note"><span id="finding-count">{len(findings)}</span> / {len(findings)} {bi("shown", "条显示")}</p></form>'
    )


def _finding_item(f: FindingView, known: Callable[[str], bool]) -> str:
    return (
        f'<li class="finding sev-{esc(f.severity)}" data-severity="{esc(f.severity)}" data-check="{esc(f.check)}">'
        f"<div>{cite_links([f.section], known) if f.section else '–'} <b>{esc(f.check)}</b> "
        f"({esc(f.severity)}): {esc(f.message)}</div>"
        f'<div class="text"><div class="en" lang="en">{marked(f.en, f.en_marks)}</div>'
        f'<div class="zh" lang="zh">{marked(f.zh, f.zh_marks)}</div></div></li>'
    )


def render_findings(data: SiteData) -> str:
    known = data.rulebook.__contains__
    if not data.findings:
        body = _none_yet("findings", "No translation findings yet.", "暂无翻译检查结果。")
    else:
        chapters = "".join(
            f'<section class="finding-chapter" data-chapter="{esc(chapter)}"><h2>{_chapter_heading(chapter, data)}</h2>'
            f'<ol class="finding-list">{"".join(_finding_item(f, known) for f in items)}</ol></section>'
            for chapter, items in _finding_chapters(data.findings).items()
        )
        body = _finding_filters(data.findings) + chapters
    return page("Translation findings · 翻译检查", "findings.html", f"<h1>{bi('Translation findings', '翻译检查')}</h1>{body}")
