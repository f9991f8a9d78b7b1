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
    # Anything that is not a local file is refused at once (and recorded by the watch).
    context.route("http*://**/*", lambda route: route.abort())
    page = context.new_page()
    watch = PageWatch()
    watch.attach(page)
    page.watch = watch
    yield page
    context.close()
    assert watch.errors == [], f"the page logged JavaScript errors: {watch.errors}"
    assert watch.requests == [], f"the page requested something that is not file://: {watch.requests}"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A desktop-sized page; the test fails if it logs a JS error or leaves file://."""
    yield from _open(browser, 1280, 900)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A 375-px-wide phone page, with the same watch."""
    yield from _open(browser, 375, 812)
