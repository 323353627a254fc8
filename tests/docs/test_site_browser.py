"""Issue 36: the built site looked at in a real browser (Chromium, as Debian packages it, through Playwright).

The site is served over HTTP from this machine, as a reader's browser would fetch it; the home page and a
game's page are opened at a desktop width (1280×800) and a phone's (390×844). Each must come back 200, be
drawn by the Material theme (its header, its navigation: the sidebar on a desktop, the menu button on a
phone), show its pictures (an SVG drawn, not a broken image), and log no error. The screenshots are kept in
the test's folder (pytest keeps the last runs' folders) for a person to look at.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.docs.test_site import ROOT, mkdocs_build

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


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("page", list(PAGES))
def test_the_page_is_drawn_by_the_theme(served: str, page: str, size: str, tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    width, height = SIZES[size]
    with sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
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
