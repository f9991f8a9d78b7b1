"""Screenshots of the exported site at 1280 px and 390 px, each with the layout facts a reader relies on:
nothing wider than the screen, a replay's board readable (or visibly scrollable), a 中文 replay
without English, the search box's results reachable with the arrow keys.

The screenshots go to $PAL_JUDGE_SCREENSHOTS (else the test's temporary folder), named by page and width.
"""

from __future__ import annotations

import os
import re
import struct
from pathlib import Path
from typing import Any

import pytest

# Two replays whose ruling the issue names: Breakthrough against Retaliate, both Pals die.
REPLAYS = ("breakthrough-retaliate-both-die", "breakthrough-vs-retaliate")

NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth"
# Each base table shown: fits its box, or is marked as scrolling (a shaded, dashed edge).
BOARD_TABLES = """() => Array.from(document.querySelectorAll('table.base'))
  .filter(t => t.getClientRects().length)
  .map(t => ({fits: t.scrollWidth <= t.clientWidth + 1, marked: t.classList.contains('scrolls'),
              right: t.getBoundingClientRect().right}))"""


def shoot(screen: Any, name: str, tmp_path: Path) -> Path:
    folder = Path(os.environ.get("PAL_JUDGE_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}-{screen.viewport_size['width']}.png"
    screen.screenshot(path=str(path))
    width = struct.unpack(">I", path.read_bytes()[16:20])[0]  # the PNG header's width
    assert width == screen.viewport_size["width"]
    return path


def go(screen: Any, site: Path, page: str, anchor: str = "", lang: str = "both") -> None:
    screen.goto((site / page).as_uri() + (f"#{anchor}" if anchor else ""))
    screen.click(f".langs button[data-lang='{lang}']")


@pytest.mark.parametrize("page", ["index.html", "findings.html", "readings.html"])
def test_a_page_fits_the_screen(site: Path, screen: Any, page: str, tmp_path: Path) -> None:
    go(screen, site, page)
    assert screen.evaluate(NO_OVERFLOW)
    shoot(screen, page.removesuffix(".html"), tmp_path)


def test_a_rule_in_chinese_fits_and_shows_its_chinese(site: Path, screen: Any, tmp_path: Path) -> None:
    """12.12.2 (rules/zh.txt): "同归于尽"意味着"当此卡被送入墓地时，如果它是正在战斗的帕鲁…"."""
    go(screen, site, "index.html", "12.12.2", lang="zh")
    section = screen.locator("[id='12.12.2']")
    assert "如果它是正在战斗的帕鲁" in section.inner_text()
    assert section.locator(".en").first.is_hidden()
    assert screen.evaluate(NO_OVERFLOW)
    shoot(screen, "rule-12.12.2-zh", tmp_path)


@pytest.mark.parametrize("query, expected", [("concession", "1.2.3"), ("宣告投降", "1.2.3")])
def test_search_results_fit_the_screen(site: Path, screen: Any, query: str, expected: str, tmp_path: Path) -> None:
    """1.2.3 (rules/zh.txt): a player may concede (宣告投降) at any time."""
    go(screen, site, "index.html")
    screen.fill("#q", query)
    screen.wait_for_function("() => document.querySelectorAll('#results a.hit').length > 0")
    labels = screen.eval_on_selector_all("#results a.hit .label", "els => els.map(e => e.textContent)")
    assert expected in labels[:3]
    box = screen.locator("#results").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= screen.viewport_size["width"]
    assert screen.evaluate(NO_OVERFLOW)
    shoot(screen, f"search-{'zh' if re.search('[一-鿿]', query) else 'en'}", tmp_path)


def test_arrow_down_moves_from_the_search_box_into_the_results(site: Path, screen: Any) -> None:
    go(screen, site, "index.html")
    screen.fill("#q", "concession")
    screen.wait_for_function("() => document.querySelectorAll('#results a.hit').length > 1")
    hits = screen.eval_on_selector_all("#results a.hit", "els => els.map(e => e.getAttribute('href'))")
    focused = "() => document.activeElement.getAttribute('href') || document.activeElement.id"
    screen.press("#q", "ArrowDown")
    assert screen.evaluate(focused) == hits[0]
    screen.keyboard.press("ArrowDown")
    assert screen.evaluate(focused) == hits[1]
    screen.keyboard.press("ArrowUp")
    screen.keyboard.press("ArrowUp")
    assert screen.evaluate(focused) == "q"
    screen.press("#q", "ArrowDown")
    screen.keyboard.press("Enter")
    # Enter follows the first hit: its address is committed. The page it opens (here the 5 MB
    # rulings.html) is loaded and checked by test_browser.py's test_every_page_fits_a_phone_screen.
    screen.wait_for_url(f"**/{hits[0]}", wait_until="commit")


def _card_names(ruling_id: str) -> set[str]:
    """Every card name of the ruling's replay, read from the engine's run (names stay as they are in 中文)."""
    from pal_judge.rulings.find import resolve
    from pal_judge.scenarios import run_scenario

    scenario, _ = resolve(ruling_id)
    run = run_scenario(scenario).to_dict()
    names: set[str] = set()
    for step in run["steps"]:
        names.update(str(e["card"]) for e in step["events"] if e.get("card"))
        for player in (step.get("board") or {}).get("players", {}).values():
            names.update(str(c.get("label")) for c in player.get("base", []))
            for zone in ("hand", "deck", "graveyard", "exile"):
                names.update(player.get(zone, []))
    return names


def test_a_chinese_replay_is_all_chinese_and_its_board_is_readable(keyword_site: Path, screen: Any, tmp_path: Path) -> None:
    go(screen, keyword_site, "rulings.html", REPLAYS[0], lang="zh")  # the page is loaded once for both replays
    for ruling in REPLAYS:
        _check_chinese_replay(screen, ruling, tmp_path)


def _check_chinese_replay(screen: Any, ruling: str, tmp_path: Path) -> None:
    article = screen.locator(f"[id='{ruling}']")
    article.scroll_into_view_if_needed()
    article.locator("details.replay > summary").click()
    article.locator("details.board-after").evaluate_all("els => els.forEach(d => d.open = true)")
    text = article.locator("details.replay").inner_text()
    names = _card_names(ruling) | {ruling}  # card names and the scenario's id are names, not English text
    allowed = {word for name in names for word in re.findall(r"[A-Za-z]+", name)}
    english = set(re.findall(r"[A-Za-z]{2,}", text)) - allowed
    assert not english, f"{ruling}: English words in the 中文 replay: {sorted(english)}"
    assert "攻击" in text and "墓地" in text, ruling
    tables = screen.evaluate(BOARD_TABLES)  # every board shown so far, this replay's included
    assert tables and all(t["fits"] or t["marked"] for t in tables), ruling
    assert all(t["right"] <= screen.viewport_size["width"] for t in tables), ruling
    assert screen.evaluate(NO_OVERFLOW), ruling
    article.locator("li.step").nth(1).scroll_into_view_if_needed()
    shoot(screen, f"replay-{ruling}-zh", tmp_path)
