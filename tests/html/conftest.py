"""Browser test set-up: Debian's Chromium driven by Playwright, the site exported once per session.

Chromium comes from Debian (`/usr/bin/chromium`), never from `playwright install`
(which downloads a browser). When it is absent the session installs it with
apt-get if it runs as root, and otherwise fails saying how to install it.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any, Iterator

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
INSTALL = "apt-get update && apt-get install -y chromium fonts-wqy-microhei"
NAVIGATION_TIMEOUT_MS = 120_000


def _ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    if os.geteuid() != 0:
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium as root ({INSTALL})", pytrace=False)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    done = subprocess.run(["sh", "-c", INSTALL], env=env, capture_output=True, text=True)
    if done.returncode != 0 or not CHROMIUM.exists():
        pytest.fail(f"could not install chromium ({INSTALL}):\n{done.stderr[-2000:]}", pytrace=False)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole book exported once, with every part that exists in the project today."""
    from pal_judge.html import export_site

    directory = tmp_path_factory.mktemp("site")
    export_site(directory)
    return directory


@pytest.fixture(scope="session")
def keyword_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole book with only the rulings of rulings/keywords.yaml (Breakthrough, Retaliate …,
    exported by the same code): a rulings page a tenth of the whole one, for the tests of one
    replay, which a browser then loads in a fraction of the time."""
    from pal_judge.html import export_site

    rulings = tmp_path_factory.mktemp("keyword-rulings")
    (rulings / "keywords.yaml").write_bytes((Path(__file__).parents[2] / "rulings" / "keywords.yaml").read_bytes())
    directory = tmp_path_factory.mktemp("keyword-site")
    before = os.environ.get("PAL_JUDGE_RULINGS")
    os.environ["PAL_JUDGE_RULINGS"] = str(rulings)
    try:
        report = export_site(directory)
    finally:
        if before is None:
            del os.environ["PAL_JUDGE_RULINGS"]
        else:
            os.environ["PAL_JUDGE_RULINGS"] = before
    assert report.rulings > 10 and not report.problems, report.problems
    return directory


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    _ensure_chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("playwright is missing: pip install -e '.[test]'", pytrace=False)
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class PageWatch:
    """Everything a page did that a test must fail on: JavaScript errors and any request that is not file://."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []

    def attach(self, page: Any) -> None:
        page.on("console", lambda msg: self.errors.append(f"console: {msg.text}") if msg.type == "error" else None)
        page.on("pageerror", lambda err: self.errors.append(f"pageerror: {err}"))
        page.on("request", lambda req: None if req.url.startswith("file://") else self.requests.append(req.url))


def _open(browser: Any, width: int, height: int) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": width, "height": height})
    # The whole rulings page (5 MB) loads in about 10 s on a quiet 2-core machine, and several times
    # that on a shared one: past Playwright's 30 s default, a load would fail the test for the machine.
    context.set_default_navigation_timeout(NAVIGATION_TIMEOUT_MS)
    # Anything that is not a local file is refused at once (and recorded by the watch).
    context.route("http*://**/*", lambda route: route.abort())
    page = context.new_page()
    watch = PageWatch()
    watch.attach(page)
    page.watch = watch
    yield page
    context.close()
    assert watch.requests == [], f"the page requested something that is not file://: {watch.requests}"
    assert watch.errors == [], f"the page logged JavaScript errors: {watch.errors}"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A desktop-sized page; the test fails if it logs a JS error or leaves file://."""
    yield from _open(browser, 1280, 900)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A 375-px-wide phone page, with the same watch."""
    yield from _open(browser, 375, 812)


@pytest.fixture(params=(1280, 390), ids=lambda width: f"{width}px")
def screen(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    """A laptop-wide and a phone-wide page (844 high), with the same watch."""
    yield from _open(browser, request.param, 844)


# --- a small made-up ruling, finding and coverage on the real rulebook, to test their rendering alone ---

BOARD_AFTER = {
    "turn": 3, "turn_player": "A", "phase": "main", "step": "damage", "night": False, "result": None,
    "battle": None,
    "players": {
        "A": {"life": 10, "damage": 0, "material": 0, "ingredient": 0, "deck": ["Filler"], "hand": [],
              "base": [{"label": "Foxparks", "card": "Foxparks", "type": "pal", "state": "rested", "damage": 0,
                        "power": 2000, "strike": 2, "keywords": []}],
              "graveyard": [], "exile": [], "souls": {"deck": 4, "standing": 3, "rested": 1}, "pal_limit": 5},
        "B": {"life": 10, "damage": 2, "material": 0, "ingredient": 0, "deck": ["Filler"], "hand": [],
              "base": [], "graveyard": [], "exile": [], "souls": {"deck": 4, "standing": 3, "rested": 0}, "pal_limit": 5},
    },
}

# The shape of `replay --json` (ScenarioRun.to_dict()): step 0 is the board as set up.
REPLAY = {
    "scenario": "strike-damage-demo", "ok": True, "error": None, "outcome": "until", "winner": None,
    "steps": [
        {"step": 0, "action": "setup", "decisions": [], "events": [], "board": BOARD_AFTER, "expectations": []},
        {"step": 1, "action": "attack Foxparks -> player", "decisions": [{"kind": "main", "player": "A", "answer": "attack Foxparks -> player"}],
         "events": [
             {"seq": 1, "what": "Foxparks attacks player B", "player": "A", "card": "Foxparks",
              "before": {"state": "standing"}, "after": {"state": "rested"}, "cites": ["9.3.2"]},
             {"seq": 2, "what": "Player B takes 2 damage", "player": "B", "card": None,
              "before": {"damage": 0}, "after": {"damage": 2}, "cites": ["9.6.3.3.2"]},
         ],
         "board": BOARD_AFTER,
         "expectations": [{"description": "damage of B is 2", "expected": 2, "actual": 2, "ok": True, "step": 1}]},
    ],
    "expectations": [{"description": "damage of B is 2", "expected": 2, "actual": 2, "ok": True, "step": 1},
                     {"description": "life of B is 10", "expected": 10, "actual": 10, "ok": True, "step": None}],
}


@pytest.fixture(scope="session")
def made_up_data() -> Any:
    from pal_judge.corpus import load_rulebook
    from pal_judge.html.sources import FindingView, RulingView, SiteData

    rulebook = load_rulebook()
    ruling = RulingView(
        id="strike-damage", question_en="Does an unblocked Pal deal its strike as damage to the player?",
        question_zh="未被阻挡的帕鲁是否对玩家造成等于打击力的伤害？", answer_en="Yes (9.6.3.3.2).",
        answer_zh="是（9.6.3.3.2）。", cites=("9.6.3.3.2", "3.2.2"), tags=("battle",), source="rulebook 9.6.3.3.2",
        scenario_id="strike-damage-demo", replay=REPLAY,
    )
    finding = FindingView(
        section="9.6.3.3.2", check="crossref", severity="error", message="cross-references differ",
        en="deals damage (11.2)", zh="伤害（3.2.2）", en_marks=((14, 18),), zh_marks=((3, 8),),
    )
    return SiteData(rulebook=rulebook, rulings=(ruling,), coverage={"9.6.3.3.2": ("strike-damage-demo",)},
                    findings=(finding,))


@pytest.fixture(scope="session")
def made_up_site(made_up_data: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from pal_judge.html import export_site

    directory = tmp_path_factory.mktemp("made-up-site")
    export_site(directory, made_up_data)
    return directory
