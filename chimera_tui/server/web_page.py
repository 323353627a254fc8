"""The page of the web front end: everything from this server's own origin, and a Content-Security-Policy
that allows nothing else.

textual-serve's own page loads its font from a public font service, which tells that service who plays
and breaks the page offline. Our page (``page/index.html``, after textual-serve's) takes the same font from
textual-serve's static folder, its look from ``/page/page.css`` and its one script from ``/page/page.js``
(no inline script or handler). Every response carries `SECURITY_HEADERS`; the page's policy names this
server's own websocket address as the one place it may connect to.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import web

PAGE = Path(__file__).parent / "page"
"""The page's template, style sheet and script."""

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


def content_security_policy(websocket_url: str) -> str:
    """The page's policy: scripts, fonts, images and style sheets from this origin only, a connection only
    to `websocket_url` (and this origin), no frames, forms or plugins. Inline styles stay allowed: the
    terminal (xterm.js) sizes its rows and cells with them."""
    return "; ".join(
        (
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self' 'unsafe-inline'",
            "font-src 'self'",
            "img-src 'self' data:",
            f"connect-src 'self' {websocket_url}",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        )
    )


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def security_headers(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Add `SECURITY_HEADERS` to every response (and a policy that allows nothing to one that has none)."""
    response = await handler(request)
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    response.headers.setdefault("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
    return response
