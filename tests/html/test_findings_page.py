"""findings.html: the translation findings grouped by chapter in book order, with a summary
whose checkboxes filter them by severity and by check (in headless Chromium over file://)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pal_judge.corpus import load_rulebook
from pal_judge.html.other_pages import render_findings
from pal_judge.html.sources import FindingView, SiteData


def _finding(section: str, check: str, severity: str) -> FindingView:
    return FindingView(section=section, check=check, severity=severity, message=f"{check} at {section}",
                       en="English <text>", zh="中文")


def test_chapters_in_book_order_with_counts_by_severity_and_check() -> None:
    findings = (_finding("10.8.3", "modality", "warning"), _finding("2.1.3.1", "role-swap", "error"),
                _finding("6.1.1.3", "crossref", "error"), _finding("2.4.2", "sentence-count", "info"))
    html = render_findings(SiteData(rulebook=load_rulebook(), findings=findings))
    assert re.findall(r'<section class="finding-chapter" data-chapter="(\d+)"', html) == ["2", "6", "10"]
    assert re.findall(r'data-filter="severity" value="(\w+)"', html) == ["error", "warning", "info"]
    # counts: 2 errors, 1 warning, 1 info; one checkbox per check with its count
    assert re.findall(r'data-filter="severity" value="\w+" checked> \w+ <span class="n">(\d+)</span>', html) == ["2", "1", "1"]
    assert set(re.findall(r'data-filter="check" value="([\w-]+)"', html)) == {"modality", "role-swap", "crossref", "sentence-count"}
    assert "English &lt;text&gt;" in html and "<text>" not in html


def test_unticking_a_severity_or_a_check_hides_those_findings(site: Path, page: Any) -> None:
    page.goto((site / "findings.html").as_uri())
    total = page.locator("li.finding").count()
    infos = page.locator("li.finding[data-severity=info]").count()
    assert total > infos > 0
    page.uncheck("input[data-filter=severity][value=info]")
    assert page.locator("li.finding[data-severity=info]:visible").count() == 0
    assert page.locator("li.finding:visible").count() == total - infos
    assert page.inner_text("#finding-count") == str(total - infos)
    # only crossref left: chapters with no crossref finding disappear
    for box in page.locator("input[data-filter=check]").all():
        if box.get_attribute("value") != "crossref":
            box.uncheck()
    shown = page.eval_on_selector_all("li.finding:visible", "els => els.map(e => e.dataset.check)")
    assert shown and set(shown) == {"crossref"}
    chapters = page.eval_on_selector_all("section.finding-chapter:visible", "els => els.map(e => e.dataset.chapter)")
    assert chapters == ["6", "9"]  # 6.1.1.3 and 9.6.3.3.2 cite differently in the two texts
