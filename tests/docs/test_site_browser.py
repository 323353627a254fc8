"""Issue 36: the built site looked at in a real browser (Chromium, as Debian packages it, through Playwright).

The site is served over HTTP from this machine, as a reader's browser would fetch it; the home page and a
game's page are opened at a desktop width (1280×800) and a phone's (390×844). Each must come back 200, be
drawn by the Material theme (its header, its navigation: the sidebar on a desktop, the menu button on a
phone), show its pictures (an SVG drawn, not a broken image), never scroll sideways, and log no error. The
screenshots are kept in the test's folder (pytest keeps the last runs' folders) for a person to look at. At
a desktop's width every table of every page fits the page (docs/stylesheets/extra.css), none hidden past
its right edge until scrolled to.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.docs.test_site import DOCS, ROOT, mkdocs_build, pages

CHROMIUM = next(
    (path for path in ("/usr/bin/chromium", shutil.which("chromium") or "") if path and os.path.exists(path)),
    None,
)
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium is installed (apt-get install chromium)"
)

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
PAGES = {"home": "/", "station": "/games/station/"}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site on an HTTP server of its own, on loopback; yields its address."""
    out = tmp_path_factory.mktemp("site")
    built = mkdocs_build(ROOT, out)
    assert built.returncode == 0, built.stderr
    handler = functools.partial(QuietHandler, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


SIDEWAYS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
WIDE_TABLES = """() => [...document.querySelectorAll('article .md-typeset__scrollwrap')]
    .filter(box => box.querySelector('table').getBoundingClientRect().width > box.clientWidth + 1)
    .map(box => box.querySelector('th').innerText)"""
"""The first heading of each table wider than the box it scrolls in."""


def launch(driver: Any) -> Any:
    return driver.chromium.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    )


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("page", list(PAGES))
def test_the_page_is_drawn_by_the_theme(served: str, page: str, size: str, tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    width, height = SIZES[size]
    with sync_api.sync_playwright() as driver:
        browser = launch(driver)
        try:
            view = browser.new_page(viewport={"width": width, "height": height})
            errors: list[str] = []
            view.on("pageerror", lambda error: errors.append(str(error)))
            view.on(
                "console", lambda message: errors.append(message.text) if message.type == "error" else None
            )
            response = view.goto(served + PAGES[page], wait_until="load")
            assert response is not None and response.status == 200
            assert "Chimera Tabletop" in view.title()
            assert view.locator("header.md-header").is_visible()
            if size == "desktop":
                assert view.locator(".md-sidebar--primary nav.md-nav").first.is_visible()
            else:
                assert view.locator("label.md-header__button[for='__drawer']").is_visible()
            view.screenshot(path=str(tmp_path / f"{page}-{size}.png"))
            assert view.evaluate(SIDEWAYS) == 0, "the page scrolls sideways"
            pictures = view.locator("article img")
            assert pictures.count() >= 1
            for index in range(pictures.count()):
                picture = pictures.nth(index)
                picture.scroll_into_view_if_needed()
                view.wait_for_function("image => image.complete", arg=picture.element_handle())
                assert picture.evaluate("image => image.naturalWidth") > 0, picture.get_attribute("src")
            assert not errors, errors
        finally:
            browser.close()


def test_every_table_fits_a_desktop_page(served: str) -> None:
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    addresses = []
    for page in pages():
        relative = page.relative_to(DOCS).with_suffix("")
        folder = relative.parent if relative.name == "index" else relative
        addresses.append(f"{served}/{folder.as_posix()}/".replace("/./", "/"))
    with sync_api.sync_playwright() as driver:
        browser = launch(driver)
        try:
            view = browser.new_page(viewport={"width": SIZES["desktop"][0], "height": SIZES["desktop"][1]})
            too_wide = {}
            for address in addresses:
                assert (response := view.goto(address, wait_until="load")) and response.status == 200, address
                if wide := view.evaluate(WIDE_TABLES):
                    too_wide[address.removeprefix(served)] = wide
            assert not too_wide, f"tables wider than a desktop page (first heading of each): {too_wide}"
        finally:
            browser.close()
