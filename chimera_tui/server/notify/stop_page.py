"""The stop link of a `--web` host (``/stop/TOKEN``, the last line of every message and the e-mail's
List-Unsubscribe header): a GET shows one button, a POST (the button, or a mail program's one-click
unsubscribe, RFC 8058) forgets the account's e-mail address and web hook. A GET changes nothing, so a mail
scanner that follows links stops nothing."""

from __future__ import annotations

import html
import re
from collections.abc import Awaitable, Callable

from aiohttp import web

TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")

POLICY = "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Chimera: stop messages</title></head>
<body><h1>Chimera Tabletop</h1><p>{text}</p>{form}</body></html>
"""

_FORM = '<form method="post"><button type="submit" name="List-Unsubscribe" value="One-Click">Stop these messages</button></form>'


def _page(text: str, form: bool = False, status: int = 200) -> web.Response:
    body = _PAGE.format(text=html.escape(text), form=_FORM if form else "")
    response = web.Response(text=body, content_type="text/html", status=status)
    response.headers["Content-Security-Policy"] = POLICY
    response.headers["Cache-Control"] = "no-store"
    return response


def stop_handler(
    stop: Callable[[str], Awaitable[bool]],
) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    """The handler of ``/stop/{token}`` for a host whose `stop` forgets the destinations of a token."""

    async def handle(request: web.Request) -> web.StreamResponse:
        token = request.match_info.get("token", "")
        if not TOKEN.fullmatch(token):
            return _page("This link stops nothing: it is not one of ours.", status=404)
        if request.method != "POST":
            return _page(
                "Stop the messages this server sends you about your turns (e-mail and web hook)?", form=True
            )
        if await stop(token):
            return _page(
                "Done: nothing more is sent. You can set an address again on your page (p) at any time."
            )
        return _page(
            "This link stops nothing now: the messages were stopped already, or it is unknown.", status=404
        )

    return handle
